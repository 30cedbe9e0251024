package align

import (
	"strings"
	"testing"

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
		p, err := PrepareForms(book, summary, Settings{PaperAligners: tc.paper}.Forms())
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
// synonyms or the paper's aligners, and a thesaurus given.
func TestSynonymsOption(t *testing.T) {
	th := &Thesaurus{}
	for _, tc := range []struct {
		name      string
		s         Settings
		thesaurus bool
		want      bool
	}{
		{"default", Settings{}, true, false},
		{"--synonyms", Settings{Synonyms: true}, true, true},
		{"paper aligners", Settings{PaperAligners: true}, true, true},
		{"paper aligners, no thesaurus", Settings{PaperAligners: true}, false, false},
		{"--synonyms, no thesaurus", Settings{Synonyms: true}, false, false},
	} {
		if got := tc.s.UsesSynonyms(tc.thesaurus); got != tc.want {
			t.Errorf("%s: UsesSynonyms() = %v, want %v", tc.name, got, tc.want)
		}
		read := th
		if !tc.thesaurus {
			read = nil
		}
		if got := tc.s.Options(1, read).Thesaurus != nil; got != tc.want {
			t.Errorf("%s: the aligner has a thesaurus: %v, want %v", tc.name, got, tc.want)
		}
	}
	all := []string{MethodPassage, MethodToken, MethodJing}
	for _, tc := range []struct {
		name      string
		s         Settings
		methods   []string
		thesaurus bool
		want      string
	}{
		{"default, no thesaurus", Settings{}, all, false, ""},
		{"paper aligners, no thesaurus", Settings{PaperAligners: true}, all, false, "align.paper_aligners (set by --preset paper)"},
		{"align.synonyms, no thesaurus", Settings{Synonyms: true}, all, false, "align.synonyms:"},
		{"paper aligners without the Token HMM", Settings{PaperAligners: true}, []string{MethodPassage}, false, ""},
		{"align.synonyms without the Token HMM", Settings{Synonyms: true}, []string{MethodJing}, false, ""},
		{"paper aligners, a thesaurus", Settings{PaperAligners: true}, all, true, ""},
	} {
		err := tc.s.CheckThesaurus(tc.methods, tc.thesaurus)
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
	o := Settings{PassagePrior: 100}.Options(1, nil)
	if o.Prior != 100 {
		t.Fatalf("Options.Prior = %v, want 100", o.Prior)
	}
	if p := NewPassageHMM(o); p.Prior != 100 {
		t.Errorf("PassageHMM.Prior = %v, want 100", p.Prior)
	}
	if d := (Settings{}).Options(1, nil); d.Prior != 0 {
		t.Errorf("the default's prior = %v, want 0 (the Passage HMM's own default)", d.Prior)
	}
}
