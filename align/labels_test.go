package align

import (
	"slices"
	"testing"
)

func TestTopSentences(t *testing.T) {
	book := []string{
		"river boat captain", // 0
		"captain sleeps",     // 1
		"ivory station",      // 2
		"river ivory boat",   // 3
		"station manager",    // 4
	}
	p := tinyPair(t, book, []string{"captain river ivory boat"})
	all := Interval{0, len(p.Book.Words)}
	sents := p.sentencesOf(all)
	cases := []struct {
		iv    Interval
		sents []int
		n     int
		want  []int
	}{
		{all, sents, 0, sents},             // n = 0: unchanged
		{all, sents, 1, []int{0}},          // 0 and 3 share three words: the earlier
		{all, sents, 2, []int{0, 3}},       // in book order
		{all, sents, 3, []int{0, 1, 3}},    // 1 and 2 share one: the earlier
		{all, sents, 9, []int{0, 1, 2, 3}}, // 4 shares none
		// Only the given sentences compete; a sentence cut by the span
		// counts all its words (sentence 0 starts before token 2).
		{Interval{2, 5}, []int{0, 1}, 1, []int{0}},
		{Interval{2, 5}, []int{1, 4}, 2, []int{1}},
	}
	for _, c := range cases {
		if got := p.topSentences(0, c.iv, c.sents, c.n); !slices.Equal(got, c.want) {
			t.Errorf("topSentences(%v, %v, %d) = %v, want %v", c.iv, c.sents, c.n, got, c.want)
		}
	}
}

// TestLabelTop checks that LabelTop keeps, for every aligned summary
// sentence, at most LabelTop of the sentences the full rule labels, each
// sharing a word with the summary sentence, and leaves the span alone. (On
// this toy pair the Passage HMM puts "captain dies" in a passage without
// either word, so it labels nothing there.)
func TestLabelTop(t *testing.T) {
	book := []string{
		"river boat captain", "captain sleeps", "ivory station", "filler words here",
		"more filler words", "river ivory boat", "captain river boat", "station manager",
		"the manager waits", "boat leaves river", "ivory trade", "captain dies",
	}
	summary := []string{"captain river boat ivory", "manager waits station", "captain dies"}
	for _, tc := range []struct {
		name      string
		all, top1 Aligner
	}{
		{"jing", &Jing{}, &Jing{LabelTop: 1}},
		{"token", &TokenHMM{}, &TokenHMM{LabelTop: 1}},
		{"passage", &PassageHMM{Passages: 4, Iterations: 20, Seed: 1}, &PassageHMM{Passages: 4, Iterations: 20, Seed: 1, LabelTop: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tinyPair(t, book, summary)
			a, err := tc.all.Align(p)
			if err != nil {
				t.Fatal(err)
			}
			b, err := tc.top1.Align(p)
			if err != nil {
				t.Fatal(err)
			}
			for k := range a.Sentences {
				sa, sb := a.Sentences[k], b.Sentences[k]
				if sa.Aligned != sb.Aligned || sa.Tokens != sb.Tokens {
					t.Errorf("sentence %d: span %v %v, want %v %v", k, sb.Aligned, sb.Tokens, sa.Aligned, sa.Tokens)
				}
				if len(sb.BookSentences) > 1 {
					t.Errorf("sentence %d: %d sentences labelled, want at most 1", k, len(sb.BookSentences))
				}
				for _, s := range sb.BookSentences {
					if !slices.Contains(sa.BookSentences, s) {
						t.Errorf("sentence %d: labelled %d, outside %v", k, s, sa.BookSentences)
					}
				}
				// Nothing is labelled only when no sentence of the span
				// shares a word.
				if sa.Aligned && len(sb.BookSentences) == 0 && len(p.topSentences(k, sa.Tokens, sa.BookSentences, len(sa.BookSentences))) > 0 {
					t.Errorf("sentence %d: nothing labelled", k)
				}
			}
		})
	}
	if _, err := (&PassageHMM{LabelTop: -1}).Align(tinyPair(t, book, summary)); err == nil {
		t.Error("negative LabelTop accepted")
	}
}
