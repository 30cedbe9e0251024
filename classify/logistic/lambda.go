package logistic

import (
	"cmp"
	"fmt"
	"math"

	"github.com/bookalign/bookalign/classify/features"
)

// DefaultLambdas are the regularisation strengths a Trainer chooses from
// when Trainer.Lambdas is nil, strongest first. They penalise the mean
// log-likelihood, so they do not depend on the number of sentences.
var DefaultLambdas = []float64{1e-3, 1e-4, 1e-5, 1e-6}

// A Criterion scores a model on held-out books when a Trainer chooses the
// regularisation strength. Lower is better.
type Criterion int

// LogLoss is the mean negative log-likelihood of the held-out rows.
const LogLoss Criterion = 0

// String returns "logloss".
func (c Criterion) String() string {
	if c == LogLoss {
		return "logloss"
	}
	return "unknown"
}

// fallback is the lambda used when there are too few books (n) to choose
// one on an inner split: the strongest candidate, since so little data
// asks for the most regularisation. It returns the lambda and a note
// saying so.
func (t *Trainer) fallback(n int) (float64, string) {
	lambdas := t.Lambdas
	if lambdas == nil {
		lambdas = DefaultLambdas
	}
	return lambdas[0], fmt.Sprintf("lambda fixed at %g, the strongest candidate: %d training books are too few to choose it on an inner split of %d folds", lambdas[0], n, cmp.Or(t.InnerFolds, DefaultInnerFolds))
}

// DefaultInnerFolds is the number of folds of a Trainer's inner split when
// Trainer.InnerFolds is zero.
const DefaultInnerFolds = 5

// pick returns the elements of xs at indices idx.
func pick[T any](xs []T, idx []int) []T {
	out := make([]T, len(idx))
	for i, j := range idx {
		out[i] = xs[j]
	}
	return out
}

// choose picks lambda on an inner split of books and returns the weights of
// the inner fit at that lambda, to start the final fit from.
func (t *Trainer) choose(dim int, books []*features.Features, r *rows, o *objective) (lambda float64, x []float64, sel []Selection, err error) {
	if r.splitErr != nil {
		return 0, nil, nil, r.splitErr
	}
	held := pick(books, r.held)
	lambdas := t.Lambdas
	if lambdas == nil {
		lambdas = DefaultLambdas
	}
	data := &dataset{dim: dim, rows: r.fit, y: labelsOf(pick(books, r.fitIdx))}
	cur := initialPoint(data)
	best := math.Inf(1)
	var prev *problem
	for _, l := range lambdas {
		p := o.problem(data, l)
		if prev != nil {
			p.continueFrom(prev) // cur is most often prev's last point
		}
		prev = p
		xl, iters, err := t.fit(p, cur, t.selectTolerance())
		if err != nil {
			return 0, nil, nil, err
		}
		score := t.heldOut(xl, held)
		sel = append(sel, Selection{Lambda: l, Score: score, Iterations: iters})
		if score < best {
			best, lambda, x = score, l, xl
		} else if x != nil {
			break // past the best: weaker lambdas only cost more
		}
		cur = xl
	}
	if x == nil { // every score was NaN
		lambda, x = lambdas[0], initialPoint(data)
	}
	return lambda, x, sel, nil
}

// heldOut scores the weights x on books by t.Criterion.
func (t *Trainer) heldOut(x []float64, books []*features.Features) float64 {
	dim := len(x) - 1
	w, b := x[:dim], x[dim]
	var sum, n float64
	for _, f := range books {
		for i, zi := range logits(w, b, f) {
			if f.Label[i] {
				sum += softplus(-zi) // -log sigma(z)
			} else {
				sum += softplus(zi) // -log(1 - sigma(z))
			}
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / n
}
