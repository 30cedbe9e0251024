package main

import (
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

// silverRule are the anchors of TestSilver: runs of 6 tokens, as in
// docs/notebook/alignment.md's first tables.
var silverRule = AnchorRule{MinRun: 6, MinContent: 2}

// silverSubset are short books with quotations.
var silverSubset = []string{
	"the-strange-case-of-dr-jekyll-and-mr-hyde", "a-christmas-carol", "the-life-and-adventures-of-santa-claus",
}

// proportional aligns summary sentence k of n to counted book token
// (k + 1/2)/n · N, a one-token span.
func proportional(p *align.Pair) *align.Alignment {
	n, N := len(p.Summary.Words), len(p.Book.Words)
	a := &align.Alignment{Sentences: make([]align.SentenceAlignment, n)}
	for k := range a.Sentences {
		x := min(N-1, int((float64(k)+0.5)/float64(n)*float64(N)))
		a.Sentences[k] = align.SentenceAlignment{Aligned: true, Tokens: align.Interval{Start: x, End: x + 1}}
	}
	return a
}

// hits returns how many anchors a hits.
func hits(p *align.Pair, a *align.Alignment, anchors []Anchor) int {
	n := 0
	for _, o := range score("", p, a, anchors) {
		if o.hit() {
			n++
		}
	}
	return n
}

// TestSilver checks, on a few short corpus books with quotations, that both
// HMMs hit clearly more anchors than proportional position does.
func TestSilver(t *testing.T) {
	dir := sharedtest.Path(t, "corpus")
	th, err := align.LoadThesaurus(sharedtest.Path(t, "thesaurus"))
	if err != nil {
		t.Fatal(err)
	}
	methods := []struct {
		name string
		a    align.Aligner
	}{
		{"Passage HMM", &align.PassageHMM{Seed: 1}},
		{"Token HMM", &align.TokenHMM{Thesaurus: th}},
	}
	anchors, base := 0, 0
	got := make([]int, len(methods))
	for _, id := range silverSubset {
		book, summary, err := loadDocs(dir, id)
		if err != nil {
			t.Fatal(err)
		}
		p, err := align.Prepare(book, summary)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		an := FindAnchors(book, summary, p, silverRule)
		anchors += len(an)
		base += hits(p, proportional(p), an)
		for i, m := range methods {
			a, err := m.a.Align(p)
			if err != nil {
				t.Fatalf("%s %s: %v", id, m.name, err)
			}
			got[i] += hits(p, a, an)
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
	p, err := align.PrepareForms(bd, sd, align.Forms{})
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
