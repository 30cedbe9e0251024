package align

import "math/bits"

// rangeMax answers range-maximum queries over a slice of values with a sparse
// table: O(n log n) to build, O(1) per query. Its buffers are reused by
// every reset, so a Viterbi pass allocates only while its steps grow.
type rangeMax struct {
	val []float64
	lev [][]int32 // lev[k][i] = index of the maximum of val[i : i+2^k]
}

// reset builds the table over val, which must not change until the next
// reset.
func (r *rangeMax) reset(val []float64) {
	r.val = val
	n := len(val)
	levels := 1
	if n > 1 {
		levels = bits.Len(uint(n))
	}
	for len(r.lev) < levels {
		r.lev = append(r.lev, nil)
	}
	r.lev = r.lev[:levels]
	l0 := resizeInt32(r.lev[0], n)
	for i := range l0 {
		l0[i] = int32(i)
	}
	r.lev[0] = l0
	for k := 1; k < levels; k++ {
		h := 1 << (k - 1)
		prev := r.lev[k-1]
		cur := resizeInt32(r.lev[k], n-(1<<k)+1)
		for i := range cur {
			a, b := prev[i], prev[i+h]
			if val[b] > val[a] {
				a = b
			}
			cur[i] = a
		}
		r.lev[k] = cur
	}
}

// query returns the index and value of the maximum of val[lo:hi], the
// leftmost on ties, or -1 when the range is empty.
func (r *rangeMax) query(lo, hi int) (int, float64) {
	if lo >= hi {
		return -1, 0
	}
	k := bits.Len(uint(hi-lo)) - 1
	a, b := r.lev[k][lo], r.lev[k][hi-(1<<k)]
	if r.val[b] > r.val[a] {
		a = b
	}
	return int(a), r.val[a]
}

func resizeInt32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

func resizeInt(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

func resizeFloat(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// lowerBound returns the first index of the sorted slice a whose value is at
// least x.
func lowerBound(a []int32, x int) int {
	lo, hi := 0, len(a)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(a[m]) < x {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
