package align

import (
	"reflect"
	"slices"
	"testing"
)

func TestJing(t *testing.T) {
	book := []string{
		"river boat captain", // 0
		"captain sleeps",     // 1
		"ivory station",      // 2
		"filler words here",  // 3
		"more filler words",  // 4
		"river ivory boat",   // 5
		"captain river boat", // 6
		"station manager",    // 7
	}
	cases := []struct {
		name    string
		summary []string
		want    [][]int // labelled book sentences per summary sentence
	}{
		// The only sentence holding the words in order wins (P1, P1).
		{"adjacent", []string{"river boat captain"}, [][]int{{0}}},
		// "captain river boat" in order is sentence 6.
		{"order", []string{"captain river boat"}, [][]int{{6}}},
		// A word missing from the book is dropped.
		{"dropped", []string{"ivory zebra station"}, [][]int{{2}}},
		// One word is too weak a span: left unaligned.
		{"single", []string{"manager", "sleeps captain"}, [][]int{{7}, {1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := tinyPair(t, book, c.summary)
			a, err := (&Jing{}).Align(p)
			if err != nil {
				t.Fatal(err)
			}
			for k, want := range c.want {
				if got := a.Sentences[k].BookSentences; !slices.Equal(got, want) {
					t.Errorf("sentence %d: labelled %v, want %v", k, got, want)
				}
			}
		})
	}
}

func TestBestCluster(t *testing.T) {
	cases := []struct {
		pos  []int32
		gap  int
		want []int32
	}{
		{nil, 10, nil},
		{[]int32{5}, 10, []int32{5}},
		{[]int32{1, 5, 40, 45, 48}, 10, []int32{40, 45, 48}},
		{[]int32{1, 5, 40, 45}, 10, []int32{1, 5}}, // the first on ties
		{[]int32{1, 11, 21}, 10, []int32{1, 11, 21}},
	}
	for _, c := range cases {
		if got := bestCluster(c.pos, c.gap); !slices.Equal(got, c.want) {
			t.Errorf("bestCluster(%v, %d) = %v, want %v", c.pos, c.gap, got, c.want)
		}
	}
}

func TestPrepare(t *testing.T) {
	p := tinyPair(t, []string{"The cat sat on the mat", "It was a dog"}, []string{"A cat!", "The"})
	if got, want := len(p.Book.Words), 4; got != want { // cat sat mat dog
		t.Errorf("%d counted book tokens, want %d", got, want)
	}
	var words []string
	for _, w := range p.Book.Words {
		words = append(words, p.Vocab[w])
	}
	if want := []string{"cat", "sat", "mat", "dog"}; !slices.Equal(words, want) {
		t.Errorf("counted tokens %q, want %q", words, want)
	}
	if got := p.Book.Text[p.Book.Spans[3].Start:p.Book.Spans[3].End]; got != "dog" {
		t.Errorf("span of the last token is %q", got)
	}
	if len(p.Summary.Words) != 2 || len(p.Summary.Words[0]) != 1 || len(p.Summary.Words[1]) != 0 {
		t.Errorf("summary words %v", p.Summary.Words)
	}
	if _, err := PrepareText("the a", nil, "cat", nil); err != ErrEmpty {
		t.Errorf("an empty pair gave %v, want ErrEmpty", err)
	}
}

// TestNew checks that New passes every option to the aligner it applies to
// and leaves the others' defaults alone.
func TestNew(t *testing.T) {
	th := &Thesaurus{}
	for _, tc := range []struct {
		name string
		opts Options
		want Aligner
	}{
		{MethodPassage, Options{}, &PassageHMM{LabelTop: DefaultLabelTop, Neighbours: true}},
		{MethodToken, Options{}, &TokenHMM{LabelTop: DefaultLabelTop, PlaceUnaligned: true}},
		{MethodJing, Options{}, &Jing{LabelTop: DefaultLabelTop}},
		{MethodPassage, Options{Seed: 3, Iterations: 10, Thesaurus: th, WholeSpans: true, NoContext: true, Prior: 100},
			&PassageHMM{Seed: 3, Iterations: 10, NoContext: true, Prior: 100}},
		{MethodToken, Options{Seed: 3, Iterations: 10, Thesaurus: th, WholeSpans: true, NoContext: true, Prior: 100},
			&TokenHMM{Thesaurus: th, Iterations: 10, NoContext: true}},
		{MethodJing, Options{Seed: 3, Iterations: 10, WholeSpans: true, NoContext: true}, &Jing{}},
	} {
		a, err := New(tc.name, tc.opts)
		if err != nil {
			t.Errorf("New(%q): %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(a, tc.want) {
			t.Errorf("New(%q, %+v) = %+v, want %+v", tc.name, tc.opts, a, tc.want)
		}
	}
	if _, err := New("block", Options{}); err != ErrMethod {
		t.Errorf("New(block) gave %v, want ErrMethod", err)
	}
}

func TestLabelled(t *testing.T) {
	a := &Alignment{Sentences: []SentenceAlignment{{BookSentences: []int{5, 7}}, {}, {BookSentences: []int{2, 5}}}}
	if got, want := a.Labelled(), []int{2, 5, 7}; !slices.Equal(got, want) {
		t.Errorf("Labelled() = %v, want %v", got, want)
	}
}
