package classify

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// sawWeights returns dim weights j%period - shift, for synthetic data.
func sawWeights(dim, period int, shift float64) []float64 {
	w := make([]float64, dim)
	for j := range w {
		w[j] = float64(j%period) - shift
	}
	return w
}

func TestPairGradient(t *testing.T) {
	const dim = 10
	books := synthetic(7, 3, 60, dim, 0.3, sawWeights(dim, 4, 1.5), -1, false)
	for _, lambda := range []float64{0, 0.01} {
		o := newPairObjective(dim, books, 3, 1, lambda)
		if len(o.pairs) == 0 {
			t.Fatal("no pairs")
		}
		checkGradient(t, "pairwise", o, dim, 2)
	}
}

func TestWeightedGradient(t *testing.T) {
	const dim = 10
	books := synthetic(8, 3, 40, dim, 0.3, sawWeights(dim, 3, 1), -1, false)
	rng := rand.New(rand.NewPCG(2, 2))
	books[0].Weight = make([]float32, books[0].Rows())
	for i := range books[0].Weight {
		books[0].Weight[i] = float32(3 * rng.Float64())
	}
	data := newDataset(dim, books)
	if len(data.weight) != len(data.y) {
		t.Fatalf("%d weights for %d rows", len(data.weight), len(data.y))
	}
	if data.weight[len(data.weight)-1] != 1 {
		t.Errorf("a row of a book without weights weighs %v", data.weight[len(data.weight)-1])
	}
	checkGradient(t, "weighted", newObjective(data, 0.01, 2), dim, 2)
}

// TestWeightedOnes: weights of 1 give the unweighted objective.
func TestWeightedOnes(t *testing.T) {
	const dim = 6
	w := []float64{1, -1, 2, 0, -2, 0.5}
	books := synthetic(9, 2, 50, dim, 0.4, w, -1, false)
	plain := newObjective(newDataset(dim, books), 0.01, 1)
	for _, f := range books {
		f.Weight = slices.Repeat([]float32{1}, f.Rows())
	}
	ones := newObjective(newDataset(dim, books), 0.01, 1)
	x := []float64{0.3, -0.2, 0.1, 0.5, -1, 2, -0.7}
	if a, b := plain.Func(x), ones.Func(x); math.Abs(a-b) > 1e-12 {
		t.Errorf("weights of 1: f = %v, unweighted %v", b, a)
	}
}

// TestPairwiseTrain fits the ranking loss to data of a known model: the
// weights come back with their signs and order, the bias is the base rate's,
// and the pairs do not depend on the order of the books.
func TestPairwiseTrain(t *testing.T) {
	const dim = 6
	want := []float64{2, -1.5, 1, -0.5, 0.1, -2}
	books := synthetic(11, 6, 400, dim, 0.3, want, -2, false)
	c := syntheticCollection(dim)
	tr := &Trainer{Lambda: 1e-4, Pairs: 20, Seed: 3}
	m, err := tr.Train(c, books)
	if err != nil {
		t.Fatal(err)
	}
	for j, wj := range want {
		if math.Abs(wj) >= 0.5 && math.Signbit(m.Weights[j]) != math.Signbit(wj) {
			t.Errorf("w_%d = %v, want the sign of %v", j, m.Weights[j], wj)
		}
	}
	if !(m.Weights[0] > m.Weights[2] && m.Weights[2] > m.Weights[4]) {
		t.Errorf("weights %v out of order", m.Weights)
	}
	rev := slices.Clone(books)
	slices.Reverse(rev)
	m2, err := tr.Train(c, rev)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.Weights, m2.Weights) {
		t.Error("the model depends on the order of the books")
	}
	if _, err := (&Trainer{Pairs: 5}).Train(c, books); !errors.Is(err, errPairsLambda) {
		t.Errorf("pairs without lambda: err %v, want errPairsLambda", err)
	}
}

// TestPairs: each positive is paired with Pairs distinct negatives of its
// own book, fewer only when the book has fewer negatives.
func TestPairs(t *testing.T) {
	book := func(id string, labels ...bool) *Features {
		f := &Features{ID: id, Start: []int32{0}, Label: labels}
		for i := range labels {
			// Row i of book b has feature 10 + i, of the others i, so that
			// a sub-row names its book and row.
			off := 0
			if id == "b" {
				off = 10
			}
			f.Index = append(f.Index, int32(off+i))
			f.Start = append(f.Start, int32(len(f.Index)))
			f.Length = append(f.Length, 1)
		}
		return f
	}
	books := []*Features{
		book("a", true, false, false, false, false, false, true),
		book("b", false, true, false), // one positive, two negatives
		book("c", false, false),       // no positive: no pairs
		book("d", true, true),         // no negative: no pairs
	}
	o := newPairObjective(20, books, 2, 1, 0)
	feature := func(r int32) int32 { return o.index[o.start[r]] }
	seen := map[[2]int32]bool{}
	perPos := map[int32]int{}
	for _, p := range o.pairs {
		pos, neg := feature(p[0]), feature(p[1])
		key := [2]int32{p[0], neg}
		if seen[key] {
			t.Errorf("pair %v repeated", key)
		}
		seen[key] = true
		perPos[p[0]]++
		switch {
		case pos < 10 && neg < 10:
			if !books[0].Label[pos] || books[0].Label[neg] {
				t.Errorf("book a: pair of rows %d, %d", pos, neg)
			}
		case pos >= 10 && neg >= 10:
			if pos != 11 || neg == 11 {
				t.Errorf("book b: pair of rows %d, %d", pos-10, neg-10)
			}
		default:
			t.Errorf("pair of features %d, %d across books", pos, neg)
		}
	}
	if len(o.pairs) != 2*2+2 || len(perPos) != 3 {
		t.Errorf("%d pairs for %d positives: %v", len(o.pairs), len(perPos), o.pairs)
	}
}
