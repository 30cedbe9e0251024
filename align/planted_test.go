package align

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/text"
)

// planted describes a synthetic book of Passages passages of Size counted
// tokens each, every passage drawing its words from its own vocabulary of
// Vocab words (and a share Noise from a vocabulary common to the book), and
// a summary of Sentences sentences of Length words, each sampled from one
// passage of an increasing random subset.
type planted struct {
	Passages, Size, Vocab     int
	Sentences, Length, Common int
	Noise                     float64
	Seed                      uint64
}

// build returns the prepared pair and, per summary sentence, the counted
// token range of its passage.
func (c planted) build(t testing.TB) (*Pair, []Interval) {
	t.Helper()
	rng := rand.New(rand.NewPCG(c.Seed, 1))
	word := func(passage int) string {
		if rng.Float64() < c.Noise {
			return fmt.Sprintf("c%d", rng.IntN(c.Common))
		}
		return fmt.Sprintf("p%dw%d", passage, rng.IntN(c.Vocab))
	}
	var book strings.Builder
	var bookSents []text.Sentence
	sentence := func(b *strings.Builder, sents *[]text.Sentence, words []string) {
		start := b.Len()
		b.WriteString(strings.Join(words, " "))
		b.WriteString(".")
		*sents = append(*sents, text.Sentence{Span: text.Span{Start: start, End: b.Len()}, Paragraph: len(*sents)})
		b.WriteString(" ")
	}
	book.WriteString("TITLE\n\n")
	bookSents = append(bookSents, text.Sentence{Span: text.Span{Start: 0, End: 5}, Kind: text.Heading})
	for ps := range c.Passages {
		for i := 0; i < c.Size; i += 10 {
			words := make([]string, min(10, c.Size-i))
			for k := range words {
				words[k] = word(ps)
			}
			sentence(&book, &bookSents, words)
		}
	}
	// An increasing subset of passages, one per summary sentence (repeats
	// allowed, as a summary may spend two sentences on one passage).
	chosen := make([]int, c.Sentences)
	for k := range chosen {
		chosen[k] = rng.IntN(c.Passages)
	}
	sortInts(chosen)
	var sum strings.Builder
	var sumSents []text.Sentence
	truth := make([]Interval, c.Sentences)
	for k, ps := range chosen {
		words := make([]string, c.Length)
		for i := range words {
			words[i] = word(ps)
		}
		sentence(&sum, &sumSents, words)
		truth[k] = Interval{ps * c.Size, (ps + 1) * c.Size}
	}
	p, err := PrepareText(book.String(), bookSents, sum.String(), sumSents)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Book.Words) != c.Passages*c.Size {
		t.Fatalf("planted book has %d counted tokens, want %d", len(p.Book.Words), c.Passages*c.Size)
	}
	return p, truth
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// recovered returns the share of summary sentences whose aligned span has
// its midpoint inside the planted passage.
func recovered(a *Alignment, truth []Interval) float64 {
	hit := 0
	for k, sa := range a.Sentences {
		mid := (sa.Tokens.Start + sa.Tokens.End - 1) / 2
		if sa.Aligned && truth[k].Start <= mid && mid < truth[k].End {
			hit++
		}
	}
	return float64(hit) / float64(len(truth))
}

func TestPlanted(t *testing.T) {
	cases := []planted{
		{Passages: 20, Size: 400, Vocab: 40, Sentences: 12, Length: 8, Common: 100, Noise: 0.3, Seed: 1},
		{Passages: 40, Size: 250, Vocab: 30, Sentences: 25, Length: 6, Common: 200, Noise: 0.4, Seed: 2},
		{Passages: 10, Size: 1000, Vocab: 60, Sentences: 8, Length: 12, Common: 50, Noise: 0.5, Seed: 3},
	}
	aligners := []struct {
		name string
		a    Aligner
	}{
		{"passage", &PassageHMM{Seed: 7}},
		{"token", &TokenHMM{}},
		{"jing", &Jing{}},
	}
	for i, c := range cases {
		p, truth := c.build(t)
		for _, al := range aligners {
			t.Run(fmt.Sprintf("%s/%d", al.name, i), func(t *testing.T) {
				a, err := al.a.Align(p)
				if err != nil {
					t.Fatal(err)
				}
				got := recovered(a, truth)
				t.Logf("recovered %.2f", got)
				if got < 0.9 {
					t.Errorf("recovered %.2f of planted passages, want ≥ 0.90", got)
					for k, sa := range a.Sentences {
						t.Logf("sentence %d: got %+v want %v", k, sa.Tokens, truth[k])
					}
				}
			})
		}
	}
}
