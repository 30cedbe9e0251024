package classify

import (
	"math"

	"github.com/bookalign/bookalign/classify/internal/fitting"
	"github.com/bookalign/bookalign/internal/parallel"
	"gonum.org/v1/gonum/floats"
)

// chunkRows is the number of rows in one chunk of the objective. The chunks
// are fixed by the data alone, and their partial sums are added in chunk
// order, so the objective is the same to the bit whatever Workers is.
const chunkRows = 1 << 15

// objective is the L2-regularised logistic regression objective on binary
// sparse rows (§4.1 of the paper: "binary logistic regression classifier
// with l2 regularization"). With the weights w of dim features and the bias
// b in x = (w, b), row i with active features x_i and label y_i in {0, 1}
// scores
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
// An objective remembers the last point it evaluated, so that the Func and
// Grad calls optimize makes at one point cost one pass over the data.
type objective struct {
	dim    int
	rows   [][]int32 // the active features of each row
	y      []bool
	lambda float64

	workers int
	chunks  []chunk

	fitting.Memo
	evals int // passes over the data
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

// chunk is the working memory of one range of rows.
type chunk struct {
	lo, hi int
	loss   float64
	grad   []float64 // partial sum over the chunk's rows, bias last
}

// newObjective returns the objective on the rows of data. workers <= 0
// means 1.
func newObjective(data *dataset, lambda float64, workers int) *objective {
	o := &objective{
		dim: data.dim, rows: data.rows, y: data.y,
		lambda: lambda, workers: max(workers, 1),
	}
	n := len(data.y)
	for lo := 0; lo < n; lo += chunkRows {
		o.chunks = append(o.chunks, chunk{lo: lo, hi: min(lo+chunkRows, n), grad: make([]float64, data.dim+1)})
	}
	o.Memo = fitting.NewMemo(data.dim+1, o.evalAt)
	return o
}

// evalAt computes f at x and its gradient, into g.
func (o *objective) evalAt(x, g []float64) float64 {
	o.evals++
	w, bias := x[:o.dim], x[o.dim]

	_ = parallel.For(len(o.chunks), o.workers, func(c int) error {
		o.evalChunk(&o.chunks[c], w, bias)
		return nil
	})

	clear(g)
	loss := 0.0
	for c := range o.chunks {
		loss += o.chunks[c].loss
		floats.Add(g, o.chunks[c].grad)
	}
	return penalise(loss, g, w, len(o.y), o.lambda)
}

// evalChunk sums the loss and gradient of the rows of ch.
func (o *objective) evalChunk(ch *chunk, w []float64, bias float64) {
	g := ch.grad
	clear(g)
	loss, gb := 0.0, 0.0
	for i := ch.lo; i < ch.hi; i++ {
		row := o.rows[i]
		z := bias
		for _, j := range row {
			z += w[j]
		}
		li, r := rowLoss(z, o.y[i])
		loss += li
		gb += r
		for _, j := range row {
			g[j] += r
		}
	}
	g[o.dim] = gb
	ch.loss = loss
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
func newDataset(dim int, books []*Features) *dataset {
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
