package align

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
