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
	check := func(e float64) {
		got, want := log1pSmall(e), math.Log1p(e)
		if math.Abs(got-want) > 7e-16*math.Max(want, 1e-300) {
			t.Fatalf("log1pSmall(%v) = %v, want %v (relative error %.3g)", e, got, want, math.Abs(got-want)/want)
		}
	}
	for range 200000 {
		check(math.Pow(10, -20*rng.Float64()))
		check(rng.Float64())
		check(expNeg(rng.Float64() * 7)) // the objective's arguments
	}
	for _, e := range []float64{0, 1e-300, 1e-3, math.Nextafter(1e-3, 0), 1.0 / 64, math.Nextafter(1.0/64, 0), 0.5, math.Nextafter(1, 0), 1, 1.5, math.Inf(1)} {
		check(e)
	}
	if !math.IsNaN(log1pSmall(math.NaN())) {
		t.Errorf("log1pSmall(NaN) is not NaN")
	}
}

func BenchmarkExp(b *testing.B) {
	xs := make([]float64, 1024)
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range xs {
		xs[i] = rng.ExpFloat64() * 8
	}
	es := make([]float64, len(xs)) // exp(-|z|): what the objective takes log1p of
	for i, x := range xs {
		es[i] = math.Exp(-x / 4)
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
			for _, e := range es {
				s += math.Log1p(e)
			}
		}
	})
	b.Run("log1pSmall", func(b *testing.B) {
		for b.Loop() {
			for _, e := range es {
				s += log1pSmall(e)
			}
		}
	})
	_ = s
}
