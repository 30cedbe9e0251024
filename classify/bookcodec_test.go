package classify_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestBookBinary checks that books round-trip exactly through their binary
// form, and that the form is compact.
func TestBookBinary(t *testing.T) {
	_, carolBook := classifytest.Parse(t, "carol", classifytest.Carol)
	_, homeBook := classifytest.Parse(t, "home", classifytest.Home)
	unsorted := &classify.Book{ID: "u", Words: []string{"b", "a"}, Count: []int32{1, -2}, NameCount: []int32{0, 1}, First: []int32{0, 0},
		Sentence: []int32{5, 2}, Length: []int32{3, 0}, Start: []int32{0, 2, 2}, Word: []int32{1, 0}, Caps: []uint8{255, 0}}
	for _, b := range []*classify.Book{carolBook, homeBook, unsorted, {ID: "empty", Start: []int32{0}}} {
		data, err := b.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got classify.Book
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatalf("%s: %v", b.ID, err)
		}
		normalize(&got)
		want := *b
		normalize(&want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: round trip\n got %+v\nwant %+v", b.ID, got, want)
		}
		for cut := range len(data) {
			if err := new(classify.Book).UnmarshalBinary(data[:cut]); !errors.Is(err, classify.ErrBookEncoding) {
				t.Errorf("%s cut to %d bytes: error %v", b.ID, cut, err)
			}
		}
	}
	if _, err := (&classify.Book{ID: "bad", Words: []string{"a"}}).MarshalBinary(); err == nil {
		t.Error("a book of inconsistent lengths was encoded")
	}
}

// TestBookBinarySize measures the binary form of a book of median size.
func TestBookBinarySize(t *testing.T) {
	p := classifytest.SharedPair(t, "tarzan-of-the-apes")
	data, err := p.Book.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	terms := len(p.Book.Terms.Seq)
	t.Logf("tarzan-of-the-apes: %d rows, %d words, %d row words, %d terms: %d bytes", p.Book.Rows(), len(p.Book.Words), len(p.Book.Word), terms, len(data))
	if len(data) > 4*len(p.Book.Word)+3*terms {
		t.Errorf("%d bytes for %d row words and %d terms: not compact", len(data), len(p.Book.Word), terms)
	}
	var got classify.Book
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(&got, p.Book) {
		t.Error("tarzan-of-the-apes does not round-trip")
	}
}

// normalize makes empty slices nil, so that DeepEqual compares contents.
func normalize(b *classify.Book) {
	for _, s := range []*[]int32{&b.Count, &b.NameCount, &b.First, &b.Sentence, &b.Length, &b.Word} {
		if len(*s) == 0 {
			*s = nil
		}
	}
	if len(b.Words) == 0 {
		b.Words = nil
	}
	if len(b.Caps) == 0 {
		b.Caps = nil
	}
}

// FuzzBookBinary checks that UnmarshalBinary never panics, and that a book
// it accepts is usable and encodes back to the same bytes.
func FuzzBookBinary(f *testing.F) {
	_, b := classifytest.Parse(f, "carol", classifytest.Carol)
	data, err := b.MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	b.SetSummary([]string{"marley", "dead"})
	b.SetReference("Marley was dead, and Scrooge's ghost came.")
	if data, err = b.MarshalBinary(); err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte{data[0], 0, 0, 0})
	f.Add([]byte{data[0], 1, 'x', 1, 0, 1, 'a', 2, 2, 0, 1, 0, 2, 2, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		var b classify.Book
		if err := b.UnmarshalBinary(data); err != nil {
			return
		}
		again, err := b.MarshalBinary()
		if err != nil {
			t.Fatalf("an accepted book does not encode: %v", err)
		}
		var b2 classify.Book
		if err := b2.UnmarshalBinary(again); err != nil || !reflect.DeepEqual(b, b2) {
			t.Fatalf("round trip changes the book (%v)", err)
		}
		for i := range b.Rows() {
			words, _ := b.Row(i)
			for _, k := range words {
				_ = b.Words[k]
			}
		}
	})
}
