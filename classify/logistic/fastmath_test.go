package logistic

import (
	"math"
	"math/rand/v2"
	"testing"
)

// expNeg and log1pSmall are expNegs and log1pSmalls of one value.
func expNeg(a float64) float64 {
	e := []float64{a}
	expNegs(e, e)
	return e[0]
}

func log1pSmall(e float64) float64 {
	l := []float64{0}
	log1pSmalls(l, []float64{e})
	return l[0]
}

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

// TestLog1pSmallChoice checks log1pSmalls' choice without a branch, to the
// bit, against the branch it replaces: the series below 1e-3, the table
// from there, -0 and the values next to 1e-3 included, one value at a time
// and all in one slice.
func TestLog1pSmallChoice(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	es := []float64{0, math.Copysign(0, -1), 1e-300, 1e-3, math.Nextafter(1e-3, 0), math.Nextafter(1e-3, 1), 1.0 / 256, 0.5, 1}
	for range 100000 {
		es = append(es, rng.Float64(), 2e-3*rng.Float64(), expNeg(rng.Float64()*12))
	}
	for _, e := range es {
		var want float64
		if e < 1e-3 {
			want = e * (1 - e*(1.0/2-e*(1.0/3-e*(1.0/4-e*(1.0/5)))))
		} else {
			j := int(e * 256)
			r := (e - float64(j)/256) * log1pInv[j]
			want = log1pTable[j] + r*(1-r*(1.0/2-r*(1.0/3-r*(1.0/4-r*(1.0/5-r*(1.0/6))))))
		}
		if got := log1pSmall(e); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("log1pSmall(%v) = %v, the branch %v", e, got, want)
		}
	}
	l := make([]float64, len(es))
	log1pSmalls(l, es)
	for i, e := range es {
		if want := log1pSmall(e); math.Float64bits(l[i]) != math.Float64bits(want) {
			t.Fatalf("log1pSmalls at %v: %v, alone %v", e, l[i], want)
		}
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
	b.Run("expNegs", func(b *testing.B) {
		e := make([]float64, len(xs))
		for b.Loop() {
			expNegs(e, xs)
			s += e[0]
		}
	})
	b.Run("math.Log1p", func(b *testing.B) {
		for b.Loop() {
			for _, e := range es {
				s += math.Log1p(e)
			}
		}
	})
	b.Run("log1pSmalls", func(b *testing.B) {
		l := make([]float64, len(es))
		for b.Loop() {
			log1pSmalls(l, es)
			s += l[0]
		}
	})
	_ = s
}
