package features

import (
	"runtime"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/internal/cputime"
	"github.com/bookalign/bookalign/internal/sharedtest"
)

// BenchmarkFeaturize measures featurizing a book against a collection of
// 20 books with the paper's settings.
func BenchmarkFeaturize(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := classifytest.LoadCorpus(b, dir, classifytest.SmallCorpus(b, dir, 20))
	var c Counts
	for _, p := range pairs {
		c.Add(p.Book.Stats())
	}
	col, err := c.Collection(Settings{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range classifytest.BenchBooks {
		p := classifytest.SharedPair(b, id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				col.Featurize(p.Book)
			}
		})
	}
}

// pipelineCounts returns the statistics of pairs as a pipeline gathers
// them, with their summaries as references: the bigrams of fewer than
// coverage.MinBigramBooks books dropped from each book's before they are
// added up, and the books' bigram counts that say which.
func pipelineCounts(tb testing.TB, pairs []*classifytest.Pair) (*Counts, *coverage.BigramBooks) {
	tb.Helper()
	var counts Counts
	var bigrams coverage.BigramBooks
	stats := make([]*classify.Stats, len(pairs))
	for i, p := range pairs {
		p.Book.SetReference(p.Summary)
		stats[i] = p.Book.Stats()
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
//	go test ./classify/features -run XXX -bench FeaturesBinary -benchtime 1x
func BenchmarkFeaturesBinary(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := classifytest.LoadCorpus(b, dir, classifytest.CorpusIDs(b, dir))
	counts, bigrams := pipelineCounts(b, pairs)
	bigramData, err := bigrams.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	countsData, err := counts.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	before := classifytest.LiveHeap()
	col, err := counts.Collection(benchSettings, nil)
	if err != nil {
		b.Fatal(err)
	}
	col.wordIndex()
	colBytes := int64(classifytest.LiveHeap()) - int64(before)
	runtime.KeepAlive(counts) // its garbage is not the collection's size
	var total, bookTotal, largest int
	for b.Loop() {
		total, bookTotal, largest = 0, 0, 0
		for _, p := range pairs {
			f := col.Featurize(p.Book)
			f.Label = p.Labels
			data, err := f.MarshalBinary()
			if err != nil {
				b.Fatal(err)
			}
			book, err := p.Book.MarshalBinary()
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

// BenchmarkFeaturizeSets measures featurizing every training book under
// each of its training sets, as the pipeline's FeaturizeSets stage does:
// 60 books of the corpus in 10 folds, each fold's set and the set of all
// books, the default's features (benchSettings) and ROUGE's stopwords for
// the bigrams left out. "each" looks a book's words, terms and bigrams up
// in each set's tables (Collection.FeaturizeGrams); "indexed" once for all
// its sets (SetsIndex), the index's building included; its cpu-s/op is
// the process's CPU time, GC included.
//
//	go test ./classify/features -run XXX -bench FeaturizeSets -benchtime 3x
func BenchmarkFeaturizeSets(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := classifytest.LoadCorpus(b, dir, classifytest.CorpusIDs(b, dir)[:60])
	stop := []string{"a", "an", "and", "in", "of", "the", "to"}
	const folds = 10
	sets := make([][]int, len(pairs)) // the sets of each book: the other folds' and all books' (folds)
	var cols []*Collection
	for set := range folds + 1 {
		var c Counts
		for i, p := range pairs {
			if i%folds != set {
				p.Book.SetReference(p.Summary)
				if err := c.Add(p.Book.Stats()); err != nil {
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
		grams[i] = coverage.NewGrams(&p.Book.Terms, stop)
	}
	b.Run("each", func(b *testing.B) {
		for b.Loop() {
			for i, p := range pairs {
				for _, set := range sets[i] {
					cols[set].FeaturizeGrams(p.Book, grams[i])
				}
			}
		}
	})
	b.Run("indexed", func(b *testing.B) {
		start := cputime.Process()
		for b.Loop() {
			x := NewSetsIndex(cols)
			for i, p := range pairs {
				places := x.Place(p.Book, grams[i])
				for _, set := range sets[i] {
					x.FeaturizeGrams(set, p.Book, places)
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
//	go test ./classify/features -run XXX -bench CollectionBuild -benchtime 5x
func BenchmarkCollectionBuild(b *testing.B) {
	c, _ := pipelineCounts(b, classifytest.FoldZero(b))
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

// benchSettings are the features of bookalign run's defaults
// (pipelines.DefaultConfig): count and event features, coverage
// extraction.
var benchSettings = Settings{Counts: true, Events: true, Coverage: true, CoverageBigram: 3, CoveragePrior: 0.03, CoverageMinWords: 15}
