// Package classifytest holds what the tests of the summarizer's packages
// share: two small books (Carol, Home), the books of testcorpus.Good with
// their summaries (CoverageBooks), the shared corpus read and labelled by a
// stand-in alignment (LoadCorpus, OverlapLabels), and one training set of
// it, the books outside fold 0 (FoldZero). Only tests import it.
package classifytest

import (
	"bufio"
	"os"
	"runtime"
	"runtime/metrics"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/text"
	"golang.org/x/sync/errgroup"
)

// Carol is a small book: two headings and four Prose sentences.
const Carol = "CHAPTER I.\n\nOld Marley was dead. Scrooge knew it, and Scrooge said so to Bob Cratchit.\n\n" +
	"CHAPTER II.\n\nThe ghost came at night. \"Marley!\" cried Scrooge.\n"

// Home is a second small book, sharing "scrooge" and "night" with Carol.
const Home = "Scrooge went Home. The night was cold.\n"

// Parse parses raw as a book file and prepares it as the Book id.
func Parse(tb testing.TB, id, raw string) (*text.Document, *classify.Book) {
	tb.Helper()
	doc, err := text.ParseBook(raw)
	if err != nil {
		tb.Fatal(err)
	}
	return doc, classify.NewBook(id, doc)
}

// Pair is one book of the shared corpus, prepared as a pipeline
// would: parsed, made into a classify.Book, and labelled by a stand-in alignment.
type Pair struct {
	ID      string
	Doc     *text.Document
	Book    *classify.Book
	Summary string
	Labels  []bool
}

// CorpusIDs returns the ids of pairs.tsv, in file order.
func CorpusIDs(tb testing.TB, dir string) []string {
	tb.Helper()
	f, err := os.Open(corpus.Layout{Dir: dir}.Pairs())
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		id, _, _ := strings.Cut(sc.Text(), "\t")
		if id != "" && id != "id" {
			ids = append(ids, id)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return ids
}

// LoadCorpus reads and prepares the given pairs of the shared corpus, in
// parallel.
func LoadCorpus(tb testing.TB, dir string, ids []string) []*Pair {
	tb.Helper()
	out := make([]*Pair, len(ids))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range ids {
		g.Go(func() (err error) {
			out[i], err = LoadPair(dir, ids[i])
			return err
		})
	}
	if err := g.Wait(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// LoadPair reads and prepares the pair id of the corpus dir.
func LoadPair(dir, id string) (*Pair, error) {
	raw, err := os.ReadFile(corpus.Layout{Dir: dir}.Book(id))
	if err != nil {
		return nil, err
	}
	sum, err := os.ReadFile(corpus.Layout{Dir: dir}.Summary(id))
	if err != nil {
		return nil, err
	}
	doc, err := text.ParseBook(string(raw))
	if err != nil {
		return nil, err
	}
	sdoc, err := text.ParseSummary(string(sum))
	if err != nil {
		return nil, err
	}
	p := &Pair{ID: id, Doc: doc, Book: classify.NewBook(id, doc), Summary: string(sum)}
	p.Labels = p.Book.Labels(OverlapLabels(p.Book, sdoc))
	return p, nil
}

// OverlapLabels is a stand-in for an aligner: for each summary sentence,
// the book row sharing the most distinct non-stopword words with it (the
// first on ties), as a document sentence index.
func OverlapLabels(b *classify.Book, summary *text.Document) []int {
	local := make(map[string]int32, len(b.Words))
	for k, w := range b.Words {
		if !text.IsStopword(w) {
			local[w] = int32(k)
		}
	}
	post := make([][]int32, len(b.Words)) // rows of each word
	for i := range b.Rows() {
		words, _ := b.Row(i)
		for _, k := range words {
			post[k] = append(post[k], int32(i))
		}
	}
	overlap := make([]int32, b.Rows())
	var out []int
	for si := range summary.Sentences {
		clear(overlap)
		seen := map[int32]bool{}
		for _, t := range summary.Tokens(si) {
			k, ok := local[t.Lower]
			if !ok || seen[k] {
				continue
			}
			seen[k] = true
			for _, r := range post[k] {
				overlap[r]++
			}
		}
		best, bestN := -1, int32(0)
		for r, n := range overlap {
			if n > bestN {
				best, bestN = r, n
			}
		}
		if best >= 0 {
			out = append(out, int(b.Sentence[best]))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// SmallCorpus returns the ids of about n books of the shared corpus, spread
// over it by size but small enough for a unit test.
func SmallCorpus(tb testing.TB, dir string, n int) []string {
	tb.Helper()
	ids := CorpusIDs(tb, dir)
	type sized struct {
		id   string
		size int64
	}
	var ss []sized
	for _, id := range ids {
		fi, err := os.Stat(corpus.Layout{Dir: dir}.Book(id))
		if err != nil {
			tb.Fatal(err)
		}
		ss = append(ss, sized{id, fi.Size()})
	}
	slices.SortFunc(ss, func(a, b sized) int { return int(a.size - b.size) })
	// The smaller half, every k-th.
	half := ss[:len(ss)/2]
	step := max(len(half)/n, 1)
	var out []string
	for i := 0; i < len(half) && len(out) < n; i += step {
		out = append(out, half[i].id)
	}
	slices.Sort(out)
	return out
}

// CoverageBooks returns the n books of testcorpus.Good(n) with their
// summaries set (SetSummary, SetReference): texts over a 56-word
// vocabulary, so that many bigrams are held by five books or more and some
// by fewer.
func CoverageBooks(tb testing.TB, n int) []*classify.Book {
	tb.Helper()
	files := testcorpus.Good(n)
	var out []*classify.Book
	for i := range n {
		id := "book-" + string(rune('0'+i/10)) + string(rune('0'+i%10))
		doc, err := text.ParseBook(string(files[corpus.Layout{}.Book(id)]))
		if err != nil {
			tb.Fatal(err)
		}
		raw := string(files[corpus.Layout{}.Summary(id)])
		sdoc, err := text.ParseSummary(raw)
		if err != nil {
			tb.Fatal(err)
		}
		b := classify.NewBook(id, doc)
		b.SetSummary(classify.SummaryWords(sdoc))
		b.SetReference(raw)
		out = append(out, b)
	}
	return out
}

// BenchBooks are a book of median size (tarzan-of-the-apes, 480 kB) and a
// short one (heart-of-darkness, 230 kB).
var BenchBooks = []string{"tarzan-of-the-apes", "heart-of-darkness"}

// SharedPair reads and prepares the pair id of the shared corpus.
func SharedPair(tb testing.TB, id string) *Pair {
	tb.Helper()
	p, err := LoadPair(sharedtest.Path(tb, "corpus"), id)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// FoldZero returns the books of the shared corpus outside fold 0 of the
// seeded 10-fold assignment: one training set of the pipeline.
func FoldZero(tb testing.TB) []*Pair {
	tb.Helper()
	dir := sharedtest.Path(tb, "corpus")
	pairs := LoadCorpus(tb, dir, CorpusIDs(tb, dir))
	ids := make([]string, len(pairs))
	for i, p := range pairs {
		ids[i] = p.ID
	}
	folds, err := cv.Folds(1, 10, ids)
	if err != nil {
		tb.Fatal(err)
	}
	var train []*Pair
	for _, p := range pairs {
		if folds[p.ID] != 0 {
			train = append(train, p)
		}
	}
	return train
}

// Stats returns the Stats of each of books (classify.Book.Stats).
func Stats(books []*classify.Book) []*classify.Stats {
	out := make([]*classify.Stats, len(books))
	for i, b := range books {
		out[i] = b.Stats()
	}
	return out
}

// LiveHeap returns the bytes of live heap objects after a garbage collection.
func LiveHeap() uint64 {
	runtime.GC()
	return HeapObjects()
}

// HeapObjects returns the bytes of heap objects, live or not yet collected.
func HeapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// SampleHeap samples HeapObjects every 10 ms until the function it returns
// is called, which returns the largest sample.
func SampleHeap() (stop func() uint64) {
	done, peak := make(chan struct{}), make(chan uint64)
	go func() {
		most := HeapObjects()
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				most = max(most, HeapObjects())
			case <-done:
				peak <- max(most, HeapObjects())
				return
			}
		}
	}()
	return func() uint64 { close(done); return <-peak }
}

// RowBigrams returns the hashes of the bigrams of the tokens words, as one
// row, increasing and distinct (coverage.NewTermStats).
func RowBigrams(words []string) []uint64 {
	terms := coverage.NewTerms(1, func(int) string { return strings.Join(words, " ") })
	return coverage.NewTermStats(&terms, nil).Bigrams
}
