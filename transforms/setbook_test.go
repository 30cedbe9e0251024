package transforms

import (
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
)

// testSetBook returns a small book featurized under its own collection,
// with two methods' labels.
func testSetBook(t testing.TB) SetBook {
	t.Helper()
	b := testBookData(t)
	var c classify.Counts
	if err := c.Add(b.Book.Stats()); err != nil {
		t.Fatal(err)
	}
	col, err := c.Collection(classify.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	f := col.Featurize(&b.Book)
	return SetBook{Features: *f, Labels: []RowLabels{{Method: "passage", Rows: []int{0, f.Rows() - 1}}, {Method: "jing", Rows: []int{}}}}
}

// TestSetBookCoder checks that SetBook, Stats and Counts round-trip
// through their Beam coders and that truncated set books are refused.
func TestSetBookCoder(t *testing.T) {
	want := testSetBook(t)
	data, err := encodeSetBook(want)
	if err != nil {
		t.Fatal(err)
	}
	got, err := decodeSetBook(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip\n got %+v\nwant %+v", got, want)
	}
	for cut := range len(data) {
		if _, err := decodeSetBook(data[:cut]); err == nil {
			t.Errorf("cut to %d of %d bytes: no error", cut, len(data))
		}
	}
	if _, err := decodeSetBook(append(data, 0)); err == nil {
		t.Error("a trailing byte: no error")
	}
	b := testBookData(t)
	st := b.Book.Stats()
	if data, err = encodeStats(*st); err != nil {
		t.Fatal(err)
	}
	if got, err := decodeStats(data); err != nil || !reflect.DeepEqual(&got, st) {
		t.Errorf("stats round trip: %v\n got %+v\nwant %+v", err, got, *st)
	}
	var c classify.Counts
	if err := c.Add(st); err != nil {
		t.Fatal(err)
	}
	if data, err = encodeCounts(c); err != nil {
		t.Fatal(err)
	}
	if got, err := decodeCounts(data); err != nil || !reflect.DeepEqual(got, c) {
		t.Errorf("counts round trip: %v", err)
	}
}

// FuzzSetBookCoder checks that decodeSetBook never panics and that what it
// accepts encodes back to bytes that decode to the same set book.
func FuzzSetBookCoder(f *testing.F) {
	data, err := encodeSetBook(testSetBook(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := decodeSetBook(data)
		if err != nil {
			return
		}
		again, err := encodeSetBook(b)
		if err != nil {
			t.Fatalf("an accepted set book does not encode: %v", err)
		}
		b2, err := decodeSetBook(again)
		if err != nil || !reflect.DeepEqual(b, b2) {
			t.Fatalf("round trip changes the set book (%v)", err)
		}
	})
}
