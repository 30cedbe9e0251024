package classify

import (
	"errors"
	"math/rand/v2"
)

// The pairwise ranking loss (Trainer.Pairs, beyond the paper, issue 12):
// extraction needs an order of a book's rows, not a probability, so the
// weights can be fitted to order the labelled rows of a book above the
// others. For each book, Pairs × (its positives) negative rows are drawn
// without replacement (all of them when there are fewer), from a generator
// seeded by Trainer.Seed and the book's ID, and each positive p is paired
// with Pairs of them (its own, unless the book has too few negatives), so
// that a book weighs in proportion to its positives, as in the pointwise
// loss. With z = the log-odds of
// objective, the loss is the mean logistic loss of the differences plus the
// same penalty,
//
//	f(w) = 1/P sum_{(p, n)} log(1 + exp(z_n - z_p)) + lambda/2 sum_j {w_j^2},
//
// over the P pairs; the bias cancels from every difference and stays at
// the labels' base rate, so that the model's log-odds keep their scale near
// the pointwise model's.

// errPairsLambda: a ranking loss has no held-out log-likelihood to choose
// lambda by.
var errPairsLambda = errors.New("classify: the pairwise loss (Trainer.Pairs) needs a fixed Lambda")

// pairObjective is the pairwise loss on the rows of the pairs.
type pairObjective struct {
	dim    int
	start  []int // sub-row r is index[start[r]:start[r+1]]
	index  []int32
	pairs  [][2]int32 // (positive, negative) sub-rows
	lambda float64

	z, coef []float64 // per sub-row
	memo
}

// newPairObjective draws the pairs of books (labelled, sorted by ID) and
// returns their objective.
func newPairObjective(dim int, books []*Features, perPositive int, seed uint64, lambda float64) *pairObjective {
	o := &pairObjective{dim: dim, start: []int{0}, lambda: lambda}
	o.memo = memo{lastG: make([]float64, dim+1), eval: o.evalAt}
	add := func(f *Features, i int) int32 {
		o.index = append(o.index, f.Row(i)...)
		o.start = append(o.start, len(o.index))
		return int32(len(o.start) - 2)
	}
	for _, f := range books {
		var pos, neg []int
		for i, y := range f.Label {
			if y {
				pos = append(pos, i)
			} else {
				neg = append(neg, i)
			}
		}
		if len(pos) == 0 || len(neg) == 0 {
			continue
		}
		rng := rand.New(rand.NewPCG(seed, hashString(f.ID)))
		k := min(len(neg), perPositive*len(pos))
		// A partial Fisher–Yates shuffle draws k negatives.
		for j := range k {
			s := j + rng.IntN(len(neg)-j)
			neg[j], neg[s] = neg[s], neg[j]
		}
		negRows := make([]int32, k)
		for j, i := range neg[:k] {
			negRows[j] = add(f, i)
		}
		// Positive j takes the next perPositive drawn negatives, wrapping
		// around when the book has too few, so that a book weighs in
		// proportion to its positives.
		for j, i := range pos {
			p := add(f, i)
			for t := range min(perPositive, k) {
				o.pairs = append(o.pairs, [2]int32{p, negRows[(j*perPositive+t)%k]})
			}
		}
	}
	o.z = make([]float64, len(o.start)-1)
	o.coef = make([]float64, len(o.start)-1)
	return o
}

// evalAt computes f at x and its gradient, into g.
func (o *pairObjective) evalAt(x, g []float64) float64 {
	w := x[:o.dim]
	for r := range o.z {
		zr := 0.0
		for _, j := range o.index[o.start[r]:o.start[r+1]] {
			zr += w[j]
		}
		o.z[r] = zr
	}
	clear(o.coef)
	loss := 0.0
	for _, pr := range o.pairs {
		d := o.z[pr[1]] - o.z[pr[0]]
		loss += softplus(d)
		s := sigmoid(d) // d loss / d d
		o.coef[pr[1]] += s
		o.coef[pr[0]] -= s
	}
	clear(g)
	for r, c := range o.coef {
		if c == 0 {
			continue
		}
		for _, j := range o.index[o.start[r]:o.start[r+1]] {
			g[j] += c
		}
	}
	return penalise(loss, g, w, len(o.pairs), o.lambda)
}
