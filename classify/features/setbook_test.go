package features

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// testSetBook returns a small book featurized under its own collection,
// with two methods' labels.
func testSetBook(t testing.TB) SetBook {
	t.Helper()
	_, b := classifytest.Parse(t, "carol", classifytest.Carol)
	var c Counts
	if err := c.Add(b.Stats()); err != nil {
		t.Fatal(err)
	}
	col, err := c.Collection(Settings{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := col.Featurize(b)
	return SetBook{Features: *f, Labels: []MethodRows{{Method: "passage", Rows: []int{0, f.Rows() - 1}}, {Method: "jing"}}}
}

// TestSetBookBinary checks that a SetBook round-trips through its binary
// form, that truncated or padded forms are refused, and that a label row
// outside the book does not encode.
func TestSetBookBinary(t *testing.T) {
	want := testSetBook(t)
	data, err := want.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got SetBook
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip\n got %+v\nwant %+v", got, want)
	}
	if rows := got.Rows("passage"); len(rows) != 2 || got.Rows("token") != nil {
		t.Errorf("Rows: passage %v, token %v", rows, got.Rows("token"))
	}
	for cut := range len(data) {
		var b SetBook
		if err := b.UnmarshalBinary(data[:cut]); !errors.Is(err, classify.ErrBookEncoding) {
			t.Errorf("cut to %d of %d bytes: %v", cut, len(data), err)
		}
	}
	var b SetBook
	if err := b.UnmarshalBinary(append(data, 0)); err == nil {
		t.Error("a trailing byte: no error")
	}
	bad := testSetBook(t)
	bad.Labels[0].Rows = []int{bad.Features.Rows()}
	if _, err := bad.MarshalBinary(); err == nil {
		t.Error("a label row outside the book encoded")
	}
}

// FuzzSetBookBinary checks that UnmarshalBinary never panics and that what
// it accepts encodes back to bytes that decode to the same set book.
func FuzzSetBookBinary(f *testing.F) {
	b := testSetBook(f)
	data, err := b.MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		var b SetBook
		if b.UnmarshalBinary(data) != nil {
			return
		}
		again, err := b.MarshalBinary()
		if err != nil {
			t.Fatalf("an accepted set book does not encode: %v", err)
		}
		var b2 SetBook
		if err := b2.UnmarshalBinary(again); err != nil || !reflect.DeepEqual(b, b2) {
			t.Fatalf("round trip changes the set book (%v)", err)
		}
	})
}
