package logistic

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/internal/cputime"
)

// relabel returns copies of books sharing their features, with the label
// of every k-th row flipped: the same rows labelled by another method.
func relabel(books []*features.Features, k int) []*features.Features {
	out := make([]*features.Features, len(books))
	for b, f := range books {
		g := *f
		g.Label = slices.Clone(f.Label)
		for i := b % k; i < len(g.Label); i += k {
			g.Label[i] = !g.Label[i]
		}
		out[b] = &g
	}
	return out
}

// TestTrainSideBySide checks that the models fitted side by side, sharing
// their passes over rows of several chunks, are those fitted alone, to the
// bit, with lambda chosen (the methods stop their paths at different
// lambdas and iterations) and fixed, and with more sets than one pass
// takes (maxJoint).
func TestTrainSideBySide(t *testing.T) {
	const dim = 8
	w := []float64{2, -1.5, 1, -0.5, 0, 0.75, -2, 1.25}
	books := synthetic(21, 30, 2500, dim, 0.3, w, -2, false) // 75,000 rows: 3 chunks
	c := syntheticCollection(dim, books)
	sets := [][]*features.Features{books, relabel(books, 7), relabel(books, 3), relabel(books, 5)}
	for _, tr := range []*Trainer{{Seed: 3, Workers: 2}, {Lambda: 1e-3, Workers: 2}} {
		o := newObjective(tr.Workers)
		models, err := tr.trainSorted(o, c, sets)
		if err != nil {
			t.Fatal(err)
		}
		if o.passes[2]+o.passes[3] == 0 {
			t.Errorf("lambda %v: no pass was shared", tr.Lambda)
		}
		if o.mixed != 0 { // every lambda chosen before any final fit
			t.Errorf("lambda %v: %d rounds asked for passes on the inner split's rows and on all rows", tr.Lambda, o.mixed)
		}
		together, err := tr.Train(c, sets...)
		if err != nil {
			t.Fatal(err)
		}
		for m, set := range sets {
			alone, err := trainOne(tr, c, set)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(models[m], alone) || !reflect.DeepEqual(together[m], alone) {
				t.Errorf("lambda %v, set %d: side by side %+v (bias %v), alone %+v (bias %v)", tr.Lambda, m, models[m].Training, models[m].Bias, alone.Training, alone.Bias)
			}
		}
		if models[0].Bias == models[2].Bias {
			t.Errorf("lambda %v: sets 0 and 2 gave the same model", tr.Lambda)
		}
	}

	other := synthetic(22, 30, 2500, dim, 0.3, w, -2, false)
	if _, err := (&Trainer{Lambda: 1e-3}).Train(c, books, other); !errors.Is(err, ErrDifferentBooks) {
		t.Errorf("different features: error %v, want ErrDifferentBooks", err)
	}
	if _, err := (&Trainer{Lambda: 1e-3}).Train(c); !errors.Is(err, ErrNoBooks) {
		t.Errorf("no set: error %v, want ErrNoBooks", err)
	}
}

// TestObjectiveRounds checks that fits that join and leave at different
// times all get their evaluations, and the values of their problems
// alone, more models than one pass takes included.
func TestObjectiveRounds(t *testing.T) {
	const dim = 8
	w := []float64{1, -1, 0.5, 0, 0, 0.25, -1, 0.5}
	books := synthetic(5, 4, 300, dim, 0.4, w, -1, false)
	d := newDataset(dim, books)
	o := newObjective(2)
	const fits = maxJoint + 1
	done := make(chan [2]float64)
	for m := range fits {
		go func() {
			p := o.problem(d, 1e-3*float64(m+1))
			alone := newObjective(1).problem(d, 1e-3*float64(m+1))
			x := initialPoint(d)
			o.join()
			var got, want float64
			for i := range 5 + 4*m { // the fits end one after another
				x[i%dim] += 0.1
				got += p.Func(x)
				want += alone.Func(x)
			}
			o.leave()
			done <- [2]float64{got, want}
		}()
	}
	for range fits {
		if r := <-done; r[0] != r[1] {
			t.Errorf("shared evaluations sum to %v, alone %v", r[0], r[1])
		}
	}
}

// BenchmarkPasses measures one shared pass over the rows of
// BenchmarkObjective for the fits of 1, 2 and 3 models (one training set
// labelled by each alignment method), with two workers, at a point whose
// logits spread as a fitted model's do (fold 0's word-overlap model: 37% of
// the rows below z = -6.9, where log1pSmall changes its way; median -6.5,
// tenth and ninetieth percentiles -8.0 and -4.6). It reports the process's
// CPU time per pass, the measure that holds on a machine shared with other
// jobs.
//
//	go test ./classify/logistic -run XXX -bench Passes -count 5
func BenchmarkPasses(b *testing.B) {
	d, x := benchRows()
	rng := rand.New(rand.NewPCG(3, 4))
	for j := range d.dim {
		x[j] = 0.38 * rng.NormFloat64()
	}
	x[d.dim] = -6.5
	for k := 1; k <= maxJoint; k++ {
		b.Run(fmt.Sprintf("models=%d", k), func(b *testing.B) {
			o := newObjective(2)
			group := make([]*request, k)
			for m := range group {
				group[m] = &request{p: o.problem(d, 1e-5), x: slices.Clone(x), g: make([]float64, d.dim+1)}
			}
			cpu := cputime.Process()
			for i := 0; b.Loop(); i++ {
				for _, r := range group {
					r.x[0] = float64(i) // a new point each time
					r.done = make(chan struct{})
				}
				o.run(slices.Clone(group))
			}
			b.ReportMetric(float64((cputime.Process()-cpu).Microseconds())/1e3/float64(b.N), "cpu-ms/op")
		})
	}
}

// TestContinueFrom checks that a problem continued from another's last
// point gives there, without a pass, the value and gradient to the bit of a
// pass at its own lambda, and that it evaluates as usual when the other
// problem is on other rows or evaluated nothing.
func TestContinueFrom(t *testing.T) {
	const dim = 8
	w := []float64{1, -1, 0.5, 0, 0, 0.25, -1, 0.5}
	books := synthetic(5, 4, 300, dim, 0.4, w, -1, false)
	d, other := newDataset(dim, books), newDataset(dim, books[1:])
	flipped := &dataset{dim: dim, rows: d.rows, y: slices.Clone(d.y)}
	flipped.y[0] = !flipped.y[0]
	x := initialPoint(d)
	for j := range dim {
		x[j] = 0.1 * float64(j-3)
	}
	o := newObjective(2)
	prev := o.problem(d, 1e-3)
	prev.Func(x)
	for _, tc := range []struct {
		name  string
		prev  *problem
		data  *dataset
		evals int
	}{
		{"same rows", prev, d, 0},
		{"other rows", prev, other, 1},
		{"other labels", prev, flipped, 1},
		{"nothing evaluated", o.problem(d, 1e-3), d, 1},
	} {
		p := o.problem(tc.data, 1e-5)
		p.continueFrom(tc.prev)
		fresh := o.problem(tc.data, 1e-5)
		g, want := make([]float64, dim+1), make([]float64, dim+1)
		f := p.Func(x)
		p.Grad(g, x)
		wantF := fresh.Func(x)
		fresh.Grad(want, x)
		if f != wantF || !slices.Equal(g, want) || p.evals != tc.evals {
			t.Errorf("%s: f %v, gradient %v after %d passes; want %v, %v after %d", tc.name, f, g, p.evals, wantF, want, tc.evals)
		}
	}
}

// TestPassRowByRow checks a pass of 1 to maxJoint models, to the bit,
// against each model's sums made row by row in row order within each chunk
// and the chunks added in order, with rows of every length (none included),
// many rows repeated, chunks, blocks and ranges of features ending mid-way
// (reduceFeatures), and logits on both
// sides of log1pSmall's switch (e = 1e-3, z about -6.9) and of 0.
func TestPassRowByRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	const dim = 2*reduceFeatures + 40
	n := 2*chunkRows + 3*blockRows + 17
	d := &dataset{dim: dim}
	for i := range n {
		if i > 0 && rng.IntN(3) == 0 { // a repeated row
			d.rows = append(d.rows, d.rows[rng.IntN(i)])
			continue
		}
		row := make([]int32, rng.IntN(9))
		for k := range row {
			row[k] = int32(rng.IntN(dim))
		}
		d.rows = append(d.rows, row)
	}
	labels := make([][]bool, maxJoint)
	for m := range labels {
		for range n {
			labels[m] = append(labels[m], rng.IntN(5) == 0)
		}
	}
	for k := 1; k <= maxJoint; k++ {
		o := newObjective(2)
		group := make([]*request, k)
		for m := range group {
			x := make([]float64, dim+1)
			for j := range x {
				x[j] = 2 * rng.NormFloat64()
			}
			x[dim] = -3 - float64(m)
			data := &dataset{dim: dim, rows: d.rows, y: labels[m]}
			group[m] = &request{p: o.problem(data, 1e-3), x: x, g: make([]float64, dim+1), done: make(chan struct{})}
		}
		o.run(slices.Clone(group))
		for m, r := range group {
			g := make([]float64, dim+1)
			f := rowByRow(r.p, r.x, g)
			if r.f != f || !slices.Equal(r.g, g) {
				t.Errorf("%d models, model %d: f %v, gradient %v; row by row %v, %v", k, m, r.f, r.g[:4], f, g[:4])
			}
		}
	}
}

// rowByRow evaluates p at x alone, the gradient into g, as the objective
// defines it: row by row within each chunk, the chunks' sums added in order.
func rowByRow(p *problem, x, g []float64) float64 {
	w, b := x[:p.dim], x[p.dim]
	loss := 0.0
	cg := make([]float64, p.dim+1)
	for lo := 0; lo < len(p.rows); lo += chunkRows {
		clear(cg)
		cl := 0.0
		for i := lo; i < min(lo+chunkRows, len(p.rows)); i++ {
			z := b
			for _, j := range p.rows[i] {
				z += w[j]
			}
			r := []float64{z}
			cl, cg[p.dim] = rowLosses(r, p.y[i:], make([]float64, 1), make([]float64, 1), cl, cg[p.dim])
			for _, j := range p.rows[i] {
				cg[j] += r[0]
			}
		}
		loss += cl
		for j := range g {
			g[j] += cg[j]
		}
	}
	return penalise(loss, g, w, len(p.y), p.lambda)
}
