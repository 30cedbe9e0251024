package extract

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

func TestOracle(t *testing.T) {
	const book = "The red fox ran. A blue bird sang loudly today. The red fox slept. Nothing here matters. The red fox ran."
	const ref = "The red fox ran and slept."
	for _, tc := range []struct {
		name   string
		book   string
		ref    string
		stem   bool
		budget int
		want   []int
	}{
		// Row 0 gains 4/6 + 3/5; then row 2 adds "slept" alone. Row 4
		// repeats row 0 and so adds nothing.
		{"greedy", book, ref, false, 8, []int{0, 2}},
		{"budget", book, ref, false, 7, []int{0}},
		{"nothing fits", book, ref, false, 3, nil},
		{"no overlap", book, "Completely unrelated words.", false, 100, nil},
		{"stemmed", "Foxes everywhere. Cats everywhere.", "The fox.", true, 10, []int{0}},
		{"unstemmed", "Foxes everywhere. Cats everywhere.", "The fox.", false, 10, nil},
		{"ties to the earlier row", "Red fox. Red fox. Red fox.", "The red fox.", false, 10, []int{0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, b := classifytest.Parse(t, "b", tc.book)
			got, err := Oracle(doc, b, tc.ref, &rouge.Scorer{Stem: tc.stem}, tc.budget)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestOracleHeartOfDarkness checks the oracle on a real book: within the
// budget, in book order, and better than the names heuristic by the
// measure it maximises.
func TestOracleHeartOfDarkness(t *testing.T) {
	doc, b, ref := heartOfDarkness(t)
	var err error
	sc := &rouge.Scorer{}
	start := time.Now()
	got, err := Oracle(doc, b, string(ref), sc, DefaultBudget)
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	words := 0
	for _, s := range got {
		words += text.BudgetWords(doc.Str(doc.Sentences[s].Span))
	}
	if words > DefaultBudget || !slices.IsSorted(got) {
		t.Errorf("%d sentences of %d words, sorted %v", len(got), words, slices.IsSorted(got))
	}
	prepared, err := sc.Prepare(string(ref))
	if err != nil {
		t.Fatal(err)
	}
	o := prepared.Score(Text(doc, got))
	n := prepared.Score(Text(doc, Names(b, DefaultBudget)))
	if o.ROUGE1.Recall+o.ROUGE2.Recall <= n.ROUGE1.Recall+n.ROUGE2.Recall {
		t.Errorf("oracle R1+R2 %.4f not above names %.4f", o.ROUGE1.Recall+o.ROUGE2.Recall, n.ROUGE1.Recall+n.ROUGE2.Recall)
	}
	t.Logf("oracle: %d sentences, %d words, R1 %.4f R2 %.4f in %v (names R1 %.4f R2 %.4f)",
		len(got), words, o.ROUGE1.Recall, o.ROUGE2.Recall, took, n.ROUGE1.Recall, n.ROUGE2.Recall)
}

// contentData is ROUGE data with a small stopword list and no exception
// table.
func contentData(t *testing.T) *rouge.Data {
	t.Helper()
	d, err := rouge.NewData(strings.NewReader("it\nwas\nthe\nof\nand\nin\na\nto\n"), nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// contentScore is R1 + R2 of picked against ref under s.
func contentScore(t *testing.T, s *rouge.Scorer, doc *text.Document, picked []int, ref string) float64 {
	t.Helper()
	r, err := s.Score(Text(doc, picked), ref)
	if err != nil {
		t.Fatal(err)
	}
	return r.ROUGE1.Recall + r.ROUGE2.Recall
}

// TestContentOracle checks the oracle of the content words (the scorer
// removing ROUGE's stopwords, -s): on content-word ROUGE it scores at
// least as high as the oracle that keeps the stopwords, and higher where
// the latter spends the budget on function words.
func TestContentOracle(t *testing.T) {
	data := contentData(t)
	content := &rouge.Scorer{Stem: true, RemoveStopwords: true, Data: data}
	plain := &rouge.Scorer{Stem: true, Data: data}
	for _, tc := range []struct {
		name, book, ref string
		budget          int
		better          bool // the content oracle scores strictly higher
	}{
		{"function words", "It was the end of the day and of the year in the town. Pip meets Magwitch.",
			"It was the end of the year and Pip meets Magwitch in the marsh.", 14, true},
		{"same choice", "The red fox ran. A blue bird sang loudly today. The red fox slept.",
			"The red fox ran and slept.", 8, false},
		{"stemmed", "Foxes everywhere. Cats everywhere. The cat of the house.", "The cat and the fox.", 4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, b := classifytest.Parse(t, "b", tc.book)
			c, err := Oracle(doc, b, tc.ref, content, tc.budget)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Oracle(doc, b, tc.ref, plain, tc.budget)
			if err != nil {
				t.Fatal(err)
			}
			sc, sp := contentScore(t, content, doc, c, tc.ref), contentScore(t, content, doc, p, tc.ref)
			if sc < sp || (tc.better && sc == sp) {
				t.Errorf("content R1+R2: content oracle %v %.5f, stopword oracle %v %.5f (want higher: %v)", c, sc, p, sp, tc.better)
			}
		})
	}
	// Without a stopword list the content scorer cannot run.
	doc, b := classifytest.Parse(t, "b", "Pip meets Magwitch.")
	if _, err := Oracle(doc, b, "Pip.", &rouge.Scorer{Stem: true, RemoveStopwords: true}, 10); !errors.Is(err, rouge.ErrNoStopwords) {
		t.Errorf("no stopword list: err = %v, want rouge.ErrNoStopwords", err)
	}
}

// TestContentOracleHeartOfDarkness compares the two oracles on a real
// book with ROUGE's own data: the content oracle is the higher on the
// content-word ROUGE it maximises.
func TestContentOracleHeartOfDarkness(t *testing.T) {
	doc, b, ref := heartOfDarkness(t)
	data, err := rouge.ReadData(sharedtest.Path(t, "rouge"), nil)
	if err != nil {
		t.Fatal(err)
	}
	sc := rouge.NewScorers(data, true).Stem
	plain := rouge.NewScorers(data, false).Stem
	c, err := Oracle(doc, b, string(ref), sc, DefaultBudget)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Oracle(doc, b, string(ref), plain, DefaultBudget)
	if err != nil {
		t.Fatal(err)
	}
	cs, ps := contentScore(t, sc, doc, c, string(ref)), contentScore(t, sc, doc, p, string(ref))
	if cs < ps {
		t.Errorf("content R1+R2: content oracle %.4f below the stopword oracle %.4f", cs, ps)
	}
	t.Logf("content R1+R2: content oracle %.4f (%d sentences), stopword oracle %.4f (%d sentences)", cs, len(c), ps, len(p))
}

// TestOracleFromTerms checks that the oracle picks the same sentences from
// the rows' tokens the book holds (Book.Terms) as from the rows' text, on
// a real book, with and without stemming and ROUGE's stopwords, at two
// budgets.
func TestOracleFromTerms(t *testing.T) {
	doc, b, ref := heartOfDarkness(t)
	data, err := rouge.ReadData(sharedtest.Path(t, "rouge"), nil)
	if err != nil {
		t.Fatal(err)
	}
	noTerms := *b
	noTerms.Terms = coverage.Terms{}
	if !b.HasTerms() || noTerms.HasTerms() {
		t.Fatal("the book's term view is not as the test needs")
	}
	for _, content := range []bool{false, true} {
		sc := rouge.NewScorers(data, content)
		for _, s := range []*rouge.Scorer{sc.Stem, sc.NoStem} {
			for _, budget := range []int{DefaultBudget, 60} {
				got, err := Oracle(doc, b, string(ref), s, budget)
				if err != nil {
					t.Fatal(err)
				}
				want, err := Oracle(doc, &noTerms, string(ref), s, budget)
				if err != nil {
					t.Fatal(err)
				}
				if len(want) == 0 || !slices.Equal(got, want) {
					t.Errorf("stopwords removed %v, stem %v, budget %d: from the terms %v, from the text %v", content, s.Stem, budget, got, want)
				}
			}
		}
	}
}

// heartOfDarkness returns a real book of the shared corpus, parsed and
// prepared, and its reference summary.
func heartOfDarkness(t *testing.T) (*text.Document, *classify.Book, []byte) {
	t.Helper()
	dir := sharedtest.Path(t, "corpus")
	raw, err := os.ReadFile(dir + "/books/heart-of-darkness.txt")
	if err != nil {
		t.Fatal(err)
	}
	ref, err := os.ReadFile(dir + "/summaries/heart-of-darkness.txt")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := text.ParseBook(string(raw))
	if err != nil {
		t.Fatal(err)
	}
	return doc, classify.NewBook("heart-of-darkness", doc), ref
}
