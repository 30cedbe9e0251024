package logistic

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/internal/cputime"
)

// BenchmarkTrain measures training on the books of one fold of ten of the
// whole corpus (about 220 books, 1.2 million sentences, 20,000 features),
// at one lambda and with lambda chosen among DefaultLambdas. Loading the
// corpus takes a while before the timing starts.
//
//	go test ./classify/logistic -run XXX -bench Train -benchtime 1x
func BenchmarkTrain(b *testing.B) {
	col, feats := labelledFeatures(b, classifytest.FoldZero(b), features.Settings{})
	var err error
	for _, bc := range []struct {
		name string
		tr   Trainer
	}{
		{"lambda=1e-4", Trainer{Lambda: 1e-4}},
		{"chosen", Trainer{}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var m *Model
			for b.Loop() {
				if m, err = trainOne(&bc.tr, col, feats); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(m.Training.Sentences), "sentences")
			b.ReportMetric(float64(m.Training.Iterations), "iterations")
		})
	}
}

// BenchmarkTrainSet measures training one set's three models side by side
// as the pipeline does (Trainer.Train with the default's lambda_tolerance
// 1e-4): the books outside fold 0 of the shared corpus with count and event
// features, labelled by word overlap and by two relabellings of it (every
// 1009th and 997th row's label flipped), on two workers. It reports the
// passes over the rows by the number of models they served, and the rows
// read (passes weighted by their rows, in millions), and the process's CPU
// time per training.
//
//	go test ./classify/logistic -run XXX -bench TrainSet -benchtime 1x -count 5
func BenchmarkTrainSet(b *testing.B) {
	col, feats := labelledFeatures(b, classifytest.FoldZero(b), features.Settings{Counts: true, Events: true})
	tr := &Trainer{SelectTolerance: 1e-4, Workers: 2}
	sets := make([][]*features.Features, 3)
	var err error
	for m, books := range [][]*features.Features{feats, relabel(feats, 53), relabel(feats, 23)} {
		if sets[m], err = tr.check(col, books); err != nil {
			b.Fatal(err)
		}
	}
	var o *objective
	cpu := cputime.Process()
	for b.Loop() {
		o = newObjective(tr.Workers)
		if _, err := tr.trainSorted(o, col, sets); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cputime.Process()-cpu).Seconds()/float64(b.N), "cpu-s/op")
	for k := 1; k <= maxJoint; k++ {
		b.ReportMetric(float64(o.passes[k]), fmt.Sprintf("passes/%d", k))
		b.ReportMetric(float64(o.rowPasses[k])/1e6, fmt.Sprintf("Mrows/%d", k))
	}
}

// BenchmarkObjective measures one evaluation of the objective and its
// gradient on synthetic data of the size of a fold's training set: 1.2
// million rows of 12 features on average out of 20,000, drawn with a
// skew toward low indices, as words are.
func BenchmarkObjective(b *testing.B) {
	d, x := benchRows()
	benchObjective(b, d, x)
}

// benchRows returns synthetic rows of the size of a fold's training set
// (BenchmarkObjective) and a point to evaluate their objective at.
func benchRows() (*dataset, []float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	const rows, dim = 1200000, 20114
	d := &dataset{dim: dim}
	for range rows {
		n := 8 + rng.IntN(9)
		row := make([]int32, 0, n)
		for range n {
			row = append(row, int32(float64(dim)*rng.Float64()*rng.Float64()*rng.Float64()))
		}
		slices.Sort(row)
		d.rows = append(d.rows, row)
		d.y = append(d.y, rng.IntN(200) == 0)
	}
	x := make([]float64, dim+1)
	for j := range x {
		x[j] = 0.1 * rng.NormFloat64()
	}
	x[dim] = -5
	return d, x
}

// benchObjective evaluates the objective of d at x, moved a little each
// time, with one and two workers.
func benchObjective(b *testing.B, d *dataset, x []float64) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			o := newObjective(workers).problem(d, 1e-5)
			for i := 0; b.Loop(); i++ {
				x[0] = float64(i) // a new point each time
				o.Func(x)
			}
			b.ReportMetric(float64(len(d.y)), "rows")
			nnz := 0
			for _, row := range d.rows {
				nnz += len(row)
			}
			b.ReportMetric(float64(nnz)/float64(len(d.y)), "features/row")
		})
	}
}

// BenchmarkObjectiveCorpus measures one evaluation of the objective and
// its gradient on the real rows of one training set (the books outside fold
// 0 of the shared corpus, with the count features the pipeline uses), and
// reports their number and mean features per row.
//
//	go test ./classify/logistic -run XXX -bench ObjectiveCorpus -benchtime 20x
func BenchmarkObjectiveCorpus(b *testing.B) {
	col, feats := labelledFeatures(b, classifytest.FoldZero(b), features.Settings{Counts: true})
	d := newDataset(col.Dim(), feats)
	x := initialPoint(d)
	rng := rand.New(rand.NewPCG(1, 2))
	for j := range d.dim {
		x[j] = 0.1 * rng.NormFloat64()
	}
	benchObjective(b, d, x)
}

// BenchmarkTrainingSetMemory measures what one training key of a pipeline
// holds: the training set of fold 0 of ten (about 220 books) featurized
// under its collection, in bytes per book of live heap after a collection,
// and the peak heap above that while its model is trained with lambda
// chosen on an inner split (sampled every 10 ms, garbage included).
//
//	go test ./classify/logistic -run XXX -bench TrainingSetMemory -benchtime 1x
func BenchmarkTrainingSetMemory(b *testing.B) {
	train := classifytest.FoldZero(b)
	var counts features.Counts
	for _, p := range train {
		if err := counts.Add(p.Book.Stats()); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		before := classifytest.LiveHeap()
		col, err := counts.Collection(features.Settings{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		set := make([]*features.Features, len(train))
		for i, p := range train {
			set[i] = col.Featurize(p.Book)
			set[i].Label = p.Book.Labels(labelledSentences(p))
		}
		held := classifytest.LiveHeap() - before
		stop := classifytest.SampleHeap()
		if _, err := (&Trainer{Seed: 1, Workers: 2}).Train(col, set); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(held)/float64(len(train))/1e6, "MB/book")
		b.ReportMetric(float64(held)/1e6, "set-MB")
		b.ReportMetric(float64(stop()-before)/1e6, "peak-MB")
		b.ReportMetric(float64(len(train)), "books")
	}
}

// labelledSentences returns the document sentences of p's labelled rows.
func labelledSentences(p *classifytest.Pair) []int {
	var out []int
	for i, in := range p.Labels {
		if in {
			out = append(out, int(p.Book.Sentence[i]))
		}
	}
	return out
}

// benchSettings are the features of bookalign run's defaults
// (pipelines.DefaultConfig): count and event features, coverage
// extraction.
var benchSettings = features.Settings{Counts: true, Events: true, Coverage: true, CoverageBigram: 3, CoveragePrior: 0.03, CoverageMinWords: 15}

// BenchmarkCoverage measures the coverage model (Settings.Coverage) on the
// books of one fold of ten of the whole corpus: its fit to their cells,
// featurizing a book with its cells, and preparing and extracting a
// summary. Loading the corpus takes a while before the timing starts.
//
//	go test ./classify/logistic -run XXX -bench Coverage -benchtime 3x
func BenchmarkCoverage(b *testing.B) {
	train := classifytest.FoldZero(b)
	for _, p := range train {
		p.Book.SetReference(p.Summary)
	}
	set := benchSettings
	col, feats := labelledFeatures(b, train, set)
	b.Run("fit", func(b *testing.B) {
		var m *coverage.Model
		var err error
		for b.Loop() {
			if m, err = fitCoverage(feats); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(m.Cells), "cells")
		b.ReportMetric(float64(m.Iterations), "iterations")
	})
	m, err := trainOne(&Trainer{Lambda: 1e-4}, col, feats)
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range classifytest.BenchBooks {
		p := classifytest.SharedPair(b, id)
		p.Book.SetReference(p.Summary)
		b.Run("featurize/"+id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				col.Featurize(p.Book)
			}
		})
		b.Run("extract/"+id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m.CoverageBook(p.Book, nil).Extract(extract.DefaultBudget, m.CoverageOptions())
			}
		})
	}
}
