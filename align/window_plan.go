package align

import "iter"

// windowPlan is the plan of a window sum's moves (binWindows), all bins'
// one after the other. ops[i] = k<<1 | fresh: addition i adds element k to
// partial sum i (the one addition i-1 made), or to zero when fresh is 1,
// and makes partial sum i+1; partial sum 0 is zero.
type windowPlan[T windowIndex] struct {
	ops []T
	win []planWindow[T]
}

// planWindow is a window of a windowPlan, of row: its sum is partial sum
// + partial back, windowSum's suffix sum of the flipped stack, from the
// window's lo on, plus its back stack up to the window's hi (zero, partial
// 0, when the back stack is empty).
type planWindow[T windowIndex] struct {
	row, sum, back T
}

// narrowLimit bounds the rows, elements and partial sums of narrow plans;
// tests lower it to take the wide ones.
var narrowLimit = 1 << 16

// windowIndex is the type of a windowPlan's entries.
type windowIndex interface{ uint16 | uint32 }

// bin returns bin b's additions and windows of p.
func (p windowPlan[T]) bin(w *binWindows, b int) (ops []T, win []planWindow[T]) {
	return p.ops[w.opStart[b]:w.opStart[b+1]], p.win[w.winStart[b]:w.winStart[b+1]]
}

// planBuilder writes down one bin's window sum (windowSum.move) as the
// windows come, in windowPlan's form. When lo reaches mid the stacks
// flip: the suffix sums of [lo, hi) are made right to left, the first
// from zero; otherwise the back stack grows to hi, its first element added
// to zero. suffix - k is the partial sum that holds the suffix sum from k
// of the last flip, and back the one that holds the back stack (0 while
// it is empty).
type planBuilder struct {
	ops          []uint32
	win          []planWindow[uint32]
	mid, hi      int
	suffix, back int
}

// reset starts an empty plan, as windowSum.reset starts an empty window.
func (p *planBuilder) reset() {
	p.ops, p.win = p.ops[:0], p.win[:0]
	p.mid, p.hi, p.suffix, p.back = 0, 0, 0, 0
}

// add plans the move to the window [lo, hi) of row; lo and hi must not
// decrease, and lo < hi.
func (p *planBuilder) add(row, lo, hi int) {
	if lo >= p.mid {
		for k := hi - 1; k >= lo; k-- {
			p.op(k, k == hi-1)
		}
		p.suffix = len(p.ops) + lo // partial len(ops) is the suffix sum from lo
		p.mid, p.hi, p.back = hi, hi, 0
	} else {
		for k := p.hi; k < hi; k++ {
			p.op(k, k == p.mid)
		}
		if hi > p.mid {
			p.back = len(p.ops)
		}
		p.hi = hi
	}
	p.win = append(p.win, planWindow[uint32]{uint32(row), uint32(p.suffix - lo), uint32(p.back)})
}

// op appends the addition of element k, to zero when fresh.
func (p *planBuilder) op(k int, fresh bool) {
	x := uint32(k) << 1
	if fresh {
		x |= 1
	}
	p.ops = append(p.ops, x)
}

// runSums makes the partial sums of a plan's additions ops over the
// elements a[k], or a[k]·c[k] when c is not nil, in out[1:len(ops)+1],
// with out[0] = 0, and returns out. Each addition reads the partial sum
// before it or zero by its index, not by a branch, so the chains of
// additions of different flips do not wait on each other.
func runSums[T windowIndex](out []float64, ops []T, a, c []float64) []float64 {
	out = resizeFloat(out, len(ops)+1)
	out[0] = 0
	sums := out[1:]
	ops = ops[:len(sums)] // as long as sums: one bounds check for both
	if c == nil {
		for i, x := range ops {
			src := i & (int(x&1) - 1) // i, or 0 (zero) for a fresh chain
			sums[i] = out[src] + a[x>>1]
		}
	} else {
		for i, x := range ops {
			src := i & (int(x&1) - 1)
			k := x >> 1
			sums[i] = out[src] + float64(a[k]*c[k]) // float64(): a rounded product, never fused into the sum
		}
	}
	return out
}

// replay gives back bin b's windows of the plan p as (row, span): lo
// is the element of the addition that made the window's suffix sum; hi is
// one past the element of the one that made its back stack, or, when that
// is empty, mid, one past the first element of the last flip, whose
// additions are the new ones before the window's suffix sum.
func replay[T windowIndex](ws *binWindows, p windowPlan[T], b int) iter.Seq2[int, span] {
	ops, win := p.bin(ws, b)
	return func(yield func(int, span) bool) {
		seen, mid := 0, 0 // partial sums made so far; the last flip's mid
		for _, wn := range win {
			s, back := int(wn.sum), int(wn.back)
			if s > seen {
				mid, seen = int(ops[seen]>>1)+1, s
			}
			hi := mid
			if back > 0 {
				hi, seen = int(ops[back-1]>>1)+1, max(seen, back)
			}
			if !yield(int(wn.row), span{int(ops[s-1] >> 1), hi}) {
				return
			}
		}
	}
}

// span is a window [lo, hi) of a sorted list.
type span struct{ lo, hi int }
