package classify

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/text"
)

// coverageBooks returns the n books of testcorpus.Good(n) with their
// summaries set (SetSummary, SetReference): texts over a 56-word
// vocabulary, so that many bigrams are held by five books or more and some
// by fewer.
func coverageBooks(tb testing.TB, n int) []*Book {
	tb.Helper()
	files := testcorpus.Good(n)
	var out []*Book
	for i := range n {
		id := "book-" + string(rune('0'+i/10)) + string(rune('0'+i%10))
		doc, err := text.ParseBook(string(files["books/"+id+".txt"]))
		if err != nil {
			tb.Fatal(err)
		}
		raw := string(files["summaries/"+id+".txt"])
		sdoc, err := text.ParseSummary(raw)
		if err != nil {
			tb.Fatal(err)
		}
		b := NewBook(id, doc)
		b.SetSummary(SummaryWords(sdoc))
		b.SetReference(raw)
		out = append(out, b)
	}
	return out
}

// coverageSettings are count features with coverage extraction.
var coverageSettings = Settings{Counts: true, Coverage: true, CoverageBigram: 3, CoveragePrior: 0.03, CoverageMinWords: 5}

func collectionOf(tb testing.TB, books []*Book, set Settings) *Collection {
	tb.Helper()
	var stats []*Stats
	for _, b := range books {
		stats = append(stats, b.Stats())
	}
	col, err := newCollection(stats, set)
	if err != nil {
		tb.Fatal(err)
	}
	return col
}

// TestCoverageLeaveSelfOut checks that a training book's coverage keys
// leave it out of the statistics exactly: they equal the keys of the same
// book under the collection of the other books, to which it is a new book.
// So the model sees its training books as it will see a book to summarize.
func TestCoverageLeaveSelfOut(t *testing.T) {
	books := coverageBooks(t, 12)
	all := collectionOf(t, books, coverageSettings)
	if len(all.Coverage.Bigrams.Keys) == 0 {
		t.Fatal("no bigram is held by enough books to test the threshold")
	}
	for i, b := range books {
		others := collectionOf(t, slices.Delete(slices.Clone(books), i, i+1), coverageSettings)
		g := NewBookGrams(b, nil)
		uniSelf, biSelf := all.coverageKeys(b, g, true)
		uniNew, biNew := others.coverageKeys(b, g, false)
		if !slices.Equal(uniSelf, uniNew) {
			t.Errorf("%s: unigram keys as a training book differ from those as a new book", b.ID)
		}
		if !slices.Equal(biSelf, biNew) {
			diff := 0
			for x := range biSelf {
				if biSelf[x] != biNew[x] {
					diff++
				}
			}
			t.Errorf("%s: %d of %d bigram keys as a training book differ from those as a new book", b.ID, diff, len(biSelf))
		}
	}
}

// TestCoverCells checks that a book's cells hold each of its n-grams once
// and its reference's counts of them.
func TestCoverCells(t *testing.T) {
	books := coverageBooks(t, 6)
	col := collectionOf(t, books, coverageSettings)
	b := books[0]
	f := col.Featurize(b)
	if f.Cover == nil {
		t.Fatal("a training book with a reference has no coverage cells")
	}
	var ngrams, hits int64
	for i := range f.Cover.Keys {
		ngrams += int64(f.Cover.NGrams[i])
		hits += int64(f.Cover.Hits[i])
	}
	g := NewBookGrams(b, nil)
	if want := int64(len(g.uni) + len(g.bi)); ngrams != want {
		t.Errorf("cells hold %d n-grams, the book %d", ngrams, want)
	}
	// The reference's hits: its tokens and consecutive pairs the book holds.
	var want int64
	ref := b.Terms.Reference
	for j, id := range ref {
		if id >= 0 {
			want++
			if j > 0 && ref[j-1] >= 0 {
				if _, ok := g.biIndex[[2]int32{ref[j-1], id}]; ok {
					want++
				}
			}
		}
	}
	if hits != want {
		t.Errorf("cells hold %d reference hits, want %d", hits, want)
	}
	// A book to summarize has none.
	other := collectionOf(t, books[1:], coverageSettings)
	if f := other.Featurize(b); f.Cover != nil {
		t.Error("a book outside the training books has coverage cells")
	}
	// Nor does a collection without coverage.
	if f := collectionOf(t, books, Settings{Counts: true}).Featurize(b); f.Cover != nil {
		t.Error("cells without Settings.Coverage")
	}
}

// trainCoverage trains a model with coverage extraction on books, each
// labelled at its rows of at least 12 words.
func trainCoverage(tb testing.TB, col *Collection, books []*Book) *Model {
	tb.Helper()
	var feats []*Features
	for _, b := range books {
		f := col.Featurize(b)
		f.Label = make([]bool, f.Rows())
		for i := range f.Label {
			f.Label[i] = b.Length[i] >= 12
		}
		feats = append(feats, f)
	}
	m, err := trainOne(&Trainer{Lambda: 1e-3}, col, feats)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// TestFitCoverage checks the fitted Poisson model's calibration in the
// large: with an intercept for unigrams and one for bigrams, the expected
// counts of the training n-grams add up to their observed counts, for
// each kind (up to the small L2 penalty).
func TestFitCoverage(t *testing.T) {
	books := coverageBooks(t, 8)
	col := collectionOf(t, books, coverageSettings)
	m := trainCoverage(t, col, books)
	if m.Coverage == nil || m.Coverage.Iterations == 0 || m.Coverage.Cells == 0 {
		t.Fatalf("coverage model %+v", m.Coverage)
	}
	var expected, observed [2]float64
	var buf []int32
	for _, b := range books {
		f := col.Featurize(b)
		for i, k := range f.Cover.Keys {
			kind := btoi(coverageKey(k)&bigramFlag != 0)
			expected[kind] += float64(f.Cover.NGrams[i]) * m.Coverage.mean(coverageKey(k), buf)
			observed[kind] += float64(f.Cover.Hits[i])
		}
	}
	for kind, name := range []string{"unigram", "bigram"} {
		if math.Abs(expected[kind]-observed[kind]) > 0.01*observed[kind] {
			t.Errorf("%s hits: expected %.1f, observed %.0f", name, expected[kind], observed[kind])
		}
	}
}

// naiveCoverageExtract is coverage extraction by re-scoring every row at
// every step: what the lazy greedy must equal.
func naiveCoverageExtract(cb *CoverageBook, budget int, o CoverageOptions) []int {
	b := cb.b
	t := &b.Terms
	curUni, curBi := make([]int32, len(cb.uni.start)-1), make([]int32, len(cb.bi.start)-1)
	taken := make([]bool, b.Rows())
	least := o.MinWords
	if !slices.ContainsFunc(b.Length, func(l int32) bool { return l > 0 && int(l) <= budget && int(l) >= least }) {
		least = 1 // the fallback to shorter rows
	}
	weight := func(stop []bool, i int32) float64 {
		if stop != nil && stop[i] {
			return o.Function
		}
		return 1
	}
	var out []int
	for left := budget; ; {
		best, bestV := -1, 0.0
		for r := range b.Rows() {
			l := int(b.Length[r])
			if taken[r] || l == 0 || l > left || l < least {
				continue
			}
			tmpUni, tmpBi := slices.Clone(curUni), slices.Clone(curBi)
			var hits, biHits float64
			for _, u := range t.Row(r) {
				hits += weight(cb.stopUni, u) * cb.uni.at(u, tmpUni[u])
				tmpUni[u]++
			}
			for _, x := range cb.g.rowBi[r] {
				biHits += weight(cb.stopBi, x) * cb.bi.at(x, tmpBi[x])
				tmpBi[x]++
			}
			v := (hits+o.Bigram*biHits)/float64(l) + o.Prior*LogSigmoid(cb.logit[r])
			if best < 0 || v > bestV {
				best, bestV = r, v
			}
		}
		if best < 0 {
			break
		}
		taken[best] = true
		for _, u := range t.Row(best) {
			curUni[u]++
		}
		for _, x := range cb.g.rowBi[best] {
			curBi[x]++
		}
		out = append(out, best)
		left -= int(b.Length[best])
	}
	return rowsToSentences(b, out)
}

// TestCoverageExtract checks coverage extraction on books the model did
// not train on: the lazy greedy picks what re-scoring every row would, the
// budget and the shortest length hold, and Summarize uses the model's own
// weights.
func TestCoverageExtract(t *testing.T) {
	books := coverageBooks(t, 10)
	col := collectionOf(t, books[:8], coverageSettings)
	m := trainCoverage(t, col, books[:8])
	for _, b := range books[8:] {
		cb := m.CoverageBook(b, nil)
		for _, o := range []CoverageOptions{
			{Bigram: 3, Prior: 0.03, MinWords: 5},
			{Bigram: 1},
			{Bigram: 0, Prior: 1, MinWords: 10},
			{Bigram: 2, Prior: 0.1, MinWords: 1000},
		} {
			for _, budget := range []int{0, 40, 200} {
				got := cb.Extract(budget, o)
				if want := naiveCoverageExtract(cb, budget, o); !slices.Equal(got, want) {
					t.Errorf("%s, %+v, %d words: lazy greedy %v, re-scoring %v", b.ID, o, budget, got, want)
				}
				words, short := 0, 0
				for _, s := range got {
					r, _ := b.row(s)
					words += int(b.Length[r])
					if int(b.Length[r]) < o.MinWords {
						short++
					}
				}
				if short > 0 && short < len(got) {
					t.Errorf("%s, %+v: %d of %d rows shorter than %d words", b.ID, o, short, len(got), o.MinWords)
				}
				if words > budget {
					t.Errorf("%s, %+v: %d words over a budget of %d", b.ID, o, words, budget)
				}
				if budget > 0 && len(got) == 0 {
					t.Errorf("%s, %+v, %d words: an empty summary", b.ID, o, budget)
				}
			}
		}
		if got, want := m.Summarize(m.Collection.Prepare(b, nil), 200), cb.Extract(200, m.CoverageOptions()); !slices.Equal(got, want) {
			t.Errorf("%s: Summarize %v, Extract with the model's weights %v", b.ID, got, want)
		}
	}
	if (&Model{}).CoverageBook(books[0], nil) != nil {
		t.Error("a model without a coverage model made a coverage book")
	}
	// A book without its term view (one read from a file written without
	// it) is ranked by probability, not indexed out of range.
	bare := *books[9]
	bare.Terms = Terms{}
	data, err := bare.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var read Book
	if err := read.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if m.CoverageBook(&read, nil) != nil {
		t.Error("a book without terms made a coverage book")
	}
	if got, want := m.Summarize(m.Collection.Prepare(&read, nil), 200), read.Extract(m.Scores(&read), 200); !slices.Equal(got, want) {
		t.Errorf("a book without terms: Summarize %v, ranking by probability %v", got, want)
	}
}

// TestCoverageTails checks the Poisson tails P(N >= k) of coverage
// extraction against the sum of the probability mass, and that they are
// kept only for the copies an extract can hold, whatever the mean.
func TestCoverageTails(t *testing.T) {
	for _, tc := range []struct {
		mu     float64
		copies int32
		want   int // tails kept
	}{
		{0, 5, 0},
		{math.NaN(), 5, 5},
		{0.3, 100, 8}, // until the tail falls below tailCut
		{2.5, 3, 3},
		{800, 4, 4}, // e^-800 underflows: the mean is capped
		{1e300, 2, 2},
	} {
		var tl tails
		tl.start = []int32{0}
		tl.add(tc.mu, tc.copies)
		n := int(tl.start[1])
		if n != tc.want {
			t.Errorf("mu %v, %d copies: %d tails, want %d", tc.mu, tc.copies, n, tc.want)
		}
		mu := min(tc.mu, maxMean)
		if math.IsNaN(tc.mu) {
			mu = maxMean
		}
		for k := range n {
			// P(N >= k+1) = 1 - sum_{j <= k} e^-mu mu^j / j!
			cdf := 0.0
			for j := 0; j <= k; j++ {
				lg, _ := math.Lgamma(float64(j + 1))
				cdf += math.Exp(float64(j)*math.Log(mu) - mu - lg)
			}
			if got := tl.at(0, int32(k)); math.Abs(got-(1-cdf)) > 1e-9 || got <= 0 || got > 1 {
				t.Errorf("mu %v: P(N >= %d) = %v, want %v", tc.mu, k+1, got, 1-cdf)
			}
		}
		if got := tl.at(0, int32(n)); got != 0 {
			t.Errorf("mu %v: a copy past the kept tails has %v", tc.mu, got)
		}
	}
}

// TestCoverageModelFile checks that a model with coverage extraction is
// saved and read back whole, and summarizes as before.
func TestCoverageModelFile(t *testing.T) {
	books := coverageBooks(t, 10)
	col := collectionOf(t, books[:8], coverageSettings)
	m := trainCoverage(t, col, books[:8])
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := ReadModel(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Coverage.Weights, m.Coverage.Weights) || !slices.Equal(got.Collection.Coverage.Bigrams.Keys, col.Coverage.Bigrams.Keys) {
		t.Error("coverage model or statistics changed on the round trip")
	}
	for _, b := range books[8:] {
		if a, b := got.Summarize(got.Collection.Prepare(b, nil), 200), m.Summarize(m.Collection.Prepare(b, nil), 200); !slices.Equal(a, b) {
			t.Errorf("the model read back summarizes %v, the model %v", a, b)
		}
	}
	// A model file whose coverage parts do not go together is refused.
	broken := *m
	broken.Coverage = nil
	buf.Reset()
	if err := broken.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadModel(&buf); err == nil {
		t.Error("a model with coverage settings and no coverage model was read")
	}
}

// TestCoveragePrior checks that the prior term of coverage extraction
// reads the model's log-odds: reversed log-odds with a strong prior give
// another extract, which the lazy greedy finds as re-scoring does.
func TestCoveragePrior(t *testing.T) {
	books := coverageBooks(t, 10)
	col := collectionOf(t, books[:8], coverageSettings)
	m := trainCoverage(t, col, books[:8])
	cb := m.CoverageBook(books[9], nil)
	o := CoverageOptions{Bigram: 3, Prior: 1, MinWords: 5}
	other := *cb
	other.logit = m.Scores(books[9])
	for i := range other.logit {
		other.logit[i] = -other.logit[i]
	}
	if got := other.Extract(200, o); slices.Equal(got, cb.Extract(200, o)) {
		t.Errorf("reversed log-odds under a strong prior extract the same rows %v", got)
	}
	if got, want := naiveCoverageExtract(&other, 200, o), other.Extract(200, o); !slices.Equal(got, want) {
		t.Errorf("reversed log-odds: lazy greedy %v, re-scoring %v", want, got)
	}
}

// TestCoverageFunctionWeight checks the weight of function-word hits: the
// lazy greedy equals re-scoring under every weight, the extract changes
// with the weight, and the book's bigrams are those of TermStats with the
// same stopwords (the coverage model's statistics and its extraction count
// the same bigrams).
func TestCoverageFunctionWeight(t *testing.T) {
	books := coverageBooks(t, 10)
	set := coverageSettings
	set.CoverageStopwords = []string{"a", "and", "the"}
	var stats []*Stats
	for _, b := range books[:8] {
		stats = append(stats, b.StatsWithStopwords(set.CoverageStopwords))
	}
	col, err := newCollection(stats, set)
	if err != nil {
		t.Fatal(err)
	}
	withStop := trainCoverage(t, col, books[:8])
	for _, b := range books[8:] {
		cb := withStop.CoverageBook(b, nil)
		if cb.stopUni == nil {
			t.Fatal("no stopword marks")
		}
		if got, want := slices.Sorted(slices.Values(cb.g.biHash)), b.TermStats(set.CoverageStopwords).Bigrams; !slices.Equal(slices.Compact(got), want) {
			t.Errorf("%s: %d bigrams counted for extraction, %d in the term statistics", b.ID, len(got), len(want))
		}
		o := CoverageOptions{Bigram: 3, Prior: 0.03, MinWords: 5}
		extracts := map[string]bool{}
		for _, f := range []float64{0, 0.3, 1} {
			o.Function = f
			got := cb.Extract(200, o)
			if want := naiveCoverageExtract(cb, 200, o); !slices.Equal(got, want) {
				t.Errorf("%s, function weight %g: lazy greedy %v, re-scoring %v", b.ID, f, got, want)
			}
			extracts[fmt.Sprint(got)] = true
		}
		if len(extracts) == 1 {
			t.Errorf("%s: the same extract under function weights 0, 0.3 and 1", b.ID)
		}
	}
	bad := set
	bad.CoverageFunction = 1.5
	if bad.Validate() == nil {
		t.Error("a function weight of 1.5 is valid")
	}
}

// TestBigramsOf checks the look-up of a book's bigrams in the statistics,
// walked in the order of their hashes, against a binary search of each:
// found, not found, keys before, between and after the table's, and a
// bucket holding several keys.
func TestBigramsOf(t *testing.T) {
	books := coverageBooks(t, 12)
	col := collectionOf(t, books, coverageSettings)
	s := col.Coverage
	for _, b := range books {
		g := NewBookGrams(b, nil)
		counts, found := s.bigramsOf(g)
		hits := 0
		for x, h := range g.biHash {
			i, ok := slices.BinarySearch(s.Bigrams.Keys, h)
			if ok != found[x] || ok && counts[x] != s.Bigrams.Counts[i] || !ok && counts[x] != (TermCount{}) {
				t.Fatalf("%s: bigram %d (hash %x): found %v %v, want %v", b.ID, x, h, found[x], counts[x], ok)
			}
			hits += btoi(ok)
		}
		if hits == 0 || hits == len(g.biHash) {
			t.Errorf("%s: %d of %d bigrams found: the test wants both kinds", b.ID, hits, len(g.biHash))
		}
	}
	// Hand-made keys: two in one bucket, and hashes around them.
	top := func(b uint64) uint64 { return b << (64 - bigramBits) }
	st := &CoverageStats{Bigrams: BigramTable{
		Keys:   []uint64{top(1) + 5, top(1) + 9, top(7)},
		Counts: []TermCount{{Books: 1}, {Books: 2}, {Books: 3}},
	}}
	g := &BookGrams{biHash: []uint64{top(7), top(1) + 9, 0, top(1) + 6, top(1) + 5, top(9)}}
	g.byHash = []int32{2, 4, 3, 1, 0, 5}
	counts, found := st.bigramsOf(g)
	want := []int32{3, 2, 0, 0, 1, 0}
	for x := range want {
		if counts[x].Books != want[x] || found[x] != (want[x] > 0) {
			t.Errorf("hash %x: %v %v, want books %d", g.biHash[x], counts[x], found[x], want[x])
		}
	}
}
