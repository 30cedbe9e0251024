package coverage

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/bookalign/bookalign/classify/internal/fitting"
	"gonum.org/v1/gonum/optimize"
)

// lambda is the L2 strength of the Poisson regression, on its mean loss
// per n-gram.
const lambda = 1e-5

// Model is the fitted coverage model of a logistic.Model: one weight per
// feature (FeatureNames).
type Model struct {
	Features []string  `json:"features"`
	Weights  []float64 `json:"weights"`
	// NGrams is the number of the training books' n-grams it was fitted to,
	// Cells the number of their distinct keys, Iterations the L-BFGS
	// iterations of the fit.
	NGrams     int64 `json:"ngrams"`
	Cells      int   `json:"cells"`
	Iterations int   `json:"iterations"`
}

// cell is the n-grams of one key, summed over the training books: their
// features x, their number n and their reference counts y.
type cell struct {
	x    []int32
	n, y float64
}

// Fit fits the coverage model to the cells of the training books: the
// Poisson regression E[y] = n exp(w . x) of each cell, by L-BFGS from the
// base rate of each n-gram kind.
func Fit(books []*Cells) (*Model, error) {
	total := make(map[uint32][2]int64)
	for _, c := range books {
		for i, k := range c.Keys {
			v := total[k]
			total[k] = [2]int64{v[0] + int64(c.NGrams[i]), v[1] + int64(c.Hits[i])}
		}
	}
	keys := make([]uint32, 0, len(total))
	for k := range total {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	cells := make([]cell, len(keys))
	var ngrams int64
	// The cells' features, in one array: a key has at most one feature per
	// block.
	xs := make([]int32, 0, len(keys)*len(blocks))
	for i, k := range keys {
		at := len(xs)
		xs = Key(k).features(xs)
		cells[i] = cell{x: xs[at:len(xs):len(xs)], n: float64(total[k][0]), y: float64(total[k][1])}
		ngrams += total[k][0]
	}
	if ngrams == 0 {
		return nil, errors.New("coverage: no n-grams to fit the coverage model to")
	}
	dim := layout[len(layout)-1]
	// The loss and its gradient in one pass over the cells; L-BFGS asks for
	// both at each point it tries, one after the other (fitting.Memo).
	memo := fitting.NewMemo(dim, func(x, g []float64) float64 { return poissonLoss(cells, float64(ngrams), x, g) })
	problem := optimize.Problem{Func: memo.Func, Grad: memo.Grad}
	// Start from the base rate of each n-gram kind.
	x0 := make([]float64, dim)
	var nUni, yUni, nBi, yBi float64
	for i, k := range keys {
		if Key(k)&bigramFlag != 0 {
			nBi, yBi = nBi+cells[i].n, yBi+cells[i].y
		} else {
			nUni, yUni = nUni+cells[i].n, yUni+cells[i].y
		}
	}
	x0[block("uni")] = math.Log((yUni + 0.5) / (nUni + 1))
	x0[block("bi")] = math.Log((yBi + 0.5) / (nBi + 1))
	res, err := optimize.Minimize(problem, x0, &optimize.Settings{GradientThreshold: 1e-7, MajorIterations: 2000}, &optimize.LBFGS{})
	if err := fitting.Error(res, err); err != nil {
		return nil, fmt.Errorf("coverage: coverage model: %w", err)
	}
	for _, v := range res.X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("coverage: coverage model: weight %v", v)
		}
	}
	return &Model{Features: FeatureNames(), Weights: res.X, NGrams: ngrams, Cells: len(keys), Iterations: res.Stats.MajorIterations}, nil
}

// poissonLoss returns the mean Poisson loss of the cells of w n-grams at
// x, with the L2 penalty lambda, and writes its gradient into g:
//
//	f(x) = 1/w sum_c {n_c exp(z_c) - y_c z_c} + lambda/2 sum_j {x_j^2},
//	z_c  = sum_{j in x_c} x_j.
func poissonLoss(cells []cell, w float64, x, g []float64) float64 {
	clear(g)
	var f float64
	for i := range cells {
		c := &cells[i]
		var zi float64
		for _, j := range c.x {
			zi += x[j]
		}
		e := math.Exp(zi)
		f += c.n*e - c.y*zi
		r := (c.n*e - c.y) / w
		for _, j := range c.x {
			g[j] += r
		}
	}
	f /= w
	for j, xj := range x {
		f += lambda / 2 * xj * xj
		g[j] += lambda * xj
	}
	return f
}

// Validate checks a coverage model read from a file.
func (m *Model) Validate() error {
	if !slices.Equal(m.Features, FeatureNames()) {
		return errors.New("coverage features are not this version's")
	}
	if len(m.Weights) != len(m.Features) {
		return errors.New("coverage weights do not match its features")
	}
	for _, v := range m.Weights {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return errors.New("coverage weight not finite")
		}
	}
	return nil
}

// mean returns mu, the expected reference count, of an n-gram of key k.
func (m *Model) mean(k Key, buf []int32) float64 {
	var z float64
	for _, j := range k.features(buf[:0]) {
		z += m.Weights[j]
	}
	return math.Exp(z)
}
