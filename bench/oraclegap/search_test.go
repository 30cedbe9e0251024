package main

import (
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// TestImprove checks the local search on a book where the greedy oracle,
// which takes the largest gain first, spends the budget on one long
// sentence: dropping it and refilling with the two short ones covers the
// whole reference.
func TestImprove(t *testing.T) {
	for _, tc := range []struct {
		name, book, ref string
		budget          int
		greedy, want    []int
	}{
		{"refill", "Alpha beta gamma one two three four five. Alpha beta. Gamma delta.", "Alpha beta gamma delta.", 8, []int{0}, []int{1, 2}},
		{"already best", "Alpha beta. Gamma delta. Nothing here.", "Alpha beta gamma delta.", 8, []int{0, 1}, []int{0, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := text.ParseBook(tc.book)
			if err != nil {
				t.Fatal(err)
			}
			b := classify.NewBook("b", doc)
			s := &rouge.Scorer{}
			greedy, err := extract.Oracle(doc, b, tc.ref, s, tc.budget)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(greedy, tc.greedy) {
				t.Fatalf("greedy %v, want %v", greedy, tc.greedy)
			}
			ls, err := newSearch(doc, b, tc.ref, s, tc.budget)
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := ls.improve(greedy)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("local search %v, want %v", got, tc.want)
			}
			if sum(ls.exact(got)) < sum(ls.exact(greedy)) {
				t.Errorf("local search lowered R1+R2: %v against %v", ls.exact(got), ls.exact(greedy))
			}
			words := 0
			for _, si := range got {
				words += text.BudgetWords(doc.Str(doc.Sentences[si].Span))
			}
			if words > tc.budget {
				t.Errorf("%d words over the budget of %d", words, tc.budget)
			}
		})
	}
}
