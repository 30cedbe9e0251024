package transforms

import (
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/text"
)

// TestPaperAlignersForms checks that --paper-aligners prepares pairs with
// the paper's exact word forms, and the default with possessives dropped and
// stems: "Darcy's" and "Darcy", "returned" and "returns" are one word only
// by default.
func TestPaperAlignersForms(t *testing.T) {
	book, err := text.ParseBook("Mr. Darcy returned to the house at night. Darcy's sister waited.\n")
	if err != nil {
		t.Fatal(err)
	}
	summary, err := text.ParseSummary("Darcy's friend returns home.\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		paper bool
		same  bool
	}{{false, true}, {true, false}} {
		opts := AlignOptions{Align: config.Align{PaperAligners: tc.paper}}
		p, err := align.PrepareForms(book, summary, opts.forms())
		if err != nil {
			t.Fatal(err)
		}
		book := map[string]bool{}
		for _, w := range p.Book.Words {
			book[p.Vocab[w]] = true
		}
		shared := 0
		for _, w := range p.Summary.Words[0] {
			if book[p.Vocab[w]] {
				shared++
			}
		}
		// darcy and return are shared by default; with exact forms
		// "darcy's" is in both texts, but "returns" is not.
		want := 1
		if tc.same {
			want = 2
		}
		if shared != want {
			t.Errorf("paper aligners %v: %d summary words found in the book (vocab %v), want %d", tc.paper, shared, p.Vocab, want)
		}
	}
}

// TestSynonymsOption checks when the Token HMM gets the thesaurus: with
// align.synonyms or the paper's aligners, and a thesaurus given.
func TestSynonymsOption(t *testing.T) {
	th := &align.Thesaurus{}
	for _, tc := range []struct {
		name string
		o    AlignOptions
		want bool
	}{
		{"default", AlignOptions{Thesaurus: "th"}, false},
		{"--synonyms", AlignOptions{Align: config.Align{Synonyms: true}, Thesaurus: "th"}, true},
		{"paper aligners", AlignOptions{Align: config.Align{PaperAligners: true}, Thesaurus: "th"}, true},
		{"paper aligners, no thesaurus", AlignOptions{Align: config.Align{PaperAligners: true}}, false},
		{"--synonyms, no thesaurus", AlignOptions{Align: config.Align{Synonyms: true}}, false},
	} {
		if got := tc.o.UsesSynonyms(); got != tc.want {
			t.Errorf("%s: UsesSynonyms() = %v, want %v", tc.name, got, tc.want)
		}
		if got := tc.o.aligner(1, th).Thesaurus != nil; got != tc.want {
			t.Errorf("%s: the aligner has a thesaurus: %v, want %v", tc.name, got, tc.want)
		}
	}
	all := []string{align.MethodPassage, align.MethodToken, align.MethodJing}
	for _, tc := range []struct {
		name string
		o    AlignOptions
		want string
	}{
		{"default, no thesaurus", AlignOptions{Methods: all}, ""},
		{"paper aligners, no thesaurus", AlignOptions{Align: config.Align{PaperAligners: true}, Methods: all}, "align.paper_aligners (set by --preset paper)"},
		{"align.synonyms, no thesaurus", AlignOptions{Align: config.Align{Synonyms: true}, Methods: all}, "align.synonyms:"},
		{"paper aligners without the Token HMM", AlignOptions{Align: config.Align{PaperAligners: true}, Methods: []string{align.MethodPassage}}, ""},
		{"align.synonyms without the Token HMM", AlignOptions{Align: config.Align{Synonyms: true}, Methods: []string{align.MethodJing}}, ""},
		{"paper aligners, a thesaurus", AlignOptions{Align: config.Align{PaperAligners: true}, Methods: all, Thesaurus: "th"}, ""},
	} {
		err := tc.o.CheckThesaurus()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: CheckThesaurus() = %v, want nil", tc.name, err)
		case tc.want != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.want) || !strings.Contains(err.Error(), "--thesaurus")):
			t.Errorf("%s: CheckThesaurus() = %v, want an error that begins %q and names --thesaurus", tc.name, err, tc.want)
		}
	}
}

// TestPassagePriorOption checks that --passage-prior reaches the Passage
// HMM, and only it.
func TestPassagePriorOption(t *testing.T) {
	o := AlignOptions{Align: config.Align{PassagePrior: 100}}.aligner(1, nil)
	if o.Prior != 100 {
		t.Fatalf("align.Options.Prior = %v, want 100", o.Prior)
	}
	if p := align.NewPassageHMM(o); p.Prior != 100 {
		t.Errorf("PassageHMM.Prior = %v, want 100", p.Prior)
	}
	if d := (AlignOptions{}).aligner(1, nil); d.Prior != 0 {
		t.Errorf("the default's prior = %v, want 0 (the Passage HMM's own default)", d.Prior)
	}
}
