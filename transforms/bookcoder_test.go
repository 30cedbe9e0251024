package transforms

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/text"
)

// testBookData returns a small labelled book.
func testBookData(t testing.TB) BookData {
	t.Helper()
	doc, err := text.ParseBook("Marley was dead. Scrooge knew he was dead.\n\nThe fog came in. Bob Cratchit shivered by the fire.\n")
	if err != nil {
		t.Fatal(err)
	}
	return BookData{
		ID: "carol", Row: 7,
		Book:   *classify.NewBook("carol", doc),
		Labels: []MethodLabels{{Method: "passage", Sentences: []int{0, 3}}, {Method: "jing", Sentences: []int{1}}, {Method: "token"}},
	}
}

// TestBookDataCoder checks that BookData round-trips through its Beam coder,
// test flag and empty labels included, and that truncated bytes are refused.
func TestBookDataCoder(t *testing.T) {
	labelled := testBookData(t)
	test := labelled
	test.ID, test.Row, test.Test, test.Labels = "carol-test", 0, true, nil
	for _, b := range []BookData{labelled, test} {
		data, err := encodeBookData(b)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeBookData(data)
		if err != nil {
			t.Fatalf("%s: %v", b.ID, err)
		}
		for i := range got.Labels {
			if len(got.Labels[i].Sentences) == 0 {
				got.Labels[i].Sentences = nil
			}
		}
		if !reflect.DeepEqual(got, b) {
			t.Errorf("%s: round trip\n got %+v\nwant %+v", b.ID, got, b)
		}
		for cut := range len(data) {
			if _, err := decodeBookData(data[:cut]); err == nil {
				t.Errorf("%s cut to %d of %d bytes: no error", b.ID, cut, len(data))
			}
		}
	}
}

// FuzzBookDataCoder checks that decodeBookData never panics and that what it
// accepts encodes back to bytes that decode to the same BookData.
func FuzzBookDataCoder(f *testing.F) {
	data, err := encodeBookData(testBookData(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte{0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := decodeBookData(data)
		if err != nil {
			if !errors.Is(err, errBookData) && !errors.Is(err, classify.ErrBookEncoding) {
				t.Fatalf("error %v wraps neither errBookData nor classify.ErrBookEncoding", err)
			}
			return
		}
		again, err := encodeBookData(b)
		if err != nil {
			t.Fatalf("an accepted BookData does not encode: %v", err)
		}
		b2, err := decodeBookData(again)
		if err != nil || !reflect.DeepEqual(b, b2) {
			t.Fatalf("round trip changes the BookData (%v)", err)
		}
	})
}

// TestSpillKeepsTestBooksApart checks that a test book spilled to the work
// directory does not replace the training book of the same id: each is
// read back as it was written.
func TestSpillKeepsTestBooksApart(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	train := testBookData(t)
	test := train
	test.Test, test.Row, test.Labels = true, 9, nil
	spill := &spillBookFn{Dir: dir}
	for _, b := range []BookData{train, test} {
		if err := spill.ProcessElement(ctx, b, func(BookRef) {}, func([]uint64) {}); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []BookData{train, test} {
		got, err := readBook(ctx, dir, want.ID, want.Test)
		if err != nil {
			t.Fatal(err)
		}
		if got.Test != want.Test || got.Row != want.Row || len(got.Labels) != len(want.Labels) {
			t.Errorf("test %v: read back test %v, row %d, %d labels; want row %d, %d labels", want.Test, got.Test, got.Row, len(got.Labels), want.Row, len(want.Labels))
		}
	}
}
