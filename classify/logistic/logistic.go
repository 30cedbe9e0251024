package logistic

import (
	"math"
	"slices"

	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/fitting"
	"gonum.org/v1/gonum/floats"
)

// chunkRows is the number of rows in one chunk of a pass (objective). The
// chunks are fixed by the data alone, and their partial sums are added in
// chunk order, so a problem is the same to the bit whatever Workers is.
const chunkRows = 1 << 15

// A problem is the objective one model's fit minimises: the L2-regularised
// logistic regression objective on binary sparse rows (§4.1 of the paper:
// "binary logistic regression classifier with l2 regularization"). With
// the weights w of dim features and the bias b in x = (w, b), row i with
// active features x_i and label y_i in {0, 1} scores
//
//	z_i = b + sum_{j in x_i} w_j
//
// and the objective is the mean negative log-likelihood plus the penalty,
// the bias left unpenalised:
//
//	f(x) = 1/N sum_i {log(1 + exp(z_i)) - y_i z_i} + lambda/2 sum_j {w_j^2}
//
// whose gradient is
//
//	df/dw_j = 1/N sum_{i: j in x_i} {sigma(z_i) - y_i} + lambda w_j
//	df/db   = 1/N sum_i {sigma(z_i) - y_i}.
//
// Its objective evaluates it, in passes shared with the problems of the
// other models fitting on the same rows. A problem remembers the last point
// it evaluated, so that the Func and Grad calls optimize makes at one point
// cost one pass over the data.
type problem struct {
	dim    int
	rows   [][]int32 // the active features of each row
	y      []bool
	lambda float64
	o      *objective

	// Memo gives optimize f and its gradient, from one evaluation by o
	// per point.
	fitting.Memo
	evals int // passes over the data

	// lossSum and gradSum are the sums of the loss and its gradient over the
	// rows at the memo's last point, before penalise: they do not depend on
	// lambda, so the problem of another lambda on the same rows starts there
	// without a pass (continueFrom).
	lossSum float64
	gradSum []float64
}

// problem returns the problem of lambda on the rows of data, evaluated by o.
func (o *objective) problem(data *dataset, lambda float64) *problem {
	p := &problem{dim: data.dim, rows: data.rows, y: data.y, lambda: lambda, o: o}
	p.Memo = fitting.NewMemo(data.dim+1, func(x, g []float64) float64 { return o.eval(p, x, g) })
	return p
}

// continueFrom makes prev's last point, on the same rows and labels as p,
// p's last point too, its value and gradient made from prev's sums there
// with p's lambda: the same numbers a pass at that point would give,
// without the pass. A fit along the lambda path starts where the last one ended, which
// is most often the last point that fit evaluated.
func (p *problem) continueFrom(prev *problem) {
	x := prev.Last()
	sameLabels := len(p.y) == len(prev.y) && (len(p.y) == 0 || &p.y[0] == &prev.y[0])
	if x == nil || prev.gradSum == nil || !sameRows(p, prev) || !sameLabels {
		return
	}
	g := slices.Clone(prev.gradSum)
	f := penalise(prev.lossSum, g, x[:p.dim], len(p.y), p.lambda)
	p.Seed(x, f, g)
}

// penalise turns the sums loss and g over n terms into means and adds the
// penalty lambda/2 ||w||^2 and its gradient lambda w (the bias, last in g,
// is not penalised); it returns the objective's value.
func penalise(loss float64, g, w []float64, n int, lambda float64) float64 {
	nf := float64(max(n, 1))
	floats.Scale(1/nf, g)
	floats.AddScaled(g[:len(w)], lambda, w)
	return loss/nf + lambda/2*floats.Dot(w, w)
}

// rowLosses adds to loss, row by row in order, the loss of each row i
// with logit z[i] and label y[i], -log p(y | z) = softplus(z) - y z, and to
// gb its derivative sigma(z) - y, which it writes over z[i]; e and l are
// scratch of at least len(z). Each row takes one exponential e = exp(-|z|):
// softplus(z) = max(z, 0) + log1p(e), and sigma(z) is 1/(1+e) for z >= 0,
// e/(1+e) below. The rows go through each step together (expNegs,
// log1pSmalls), in loops without calls.
func rowLosses(z []float64, y []bool, e, l []float64, loss, gb float64) (float64, float64) {
	y, e, l = y[:len(z)], e[:len(z)], l[:len(z)]
	for i, zi := range z {
		e[i] = math.Abs(zi)
	}
	expNegs(e, e)
	log1pSmalls(l, e)
	for i, zi := range z {
		sz := 1 / (1 + e[i]) // sigma(|z|)
		if zi < 0 {
			sz = e[i] * sz
		}
		var li, r float64
		if y[i] {
			li, r = max(-zi, 0)+l[i], sz-1
		} else {
			li, r = max(zi, 0)+l[i], sz
		}
		loss += li
		gb += r
		z[i] = r
	}
	return loss, gb
}

// softplus returns log(1 + exp(z)) without overflow:
// max(z, 0) + log1p(exp(-|z|)).
func softplus(z float64) float64 {
	if z > 0 {
		return z + math.Log1p(math.Exp(-z))
	}
	return math.Log1p(math.Exp(z))
}

// dataset is the rows of several books. A row is the slice of its book's
// Features.Index, not a copy: the books are kept while they are trained on
// (the held-out scores and the coverage model read them), and a copy of the
// rows of a training set would double the largest memory of its training.
type dataset struct {
	dim  int
	rows [][]int32
	y    []bool
}

// newDataset gathers the rows of books, which must all carry labels.
func newDataset(dim int, books []*features.Features) *dataset {
	n := 0
	for _, f := range books {
		n += f.Rows()
	}
	d := &dataset{dim: dim, rows: make([][]int32, 0, n), y: make([]bool, 0, n)}
	for _, f := range books {
		for i := range f.Rows() {
			d.rows = append(d.rows, f.Row(i))
		}
		d.y = append(d.y, f.Label...)
	}
	return d
}
