package classify

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"testing"
	"time"

	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/internal/cputime"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/rouge"
)

// BenchmarkNewBook measures preparing a parsed book.
func BenchmarkNewBook(b *testing.B) {
	for _, id := range benchBooks {
		p := benchPair(b, id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				NewBook(id, p.doc)
			}
		})
	}
}

// BenchmarkFeaturize measures featurizing a book against a collection of
// 20 books with the paper's settings.
func BenchmarkFeaturize(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := loadCorpus(b, dir, smallCorpus(b, dir, 20))
	var c Counts
	for _, p := range pairs {
		c.Add(p.book.Stats())
	}
	col, err := c.Collection(Settings{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range benchBooks {
		p := benchPair(b, id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				col.Featurize(p.book)
			}
		})
	}
}

// BenchmarkTrain measures training on the books of one fold of ten of the
// whole corpus (about 220 books, 1.2 million sentences, 20,000 features),
// at one lambda and with lambda chosen among DefaultLambdas. Loading the
// corpus takes a while before the timing starts.
//
//	go test ./classify/ -run XXX -bench Train -benchtime 1x
func BenchmarkTrain(b *testing.B) {
	col, feats := labelledFeatures(b, foldZero(b), Settings{})
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
//	go test ./classify/ -run XXX -bench TrainSet -benchtime 1x -count 5
func BenchmarkTrainSet(b *testing.B) {
	col, feats := labelledFeatures(b, foldZero(b), Settings{Counts: true, Events: true})
	tr := &Trainer{SelectTolerance: 1e-4, Workers: 2}
	sets := make([][]*Features, 3)
	var err error
	for m, books := range [][]*Features{feats, relabel(feats, 53), relabel(feats, 23)} {
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

// BenchmarkOracle measures the greedy oracle summary of a book.
func BenchmarkOracle(b *testing.B) {
	for _, id := range benchBooks {
		p := benchPair(b, id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Oracle(p.doc, p.book, p.summary, &rouge.Scorer{Stem: true}, DefaultBudget); err != nil {
					b.Fatal(err)
				}
			}
		})
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
//	go test ./classify/ -run XXX -bench ObjectiveCorpus -benchtime 20x
func BenchmarkObjectiveCorpus(b *testing.B) {
	col, feats := labelledFeatures(b, foldZero(b), Settings{Counts: true})
	d := newDataset(col.Dim(), feats)
	x := initialPoint(d)
	rng := rand.New(rand.NewPCG(1, 2))
	for j := range d.dim {
		x[j] = 0.1 * rng.NormFloat64()
	}
	benchObjective(b, d, x)
}

// BenchmarkBookBinary measures the binary form of every corpus book, what
// crosses a pipeline's shuffles in place of the text: its mean and largest
// size, the mean size of the text it replaces, and the time to decode a
// book of median size.
//
//	go test ./classify/ -run XXX -bench BookBinary -benchtime 10x
func BenchmarkBookBinary(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := loadCorpus(b, dir, corpusIDs(b, dir))
	var total, largest, textBytes int
	for _, p := range pairs {
		data, err := p.book.MarshalBinary()
		if err != nil {
			b.Fatal(err)
		}
		total, largest = total+len(data), max(largest, len(data))
		textBytes += len(p.doc.Text)
	}
	median, err := benchPair(b, "tarzan-of-the-apes").book.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		var got Book
		if err := got.UnmarshalBinary(median); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(total)/float64(len(pairs)), "bytes/book")
	b.ReportMetric(float64(largest), "max-bytes")
	b.ReportMetric(float64(textBytes)/float64(len(pairs)), "text-bytes/book")
}

// BenchmarkTrainingSetMemory measures what one training key of a pipeline
// holds: the training set of fold 0 of ten (about 220 books) featurized
// under its collection, in bytes per book of live heap after a collection,
// and the peak heap above that while its model is trained with lambda
// chosen on an inner split (sampled every 10 ms, garbage included).
//
//	go test ./classify/ -run XXX -bench TrainingSetMemory -benchtime 1x
func BenchmarkTrainingSetMemory(b *testing.B) {
	train := foldZero(b)
	var counts Counts
	for _, p := range train {
		if err := counts.Add(p.book.Stats()); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		before := liveHeap()
		col, err := counts.Collection(Settings{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		set := make([]*Features, len(train))
		for i, p := range train {
			set[i] = col.Featurize(p.book)
			set[i].Label = p.book.Labels(labelledSentences(p))
		}
		held := liveHeap() - before
		stop := sampleHeap()
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
func labelledSentences(p *corpusPair) []int {
	var out []int
	for i, in := range p.labels {
		if in {
			out = append(out, int(p.book.Sentence[i]))
		}
	}
	return out
}

// liveHeap returns the bytes of live heap objects after a garbage collection.
func liveHeap() uint64 {
	runtime.GC()
	return heapObjects()
}

// heapObjects returns the bytes of heap objects, live or not yet collected.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// sampleHeap samples heapObjects every 10 ms until the function it returns
// is called, which returns the largest sample.
func sampleHeap() (stop func() uint64) {
	done, peak := make(chan struct{}), make(chan uint64)
	go func() {
		most := heapObjects()
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				most = max(most, heapObjects())
			case <-done:
				peak <- max(most, heapObjects())
				return
			}
		}
	}()
	return func() uint64 { close(done); return <-peak }
}

// pipelineCounts returns the statistics of pairs as a pipeline gathers
// them, with their summaries as references: the bigrams of fewer than
// coverage.MinBigramBooks books dropped from each book's before they are
// added up, and the books' bigram counts that say which.
func pipelineCounts(tb testing.TB, pairs []*corpusPair) (*Counts, *coverage.BigramBooks) {
	tb.Helper()
	var counts Counts
	var bigrams coverage.BigramBooks
	stats := make([]*Stats, len(pairs))
	for i, p := range pairs {
		p.book.SetReference(p.summary)
		stats[i] = p.book.Stats()
		bigrams.Add(stats[i].Terms.Bigrams)
	}
	frequent := bigrams.Frequent(coverage.MinBigramBooks)
	for _, st := range stats {
		st.Terms.KeepBigrams(frequent)
		if err := counts.Add(st); err != nil {
			tb.Fatal(err)
		}
	}
	return &counts, &bigrams
}

// BenchmarkFeaturesBinary measures what a training set receives of each of
// its books in a pipeline: the book featurized under the collection of all
// books, in its binary form (bytes/book, against the Book's own binary
// form), the live heap of that collection (collection-MB), which a
// featurizing worker holds once per training set, and the set's statistics
// as the fold split writes them (counts-MB) with the bigrams they keep.
//
//	go test ./classify/ -run XXX -bench FeaturesBinary -benchtime 1x
func BenchmarkFeaturesBinary(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := loadCorpus(b, dir, corpusIDs(b, dir))
	counts, bigrams := pipelineCounts(b, pairs)
	bigramData, err := bigrams.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	countsData, err := counts.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	before := liveHeap()
	col, err := counts.Collection(benchSettings, nil)
	if err != nil {
		b.Fatal(err)
	}
	col.wordIndex()
	colBytes := int64(liveHeap()) - int64(before)
	runtime.KeepAlive(counts) // its garbage is not the collection's size
	var total, bookTotal, largest int
	for b.Loop() {
		total, bookTotal, largest = 0, 0, 0
		for _, p := range pairs {
			f := col.Featurize(p.book)
			f.Label = p.labels
			data, err := f.MarshalBinary()
			if err != nil {
				b.Fatal(err)
			}
			book, err := p.book.MarshalBinary()
			if err != nil {
				b.Fatal(err)
			}
			total, bookTotal, largest = total+len(data), bookTotal+len(book), max(largest, len(data))
		}
	}
	b.ReportMetric(float64(total)/float64(len(pairs)), "bytes/book")
	b.ReportMetric(float64(largest), "max-bytes")
	b.ReportMetric(float64(bookTotal)/float64(len(pairs)), "book-bytes/book")
	b.ReportMetric(float64(colBytes)/1e6, "collection-MB")
	b.ReportMetric(float64(len(col.DF)), "df-words")
	b.ReportMetric(float64(len(countsData))/1e6, "counts-MB")
	b.ReportMetric(float64(len(col.Coverage.Bigrams.Keys)), "bigrams")
	b.ReportMetric(float64(bigrams.Len()), "distinct-bigrams")
	b.ReportMetric(float64(len(bigramData))/1e6, "bigram-books-MB")
	runtime.KeepAlive(col)
}

// benchSettings are the features of bookalign run's defaults
// (pipelines.DefaultConfig): count and event features, coverage
// extraction.
var benchSettings = Settings{Counts: true, Events: true, Coverage: true, CoverageBigram: 3, CoveragePrior: 0.03, CoverageMinWords: 15}

// BenchmarkCoverage measures the coverage model (Settings.Coverage) on the
// books of one fold of ten of the whole corpus: its fit to their cells,
// featurizing a book with its cells, and preparing and extracting a
// summary. Loading the corpus takes a while before the timing starts.
//
//	go test ./classify/ -run XXX -bench Coverage -benchtime 3x
func BenchmarkCoverage(b *testing.B) {
	train := foldZero(b)
	for _, p := range train {
		p.book.SetReference(p.summary)
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
	for _, id := range benchBooks {
		p := benchPair(b, id)
		p.book.SetReference(p.summary)
		b.Run("featurize/"+id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				col.Featurize(p.book)
			}
		})
		b.Run("extract/"+id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				m.CoverageBook(p.book, nil).Extract(DefaultBudget, m.CoverageOptions())
			}
		})
	}
}

// BenchmarkFeaturizeSets measures featurizing every training book under
// each of its training sets, as the pipeline's FeaturizeSets stage does:
// 60 books of the corpus in 10 folds, each fold's set and the set of all
// books, the default's features (benchSettings) and ROUGE's stopwords for
// the bigrams left out. "each" looks a book's words, terms and bigrams up
// in each set's tables (Collection.FeaturizeGrams); "indexed" once for all
// its sets (SetsIndex), the index's building included; its cpu-s/op is
// the process's CPU time, GC included.
//
//	go test ./classify/ -run XXX -bench FeaturizeSets -benchtime 3x
func BenchmarkFeaturizeSets(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := loadCorpus(b, dir, corpusIDs(b, dir)[:60])
	stop := []string{"a", "an", "and", "in", "of", "the", "to"}
	const folds = 10
	sets := make([][]int, len(pairs)) // the sets of each book: the other folds' and all books' (folds)
	var cols []*Collection
	for set := range folds + 1 {
		var c Counts
		for i, p := range pairs {
			if i%folds != set {
				p.book.SetReference(p.summary)
				if err := c.Add(p.book.Stats()); err != nil {
					b.Fatal(err)
				}
				sets[i] = append(sets[i], set)
			}
		}
		col, err := c.Collection(benchSettings, stop)
		if err != nil {
			b.Fatal(err)
		}
		col.wordIndex()
		cols = append(cols, col)
	}
	grams := make([]*coverage.Grams, len(pairs))
	for i, p := range pairs {
		grams[i] = coverage.NewGrams(&p.book.Terms, stop)
	}
	b.Run("each", func(b *testing.B) {
		for b.Loop() {
			for i, p := range pairs {
				for _, set := range sets[i] {
					cols[set].FeaturizeGrams(p.book, grams[i])
				}
			}
		}
	})
	b.Run("indexed", func(b *testing.B) {
		start := cputime.Process()
		for b.Loop() {
			x := NewSetsIndex(cols)
			for i, p := range pairs {
				places := x.Place(p.book, grams[i])
				for _, set := range sets[i] {
					x.FeaturizeGrams(set, p.book, places)
				}
			}
		}
		b.ReportMetric((cputime.Process()-start).Seconds()/float64(b.N), "cpu-s/op")
	})
}

// BenchmarkCollectionBuild measures building a training set's collection
// from its encoded counts, as each featurizing process and each training
// element does: the books outside fold 0 of the shared corpus, their
// bigrams kept as a pipeline keeps them (those of MinBigramBooks books of
// the corpus), the default's features (benchSettings) and ROUGE's
// stopwords; the word table featurizing reads made too. cpu-s/op is the
// process's CPU time, GC included.
//
//	go test ./classify/ -run XXX -bench CollectionBuild -benchtime 5x
func BenchmarkCollectionBuild(b *testing.B) {
	c, _ := pipelineCounts(b, foldZero(b))
	data, err := c.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	stop := []string{"a", "an", "and", "in", "of", "the", "to"}
	b.ResetTimer()
	start := cputime.Process()
	for b.Loop() {
		col, err := DecodeCollection(data, benchSettings, stop)
		if err != nil {
			b.Fatal(err)
		}
		col.wordIndex()
	}
	b.ReportMetric((cputime.Process()-start).Seconds()/float64(b.N), "cpu-s/op")
}
