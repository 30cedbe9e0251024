package logistic

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// zipfStats returns the Stats of n generated books of a Zipfian vocabulary
// (s = 1.1 over 4,000 words, 3,000 tokens a book), each with a summary of
// thirty runs of ten consecutive book tokens, and the books' tokens; the books
// of a smaller n are the first books of a larger one.
func zipfStats(n int) ([]*classify.Stats, [][]string) {
	const vocab, tokens, runs, run = 4000, 3000, 30, 10
	r := rand.New(rand.NewPCG(37, 4))
	z := rand.NewZipf(r, 1.1, 1, vocab-1)
	words := make([]string, vocab)
	for i := range words {
		words[i] = fmt.Sprintf("w%05d", i)
	}
	out, seqs := make([]*classify.Stats, n), make([][]string, n)
	for i := range out {
		seq := make([]string, tokens)
		for j := range seq {
			seq[j] = words[z.Uint64()]
		}
		var summary [][]string
		for range runs {
			at := r.IntN(tokens - run)
			summary = append(summary, seq[at:at+run])
		}
		out[i], seqs[i] = generatedStats(fmt.Sprintf("book-%04d", i), seq, summary), seq
	}
	return out, seqs
}

// generatedStats returns the Stats of a book of the tokens seq (terms as
// they are) whose summary is the token runs summary.
func generatedStats(id string, seq []string, summary [][]string) *classify.Stats {
	count := map[string]int32{}
	for _, w := range seq {
		count[w]++
	}
	inSummary, bigramIn := map[string]bool{}, map[uint64]bool{}
	for _, run := range summary {
		for _, w := range run {
			inSummary[w] = true
		}
		for _, g := range classifytest.RowBigrams(run) {
			bigramIn[g] = true
		}
	}
	s := &classify.Stats{ID: id}
	for w := range count {
		s.Words = append(s.Words, w)
	}
	slices.Sort(s.Words)
	for _, w := range s.Words {
		s.Count = append(s.Count, count[w])
		s.InSummary = append(s.InSummary, inSummary[w])
	}
	t := &s.Terms
	t.Terms, t.InSummary = slices.Clone(s.Words), slices.Clone(s.InSummary)
	t.Bigrams = classifytest.RowBigrams(seq)
	for _, g := range t.Bigrams {
		t.BigramInSummary = append(t.BigramInSummary, bigramIn[g])
		if bigramIn[g] {
			t.BigramTypesInSummary++
		}
	}
	t.BigramTypes = int32(len(t.Bigrams))
	return s
}

// generatedModel is a model of the collection of stats, with zero weights:
// what a model file holds beside its collection does not grow with the
// books.
func generatedModel(tb testing.TB, stats []*classify.Stats) *Model {
	tb.Helper()
	c, err := features.NewCollection(benchSettings, nil, stats...)
	if err != nil {
		tb.Fatal(err)
	}
	names := c.FeatureNames()
	cover := coverage.FeatureNames()
	return &Model{Format: FormatVersion, Collection: c, Criterion: "fixed", Features: names, Weights: make([]float64, len(names)),
		Coverage: &coverage.Model{Features: cover, Weights: make([]float64, len(cover))}}
}

// modelSize returns the size of m's file, which must read back.
func modelSize(tb testing.TB, m *Model) int {
	tb.Helper()
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		tb.Fatal(err)
	}
	if _, err := ReadModel(bytes.NewReader(buf.Bytes())); err != nil {
		tb.Fatalf("the model written does not read back: %v", err)
	}
	return buf.Len()
}

// TestBoundedModelLevelsOff builds the models of 50 to 400 generated books
// and checks that a bounded model's file levels off while the unbounded
// one's keeps growing with the books, its bigram table most of all. What
// still grows in the bounded file is the list of training books and the
// digits of the counts.
func TestBoundedModelLevelsOff(t *testing.T) {
	const bound = 4000
	stats, _ := zipfStats(400)
	var bounded, full, bigrams []int
	for _, n := range []int{50, 100, 200, 400} {
		m := generatedModel(t, stats[:n])
		b := m.Bounded(bound)
		if k := len(b.Collection.Coverage.Bigrams.Keys); k > bound {
			t.Fatalf("%d books: %d bigrams kept, want at most %d", n, k, bound)
		}
		bounded, full = append(bounded, modelSize(t, b)), append(full, modelSize(t, m))
		bigrams = append(bigrams, len(m.Collection.Coverage.Bigrams.Keys))
	}
	t.Logf("model bytes of 50, 100, 200, 400 books: bounded %v, unbounded %v (%v bigrams)", bounded, full, bigrams)
	growth := func(s []int) float64 { return float64(s[3])/float64(s[2]) - 1 }
	if bigrams[2] <= bound {
		t.Fatalf("200 books hold %d bigrams, within the bound %d: the test bounds nothing", bigrams[2], bound)
	}
	if g := growth(full); g < 0.25 {
		t.Fatalf("the unbounded model grows %.1f%% from 200 to 400 books: the corpus does not grow its tables", 100*g)
	}
	if g := growth(bounded); g > 0.05 {
		t.Errorf("the bounded model grows %.1f%% from 200 to 400 books, want under 5%%", 100*g)
	}
}

// TestBoundedModelSummarizesAlike checks that a bounded model is the model
// but for the bigrams it leaves out: its file with the full table put back
// is the model's. That a new book's coverage keys are the model's but for
// the bigrams left out is coverage's TestBoundedKeys.
func TestBoundedModelSummarizesAlike(t *testing.T) {
	stats, _ := zipfStats(60)
	m := generatedModel(t, stats[1:])
	full := m.Collection.Coverage
	b := m.Bounded(len(full.Bigrams.Keys) / 3)
	least := b.Collection.Coverage.BigramMinBooks
	if least == 0 || m.Collection.Coverage.BigramMinBooks != 0 {
		t.Fatalf("bound recorded as %d, the model's as %d", least, m.Collection.Coverage.BigramMinBooks)
	}
	if m.Bounded(len(full.Bigrams.Keys)) != m {
		t.Error("a bound the table fits is not the model itself")
	}
	restored := *b
	restored.Collection = &features.Collection{Settings: b.Collection.Settings, IDs: b.Collection.IDs, Vocabulary: b.Collection.Vocabulary,
		DF: b.Collection.DF, Summaries: b.Collection.Summaries, Coverage: full}
	var want, got bytes.Buffer
	m.WriteJSON(&want)
	restored.WriteJSON(&got)
	if got.String() != want.String() {
		t.Error("the bounded model differs from the model beyond its bigram table")
	}
}

// TestReadModelBound checks that a model file whose bound does not hold
// is refused.
func TestReadModelBound(t *testing.T) {
	stats, _ := zipfStats(30)
	m := generatedModel(t, stats)
	b := m.Bounded(len(m.Collection.Coverage.Bigrams.Keys) / 2)
	least := b.Collection.Coverage.BigramMinBooks
	fewest := least
	for _, n := range b.Collection.Coverage.Bigrams.Counts {
		fewest = min(fewest, n.Books)
	}
	for _, tc := range []struct {
		name  string
		least int32
		ok    bool
	}{
		{"as bounded", least, true},
		{"at the table's fewest", fewest, true},
		{"above a bigram kept", 30, false},
		{"the pipeline's minimum", coverage.MinBigramBooks, false},
		{"negative", -1, false},
		{"beyond the books", 32, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b.Collection.Coverage.BigramMinBooks = tc.least
			var buf bytes.Buffer
			if err := b.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadModel(&buf); (err == nil) != tc.ok {
				t.Errorf("ReadModel: %v, want ok %v", err, tc.ok)
			}
		})
	}
}
