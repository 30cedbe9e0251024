package align

// binSet is b(·) of §3.2: a partition of signed jump distances d = j - i
// into bins [lo[b], hi[b]], in increasing order of d. The bins are
// contiguous, lo[b+1] = hi[b] + 1, so edge lists their bounds once: bin b
// is [edge[b], edge[b+1]), edge[b] = lo[b], and edge[len] = hi[len-1] + 1.
type binSet struct {
	lo, hi []int
	edge   []int
}

// withinEdges are the magnitudes at which the within-sentence bins start:
// 0, 1, 2..10, 11..100, 101..τ, and the mirrored negative bins.
var withinEdges = []int{0, 1, 2, 11, 101}

// coarseEdges are the magnitudes at which the cross-sentence (and start)
// bins start: half-decades, 0, 1..2, 3..9, 10..31, ..., 316228 and up.
var coarseEdges = []int{0, 1, 3, 10, 32, 100, 316, 1000, 3162, 10000, 31623, 100000, 316228}

// withinBins returns the bins of a jump inside a summary sentence, up to
// |d| ≤ tau: with tau = 1000, {0}, {1}, [2, 10], [11, 100], [101, 1000] and
// their mirrors, nine bins.
func withinBins(tau int) binSet {
	var mags [][2]int
	for k, e := range withinEdges {
		if e > tau {
			break
		}
		hi := tau
		if k+1 < len(withinEdges) {
			hi = min(withinEdges[k+1]-1, tau)
		}
		mags = append(mags, [2]int{e, hi})
	}
	return mirrored(mags)
}

// coarseBins returns the log-spaced bins of a jump between summary
// sentences: 12 magnitudes from {0} to [316228, ∞), mirrored, 25 bins.
func coarseBins() binSet {
	var mags [][2]int
	for k, e := range coarseEdges {
		hi := 1 << 40
		if k+1 < len(coarseEdges) {
			hi = coarseEdges[k+1] - 1
		}
		mags = append(mags, [2]int{e, hi})
	}
	return mirrored(mags)
}

// mirrored builds the signed bins from magnitude ranges, the first of which
// must start at 0; 0 is not mirrored.
func mirrored(mags [][2]int) binSet {
	var bs binSet
	for k := len(mags) - 1; k >= 0; k-- {
		lo, hi := mags[k][0], mags[k][1]
		if lo == 0 {
			if hi == 0 {
				continue
			}
			lo = 1
		}
		bs.lo, bs.hi = append(bs.lo, -hi), append(bs.hi, -lo)
	}
	for _, m := range mags {
		bs.lo, bs.hi = append(bs.lo, m[0]), append(bs.hi, m[1])
	}
	bs.edge = append(append([]int(nil), bs.lo...), bs.hi[len(bs.hi)-1]+1)
	return bs
}

// len returns the number of bins.
func (bs binSet) len() int { return len(bs.lo) }

// of returns the bin of distance d, or -1 when no bin holds it.
func (bs binSet) of(d int) int {
	for b := range bs.lo {
		if bs.lo[b] <= d && d <= bs.hi[b] {
			return b
		}
	}
	return -1
}

// width returns W_b(x), the number of book positions j in [0, n) with
// j - x in bin b.
func (bs binSet) width(b, x, n int) int {
	lo, hi := max(0, x+bs.lo[b]), min(n-1, x+bs.hi[b])
	return max(0, hi-lo+1)
}

// coefs sets dst[b][k] to the share of a jump from position pos[k] that
// lands on one given position of bin b, without the bin's weight θ_b:
//
//	γ(i → j) = (1 - p0) θ_b / (W_b(i) Z(i)),  b = b(j - i),  Z(i) = sum_{b: W_b(i) > 0} θ_b
//
// that is, the model first picks a bin by θ (among the bins that reach
// into the book), then a position uniformly inside it, so a bin's weight is
// spread over its width and the relative-frequency M-step of θ is exact.
// It reports whether some bin that reaches into the book got a zero (only
// when 1 - p0 is zero), which gather must know.
func (bs binSet) coefs(dst [][]float64, theta []float64, pos []int32, n int, p0 float64) (zeros bool) {
	// Far from the book's ends every bin is whole: W_b is its width and Z
	// sums all θ, so one vector serves every such source.
	reach := max(-bs.lo[0], bs.hi[len(bs.hi)-1])
	var inner []float64
	if reach <= n-1-reach {
		inner = make([]float64, len(bs.lo))
		zeros = bs.coefAt(inner, theta, reach, n, p0)
	}
	var one []float64
	for k, x := range pos {
		if inner != nil && int(x) >= reach && int(x) <= n-1-reach {
			for b, c := range inner {
				dst[b][k] = c
			}
			continue
		}
		if one == nil {
			one = make([]float64, len(bs.lo))
		}
		if bs.coefAt(one, theta, int(x), n, p0) {
			zeros = true
		}
		for b, c := range one {
			dst[b][k] = c
		}
	}
	return zeros
}

// coefAt sets dst[b] to the coefficient of bin b for a jump from x, and
// reports whether a bin that reaches into the book got a zero.
func (bs binSet) coefAt(dst, theta []float64, x, n int, p0 float64) (zeros bool) {
	z := 0.0
	for b := range bs.lo {
		w := bs.width(b, x, n)
		dst[b] = float64(w)
		if w > 0 {
			z += theta[b]
		}
	}
	for b, w := range dst {
		if w > 0 {
			dst[b] = (1 - p0) / (w * z)
			zeros = zeros || dst[b] == 0
		}
	}
	return zeros
}
