// Package fitting holds what the L-BFGS fits of classify/logistic (the
// logistic model) and classify/coverage (the Poisson coverage model) share: the
// memo of the last evaluation, since optimize asks for the value and the
// gradient at one point one after the other, and the rule of which stops
// of a fit count as converged. It is internal to classify, below both, so
// that neither imports the other for it.
package fitting

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/optimize"
)

// Memo remembers the value and gradient of an objective at the last point
// it evaluated, so that the Func and Grad calls optimize makes at one point
// cost one evaluation.
type Memo struct {
	lastX []float64 // point of lastF and lastG; nil when none
	lastF float64
	lastG []float64
	// Eval computes f at x, writing its gradient into g (which holds the
	// gradient of the point before: Eval sets every element).
	Eval func(x, g []float64) float64
}

// NewMemo returns the memo of an objective of dim variables that eval
// computes.
func NewMemo(dim int, eval func(x, g []float64) float64) Memo {
	return Memo{lastG: make([]float64, dim), Eval: eval}
}

// Func returns f(x).
func (m *Memo) Func(x []float64) float64 {
	m.at(x)
	return m.lastF
}

// Grad writes the gradient of f at x into dst.
func (m *Memo) Grad(dst, x []float64) {
	m.at(x)
	copy(dst, m.lastG)
}

// Seed makes x the last point, with value f and gradient g (copied), as if
// the memo had evaluated them: an objective known at x from elsewhere costs
// no evaluation there.
func (m *Memo) Seed(x []float64, f float64, g []float64) {
	m.lastX = append(m.lastX[:0], x...)
	m.lastF = f
	copy(m.lastG, g)
}

// Last returns the last point evaluated (nil when none); it is the memo's
// own, not to be changed.
func (m *Memo) Last() []float64 { return m.lastX }

// at evaluates f and its gradient at x unless x was the last point.
func (m *Memo) at(x []float64) {
	if m.lastX != nil && floats.Equal(m.lastX, x) {
		return
	}
	m.lastX = append(m.lastX[:0], x...)
	m.lastF = m.Eval(x, m.lastG)
}

// Error returns the error of an L-BFGS fit, or nil when it converged
// or stopped at a finite objective it could not improve on (no progress,
// or a failed line search near the optimum, where the gradient is too
// small to follow).
func Error(res *optimize.Result, err error) error {
	switch {
	case err == nil:
		return nil
	case res != nil && (errors.Is(err, optimize.ErrNoProgress) || errors.Is(err, optimize.ErrLinesearcherFailure)) &&
		!math.IsNaN(res.F) && !math.IsInf(res.F, 0):
		return nil
	}
	return err
}
