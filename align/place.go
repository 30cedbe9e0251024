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
