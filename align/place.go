package align

import "math"

// placeChunk is the width, in counted book tokens, of the chunks by which
// place decoding (TokenHMM.PlaceDecoding, PassageHMM.PlaceDecoding) sums a
// summary sentence's posterior mass; it is the Token HMM's default null
// chunk.
const placeChunk = 250

// placeReach is the number of chunks on either side of the central one in
// the place of a sentence under place decoding: a place is three chunks,
// 750 counted tokens.
const placeReach = 1

// bestWindow returns the chunk c whose window [c-reach, c+reach] (clipped to
// the chunks) holds the most of mass, the earlier on ties, and that sum.
func bestWindow(mass []float64, reach int) (center int, sum float64) {
	sum, win := -1.0, 0.0
	for c := 0; c < len(mass)+reach; c++ {
		if c < len(mass) {
			win += mass[c]
		}
		if c-2*reach-1 >= 0 {
			win -= mass[c-2*reach-1]
		}
		if ctr := c - reach; ctr >= 0 && ctr < len(mass) && win > sum {
			sum, center = win, ctr
		}
	}
	return center, sum
}

// placeState returns, for a sentence with posterior q over the states whose
// final passages are ps (in a book of n counted tokens), the most probable
// state among those whose passage's middle lies in the sentence's place,
// and the posterior mass of that place. The place is the window of chunks
// (bestWindow) holding the most mass, each state's q counted in the chunk
// of its passage's middle: several states near one another that share a
// sentence's posterior outweigh one far state that holds more of it alone.
func placeState(q []float64, ps []Interval, n int) (state int, mass float64) {
	chunk := make([]float64, (n+placeChunk-1)/placeChunk)
	mid := func(s int) int { return (ps[s].Start + ps[s].End - 1) / 2 / placeChunk }
	for s, x := range q {
		chunk[mid(s)] += x
	}
	c, mass := bestWindow(chunk, placeReach)
	state = -1
	for s, x := range q {
		if d := mid(s) - c; d >= -placeReach && d <= placeReach && (state < 0 || x > q[state]) {
			state = s
		}
	}
	return state, mass
}

// interpolateContext sets Context[l] of every sentence l without a state
// (State[l] = -1) that has sentences with states a < l < b on both sides to
// the state whose passage lies nearest the point
//
//	z = x + (y - x)(l - a)/(b - a),
//
// x and y being the middles of the passages of State[a] and State[b], and
// Posterior[l] to that state's posterior in post (post[l*K + s]).
func (fit *PassageFit) interpolateContext(post []float64) {
	k := len(fit.Passages)
	mid := func(s int) float64 { iv := fit.Passages[s]; return float64(iv.Start+iv.End-1) / 2 }
	prev := -1
	for l := range fit.State {
		if fit.State[l] >= 0 {
			prev = l
			continue
		}
		next := l + 1
		for next < len(fit.State) && fit.State[next] < 0 {
			next++
		}
		if prev < 0 || next == len(fit.State) {
			continue
		}
		x, y := mid(fit.State[prev]), mid(fit.State[next])
		z := x + (y-x)*float64(l-prev)/float64(next-prev)
		best, bestD := 0, math.Inf(1)
		for s, iv := range fit.Passages {
			d := 0.0
			switch {
			case z < float64(iv.Start):
				d = float64(iv.Start) - z
			case z > float64(iv.End-1):
				d = z - float64(iv.End-1)
			}
			if d < bestD {
				best, bestD = s, d
			}
		}
		fit.Context[l], fit.Posterior[l] = best, post[l*k+best]
	}
}

// neighbourReach is the gap, in counted tokens, below which a sentence
// placed by its neighbours spans the whole stretch between them: the Token
// HMM's default τ, the longest jump inside a summary sentence.
const neighbourReach = 1000

// neighbourSpan returns the span at which PassageHMM.Neighbours places
// sentence k, which has no state: the stretch from the end of the passage of
// the nearest earlier sentence with a state to the start of the nearest
// later one's when they lie less than neighbourReach apart, else the last
// token of the earlier one's passage, or the first of the later one's when
// there is no earlier one. ok is false when no sentence has a state.
func (fit *PassageFit) neighbourSpan(k int) (iv Interval, ok bool) {
	x, y := -1, -1 // the last token before, the first after
	for l := k - 1; l >= 0; l-- {
		if s := fit.State[l]; s >= 0 {
			x = fit.Passages[s].End - 1
			break
		}
	}
	for l := k + 1; l < len(fit.State); l++ {
		if s := fit.State[l]; s >= 0 {
			y = fit.Passages[s].Start
			break
		}
	}
	return between(x, y, neighbourReach)
}

// between returns the span of a sentence placed by its neighbours, given
// the last token x placed before it and the first y placed after it (-1 for
// none): the stretch from x to y when both exist and lie less than reach
// apart, else the token x, else the token y; ok is false when neither
// exists.
func between(x, y, reach int) (iv Interval, ok bool) {
	switch {
	case x >= 0 && y >= 0 && abs(y-x) < reach:
		return Interval{min(x, y), max(x, y) + 1}, true
	case x >= 0:
		return Interval{x, x + 1}, true
	case y >= 0:
		return Interval{y, y + 1}, true
	}
	return Interval{}, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
