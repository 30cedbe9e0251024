package logistic

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestCoverageLeaveSelfOut checks that a training book's coverage keys
// leave it out of the statistics exactly: they equal the keys of the same
// book under the collection of the other books, to which it is a new book.
// So the model sees its training books as it will see a book to summarize.
func TestCoverageLeaveSelfOut(t *testing.T) {
	books := classifytest.CoverageBooks(t, 12)
	all := collectionOf(t, books, coverageSettings)
	if len(all.Coverage.Bigrams.Keys) == 0 {
		t.Fatal("no bigram is held by enough books to test the threshold")
	}
	for i, b := range books {
		others := collectionOf(t, slices.Delete(slices.Clone(books), i, i+1), coverageSettings)
		g := coverage.NewGrams(&b.Terms, nil)
		uniSelf, biSelf := coverage.BookKeys(all.Coverage, &b.Terms, g, nil, true)
		uniNew, biNew := coverage.BookKeys(others.Coverage, &b.Terms, g, nil, false)
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
	books := classifytest.CoverageBooks(t, 6)
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
	g := coverage.NewGrams(&b.Terms, nil)
	uni, bi := coverage.BookKeys(col.Coverage, &b.Terms, g, nil, true)
	if want := int64(len(uni) + len(bi)); ngrams != want {
		t.Errorf("cells hold %d n-grams, the book %d", ngrams, want)
	}
	// The reference's hits: its tokens and consecutive pairs the book holds.
	pairs := map[[2]int32]bool{}
	for r := range b.Rows() {
		row := b.Terms.Row(r)
		for j := 1; j < len(row); j++ {
			pairs[[2]int32{row[j-1], row[j]}] = true
		}
	}
	var want int64
	ref := b.Terms.Reference
	for j, id := range ref {
		if id >= 0 {
			want++
			if j > 0 && ref[j-1] >= 0 && pairs[[2]int32{ref[j-1], id}] {
				want++
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
	if f := collectionOf(t, books, features.Settings{Counts: true}).Featurize(b); f.Cover != nil {
		t.Error("cells without Settings.Coverage")
	}
}

// trainCoverage trains a model with coverage extraction on books, each
// labelled at its rows of at least 12 words.
func trainCoverage(tb testing.TB, col *features.Collection, books []*classify.Book) *Model {
	tb.Helper()
	var feats []*features.Features
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

// TestFitCoverage checks that training with Settings.Coverage fits a
// coverage model (its calibration is coverage's TestFit).
func TestFitCoverage(t *testing.T) {
	books := classifytest.CoverageBooks(t, 8)
	col := collectionOf(t, books, coverageSettings)
	m := trainCoverage(t, col, books)
	if m.Coverage == nil || m.Coverage.Iterations == 0 || m.Coverage.Cells == 0 {
		t.Fatalf("coverage model %+v", m.Coverage)
	}
	if _, err := fitCoverage([]*features.Features{{ID: "none"}}); !errors.Is(err, features.ErrFeatures) {
		t.Errorf("a book without cells: %v, want %v", err, features.ErrFeatures)
	}
}

// TestFitCoverageOncePerSet checks that the models trained side by side
// on one set, labelled differently, share one coverage model, the one the
// set's cells give (it reads no label), and that sets whose books' cells
// differ are refused as different books.
func TestFitCoverageOncePerSet(t *testing.T) {
	books := classifytest.CoverageBooks(t, 8)
	col := collectionOf(t, books, coverageSettings)
	sets := make([][]*features.Features, 3)
	for m := range sets {
		for _, b := range books {
			f := col.Featurize(b)
			f.Label = make([]bool, f.Rows())
			for i := range f.Label {
				f.Label[i] = int(b.Length[i]) >= 8+4*m
			}
			sets[m] = append(sets[m], f)
		}
	}
	models, err := (&Trainer{Lambda: 1e-3}).Train(col, sets...)
	if err != nil {
		t.Fatal(err)
	}
	want, err := fitCoverage(sets[2])
	if err != nil {
		t.Fatal(err)
	}
	for m, model := range models {
		if !reflect.DeepEqual(model.Coverage, want) {
			t.Errorf("set %d: coverage model %+v, fitted alone %+v", m, model.Coverage, want)
		}
	}
	if models[0].Bias == models[2].Bias {
		t.Error("sets 0 and 2 gave the same logistic model")
	}
	other := slices.Clone(sets[1])
	changed := *other[3]
	cells := *changed.Cover
	cells.Hits = slices.Clone(cells.Hits)
	cells.Hits[0]++
	changed.Cover = &cells
	other[3] = &changed
	if _, err := (&Trainer{Lambda: 1e-3}).Train(col, sets[0], other); !errors.Is(err, ErrDifferentBooks) {
		t.Errorf("different coverage cells: error %v, want ErrDifferentBooks", err)
	}
	changed.Cover = nil
	if _, err := (&Trainer{Lambda: 1e-3}).Train(col, sets[0], other); !errors.Is(err, ErrDifferentBooks) {
		t.Errorf("cells on one side only: error %v, want ErrDifferentBooks", err)
	}
}

// TestCoverageExtract checks that Summarize extracts with the model's own
// coverage weights within the budget, on books the model did not train on
// (the greedy itself is coverage's TestExtract), and ranks a book without
// terms by probability.
func TestCoverageExtract(t *testing.T) {
	books := classifytest.CoverageBooks(t, 10)
	col := collectionOf(t, books[:8], coverageSettings)
	m := trainCoverage(t, col, books[:8])
	for _, b := range books[8:] {
		cb := m.CoverageBook(b, nil)
		for _, budget := range []int{0, 40, 200} {
			got, want := m.Summarize(m.Collection.Prepare(b, nil), budget), extract.Sentences(b, cb.Extract(budget, m.CoverageOptions()))
			if !slices.Equal(got, want) {
				t.Errorf("%s, %d words: Summarize %v, Extract with the model's weights %v", b.ID, budget, got, want)
			}
			words := 0
			for _, s := range got {
				r := slices.Index(b.Sentence, int32(s))
				words += int(b.Length[r])
			}
			if words > budget || budget > 0 && len(got) == 0 {
				t.Errorf("%s: %d words in %d sentences for a budget of %d", b.ID, words, len(got), budget)
			}
		}
	}
	if (&Model{}).CoverageBook(books[0], nil) != nil {
		t.Error("a model without a coverage model made a coverage book")
	}
	// A book without its term view (one read from a file written without
	// it) is ranked by probability, not indexed out of range.
	bare := *books[9]
	bare.Terms = coverage.Terms{}
	data, err := bare.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var read classify.Book
	if err := read.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if m.CoverageBook(&read, nil) != nil {
		t.Error("a book without terms made a coverage book")
	}
	if got, want := m.Summarize(m.Collection.Prepare(&read, nil), 200), extract.Top(&read, m.Scores(&read), 200); !slices.Equal(got, want) {
		t.Errorf("a book without terms: Summarize %v, ranking by probability %v", got, want)
	}
}

// TestCoverageModelFile checks that a model with coverage extraction is
// saved and read back whole, and summarizes as before.
func TestCoverageModelFile(t *testing.T) {
	books := classifytest.CoverageBooks(t, 10)
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

// TestCoverageFunctionRange checks that a function-word weight above 1 is
// refused (coverage's TestExtractFunctionWeight checks its effect).
func TestCoverageFunctionRange(t *testing.T) {
	set := coverageSettings
	bad := set
	bad.CoverageFunction = 1.5
	if bad.Validate() == nil {
		t.Error("a function weight of 1.5 is valid")
	}
}
