package align

// windowSum sums a window a[lo:hi] that only moves right, in O(1) amortized
// per move and without ever subtracting: the window is kept as two stacks,
// suffix sums of a[lo:mid] and a running sum of a[mid:hi]. So a window of
// tiny values next to large ones is summed to full relative precision,
// which a difference of prefix sums would not do. The Token HMM runs it
// from plans (runSums), which make the same sums; it moves one itself only
// in gatherMoves.
type windowSum struct {
	a           []float64
	suf         []float64 // suf[k] = a[k] + ... + a[mid-1], for lo ≤ k < mid
	lo, mid, hi int
	back        float64 // a[mid] + ... + a[hi-1]
}

// reset starts an empty window at 0 over a.
func (w *windowSum) reset(a []float64) {
	w.a = a
	w.suf = resizeFloat(w.suf, len(a))
	w.lo, w.mid, w.hi, w.back = 0, 0, 0, 0
}

// move sets the window to a[lo:hi]; lo and hi must not decrease and lo ≤ hi.
// When lo passes mid the stacks flip: the back stack becomes the suffix
// sums of a[lo:hi], so the elements between the last window and this one
// are never read.
func (w *windowSum) move(lo, hi int) float64 {
	w.lo = lo
	if lo >= w.mid {
		// Flip: the back stack becomes suffix sums.
		a, suf := w.a[lo:hi], w.suf[lo:hi]
		s := 0.0
		for k := len(a) - 1; k >= 0; k-- {
			s += a[k]
			suf[k] = s
		}
		w.mid, w.hi, w.back = hi, hi, 0
	} else {
		back := w.back
		for _, x := range w.a[w.hi:hi] {
			back += x
		}
		w.hi, w.back = hi, back
	}
	if lo < w.mid {
		return w.suf[lo] + w.back
	}
	return w.back
}

// windowMax keeps the maximum of a window a[lo:hi] that only moves right,
// with a deque of indices whose values decrease: O(1) amortized per move.
type windowMax struct {
	a      []float64
	dq     []int32
	head   int
	lo, hi int
}

// reset starts an empty window at 0 over a.
func (w *windowMax) reset(a []float64) {
	w.a = a
	w.dq = w.dq[:0]
	w.head, w.lo, w.hi = 0, 0, 0
}

// move sets the window to a[lo:hi] (lo and hi must not decrease) and returns
// the index of its maximum, the leftmost on ties, or -1 when it is empty.
func (w *windowMax) move(lo, hi int) int {
	for ; w.hi < hi; w.hi++ {
		v := w.a[w.hi]
		for len(w.dq) > w.head && w.a[w.dq[len(w.dq)-1]] < v {
			w.dq = w.dq[:len(w.dq)-1]
		}
		w.dq = append(w.dq, int32(w.hi))
	}
	w.lo = lo
	for w.head < len(w.dq) && int(w.dq[w.head]) < lo {
		w.head++
	}
	if w.head == len(w.dq) {
		return -1
	}
	return int(w.dq[w.head])
}
