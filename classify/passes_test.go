package classify

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// relabel returns copies of books sharing their features, with the label
// of every k-th row flipped: the same rows labelled by another method.
func relabel(books []*Features, k int) []*Features {
	out := make([]*Features, len(books))
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

// TestTrainEach checks that the models fitted side by side, sharing their
// passes over rows of several chunks, are those fitted alone, to the bit,
// with lambda chosen (the methods stop their paths at different lambdas
// and iterations) and fixed.
func TestTrainEach(t *testing.T) {
	const dim = 8
	w := []float64{2, -1.5, 1, -0.5, 0, 0.75, -2, 1.25}
	books := synthetic(21, 30, 2500, dim, 0.3, w, -2, false) // 75,000 rows: 3 chunks
	c := syntheticCollection(dim)
	sets := [][]*Features{books, relabel(books, 7), relabel(books, 3)}
	for _, tr := range []*Trainer{{Seed: 3, Workers: 2}, {Lambda: 1e-3, Workers: 2}} {
		before := jointPasses.Load()
		models, err := tr.TrainEach(c, sets)
		if err != nil {
			t.Fatal(err)
		}
		if jointPasses.Load() == before {
			t.Errorf("lambda %v: no pass was shared", tr.Lambda)
		}
		for m, set := range sets {
			alone, err := tr.Train(c, set)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(models[m], alone) {
				t.Errorf("lambda %v, set %d: side by side %+v (bias %v), alone %+v (bias %v)", tr.Lambda, m, models[m].Training, models[m].Bias, alone.Training, alone.Bias)
			}
		}
		if models[0].Bias == models[2].Bias {
			t.Errorf("lambda %v: sets 0 and 2 gave the same model", tr.Lambda)
		}
	}

	other := synthetic(22, 30, 2500, dim, 0.3, w, -2, false)
	if _, err := (&Trainer{Lambda: 1e-3}).TrainEach(c, [][]*Features{books, other}); !errors.Is(err, ErrDifferentBooks) {
		t.Errorf("different features: error %v, want ErrDifferentBooks", err)
	}
}

// TestPassesRounds checks that fits that join and leave at different
// times all get their evaluations, and the values of their objectives
// alone.
func TestPassesRounds(t *testing.T) {
	const dim = 8
	w := []float64{1, -1, 0.5, 0, 0, 0.25, -1, 0.5}
	books := synthetic(5, 4, 300, dim, 0.4, w, -1, false)
	d := newDataset(dim, books)
	p := &passes{workers: 2}
	done := make(chan [2]float64)
	for m := range 3 {
		go func() {
			o := newObjective(d, 1e-3*float64(m+1), 1)
			alone := newObjective(d, 1e-3*float64(m+1), 1)
			x := initialPoint(d)
			p.join()
			var got, want float64
			for i := range 5 + 4*m { // the fits end one after another
				x[i%dim] += 0.1
				g := make([]float64, dim+1)
				got += p.eval(o, x, g)
				want += alone.evalAt(x, make([]float64, dim+1))
			}
			p.leave()
			done <- [2]float64{got, want}
		}()
	}
	for range 3 {
		if r := <-done; r[0] != r[1] {
			t.Errorf("shared evaluations sum to %v, alone %v", r[0], r[1])
		}
	}
}

// BenchmarkPasses measures one shared pass over the rows of
// BenchmarkObjective for the fits of 1, 2 and 3 models (one training set
// labelled by each alignment method), with two workers.
//
//	go test ./classify/ -run XXX -bench Passes -count 5
func BenchmarkPasses(b *testing.B) {
	d, x := benchRows()
	for k := 1; k <= 3; k++ {
		b.Run(fmt.Sprintf("models=%d", k), func(b *testing.B) {
			p := &passes{workers: 2}
			group := make([]*passRequest, k)
			for m := range group {
				o := newObjective(d, 1e-5, 2)
				group[m] = &passRequest{o: o, x: slices.Clone(x), g: make([]float64, d.dim+1)}
			}
			for i := 0; b.Loop(); i++ {
				for _, r := range group {
					r.x[0] = float64(i) // a new point each time
					r.done = make(chan struct{})
				}
				p.run(slices.Clone(group))
			}
		})
	}
}
