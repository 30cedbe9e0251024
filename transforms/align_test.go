package transforms

import (
	"testing"

	"github.com/bookalign/bookalign/align"
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
		opts := AlignOptions{PaperAligners: tc.paper}
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
