package classify

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
//     chunks' gradient buffers (grads), written only by the goroutine that
//     runs the round; the joined count and the waiting requests, under mu.
//     A request's point and gradient belong to its fit, which is blocked
//     until its round ends, and so do its problem's sums (lossSum, gradSum),
//     which the pass writes for the next lambda's problem (continueFrom).
//   - Why the sums are those of a model alone. A round's requests on the same
//     rows (up to maxJoint of them) are evaluated in one pass, the others in
//     further passes. The rows are cut into chunks of chunkRows, fixed by
//     the data alone, summed by workers goroutines; within a chunk each
//     model's loss and gradient are summed row by row, in row order, the
//     models' weights and gradients side by side so that a row's features
//     are read once; then each model's chunk sums are added in chunk order.
//     A model alone is the same pass with one model: its sums are made by
//     the same operations in the same order, and no other model's lane
//     touches its own. So the result is the same to the bit whatever the
//     number of workers, the fits a pass is shared with, or their timing.
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
	for m, r := range group {
		g := r.g
		clear(g)
		loss := 0.0
		for c := range chunks {
			ch := &chunks[c]
			loss += ch.loss[m]
			for j := range dim {
				g[j] += ch.grad[j*k+m]
			}
			g[dim] += ch.gb[m]
		}
		r.p.lossSum, r.p.gradSum = loss, append(r.p.gradSum[:0], g...)
		r.f = penalise(loss, g, r.x[:dim], len(r.p.y), r.p.lambda)
	}
}

// sumChunk sums, for k models (1 to maxJoint) whose weights w are side by
// side (feature j of model m at j*k+m), the losses and the bias gradients of
// rows, the first being row lo of the labels ys, and adds their feature
// gradients into grad, laid out as w. Each model's sums are made row by
// row, in row order, as if it were alone (k = 1).
//
// Each k has a loop of its own, whose sums are held in registers: a loop
// over the models costs a pass far more (docs/benchmarks.md, "Shared
// passes"), and the pass is most of a training's time.
func sumChunk(rows [][]int32, lo, k int, w []float64, bias *[maxJoint]float64, ys *[maxJoint][]bool, grad []float64) (loss, gb [maxJoint]float64) {
	switch k {
	case 1:
		loss[0], gb[0] = sumChunk1(rows, ys[0][lo:], w, bias[0], grad)
	case 2:
		loss, gb = sumChunk2(rows, lo, w, bias, ys, grad)
	default:
		loss, gb = sumChunk3(rows, lo, w, bias, ys, grad)
	}
	return loss, gb
}

func sumChunk1(rows [][]int32, y []bool, w []float64, bias float64, grad []float64) (loss, gb float64) {
	for i, row := range rows {
		z := bias
		for _, j := range row {
			z += w[j]
		}
		l, r := rowLoss(z, y[i])
		loss += l
		gb += r
		for _, j := range row {
			grad[j] += r
		}
	}
	return loss, gb
}

func sumChunk2(rows [][]int32, lo int, w []float64, bias *[maxJoint]float64, ys *[maxJoint][]bool, grad []float64) (loss, gb [maxJoint]float64) {
	for i, row := range rows {
		z0, z1 := bias[0], bias[1]
		for _, j := range row {
			wj := w[2*int(j) : 2*int(j)+2 : 2*int(j)+2]
			z0 += wj[0]
			z1 += wj[1]
		}
		l0, r0 := rowLoss(z0, ys[0][lo+i])
		l1, r1 := rowLoss(z1, ys[1][lo+i])
		loss[0], loss[1] = loss[0]+l0, loss[1]+l1
		gb[0], gb[1] = gb[0]+r0, gb[1]+r1
		for _, j := range row {
			gj := grad[2*int(j) : 2*int(j)+2 : 2*int(j)+2]
			gj[0] += r0
			gj[1] += r1
		}
	}
	return loss, gb
}

func sumChunk3(rows [][]int32, lo int, w []float64, bias *[maxJoint]float64, ys *[maxJoint][]bool, grad []float64) (loss, gb [maxJoint]float64) {
	for i, row := range rows {
		z0, z1, z2 := bias[0], bias[1], bias[2]
		for _, j := range row {
			wj := w[3*int(j) : 3*int(j)+3 : 3*int(j)+3]
			z0 += wj[0]
			z1 += wj[1]
			z2 += wj[2]
		}
		l0, r0 := rowLoss(z0, ys[0][lo+i])
		l1, r1 := rowLoss(z1, ys[1][lo+i])
		l2, r2 := rowLoss(z2, ys[2][lo+i])
		loss[0], loss[1], loss[2] = loss[0]+l0, loss[1]+l1, loss[2]+l2
		gb[0], gb[1], gb[2] = gb[0]+r0, gb[1]+r1, gb[2]+r2
		for _, j := range row {
			gj := grad[3*int(j) : 3*int(j)+3 : 3*int(j)+3]
			gj[0] += r0
			gj[1] += r1
			gj[2] += r2
		}
	}
	return loss, gb
}
