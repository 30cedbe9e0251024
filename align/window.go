package align

// windowSum sums a window a[lo:hi] that only moves right, in O(1) amortized
// per move and without ever subtracting: the window is kept as two stacks,
// suffix sums of a[lo:mid] and a running sum of a[mid:hi]. So a window of
// tiny values next to large ones is summed to full relative precision,
// which a difference of prefix sums would not do.
//
// With resetProduct the elements are the products a[k]·c[k], made as the
// window reads them, so only the elements some window holds are ever
// multiplied, each to the same value as a product made beforehand.
type windowSum struct {
	a, c        []float64 // c is nil for the plain elements a[k]
	suf         []float64 // suf[k] = a[k] + ... + a[mid-1], for lo ≤ k < mid
	lo, mid, hi int
	back        float64 // a[mid] + ... + a[hi-1]
}

// reset starts an empty window at 0 over a.
func (w *windowSum) reset(a []float64) {
	w.resetProduct(a, nil)
}

// resetProduct starts an empty window at 0 over the products a[k]·c[k];
// c must be as long as a.
func (w *windowSum) resetProduct(a, c []float64) {
	w.a, w.c = a, c
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
		if w.c == nil {
			for k := len(a) - 1; k >= 0; k-- {
				s += a[k]
				suf[k] = s
			}
		} else {
			c := w.c[lo:hi]
			for k := len(a) - 1; k >= 0; k-- {
				s += float64(a[k] * c[k]) // float64(): a rounded product, never fused into the sum
				suf[k] = s
			}
		}
		w.mid, w.hi, w.back = hi, hi, 0
	} else {
		back := w.back
		if w.c == nil {
			for _, x := range w.a[w.hi:hi] {
				back += x
			}
		} else {
			c := w.c[w.hi:hi]
			for k, x := range w.a[w.hi:hi] {
				back += float64(x * c[k])
			}
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
