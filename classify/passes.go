package classify

import (
	"math"
	"sync"
	"sync/atomic"

	"github.com/bookalign/bookalign/internal/parallel"
)

// passes lets the fits of several models on the same rows (one training
// set labelled by each alignment method) share their passes over the rows.
// Each fit runs in its own goroutine and evaluates its objective through
// eval; once every fit that has joined is waiting for an evaluation, the
// last to ask evaluates them all, one pass over the rows for the requests
// that share rows (evalJoint). A pass reads each row's features once for
// all its models, where separate passes read them once per model.
//
// The result of every evaluation is the same to the bit as the objective's
// own (objective.evalAt): each model's sums are made in the same order. So
// a fit does not depend on which fits it shared its passes with, or on
// their timing.
type passes struct {
	workers int

	mu      sync.Mutex
	active  int // fits joined and not left
	waiting []*passRequest

	grads [][]float64 // the chunks' gradients of evalJoint, kept for the next pass
}

// passRequest is one evaluation of an objective at x, its gradient written
// into g and its value into f; done is closed when they are.
type passRequest struct {
	o    *objective
	x, g []float64
	f    float64
	done chan struct{}
}

// jointPasses counts the passes evalJoint makes, for tests.
var jointPasses atomic.Int64

// maxJoint is the most models one pass evaluates: a training set has one
// model per alignment method, three by default.
const maxJoint = 3

// join counts a fit that will evaluate objectives through p, until leave.
func (p *passes) join() {
	p.mu.Lock()
	p.active++
	p.mu.Unlock()
}

// leave ends a fit; the others may then be all waiting.
func (p *passes) leave() {
	p.mu.Lock()
	p.active--
	round := p.takeRound()
	p.mu.Unlock()
	p.run(round)
}

// eval evaluates o at x, writing its gradient into g, when every joined
// fit has asked for an evaluation.
func (p *passes) eval(o *objective, x, g []float64) float64 {
	r := &passRequest{o: o, x: x, g: g, done: make(chan struct{})}
	p.mu.Lock()
	p.waiting = append(p.waiting, r)
	round := p.takeRound()
	p.mu.Unlock()
	p.run(round)
	<-r.done
	return r.f
}

// takeRound returns the waiting requests, and forgets them, when every
// joined fit has made one. p.mu must be held.
func (p *passes) takeRound() []*passRequest {
	if len(p.waiting) == 0 || len(p.waiting) < p.active {
		return nil
	}
	round := p.waiting
	p.waiting = nil
	return round
}

// run evaluates the requests of a round, those that share rows together,
// and lets their fits go on.
func (p *passes) run(round []*passRequest) {
	for len(round) > 0 {
		var group, rest []*passRequest
		for _, r := range round {
			if len(group) < maxJoint && (len(group) == 0 || sameRows(group[0].o, r.o)) {
				group = append(group, r)
			} else {
				rest = append(rest, r)
			}
		}
		if len(group) == 1 {
			group[0].f = group[0].o.evalAt(group[0].x, group[0].g)
		} else {
			p.evalJoint(group)
		}
		for _, r := range group {
			close(r.done)
		}
		round = rest
	}
}

// sameRows reports whether two objectives are over the same rows.
func sameRows(a, b *objective) bool {
	return a.dim == b.dim && len(a.rows) == len(b.rows) && (len(a.rows) == 0 || &a.rows[0] == &b.rows[0])
}

// evalJoint evaluates the requests, whose objectives share their rows, in
// one pass over the rows on workers goroutines: the chunks of evalAt, each
// summing its models' losses and gradients as evalChunk does, their
// weights and gradients side by side so that a row's features are read
// once; then each model's chunks are added up in chunk order, as evalAt
// does.
func (p *passes) evalJoint(group []*passRequest) {
	jointPasses.Add(1)
	o := group[0].o
	k, dim := len(group), o.dim
	w := make([]float64, k*dim)
	var bias [maxJoint]float64
	var ys [maxJoint][]bool
	for m, r := range group {
		for j, v := range r.x[:dim] {
			w[j*k+m] = v
		}
		bias[m], ys[m] = r.x[dim], r.o.y
		r.o.evals++
	}
	type jointChunk struct {
		grad     []float64 // by feature, then model
		loss, gb [maxJoint]float64
	}
	chunks := make([]jointChunk, len(o.chunks))
	for len(p.grads) < len(chunks) {
		p.grads = append(p.grads, nil)
	}
	_ = parallel.For(len(chunks), p.workers, func(c int) error {
		ch := &chunks[c]
		if cap(p.grads[c]) < k*dim {
			p.grads[c] = make([]float64, k*dim)
		}
		ch.grad = p.grads[c][:k*dim]
		clear(ch.grad)
		ch.loss, ch.gb = o.jointChunk(o.chunks[c].lo, o.chunks[c].hi, k, w, bias, ys, ch.grad)
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
		r.f = penalise(loss, g, r.x[:dim], len(r.o.y), r.o.lambda)
	}
}

// jointChunk sums, for k models (2 or 3) whose weights w are side by side
// (feature j of model m at j*k+m), the losses and the bias gradients of
// rows lo to hi, and adds their feature gradients into grad, laid out as
// w. Each model's sums are made in the order of evalChunk.
func (o *objective) jointChunk(lo, hi, k int, w []float64, bias [maxJoint]float64, ys [maxJoint][]bool, grad []float64) (loss, gb [maxJoint]float64) {
	if k == 2 {
		return o.jointChunk2(lo, hi, w, bias, ys, grad)
	}
	return o.jointChunk3(lo, hi, w, bias, ys, grad)
}

func (o *objective) jointChunk2(lo, hi int, w []float64, bias [maxJoint]float64, ys [maxJoint][]bool, grad []float64) (loss, gb [maxJoint]float64) {
	for i := lo; i < hi; i++ {
		row := o.rows[i]
		z0, z1 := bias[0], bias[1]
		for _, j := range row {
			wj := w[2*int(j) : 2*int(j)+2 : 2*int(j)+2]
			z0 += wj[0]
			z1 += wj[1]
		}
		l0, r0 := rowLoss(z0, ys[0][i])
		l1, r1 := rowLoss(z1, ys[1][i])
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

func (o *objective) jointChunk3(lo, hi int, w []float64, bias [maxJoint]float64, ys [maxJoint][]bool, grad []float64) (loss, gb [maxJoint]float64) {
	for i := lo; i < hi; i++ {
		row := o.rows[i]
		z0, z1, z2 := bias[0], bias[1], bias[2]
		for _, j := range row {
			wj := w[3*int(j) : 3*int(j)+3 : 3*int(j)+3]
			z0 += wj[0]
			z1 += wj[1]
			z2 += wj[2]
		}
		l0, r0 := rowLoss(z0, ys[0][i])
		l1, r1 := rowLoss(z1, ys[1][i])
		l2, r2 := rowLoss(z2, ys[2][i])
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

// rowLoss returns a row's loss, -log p(y | z) = softplus(z) - y z, and its
// derivative sigma(z) - y, from one exponential e = exp(-|z|):
// softplus(z) = max(z, 0) + log1p(e), and sigma(z) is 1/(1+e) for z >= 0,
// e/(1+e) below.
func rowLoss(z float64, y bool) (loss, r float64) {
	e := expNeg(math.Abs(z))
	l := log1pSmall(e)
	sz := 1 / (1 + e) // sigma(|z|)
	if z < 0 {
		sz = e * sz
	}
	if y {
		return max(-z, 0) + l, sz - 1
	}
	return max(z, 0) + l, sz
}
