package classify

import (
	"os"
	"slices"
	"testing"
	"time"

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
			doc, b := parseBook(t, "b", tc.book)
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
	b := NewBook("heart-of-darkness", doc)
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
