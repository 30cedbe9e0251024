package logistic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify/features"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
)

// synthetic returns books of rows with random binary features drawn from
// dim features (each active with probability density), labelled by a
// logistic model with weights w and bias b: y ~ Bernoulli(sigma(b + w.x)).
// With separable, y is instead 1 exactly when b + w.x > 0.
func synthetic(seed uint64, books, rows, dim int, density float64, w []float64, b float64, separable bool) []*features.Features {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []*features.Features
	for k := range books {
		f := &features.Features{ID: fmt.Sprintf("book-%03d", k), Start: []int32{0}}
		for range rows {
			z := b
			for j := range dim {
				if rng.Float64() < density {
					f.Index = append(f.Index, int32(j))
					z += w[j]
				}
			}
			f.Start = append(f.Start, int32(len(f.Index)))
			f.Length = append(f.Length, 10)
			if separable {
				f.Label = append(f.Label, z > 0)
			} else {
				f.Label = append(f.Label, rng.Float64() < sigmoid(z))
			}
		}
		out = append(out, f)
	}
	return out
}

// sigmoid returns 1 / (1 + exp(-z)) without overflow.
func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}

func TestSoftplusSigmoid(t *testing.T) {
	for _, tc := range []struct {
		z, softplus, sigmoid float64
	}{
		{0, math.Ln2, 0.5},
		{1000, 1000, 1},
		{-1000, 0, 0},
		{40, 40, 1},
		{-40, math.Exp(-40), math.Exp(-40)},
		{2, math.Log(1 + math.Exp(2)), 1 / (1 + math.Exp(-2))},
	} {
		if got := softplus(tc.z); !scalar.EqualWithinRel(got, tc.softplus, 1e-14) && got != tc.softplus {
			t.Errorf("softplus(%v) = %v, want %v", tc.z, got, tc.softplus)
		}
		if got := sigmoid(tc.z); !scalar.EqualWithinRel(got, tc.sigmoid, 1e-14) && got != tc.sigmoid {
			t.Errorf("sigmoid(%v) = %v, want %v", tc.z, got, tc.sigmoid)
		}
	}
}

// TestGradient compares the gradient with central finite differences, at
// a point where some rows have large |z|.
func TestGradient(t *testing.T) {
	const dim = 12
	w := make([]float64, dim)
	for j := range w {
		w[j] = float64(j%5) - 2
	}
	data := newDataset(dim, synthetic(3, 4, 50, dim, 0.3, w, -1, false))
	for _, lambda := range []float64{0, 0.01} {
		checkGradient(t, fmt.Sprintf("lambda %v", lambda), newObjective(2).problem(data, lambda), dim, 4)
	}
}

// checkGradient compares the gradient of o with central finite differences
// at a random point of coordinates of standard deviation scale.
func checkGradient(t *testing.T, name string, o *problem, dim int, scale float64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 5))
	x := make([]float64, dim+1)
	for j := range x {
		x[j] = scale * rng.NormFloat64()
	}
	g := make([]float64, dim+1)
	o.Grad(g, x)
	for j := range x {
		const h = 1e-6
		xp, xm := slices.Clone(x), slices.Clone(x)
		xp[j] += h
		xm[j] -= h
		fd := (o.Func(xp) - o.Func(xm)) / (2 * h)
		if math.Abs(fd-g[j]) > 1e-7*math.Max(1, math.Abs(fd)) {
			t.Errorf("%s: d/dx_%d = %v, finite difference %v", name, j, g[j], fd)
		}
	}
}

// TestObjectiveWorkers checks that the objective is the same to the bit
// whatever the number of goroutines.
func TestObjectiveWorkers(t *testing.T) {
	const dim = 30
	w := make([]float64, dim)
	data := newDataset(dim, synthetic(1, 3, 30000, dim, 0.2, w, -2, false))
	x := make([]float64, dim+1)
	for j := range x {
		x[j] = math.Sin(float64(j))
	}
	var f1 float64
	g1 := make([]float64, dim+1)
	for _, workers := range []int{1, 2, 3, 8} {
		o := newObjective(workers).problem(data, 1e-3)
		g := make([]float64, dim+1)
		o.Grad(g, x)
		f := o.Func(x)
		if workers == 1 {
			f1, g1 = f, g
			continue
		}
		if f != f1 || !slices.Equal(g, g1) {
			t.Errorf("%d workers: f %v, want %v", workers, f, f1)
		}
	}
}

// TestRecoverWeights fits data drawn from a known logistic model and checks
// that the weights come back: closely with much data and little
// regularisation, and with the right signs on separable data, where the
// penalty alone keeps the weights finite.
func TestRecoverWeights(t *testing.T) {
	const dim = 8
	want := []float64{2, -1.5, 1, -0.5, 0, 0.75, -2, 1.25}
	const bias = -1.0
	for _, tc := range []struct {
		name      string
		separable bool
		lambda    float64
		tol       float64 // largest |w_j - want_j|
	}{
		{"non-separable", false, 1e-6, 0.12},
		{"separable", true, 1e-3, math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			books := synthetic(7, 20, 2000, dim, 0.4, want, bias, tc.separable)
			c := syntheticCollection(dim, books)
			m, err := trainOne(&Trainer{Lambda: tc.lambda, Tolerance: 1e-8}, c, books)
			if err != nil {
				t.Fatal(err)
			}
			for j := range want {
				w := m.Weights[j]
				if math.Abs(w-want[j]) > tc.tol {
					t.Errorf("w_%d = %.3f, want %.3f", j, w, want[j])
				}
				if tc.separable && want[j] != 0 && w*want[j] <= 0 {
					t.Errorf("w_%d = %.3f has the wrong sign (want %.3f)", j, w, want[j])
				}
			}
			if !tc.separable && math.Abs(m.Bias-bias) > 0.1 {
				t.Errorf("bias %.3f, want %.3f", m.Bias, bias)
			}
			// The separable fit orders the rows as the true model does.
			if tc.separable {
				errs := 0
				for _, f := range books {
					for i, z := range logits(m.Weights, m.Bias, f) {
						if (z > 0) != f.Label[i] {
							errs++
						}
					}
				}
				if errs > 20*2000*2/100 {
					t.Errorf("%d of %d training rows misclassified", errs, 20*2000)
				}
				// Only the direction of (w, b) is identified.
				got := append(slices.Clone(m.Weights[:dim]), m.Bias)
				truth := append(slices.Clone(want), bias)
				if cos := floats.Dot(got, truth) / floats.Norm(got, 2) / floats.Norm(truth, 2); cos < 0.98 {
					t.Errorf("cosine of fitted and true weights %.4f, want >= 0.98", cos)
				}
			}
			t.Logf("weights %.3f bias %.3f", m.Weights[:dim], m.Bias)
		})
	}
}

// syntheticCollection returns a collection of books with at least dim
// features (no vocabulary, and enough name ranks), which is all Train needs
// of it for synthetic data; the weights of features no row has stay at
// zero.
func syntheticCollection(dim int, books []*features.Features) *features.Collection {
	ids := make([]string, len(books))
	for i, f := range books {
		ids[i] = f.ID
	}
	slices.Sort(ids)
	// Dim grows by one with each name rank, from its count with one.
	oneName := (&features.Collection{Settings: features.Settings{Names: 1}}).Dim()
	return &features.Collection{Settings: features.Settings{Names: max(dim-oneName+1, 1)}, IDs: slices.Compact(ids)}
}
