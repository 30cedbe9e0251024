package align

import (
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

// The silver test checks alignments against quotations on a few short
// corpus books: FindAnchors anchors the summary sentences that quote their
// book, and a method hits a sentence when its aligned span lies within
// hitRadius counted tokens of the quotation and is at most maxSpan tokens
// long. The whole corpus, with quotations masked, is measured by
// bench/anchors (docs/notebook/alignment.md).
const (
	hitRadius = 250
	maxSpan   = 1000
)

// silverRule are the anchors of the test: runs of 6 tokens, as in
// docs/notebook/alignment.md's first tables.
var silverRule = AnchorRule{MinRun: 6, MinContent: 2}

// silverSubset are short books with quotations.
var silverSubset = []string{
	"the-strange-case-of-dr-jekyll-and-mr-hyde", "a-christmas-carol", "the-life-and-adventures-of-santa-claus",
}

// silverMethod is a named aligner.
type silverMethod struct {
	name string
	a    Aligner
}

// hits returns how many anchors a places within hitRadius with a span of at
// most maxSpan.
func hits(a *Alignment, anchors []Anchor) int {
	n := 0
	for _, an := range anchors {
		sa := a.Sentences[an.Sentence]
		iv := sa.Tokens
		d := max(0, iv.Start-an.Pos, an.Pos-(iv.End-1))
		if sa.Aligned && d <= hitRadius && iv.Len() <= maxSpan {
			n++
		}
	}
	return n
}

// proportional aligns summary sentence k of n to counted book token
// (k + 1/2)/n · N, a one-token span.
func proportional(p *Pair) *Alignment {
	a := newAlignment("proportional", p)
	n, N := len(p.Summary.Words), len(p.Book.Words)
	for k := range a.Sentences {
		x := min(N-1, int((float64(k)+0.5)/float64(n)*float64(N)))
		p.setSpan(&a.Sentences[k], Interval{x, x + 1}, nil)
	}
	return a
}

// TestSilver checks that both HMMs place clearly more quoted sentences than
// proportional position does.
func TestSilver(t *testing.T) {
	dir := sharedtest.Path(t, "corpus")
	th, err := LoadThesaurus(sharedtest.Path(t, "thesaurus"))
	if err != nil {
		t.Fatal(err)
	}
	methods := []silverMethod{
		{"Passage HMM", &PassageHMM{Seed: 1}},
		{"Token HMM", &TokenHMM{Thesaurus: th}},
	}
	anchors, base := 0, 0
	got := make([]int, len(methods))
	for _, id := range silverSubset {
		book, summary, p := loadDocs(t, dir, id)
		an := FindAnchors(book, summary, p, silverRule)
		anchors += len(an)
		base += hits(proportional(p), an)
		for i, m := range methods {
			a, err := m.a.Align(p)
			if err != nil {
				t.Fatalf("%s %s: %v", id, m.name, err)
			}
			got[i] += hits(a, an)
		}
	}
	if anchors < 10 {
		t.Fatalf("only %d anchors: the corpus or the anchor rule is broken", anchors)
	}
	share := func(n int) float64 { return float64(n) / float64(anchors) }
	t.Logf("%d anchors; proportional position hits %.2f", anchors, share(base))
	for i, m := range methods {
		t.Logf("%s hits %.2f", m.name, share(got[i]))
		if share(got[i]) < share(base)+0.2 {
			t.Errorf("%s hits %.2f of anchors, not clearly above the proportional baseline's %.2f", m.name, share(got[i]), share(base))
		}
	}
}

// TestFindAnchors builds a small book and summary by hand: one sentence
// quotes a unique run, one quotes a run found twice, one a run of
// stopwords only.
func TestFindAnchors(t *testing.T) {
	book := "The old captain sailed the black ship into the northern harbour at dawn. " +
		"Nobody in the town knew him. He walked to the inn. He walked to the inn. " +
		"It was all that there was to it and no more."
	summary := "Early on, the old captain sailed the black ship into the northern harbour at dawn and waited. " +
		"Then he walked to the inn. " +
		"It was all that there was to it. " +
		"The town knew nothing."
	bd, err := text.ParseSummary(book)
	if err != nil {
		t.Fatal(err)
	}
	sd, err := text.ParseSummary(summary)
	if err != nil {
		t.Fatal(err)
	}
	p, err := PrepareForms(bd, sd, Forms{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rule           AnchorRule
		quoted, masked []string
	}{
		{AnchorRule{MinRun: 4, MinContent: 2, Extend: true},
			[]string{"old", "captain", "sailed", "black", "ship", "northern", "harbour", "dawn"},
			[]string{"early", maskWord, "waited"}},
		{AnchorRule{MinRun: 4, MinContent: 2},
			[]string{"old", "captain", "sailed"},
			[]string{"early", maskWord, "black", "ship", "northern", "harbour", "dawn", "waited"}},
	} {
		got := FindAnchors(bd, sd, p, c.rule)
		if len(got) != 1 || got[0].Sentence != 0 || got[0].Pos != 0 {
			t.Fatalf("%+v: anchors %+v, want one on sentence 0 at token 0", c.rule, got)
		}
		var words []string
		for _, x := range got[0].Quoted {
			words = append(words, p.Vocab[p.Summary.Words[0][x]])
		}
		if strings.Join(words, " ") != strings.Join(c.quoted, " ") {
			t.Errorf("%+v: quoted %q, want %q", c.rule, words, c.quoted)
		}
		q := MaskAnchors(p, got)
		var kept []string
		for _, w := range q.Summary.Words[0] {
			kept = append(kept, q.Vocab[w])
		}
		if strings.Join(kept, " ") != strings.Join(c.masked, " ") {
			t.Errorf("%+v: masked sentence %q, want %q", c.rule, kept, c.masked)
		}
	}
}
