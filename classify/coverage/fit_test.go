package coverage

import (
	"math"
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
		c := NewCells(s, b, NewGrams(b, nil), true)
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
