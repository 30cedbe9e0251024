package coverage

import (
	"math"
	"slices"
	"testing"
)

// TestFit checks the fitted Poisson model's calibration in the large: with
// an intercept for unigrams and one for bigrams, the expected counts of
// the training n-grams add up to their observed counts, for each kind (up
// to the small L2 penalty).
func TestFit(t *testing.T) {
	books := testBooks(t, 8)
	m, s := fitted(t, books, nil)
	if m.Iterations == 0 || m.Cells == 0 {
		t.Fatalf("coverage model %+v", m)
	}
	var expected, observed [2]float64
	var buf []int32
	for _, b := range books {
		c := NewCells(s, b, NewGrams(b, nil), nil, true)
		for i, k := range c.Keys {
			kind := btoi(Key(k)&bigramFlag != 0)
			expected[kind] += float64(c.NGrams[i]) * m.mean(Key(k), buf)
			observed[kind] += float64(c.Hits[i])
		}
	}
	for kind, name := range []string{"unigram", "bigram"} {
		if math.Abs(expected[kind]-observed[kind]) > 0.01*observed[kind] {
			t.Errorf("%s hits: expected %.1f, observed %.0f", name, expected[kind], observed[kind])
		}
	}
	if _, err := Fit(nil); err == nil {
		t.Error("a fit to no n-grams succeeded")
	}
}

// TestPoissonLoss checks the loss's gradient against central differences,
// written over whatever the gradient buffer held before (the memo hands
// it the last point's gradient).
func TestPoissonLoss(t *testing.T) {
	cells := []cell{
		{x: []int32{0, 2}, n: 40, y: 3},
		{x: []int32{1, 2}, n: 7, y: 5},
		{x: []int32{0}, n: 100, y: 0},
	}
	x := []float64{-2, -0.5, 0.3}
	g := []float64{9, 9, 9} // stale
	f := poissonLoss(cells, 147, x, g)
	const h = 1e-6
	for j := range x {
		up, down := slices.Clone(x), slices.Clone(x)
		up[j] += h
		down[j] -= h
		want := (poissonLoss(cells, 147, up, make([]float64, 3)) - poissonLoss(cells, 147, down, make([]float64, 3))) / (2 * h)
		if math.Abs(g[j]-want) > 1e-6 {
			t.Errorf("df/dx%d = %v, central difference %v", j, g[j], want)
		}
	}
	if again := poissonLoss(cells, 147, x, g); again != f {
		t.Errorf("the loss at one point is %v, then %v", f, again)
	}
}
