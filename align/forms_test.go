package align

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// summaryWordsInBook returns the summary forms of p that some book token
// has too.
func summaryWordsInBook(p *Pair) []string {
	in := make([]bool, len(p.Vocab))
	for _, w := range p.Book.Words {
		in[w] = true
	}
	var out []string
	for _, ws := range p.Summary.Words {
		for _, w := range ws {
			if in[w] {
				out = append(out, p.Vocab[w])
			}
		}
	}
	return out
}

// TestFormsMatch checks that a possessive matches the bare name and a
// present-tense verb its past, by default, and that exact forms
// keep them apart.
func TestFormsMatch(t *testing.T) {
	book := []string{"Darcy’s letter arrived", "Elizabeth returned home"}
	summary := []string{"Darcy writes a letter that arrives", "Elizabeth's aunt returns"}
	p := tinyPair(t, book, summary)
	got := summaryWordsInBook(p)
	want := []string{"darci", "letter", "arriv", "elizabeth", "return"}
	if !slices.Equal(got, want) {
		t.Errorf("default forms: summary words found in the book %q, want %q", got, want)
	}
	exact := p.Forms
	exact.Possessive, exact.Stem = false, false
	bt, bs := p.Book.Text, p.Book.Sentences
	q, err := PrepareTextForms(bt, bs, p.Summary.Text, p.Summary.Sentences, exact)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summaryWordsInBook(q), []string{"letter"}; !slices.Equal(got, want) {
		t.Errorf("exact forms: summary words found in the book %q, want %q", got, want)
	}
	// Counted tokens do not depend on the forms.
	if len(p.Book.Words) != len(q.Book.Words) || !slices.Equal(p.Book.Spans, q.Book.Spans) {
		t.Errorf("forms changed the counted tokens: %v and %v", p.Book.Spans, q.Book.Spans)
	}
}

// TestSynonymsInForms checks that thesaurus synonyms are found through the
// pair's forms: "subsisted" in the book is a synonym of "exists" in the
// summary once both are stems.
func TestSynonymsInForms(t *testing.T) {
	th, err := ParseThesaurus(strings.NewReader(rogetSample))
	if err != nil {
		t.Fatal(err)
	}
	p := tinyPair(t, []string{"it subsisted there"}, []string{"it exists"})
	syn, count := synonymIDs(p, th)
	var got []string
	for id, w := range p.Vocab {
		if w == "subsist" {
			for _, s := range syn[id] {
				got = append(got, p.Vocab[s])
			}
			if count[id] == 0 {
				t.Errorf("subsist: no thesaurus synonyms counted")
			}
		}
	}
	if !slices.Contains(got, "exist") {
		t.Errorf("synonyms of subsist in the pair: %q, want exist among them", got)
	}
}

// neighbourWord is word j of book sentence i of neighbourText.
func neighbourWord(i, j int) string {
	return "w" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + string(rune('a'+j))
}

// neighbourText returns a book of 40 sentences, each with three words of
// its own, and a summary of 20 sentences, sentence k retelling book
// sentence 2k.
func neighbourText() (book, summary []string) {
	for i := range 40 {
		book = append(book, neighbourWord(i, 0)+" "+neighbourWord(i, 1)+" "+neighbourWord(i, 2)+" harbour ship")
	}
	for k := range 20 {
		summary = append(summary, neighbourWord(2*k, 0)+" "+neighbourWord(2*k, 2))
	}
	return book, summary
}

// TestContextPlacement checks that a summary sentence none of whose words
// is in the book is placed by its neighbours unless NoContext is set.
func TestContextPlacement(t *testing.T) {
	// Summary sentence 5's words are not in the book.
	book, summary := neighbourText()
	summary[5] = "zebra quokka wombat"
	p := tinyPair(t, book, summary)
	for _, c := range []struct {
		name    string
		on, off Aligner
	}{
		{"passage", &PassageHMM{Seed: 1, Iterations: 50}, &PassageHMM{Seed: 1, Iterations: 50, NoContext: true}},
		{"passage neighbours", &PassageHMM{Seed: 1, Iterations: 50, Neighbours: true}, &PassageHMM{Seed: 1, Iterations: 50, Neighbours: true, NoContext: true}},
		{"token", &TokenHMM{}, &TokenHMM{NoContext: true}},
	} {
		a, err := c.on.Align(p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := c.off.Align(p)
		if err != nil {
			t.Fatal(err)
		}
		if b.Sentences[5].Aligned {
			t.Errorf("%s, NoContext: the sentence without book words is aligned", c.name)
		}
		s := a.Sentences[5]
		if !s.Aligned {
			t.Errorf("%s: the sentence without book words is not placed", c.name)
			continue
		}
		lo, hi := a.Sentences[4].Tokens.Start-10, a.Sentences[6].Tokens.End+10
		if s.Tokens.Start < lo || s.Tokens.End > hi {
			t.Errorf("%s: placed at %v, not near its neighbours %v and %v", c.name, s.Tokens, a.Sentences[4].Tokens, a.Sentences[6].Tokens)
		}
		if c.name == "passage neighbours" && (s.Confidence != 0 || s.Tokens.Start != a.Sentences[4].Tokens.End-1) {
			t.Errorf("%s: placed at %v with confidence %v, want from the end of %v with 0", c.name, s.Tokens, s.Confidence, a.Sentences[4].Tokens)
		}
	}
}

// TestPlaceUnaligned checks that TokenHMM.PlaceUnaligned places by its
// neighbours a sentence whose words are in the book but form no cluster.
func TestPlaceUnaligned(t *testing.T) {
	book, summary := neighbourText()
	// Two words 195 counted tokens apart: two clusters of one token, fewer
	// than the two the label rule asks for.
	summary[5] = neighbourWord(0, 1) + " " + neighbourWord(39, 1)
	p := tinyPair(t, book, summary)
	off, err := (&TokenHMM{}).Align(p)
	if err != nil {
		t.Fatal(err)
	}
	if off.Sentences[5].Aligned {
		t.Fatalf("sentence 5 aligned to %v without PlaceUnaligned", off.Sentences[5].Tokens)
	}
	on, err := (&TokenHMM{PlaceUnaligned: true}).Align(p)
	if err != nil {
		t.Fatal(err)
	}
	s := on.Sentences[5]
	lo, hi := on.Sentences[4].Tokens.Start-10, on.Sentences[6].Tokens.End+10
	if !s.Aligned || s.Confidence != 0 || s.Tokens.Start < lo || s.Tokens.End > hi {
		t.Errorf("sentence 5: %+v, want placed with confidence 0 near %v and %v", s, on.Sentences[4].Tokens, on.Sentences[6].Tokens)
	}
	for k := range on.Sentences {
		if k != 5 && !reflect.DeepEqual(on.Sentences[k], off.Sentences[k]) {
			t.Errorf("sentence %d changed: %+v to %+v", k, off.Sentences[k], on.Sentences[k])
		}
	}
}

// TestPlaceByNeighbours checks where placeByNeighbours puts sentences
// without observations: on the stretch between near neighbours, next to the
// earlier of far ones.
func TestPlaceByNeighbours(t *testing.T) {
	book, _ := neighbourText() // 200 counted tokens
	var summary []string
	for k := range 6 {
		summary = append(summary, neighbourWord(k, 0))
	}
	p := tinyPair(t, book, summary)
	tests := []struct {
		name  string
		obs   []observation
		path  []int32
		reach int
		want  []Interval // of sentences 0..5; zero for unaligned
	}{
		{
			name:  "next to the earlier neighbour",
			obs:   []observation{{0, 0}, {0, 4}},
			path:  []int32{10, 90},
			reach: 50,
			want:  []Interval{{}, {10, 11}, {10, 11}, {10, 11}, {}, {90, 91}},
		},
		{
			name:  "near neighbours: the span between them",
			obs:   []observation{{0, 0}, {0, 4}},
			path:  []int32{10, 40},
			reach: 50,
			want:  []Interval{{}, {10, 41}, {10, 41}, {10, 41}, {}, {40, 41}},
		},
	}
	for _, tt := range tests {
		a := newAlignment(MethodToken, p)
		placeByNeighbours(p, a, tt.obs, tt.path, tt.reach, 0, false)
		for k, s := range a.Sentences {
			if s.Tokens != tt.want[k] || s.Aligned != (tt.want[k] != Interval{}) {
				t.Errorf("%s: sentence %d at %v (aligned %v), want %v", tt.name, k, s.Tokens, s.Aligned, tt.want[k])
			}
		}
	}
}
