package classify

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestExpNeg(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	check := func(a float64) {
		got, want := expNeg(a), math.Exp(-a)
		tol := 4e-16 + 2e-16*a // the reduction t - k loses a's low bits

		if got != want && math.Abs(got-want) > tol*want {
			t.Fatalf("expNeg(%v) = %v, want %v (relative error %.3g)", a, got, want, math.Abs(got-want)/want)
		}
	}
	for _, a := range []float64{0, 1e-300, 1e-10, 0.5, math.Ln2, 1, 10, 36.7, 100, 707.9, 708, 708.5, 745, 746, 1e10, math.Inf(1)} {
		check(a)
	}
	for range 200000 {
		check(rng.ExpFloat64() * 8)
		check(rng.Float64() * 708)
	}
	if !math.IsNaN(expNeg(math.NaN())) {
		t.Errorf("expNeg(NaN) is not NaN")
	}
}

func TestLog1pSmall(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for range 200000 {
		e := math.Pow(10, -20*rng.Float64())
		got, want := log1pSmall(e), math.Log1p(e)
		if math.Abs(got-want) > 3e-16*want {
			t.Fatalf("log1pSmall(%v) = %v, want %v", e, got, want)
		}
	}
	for _, e := range []float64{0, 1e-3, 0.5, 1} {
		if got, want := log1pSmall(e), math.Log1p(e); math.Abs(got-want) > 3e-16*math.Max(want, 1e-300) {
			t.Errorf("log1pSmall(%v) = %v, want %v", e, got, want)
		}
	}
}

func BenchmarkExp(b *testing.B) {
	xs := make([]float64, 1024)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range xs {
		xs[i] = rng.ExpFloat64() * 8
	}
	var s float64
	b.Run("math.Exp", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				s += math.Exp(-x)
			}
		}
	})
	b.Run("expNeg", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				s += expNeg(x)
			}
		}
	})
	b.Run("math.Log1p", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				s += math.Log1p(x * 1e-4)
			}
		}
	})
	b.Run("log1pSmall", func(b *testing.B) {
		for b.Loop() {
			for _, x := range xs {
				s += log1pSmall(x * 1e-4)
			}
		}
	})
	_ = s
}
