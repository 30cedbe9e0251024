package transforms

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/text"
)

// testPairText returns a small parsed, labelled pair.
func testPairText(t testing.TB) PairText {
	t.Helper()
	book, err := text.ParseBook("Marley was dead. Scrooge knew he was dead.\n\nThe fog came in. Bob Cratchit shivered by the fire.\n")
	if err != nil {
		t.Fatal(err)
	}
	summary, err := text.ParseSummary("\ufeffMarley is dead. Scrooge is cold.")
	if err != nil {
		t.Fatal(err)
	}
	return PairText{
		Pair: corpus.Pair{ID: "carol", Row: 7, Title: "A Christmas Carol", Author: "Dickens"},
		Book: book, Summary: summary, BookWords: 12, SummaryWords: 4,
		Labels:   []MethodLabels{{Method: "passage", Sentences: []int{0, 3}}, {Method: "jing", Sentences: []int{1}}},
		Prepared: classify.NewBook("carol", book),
	}
}

// TestPairTextCoder checks that a PairText round-trips through its Beam
// coder, documents and prepared book included and without them, and that truncated bytes are
// refused.
func TestPairTextCoder(t *testing.T) {
	full := testPairText(t)
	bare := PairText{Pair: corpus.Pair{ID: "bare", Row: -1}}
	for _, p := range []PairText{full, bare} {
		data, err := encodePairText(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodePairText(data)
		if err != nil {
			t.Fatalf("%s: %v", p.Pair.ID, err)
		}
		if !reflect.DeepEqual(got, p) {
			t.Errorf("%s: round trip\n got %+v\nwant %+v", p.Pair.ID, got, p)
		}
		for cut := range len(data) {
			if _, err := decodePairText(data[:cut]); err == nil {
				t.Errorf("%s cut to %d of %d bytes: no error", p.Pair.ID, cut, len(data))
			}
		}
	}
}

// FuzzPairTextCoder checks that decodePairText never panics and that what it
// accepts encodes back to bytes that decode to the same PairText.
func FuzzPairTextCoder(f *testing.F) {
	data, err := encodePairText(testPairText(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte{0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := decodePairText(data)
		if err != nil {
			if !errors.Is(err, errBookData) && !errors.Is(err, text.ErrEncoding) && !errors.Is(err, classify.ErrBookEncoding) {
				t.Fatalf("error %v wraps none of errBookData, text.ErrEncoding and classify.ErrBookEncoding", err)
			}
			return
		}
		again, err := encodePairText(p)
		if err != nil {
			t.Fatalf("an accepted PairText does not encode: %v", err)
		}
		p2, err := decodePairText(again)
		if err != nil || !reflect.DeepEqual(p, p2) {
			t.Fatalf("round trip changes the PairText (%v)", err)
		}
	})
}
