package classify_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/text"
)

// TestTerms checks a book's terms against ROUGE's own tokens, row by row,
// and the capital marks and reference ids.
func TestTerms(t *testing.T) {
	doc, b := classifytest.Parse(t, "carol", classifytest.Carol)
	terms := &b.Terms
	if !slices.IsSorted(terms.Vocab) || len(slices.Compact(slices.Clone(terms.Vocab))) != len(terms.Vocab) {
		t.Fatalf("Vocab %q is not sorted and distinct", terms.Vocab)
	}
	for i := range b.Rows() {
		var got []string
		for _, id := range terms.Row(i) {
			got = append(got, terms.Vocab[id])
		}
		want := text.ASCIITokens(doc.Str(doc.Sentences[b.Sentence[i]].Span))
		if !slices.Equal(got, want) {
			t.Errorf("row %d: terms %q, ROUGE's tokens %q", i, got, want)
		}
	}
	// Row 1: "Scrooge knew it, and Scrooge said so to Bob Cratchit." The
	// first token is not marked; the names inside the row are.
	lo := int(terms.Start[1])
	var capital []int
	for j := range terms.Row(1) {
		if terms.IsCapital(lo + j) {
			capital = append(capital, j)
		}
	}
	if want := []int{4, 8, 9}; !slices.Equal(capital, want) {
		t.Errorf("row 1: capitalised tokens %v, want %v", capital, want)
	}
	if terms.Reference != nil {
		t.Error("a book without SetReference has a reference")
	}
	b.SetReference("Scrooge's ghost: Marley, dead!")
	var ref []string
	for _, id := range terms.Reference {
		w := "<none>"
		if id >= 0 {
			w = terms.Vocab[id]
		}
		ref = append(ref, w)
	}
	if want := []string{"scrooge", "<none>", "ghost", "marley", "dead"}; !slices.Equal(ref, want) {
		t.Errorf("reference %q, want %q", ref, want)
	}
}

// TestTermsBinary checks that terms round-trip through the book's binary
// form with and without a reference, that a cut form is an error, and that
// inconsistent terms are not encoded.
func TestTermsBinary(t *testing.T) {
	_, b := classifytest.Parse(t, "carol", classifytest.Carol)
	for _, ref := range []string{"", "Marley died. Scrooge knew it; Tiny Tim did not."} {
		if ref != "" {
			b.SetReference(ref)
		}
		data, err := b.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got classify.Book
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Terms, b.Terms) {
			t.Errorf("terms round trip\n got %+v\nwant %+v", got.Terms, b.Terms)
		}
		for cut := range len(data) {
			if err := new(classify.Book).UnmarshalBinary(data[:cut]); !errors.Is(err, classify.ErrBookEncoding) {
				t.Errorf("cut to %d bytes: error %v", cut, err)
			}
		}
	}
	bad := *b
	bad.Terms.Seq = append(slices.Clone(b.Terms.Seq), int32(len(b.Terms.Vocab)))
	bad.Terms.Start = slices.Clone(b.Terms.Start)
	bad.Terms.Start[len(bad.Terms.Start)-1]++
	if _, err := bad.MarshalBinary(); err == nil {
		t.Error("a term id outside the vocabulary was encoded")
	}
}
