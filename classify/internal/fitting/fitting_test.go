package fitting

import (
	"errors"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/optimize"
)

// TestError checks which ends of an L-BFGS fit are accepted: a
// converged fit, and one stopped without progress or by its line search at
// a finite objective; not a fit with a non-finite objective or another
// error.
func TestError(t *testing.T) {
	finite, nan := &optimize.Result{Location: optimize.Location{F: 1.5}}, &optimize.Result{Location: optimize.Location{F: math.NaN()}}
	for _, tc := range []struct {
		name string
		res  *optimize.Result
		err  error
		ok   bool
	}{
		{"converged", finite, nil, true},
		{"no progress", finite, optimize.ErrNoProgress, true},
		{"line search", finite, optimize.ErrLinesearcherFailure, true},
		{"no progress at NaN", nan, optimize.ErrNoProgress, false},
		{"no result", nil, optimize.ErrNoProgress, false},
		{"other error", finite, errors.New("gradient evaluation failed"), false},
	} {
		if err := Error(tc.res, tc.err); (err == nil) != tc.ok {
			t.Errorf("%s: %v, want accepted %v", tc.name, err, tc.ok)
		}
	}
}

// TestMemo checks that the memo evaluates once per point, gives the value
// and gradient of the point asked for, and evaluates again at a new point;
// that a seeded point gives the seeded value and gradient (the memo's own
// copies) without an evaluation; and that Last is the last point.
func TestMemo(t *testing.T) {
	evals := 0
	m := NewMemo(2, func(x, g []float64) float64 {
		evals++
		g[0], g[1] = 2*x[0], 2*x[1]
		return x[0]*x[0] + x[1]*x[1]
	})
	if m.Last() != nil {
		t.Errorf("last point %v before any, want nil", m.Last())
	}
	grad := make([]float64, 2)
	for _, tc := range []struct {
		seed  bool // seed x with f and g before asking
		x     []float64
		f     float64
		g     []float64
		evals int
	}{
		{false, []float64{1, 2}, 5, []float64{2, 4}, 1},
		{false, []float64{1, 2}, 5, []float64{2, 4}, 1},
		{false, []float64{0, 3}, 9, []float64{0, 6}, 2},
		{false, []float64{1, 2}, 5, []float64{2, 4}, 3},
		{true, []float64{4, 5}, 42, []float64{-7, 8}, 3},
		{false, []float64{0, 3}, 9, []float64{0, 6}, 4},
	} {
		if tc.seed {
			x, g := slices.Clone(tc.x), slices.Clone(tc.g)
			m.Seed(x, tc.f, g)
			x[0], g[0] = 99, 99 // the memo keeps copies
		}
		f := m.Func(tc.x)
		m.Grad(grad, tc.x)
		if f != tc.f || !slices.Equal(grad, tc.g) || evals != tc.evals || !slices.Equal(m.Last(), tc.x) {
			t.Errorf("at %v: f %v, grad %v, last %v after %d evaluations; want %v, %v after %d", tc.x, f, grad, m.Last(), evals, tc.f, tc.g, tc.evals)
		}
	}
}
