package align

import (
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

const rogetSample = `The Project Gutenberg eBook header

***START OF THE PROJECT GUTENBERG EBOOK ROGET'S THESAURUS***

CLASS I
WORDS EXPRESSING ABSTRACT RELATIONS

1. BEING, IN THE ABSTRACT

1. Existence -- N. existence, being, entity, ens [Lat.], esse [Lat.],
subsistence.
     reality, actuality; positiveness &c adj.; fact, matter of fact,
sober reality; truth &c 494; actual existence.
V. exist, be; have being &c n.; subsist, live, breathe.
Phr. ens rationis [Lat.]; ergo sum cogito [Lat.], thinkest thou
existence doth depend on time? [Byron].

108a. Contingent Duration --
Adv. provisionally, temporarily; pro tempore.

Internal conditions

5. Intrinsicality -- N. intrinsicality^, inbeing^, inherence, essential part &c (importance) 642; soul.

***END OF THE PROJECT GUTENBERG EBOOK ROGET'S THESAURUS***
1. Ignored -- N. ignored, skipped.
`

func TestParseThesaurus(t *testing.T) {
	th, err := ParseThesaurus(strings.NewReader(rogetSample))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		word string
		want []string
	}{
		{"existence", []string{"entity", "ens", "esse", "subsistence"}}, // "being" is a stopword
		{"entity", []string{"existence", "ens", "esse", "subsistence"}},
		{"reality", []string{"actuality", "positiveness", "fact", "truth"}},
		{"subsist", []string{"exist", "live", "breathe"}},
		{"provisionally", []string{"temporarily"}},
		{"intrinsicality", []string{"inbeing", "inherence", "soul"}},
		{"rationis", nil}, // phrases are not synonym sets
		{"ignored", nil},  // after the Gutenberg footer
		{"matter", nil},   // "matter of fact" is not one word
	}
	for _, c := range cases {
		got := th.Synonyms(c.word)
		if !slices.Equal(got, c.want) {
			t.Errorf("Synonyms(%q) = %q, want %q", c.word, got, c.want)
		}
	}
}

func TestParseThesaurusEmpty(t *testing.T) {
	if _, err := ParseThesaurus(strings.NewReader("no heads here\n")); err != ErrThesaurus {
		t.Errorf("got error %v, want ErrThesaurus", err)
	}
}

func TestLoadThesaurus(t *testing.T) {
	th, err := LoadThesaurus(sharedtest.Path(t, "thesaurus"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d words have synonyms", th.Len())
	if n := th.Len(); n < 20000 {
		t.Errorf("only %d words have synonyms, want ≥ 20,000", n)
	}
	for _, c := range []struct{ word, syn string }{
		{"purchase", "buy"}, {"kill", "slay"}, {"death", "decease"}, {"ship", "vessel"},
	} {
		if !slices.Contains(th.Synonyms(c.word), c.syn) {
			t.Errorf("Synonyms(%q) lacks %q: %q", c.word, c.syn, th.Synonyms(c.word))
		}
	}
}

// FuzzParseThesaurus checks that arbitrary input never panics and that every
// synonym list is made of distinct lower-case words other than the word.
func FuzzParseThesaurus(f *testing.F) {
	f.Add(rogetSample)
	f.Add("1. A -- N. a, b; c &c 4 (x, y) [z, w], d.\n     e, f\nV. g, h")
	f.Add("#12a. X -- Phr. p, q\n")
	f.Fuzz(func(t *testing.T, s string) {
		th, err := ParseThesaurus(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, w := range th.words {
			syn := th.Synonyms(w)
			if len(syn) > MaxSynonyms {
				t.Fatalf("%q has %d synonyms", w, len(syn))
			}
			seen := map[string]bool{}
			for _, x := range syn {
				if x == w || seen[x] || x != strings.ToLower(x) || strings.ContainsAny(x, " ,;") {
					t.Fatalf("bad synonym %q of %q in %q", x, w, syn)
				}
				seen[x] = true
			}
		}
	})
}
