package coverage

import "math"

// prior is a, the weight in books of the base rate p0 towards which an
// n-gram's rate is smoothed.
const prior = 5.0

// rateMemo gives the rate bin of an n-gram's counts under one base rate
// p0: the bin of
//
//	log((S + a p0) / (B + a))
//
// for B books of which S have it in their summary, leaving out the book's
// own (own; inSummary says its summary has it), with a = prior. The
// counts are whole books, so a book's tens of thousands of n-grams take a
// few hundred distinct (B, S) pairs: their bins are kept in a small table
// of fixed size, indexed by a hash of the pair, so that most cost no
// logarithm. The bin is the same whether it is kept or computed.
type rateMemo struct {
	p0   float64
	keys [1 << rateMemoBits]uint32 // 1 + B<<15 | S of each slot; 0 when empty
	bins [1 << rateMemoBits]int8
}

const rateMemoBits = 12

func newRateMemo(p0 float64) *rateMemo { return &rateMemo{p0: p0} }

// bin returns the rate bin of n.
func (r *rateMemo) bin(n TermCount, own, inSummary bool) int {
	B, S := int(n.Books), int(n.Summaries)
	if own {
		B--
		if inSummary {
			S--
		}
	}
	B, S = max(B, 0), max(S, 0)
	if B >= 1<<15 || S >= 1<<15 {
		return r.compute(B, S)
	}
	key := uint32(B<<15|S) + 1
	slot := key * 0x9e3779b1 >> (32 - rateMemoBits)
	if r.keys[slot] == key {
		return int(r.bins[slot])
	}
	b := r.compute(B, S)
	r.keys[slot], r.bins[slot] = key, int8(b)
	return b
}

func (r *rateMemo) compute(B, S int) int {
	return rateBin(math.Log((float64(S) + prior*r.p0) / (float64(B) + prior)))
}
