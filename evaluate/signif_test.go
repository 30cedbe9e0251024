package evaluate

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestPairedPermutation(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	noise := func(n int, shift float64) (a, b []float64) {
		for range n {
			x := rng.Float64()
			a = append(a, x+shift+0.05*rng.NormFloat64())
			b = append(b, x+0.05*rng.NormFloat64())
		}
		return a, b
	}
	same1, same2 := noise(245, 0)
	diff1, diff2 := noise(245, 0.02)
	for _, tc := range []struct {
		name   string
		a, b   []float64
		lo, hi float64
	}{
		{"no difference", same1, same2, 0.05, 1},
		{"clear difference", diff1, diff2, 0, 0.001},
		{"identical", same1, same1, 1, 1},
		// Four books, all better by the same amount: only the all-swapped
		// and unswapped rounds reach t, so p is about 2/16.
		{"exact", []float64{1, 2, 3, 4}, []float64{0, 1, 2, 3}, 0.10, 0.15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := PairedPermutation(tc.a, tc.b, 20000, 1)
			if err != nil {
				t.Fatal(err)
			}
			if p < tc.lo || p > tc.hi {
				t.Errorf("p = %v, want in [%v, %v]", p, tc.lo, tc.hi)
			}
			q, _ := PairedPermutation(tc.b, tc.a, 20000, 1)
			if math.Abs(p-q) > 1e-12 {
				t.Errorf("p(a, b) = %v but p(b, a) = %v", p, q)
			}
			r, _ := PairedPermutation(tc.a, tc.b, 20000, 1)
			if r != p {
				t.Errorf("same seed, p %v then %v", p, r)
			}
		})
	}
	if _, err := PairedPermutation([]float64{1}, []float64{1, 2}, 0, 1); err == nil {
		t.Errorf("lengths differ: no error")
	}
	if _, err := PairedPermutation(nil, nil, 0, 1); err == nil {
		t.Errorf("no scores: no error")
	}
}
