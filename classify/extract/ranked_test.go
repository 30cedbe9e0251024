package extract

import (
	"errors"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/centrality"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/internal/sharedtest"
)

// hubBook has one sentence that shares a content word with each of the
// others, which share only stopwords among themselves.
const hubBook = "The whale and the captain met the harpoon at the ship.\n\n" +
	"It was the whale of the sea.\n\n" +
	"He is a captain of old.\n\n" +
	"They had a harpoon in the boat.\n\n" +
	"We are on a ship at last.\n"

// TestCentralityBaselines checks LexRank and TextRank on a book: the hub
// sentence comes first, the stopwords that link every other sentence do
// not count, and the summary keeps the budget.
func TestCentralityBaselines(t *testing.T) {
	_, b := classifytest.Parse(t, "hub", hubBook)
	s, err := centralitySentences(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Tokens[s.Start[1]:s.Start[2]]; len(got) != 2 { // "whale", "sea"
		t.Errorf("sentence 1 counts %d tokens, want 2 (stopwords left out)", len(got))
	}
	for _, tc := range []struct {
		name string
		rank func(*centrality.Sentences) ([]float64, error)
		sum  func(*classify.Book, int) ([]int, error)
	}{{"lexrank", centrality.LexRank, LexRank}, {"textrank", centrality.TextRank, TextRank}} {
		scores, err := tc.rank(s)
		if err != nil {
			t.Fatal(err)
		}
		if top := rankRows(scores)[0]; top != 0 {
			t.Errorf("%s: row %d first (scores %v), want the hub, row 0", tc.name, top, scores)
		}
		got, err := tc.sum(b, int(b.Length[0]))
		if err != nil {
			t.Fatal(err)
		}
		if want := []int{int(b.Sentence[0])}; !slices.Equal(got, want) {
			t.Errorf("%s summary of %d words = %v, want %v", tc.name, b.Length[0], got, want)
		}
		if _, err := tc.sum(&classify.Book{ID: "bare", Start: []int32{0}}, 10); !errors.Is(err, ErrNoTerms) {
			t.Errorf("%s of a book without terms: error %v, want ErrNoTerms", tc.name, err)
		}
	}
}

// BenchmarkCentrality measures LexRank and TextRank on whole books: the
// bench books and the largest of the shared corpus (1.9 MB).
func BenchmarkCentrality(b *testing.B) {
	for _, id := range append(slices.Clone(classifytest.BenchBooks), "the-last-chronicle-of-barset") {
		p := classifytest.SharedPair(b, id)
		book := classify.NewBook(id, p.Doc)
		for _, m := range []struct {
			name string
			sum  func(*classify.Book, int) ([]int, error)
		}{{"lexrank", LexRank}, {"textrank", TextRank}} {
			b.Run(m.name+"/"+id, func(b *testing.B) {
				for b.Loop() {
					if _, err := m.sum(book, DefaultBudget); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(book.Rows()), "sentences")
			})
		}
	}
}

// BenchmarkCentralityCorpus measures LexRank and TextRank on every book of
// the shared corpus, one after the other on one goroutine: the CPU time
// the two baselines add to a run (ns/op is the whole corpus).
func BenchmarkCentralityCorpus(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := classifytest.LoadCorpus(b, dir, classifytest.CorpusIDs(b, dir))
	books := make([]*classify.Book, len(pairs))
	for i, p := range pairs {
		books[i] = classify.NewBook(p.ID, p.Doc)
	}
	for _, m := range []struct {
		name string
		sum  func(*classify.Book, int) ([]int, error)
	}{{"lexrank", LexRank}, {"textrank", TextRank}} {
		b.Run(m.name, func(b *testing.B) {
			for b.Loop() {
				for _, book := range books {
					if _, err := m.sum(book, DefaultBudget); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(len(books)), "books")
		})
	}
}
