package logistic

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/fitting"
	"github.com/bookalign/bookalign/internal/parallel"
	"gonum.org/v1/gonum/optimize"
)

// Errors of training.
var (
	// ErrNoBooks means Train was given no books, or no set of them.
	ErrNoBooks = errors.New("logistic: no training books")
	// ErrDuplicateBook means a set given to Train holds a book twice.
	ErrDuplicateBook = errors.New("logistic: book given twice")
	// ErrNoLabels means a book given to Train has no labels, or as many
	// labels as rows.
	ErrNoLabels = errors.New("logistic: book without labels")
	// ErrNoPositives means no sentence of the books given to Train is
	// labelled: a model trained on them would learn that no sentence
	// belongs in a summary, and every summary it made would be arbitrary.
	// The alignments that label the books placed no summary sentence in
	// them (summaries that share no word with their books, or the wrong
	// summaries).
	ErrNoPositives = errors.New("logistic: no positive label")
	// ErrTooFewBooks means there are too few books to hold some out for
	// choosing the regularisation strength. Train does not return it: it
	// falls back to a fixed strength (Model.LambdaNote).
	ErrTooFewBooks = errors.New("logistic: too few books to choose lambda")
)

// A Trainer fits an L2-regularised logistic regression (see problem) to
// labelled books with L-BFGS. Its zero value chooses lambda among
// DefaultLambdas by held-out log-likelihood on one fifth of the books. Its
// JSON form (a pipeline stage carries it) leaves out Workers, which belongs
// to the process that trains. A fallback to a fixed lambda is not logged:
// it is in the model's LambdaNote, for the caller to report.
type Trainer struct {
	// Lambda is the regularisation strength. Zero means to choose it among
	// Lambdas: the model is fitted, strongest lambda first and each fit
	// started from the last, to the books outside one of InnerFolds folds
	// (cv.Folds with Seed), and scored on the held-out fold by Criterion; the
	// path stops at the first lambda that scores no better than the best so
	// far (weaker lambdas take the most iterations, and the held-out score
	// along the path is unimodal in practice), and the best lambda (the
	// strongest on ties) is refitted on all books, starting from its inner
	// fit.
	Lambda float64 `json:"lambda"`
	// Lambdas are the candidates; nil means DefaultLambdas.
	Lambdas []float64 `json:"lambdas,omitempty"`
	// InnerFolds is the number of folds of the inner split, one of which is
	// held out; zero means 5.
	InnerFolds int `json:"inner_folds,omitempty"`
	// Criterion scores a lambda on the held-out fold.
	Criterion Criterion `json:"criterion,omitempty"`
	// Seed seeds the inner split.
	Seed uint64 `json:"seed"`

	// Tolerance stops L-BFGS when no gradient component exceeds it; zero
	// means 1e-5.
	Tolerance float64 `json:"tolerance,omitempty"`
	// SelectTolerance is the Tolerance of the fits on the inner split,
	// which only rank the lambdas and start the final fit; zero means
	// Tolerance. The final fit converges to Tolerance from wherever it
	// starts.
	SelectTolerance float64 `json:"select_tolerance,omitempty"`
	// MaxIterations bounds the L-BFGS iterations of one fit; zero means 500.
	MaxIterations int `json:"max_iterations,omitempty"`
	// Workers is the number of goroutines that evaluate the objective; zero
	// means runtime.GOMAXPROCS(0). The model does not depend on it.
	Workers int `json:"-"`
}

// Selection records how one candidate lambda scored on the held-out books.
type Selection struct {
	Lambda float64 `json:"lambda"`
	// Score is the Criterion on the held-out books (lower is better).
	Score float64 `json:"score"`
	// Iterations is the number of L-BFGS iterations of the fit.
	Iterations int `json:"iterations"`
}

// Errors of the books given to Train.
var (
	// ErrDifferentBooks means the sets given to Train do not hold the same
	// books with the same features.
	ErrDifferentBooks = errors.New("logistic: the sets to train side by side differ in their books or features")
	// ErrMissingBook means a set given to Train lacks a book of the
	// collection: the training books are those whose Stats made it.
	ErrMissingBook = errors.New("logistic: a book of the collection is not in the training set")
)

// Train fits one model to each of sets: the training books of c (those
// whose Stats made it), featurized by c.Featurize and labelled, once per
// alignment method. Every set holds the same books with the same features
// (shared or equal), labelled differently. The fits run side by side and
// share their passes over the rows (objective): a pass reads each row's
// features once for all the models that are fitting. Each model is the one
// Train fits to its set alone, to the bit, and does not depend on the order
// of the books or on Workers.
func (t *Trainer) Train(c *features.Collection, sets ...[]*features.Features) ([]*Model, error) {
	if len(sets) == 0 {
		return nil, ErrNoBooks
	}
	checked := make([][]*features.Features, len(sets))
	for m, books := range sets {
		var err error
		if checked[m], err = t.check(c, books); err != nil {
			return nil, err
		}
		if m > 0 && !sameFeatures(checked[0], checked[m]) {
			return nil, ErrDifferentBooks
		}
	}
	cover, err := coverageModel(c, checked)
	if err != nil {
		return nil, err
	}
	models, err := t.trainSorted(newObjective(t.workers()), c, checked)
	for _, m := range models {
		m.Coverage = cover
	}
	return models, err
}

// coverageModel fits, with coverage extraction, the sets' coverage model
// from their books' cells (Features.Cover), and replaces each set's books by
// copies without them. The model reads the cells, which the sets share
// (sameFeatures), not the labels, so it is fitted once for all the sets'
// models. The cells are a tenth of a training set's memory (measured on
// the corpus ten times over), and no
// later fit reads them, so they need not be held while the models are
// fitted. The books given to Train are not changed; once its caller drops
// them, their cells are garbage. Without coverage extraction it returns nil.
func coverageModel(c *features.Collection, sets [][]*features.Features) (*coverage.Model, error) {
	if !c.Settings.Coverage {
		return nil, nil
	}
	cover, err := fitCoverage(sets[0])
	if err != nil {
		return nil, err
	}
	for _, books := range sets {
		copies := make([]features.Features, len(books))
		for i, f := range books {
			copies[i] = *f
			copies[i].Cover = nil
			books[i] = &copies[i]
		}
	}
	return cover, nil
}

// trainSorted fits the model of each of sets, checked and sorted by ID,
// side by side, their fits evaluated through o. Every model's lambda is
// chosen before any final fit starts: the final fits, on the rows of every
// book, then start together and share their passes from the first, where a
// model that chose first would make its first final passes alone, beside
// the others' inner fits on the other rows.
func (t *Trainer) trainSorted(o *objective, c *features.Collection, sets [][]*features.Features) ([]*Model, error) {
	r := t.sharedRows(sets[0])
	models := make([]*Model, len(sets))
	starts := make([][]float64, len(sets))
	err := parallel.For(len(sets), len(sets), func(m int) error {
		var err error
		models[m], starts[m], err = t.start(c, sets[m], r, o)
		return err
	})
	if err != nil {
		return nil, err
	}
	err = parallel.For(len(sets), len(sets), func(m int) error {
		return t.finish(models[m], sets[m], r, o, starts[m])
	})
	if err != nil {
		return nil, err
	}
	return models, nil
}

// start begins the model of books, sorted by ID, whose rows r holds: its
// lambda (chosen on the inner split unless fixed) and the point its final
// fit starts from, the inner fit at that lambda (nil: the initial point).
func (t *Trainer) start(c *features.Collection, books []*features.Features, r *rows, o *objective) (*Model, []float64, error) {
	m := &Model{Format: FormatVersion, Collection: c, Criterion: t.Criterion.String(), Lambda: t.Lambda}
	if t.Lambda != 0 {
		return m, nil, nil
	}
	var x0 []float64
	var err error
	m.Lambda, x0, m.Selection, err = t.choose(c.Dim(), books, r, o)
	if errors.Is(err, ErrTooFewBooks) {
		m.Lambda, m.LambdaNote = t.fallback(len(books))
	} else if err != nil {
		return nil, nil, err
	}
	return m, x0, nil
}

// finish fits m, begun by start, to every row of books from x0, its fits
// evaluated through o.
func (t *Trainer) finish(m *Model, books []*features.Features, r *rows, o *objective, x0 []float64) error {
	dim := m.Collection.Dim()
	all := &dataset{dim: dim, rows: r.all, y: labelsOf(books)}
	if x0 == nil {
		x0 = initialPoint(all)
	}
	x, iters, err := t.fit(o.problem(all, m.Lambda), x0, t.tolerance())
	if err != nil {
		return err
	}
	m.Weights, m.Bias = x[:dim], x[dim]
	m.Features = m.Collection.FeatureNames()
	m.Training = Training{Books: len(books), Sentences: len(all.y), Iterations: iters}
	for _, y := range all.y {
		if y {
			m.Training.Positives++
		}
	}
	return nil
}

// rows are the rows that the fits of a training set's models share: those
// of every book, and, when lambda is chosen, those of the books that fit on
// the inner split, with the split (fit and held index the books sorted by
// ID), or why there is none.
type rows struct {
	all, fit     [][]int32
	fitIdx, held []int
	splitErr     error
}

// sharedRows returns the rows of books, sorted by ID.
func (t *Trainer) sharedRows(books []*features.Features) *rows {
	r := &rows{all: newDataset(0, books).rows}
	if t.Lambda != 0 {
		return r
	}
	ids, groups := make([]string, len(books)), make([]string, len(books))
	for i, f := range books {
		ids[i], groups[i] = f.ID, f.Group
	}
	fitIdx, held, err := cv.InnerSplit(t.Seed, cmp.Or(t.InnerFolds, DefaultInnerFolds), ids, groups)
	switch {
	case err != nil:
		r.splitErr = err
	case len(fitIdx) == 0 || len(held) == 0:
		r.splitErr = fmt.Errorf("%w: %d", ErrTooFewBooks, len(books))
	default:
		r.fitIdx, r.held = fitIdx, held
		r.fit = newDataset(0, pick(books, fitIdx)).rows
	}
	return r
}

// labelsOf returns the labels of books' rows, in the order of their rows.
func labelsOf(books []*features.Features) []bool {
	n := 0
	for _, f := range books {
		n += len(f.Label)
	}
	y := make([]bool, 0, n)
	for _, f := range books {
		y = append(y, f.Label...)
	}
	return y
}

// sameFeatures reports whether a and b, sorted by ID, hold the same books
// with the same rows and coverage cells.
func sameFeatures(a, b []*features.Features) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		if x.ID != y.ID || x.Group != y.Group || !slices.Equal(x.Start, y.Start) || !slices.Equal(x.Index, y.Index) || !sameCells(x.Cover, y.Cover) {
			return false
		}
	}
	return true
}

// check validates books against c and returns them sorted by ID: they are
// the training books of c, and some sentence of some book is labelled
// (ErrNoPositives).
func (t *Trainer) check(c *features.Collection, books []*features.Features) ([]*features.Features, error) {
	if len(books) == 0 {
		return nil, ErrNoBooks
	}
	books = slices.Clone(books)
	slices.SortFunc(books, func(a, b *features.Features) int { return strings.Compare(a.ID, b.ID) })
	dim := int32(c.Dim())
	for i, f := range books {
		if i > 0 && f.ID == books[i-1].ID {
			return nil, fmt.Errorf("%w: %q", ErrDuplicateBook, f.ID)
		}
		if !c.Contains(f.ID) {
			return nil, fmt.Errorf("logistic: book %q is not in the training set", f.ID)
		}
		if err := f.Check(dim); err != nil {
			return nil, err
		}
		if len(f.Label) != f.Rows() {
			return nil, fmt.Errorf("%w: %q has %d labels for %d rows", ErrNoLabels, f.ID, len(f.Label), f.Rows())
		}
	}
	if len(books) != c.Books() {
		return nil, fmt.Errorf("%w: %d of %d books", ErrMissingBook, len(books), c.Books())
	}
	if rows, positive := labelCounts(books); positive == 0 {
		return nil, fmt.Errorf("%w: none of the %d sentences of the %d training books is labelled as in the summary", ErrNoPositives, rows, len(books))
	}
	for _, l := range t.Lambdas {
		if !(l > 0) || math.IsInf(l, 0) {
			return nil, fmt.Errorf("logistic: lambda %v is not positive", l)
		}
	}
	if t.Lambda < 0 || math.IsNaN(t.Lambda) || math.IsInf(t.Lambda, 0) {
		return nil, fmt.Errorf("logistic: lambda %v is not positive", t.Lambda)
	}
	return books, nil
}

// labelCounts returns the number of sentences of books and of those
// labelled.
func labelCounts(books []*features.Features) (rows, positive int) {
	for _, f := range books {
		rows += len(f.Label)
		for _, y := range f.Label {
			if y {
				positive++
			}
		}
	}
	return rows, positive
}

// initialPoint returns zero weights and the bias of the labels' base rate,
// log(p / (1 - p)), clamped away from infinity.
func initialPoint(d *dataset) []float64 {
	x := make([]float64, d.dim+1)
	pos := 0
	for _, y := range d.y {
		if y {
			pos++
		}
	}
	p := (float64(pos) + 0.5) / (float64(len(d.y)) + 1)
	x[d.dim] = math.Log(p / (1 - p))
	return x
}

// tolerance returns the gradient threshold of the final fit.
func (t *Trainer) tolerance() float64 {
	if t.Tolerance == 0 {
		return 1e-5
	}
	return t.Tolerance
}

// selectTolerance returns the gradient threshold of the inner fits.
func (t *Trainer) selectTolerance() float64 {
	if t.SelectTolerance == 0 {
		return t.tolerance()
	}
	return t.SelectTolerance
}

// fit minimises p from x0 with L-BFGS, to the gradient threshold tol, and
// returns the minimiser and the number of iterations; the fit is one of
// those its objective shares its passes between (join, leave). A line
// search that can make no more progress ends the fit at the best point
// found; that happens near the optimum in floating point.
func (t *Trainer) fit(p *problem, x0 []float64, tol float64) (x []float64, iterations int, err error) {
	settings := &optimize.Settings{
		GradientThreshold: tol,
		MajorIterations:   cmp.Or(t.MaxIterations, 500),
		Converger:         &optimize.FunctionConverge{Relative: 1e-10, Iterations: 20},
	}
	p.o.join()
	defer p.o.leave()
	problem := optimize.Problem{Func: p.Func, Grad: p.Grad}
	res, err := optimize.Minimize(problem, x0, settings, &optimize.LBFGS{})
	if err := fitting.Error(res, err); err != nil {
		return nil, 0, fmt.Errorf("logistic: fitting the model: %w", err)
	}
	return res.X, res.MajorIterations, nil
}

func (t *Trainer) workers() int {
	if t.Workers > 0 {
		return t.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// logits returns the log-odds z_i = b + sum_{j in x_i} w_j of each row of
// f; its probability of being in the summary is sigma(z_i).
func logits(w []float64, b float64, f *features.Features) []float64 {
	z := make([]float64, f.Rows())
	for i := range z {
		zi := b
		for _, j := range f.Row(i) {
			zi += w[j]
		}
		z[i] = zi
	}
	return z
}

// sameCells reports whether two books' coverage cells are the same: the
// same cells or equal ones, or neither.
func sameCells(a, b *coverage.Cells) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	return slices.Equal(a.Keys, b.Keys) && slices.Equal(a.NGrams, b.NGrams) && slices.Equal(a.Hits, b.Hits)
}
