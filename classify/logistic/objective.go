package logistic

import (
	"slices"
	"sync"

	"github.com/bookalign/bookalign/internal/parallel"
)

// An objective evaluates the problems of the models that fit side by side
// on one training set (one model per alignment method: the same rows,
// labelled by each method), sharing its passes over the rows: a pass reads
// each row's features once for all the models it evaluates, where separate
// passes would read them once per model.
//
// Its concurrency contract:
//
//   - Who waits for whom. Each fit runs L-BFGS in a goroutine of its own,
//     between join and leave, and evaluates its problem (Func, Grad)
//     through eval, which blocks. A round is one evaluation asked for by
//     each joined fit: eval waits until every joined fit has asked for one
//     or left. The fit that completes the round (the last to ask, or the
//     last to leave while the others wait) evaluates it in its own
//     goroutine, then wakes the fits of the round. A fit never waits for one
//     that has not joined, and a round runs only while every joined fit is
//     blocked in it, so rounds never overlap.
//   - What is shared. The rows and labels of the problems (read only); the
//     chunks' gradient buffers (grads), used only by the round that runs:
//     each chunk's written by the one worker that sums the chunk, then read
//     by the workers that add the chunks up, each for a range of features
//     of its own; the joined count and the waiting requests, under mu. A
//     request's point and gradient belong to its fit, which is blocked until
//     its round ends (the gradient's features written by the workers of the
//     round, each its own range), and so do its problem's sums (lossSum,
//     gradSum), which the pass writes for the next lambda's problem
//     (continueFrom).
//   - Why the sums are those of a model alone. A round's requests on the same
//     rows (up to maxJoint of them) are evaluated in one pass, the others in
//     further passes. The rows are cut into chunks of chunkRows, fixed by
//     the data alone, summed by workers goroutines; within a chunk each
//     model's loss and gradient are summed row by row, in row order, the
//     models' weights and gradients side by side so that a row's features
//     are read once (sumChunk takes the rows a block at a time, each step
//     for every row of the block before the next step, but every sum still
//     row by row); then each model's chunk sums are added in chunk order,
//     by ranges of features on the workers. A model alone is the same pass
//     with one model: its sums are made by the same operations in the same
//     order, and no other model's lane touches its own. So the result is the
//     same to the bit whatever the number of workers, the fits a pass is
//     shared with, or their timing (TestPassRowByRow).
type objective struct {
	workers int

	mu      sync.Mutex
	active  int // fits joined and not left
	waiting []*request

	grads [][]float64 // each chunk's gradients, by feature then model, kept for the next pass
	// passes counts the passes by the number of models they evaluated, and
	// rowPasses the rows they read, for tests and benchmarks.
	passes    [maxJoint + 1]int
	rowPasses [maxJoint + 1]int
	mixed     int // rounds with requests on different rows, for tests
}

// maxJoint is the most models one pass evaluates: a training set has one
// model per alignment method, three by default.
const maxJoint = 3

// request is one evaluation of a problem at x, its gradient written into g
// and its value into f; done is closed when they are.
type request struct {
	p    *problem
	x, g []float64
	f    float64
	done chan struct{}
}

// newObjective returns the objective whose passes run on workers
// goroutines; workers <= 0 means 1.
func newObjective(workers int) *objective {
	return &objective{workers: max(workers, 1)}
}

// join counts a fit that will evaluate problems through o, until leave.
func (o *objective) join() {
	o.mu.Lock()
	o.active++
	o.mu.Unlock()
}

// leave ends a fit; the others may then be all waiting.
func (o *objective) leave() {
	o.mu.Lock()
	o.active--
	round := o.takeRound()
	o.mu.Unlock()
	o.run(round)
}

// eval evaluates p at x, writing its gradient into g, when every joined
// fit has asked for an evaluation. A problem evaluated by no joined fit
// is evaluated at once.
func (o *objective) eval(p *problem, x, g []float64) float64 {
	r := &request{p: p, x: x, g: g, done: make(chan struct{})}
	o.mu.Lock()
	o.waiting = append(o.waiting, r)
	round := o.takeRound()
	o.mu.Unlock()
	o.run(round)
	<-r.done
	return r.f
}

// takeRound returns the waiting requests, and forgets them, when every
// joined fit has made one. o.mu must be held.
func (o *objective) takeRound() []*request {
	if len(o.waiting) == 0 || len(o.waiting) < o.active {
		return nil
	}
	round := o.waiting
	o.waiting = nil
	return round
}

// run evaluates the requests of a round, those that share rows together,
// and lets their fits go on.
func (o *objective) run(round []*request) {
	for len(round) > 0 {
		var group, rest []*request
		for _, r := range round {
			if len(group) < maxJoint && (len(group) == 0 || sameRows(group[0].p, r.p)) {
				group = append(group, r)
			} else {
				rest = append(rest, r)
			}
		}
		if slices.ContainsFunc(rest, func(r *request) bool { return !sameRows(group[0].p, r.p) }) {
			o.mixed++
		}
		o.pass(group)
		for _, r := range group {
			close(r.done)
		}
		round = rest
	}
}

// sameRows reports whether two problems are over the same rows.
func sameRows(a, b *problem) bool {
	return a.dim == b.dim && len(a.rows) == len(b.rows) && (len(a.rows) == 0 || &a.rows[0] == &b.rows[0])
}

// chunkSums are one chunk's sums of a pass: each model's loss and bias
// gradient, and its feature gradients in grad, by feature then model.
type chunkSums struct {
	grad     []float64
	loss, gb [maxJoint]float64
}

// pass evaluates the requests, whose problems share their rows, in one
// pass over the rows (see objective): each request's value into f and
// gradient into g.
func (o *objective) pass(group []*request) {
	p := group[0].p
	o.passes[len(group)]++
	o.rowPasses[len(group)] += len(p.y)
	k, dim := len(group), p.dim
	w := make([]float64, k*dim)
	var bias [maxJoint]float64
	var ys [maxJoint][]bool
	for m, r := range group {
		for j, v := range r.x[:dim] {
			w[j*k+m] = v
		}
		bias[m], ys[m] = r.x[dim], r.p.y
		r.p.evals++
	}
	n := len(p.y)
	chunks := make([]chunkSums, (n+chunkRows-1)/chunkRows)
	for len(o.grads) < len(chunks) {
		o.grads = append(o.grads, nil)
	}
	_ = parallel.For(len(chunks), o.workers, func(c int) error {
		ch := &chunks[c]
		if cap(o.grads[c]) < k*dim {
			o.grads[c] = make([]float64, k*dim)
		}
		ch.grad = o.grads[c][:k*dim]
		clear(ch.grad)
		lo := c * chunkRows
		ch.loss, ch.gb = sumChunk(p.rows[lo:min(lo+chunkRows, n)], lo, k, w, &bias, &ys, ch.grad)
		return nil
	})
	for _, r := range group {
		clear(r.g)
	}
	// The chunks' feature gradients added in chunk order, a range of
	// features at a time on each worker, so that the sums stay in cache and
	// no core waits for the other to add them all.
	_ = parallel.For((dim+reduceFeatures-1)/reduceFeatures, o.workers, func(b int) error {
		lo, hi := b*reduceFeatures, min((b+1)*reduceFeatures, dim)
		for c := range chunks {
			grad := chunks[c].grad[lo*k : hi*k]
			for m, r := range group {
				g := r.g[lo:hi]
				for j := range g {
					g[j] += grad[j*k+m]
				}
			}
		}
		return nil
	})
	for m, r := range group {
		g := r.g
		loss := 0.0
		for c := range chunks {
			loss += chunks[c].loss[m]
			g[dim] += chunks[c].gb[m]
		}
		r.p.lossSum, r.p.gradSum = loss, append(r.p.gradSum[:0], g...)
		r.f = penalise(loss, g, r.x[:dim], len(r.p.y), r.p.lambda)
	}
}

// reduceFeatures is the number of features whose chunk sums one task of a
// pass adds up.
const reduceFeatures = 1024

// sumChunk sums, for k models (1 to maxJoint) whose weights w are side by
// side (feature j of model m at j*k+m), the losses and the bias gradients of
// rows, the first being row lo of the labels ys, and adds their feature
// gradients into grad, laid out as w. Each model's sums are made row by
// row, in row order, as if it were alone (k = 1).
//
// It takes the rows blockRows at a time, in three steps: their logits, then
// their losses and derivatives (rowLosses), then the derivatives added into
// the gradients. Every sum is still made row by row in row order, but each
// step is a short loop whose rows do not wait on one another, so that the
// processor overlaps the long chains of a row's exponential and logarithm
// with the next rows'. The logits and the gradients have a loop for each k, whose
// models' sums are held in registers: a loop over the models costs a pass
// far more ("Shared passes").
func sumChunk(rows [][]int32, lo, k int, w []float64, bias *[maxJoint]float64, ys *[maxJoint][]bool, grad []float64) (loss, gb [maxJoint]float64) {
	var z [maxJoint][blockRows]float64 // each model's logits, then derivatives
	var e, l [blockRows]float64        // scratch of rowLosses
	for b := 0; b < len(rows); b += blockRows {
		blk := rows[b:min(b+blockRows, len(rows))]
		switch k {
		case 1:
			logits1(blk, w, bias, &z)
		case 2:
			logits2(blk, w, bias, &z)
		default:
			logits3(blk, w, bias, &z)
		}
		for m := range k {
			loss[m], gb[m] = rowLosses(z[m][:len(blk)], ys[m][lo+b:], e[:], l[:], loss[m], gb[m])
		}
		switch k {
		case 1:
			scatter1(blk, &z, grad)
		case 2:
			scatter2(blk, &z, grad)
		default:
			scatter3(blk, &z, grad)
		}
	}
	return loss, gb
}

// blockRows is the number of rows sumChunk takes at a time: their logits
// and derivatives stay in the first-level cache.
const blockRows = 128

// logits1 writes into z[0] the logit of each of rows (at most blockRows) of
// the one model, logits2 and logits3 those of two and three models side by
// side.
func logits1(rows [][]int32, w []float64, bias *[maxJoint]float64, z *[maxJoint][blockRows]float64) {
	for i, row := range rows {
		z0 := bias[0]
		for _, j := range row {
			z0 += w[j]
		}
		z[0][i] = z0
	}
}

func logits2(rows [][]int32, w []float64, bias *[maxJoint]float64, z *[maxJoint][blockRows]float64) {
	for i, row := range rows {
		z0, z1 := bias[0], bias[1]
		for _, j := range row {
			wj := w[2*int(j) : 2*int(j)+2 : 2*int(j)+2]
			z0 += wj[0]
			z1 += wj[1]
		}
		z[0][i], z[1][i] = z0, z1
	}
}

func logits3(rows [][]int32, w []float64, bias *[maxJoint]float64, z *[maxJoint][blockRows]float64) {
	for i, row := range rows {
		z0, z1, z2 := bias[0], bias[1], bias[2]
		for _, j := range row {
			wj := w[3*int(j) : 3*int(j)+3 : 3*int(j)+3]
			z0 += wj[0]
			z1 += wj[1]
			z2 += wj[2]
		}
		z[0][i], z[1][i], z[2][i] = z0, z1, z2
	}
}

// scatter1 adds the derivative r[0][i] of each of rows into the gradient of
// each of its features, in row order; scatter2 and scatter3 those of two and
// three models side by side.
func scatter1(rows [][]int32, r *[maxJoint][blockRows]float64, grad []float64) {
	for i, row := range rows {
		r0 := r[0][i]
		for _, j := range row {
			grad[j] += r0
		}
	}
}

func scatter2(rows [][]int32, r *[maxJoint][blockRows]float64, grad []float64) {
	for i, row := range rows {
		r0, r1 := r[0][i], r[1][i]
		for _, j := range row {
			gj := grad[2*int(j) : 2*int(j)+2 : 2*int(j)+2]
			gj[0] += r0
			gj[1] += r1
		}
	}
}

func scatter3(rows [][]int32, r *[maxJoint][blockRows]float64, grad []float64) {
	for i, row := range rows {
		r0, r1, r2 := r[0][i], r[1][i], r[2][i]
		for _, j := range row {
			gj := grad[3*int(j) : 3*int(j)+3 : 3*int(j)+3]
			gj[0] += r0
			gj[1] += r1
			gj[2] += r2
		}
	}
}
