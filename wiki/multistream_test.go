package wiki

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// multistream builds a multistream dump as Wikipedia publishes one: a
// stream holding the header, one stream per group of pages, and a last
// stream holding "</mediawiki>"; and its index, "offset:id:title" per page.
func multistream(t *testing.T, groups [][]int) (dump []byte, index string) {
	t.Helper()
	var idx strings.Builder
	dump = append(dump, bz2(t, head)...)
	for _, g := range groups {
		off := len(dump)
		var xml strings.Builder
		for _, id := range g {
			title := fmt.Sprintf("Page: %d", id) // a ':' in the title
			xml.WriteString(page(id, 0, title, "", fmt.Sprintf("text of %d", id)))
			fmt.Fprintf(&idx, "%d:%d:%s\n", off, id, title)
		}
		dump = append(dump, bz2(t, xml.String())...)
	}
	dump = append(dump, bz2(t, "</mediawiki>\n")...)
	return dump, idx.String()
}

// readSpan reads the pages of span s of a multistream dump, as
// package transforms reads a chunk: Decompress over the byte range.
func readSpan(t *testing.T, dump []byte, s Span) *Reader {
	t.Helper()
	in, err := Decompress(io.NewSectionReader(bytes.NewReader(dump), s.Start, s.End-s.Start))
	if err != nil {
		t.Fatal(err)
	}
	return NewReader(in)
}

// streamOffsets returns the stream offsets of a multistream index.
func streamOffsets(t *testing.T, index string) []int64 {
	t.Helper()
	streams, err := IndexStreams(strings.NewReader(index))
	if err != nil {
		t.Fatal(err)
	}
	var offs []int64
	for _, s := range streams {
		offs = append(offs, s.Offset)
	}
	return offs
}

func ids(t *testing.T, r *Reader) []int64 {
	t.Helper()
	var out []int64
	for r.Scan() {
		out = append(out, r.Page().ID)
	}
	if err := r.Err(); err != nil {
		t.Fatalf("Err() = %v", err)
	}
	return out
}

func TestMultistream(t *testing.T) {
	groups := [][]int{{1, 2, 3}, {4, 5}, {6}, {7, 8, 9, 10}}
	dump, index := multistream(t, groups)

	offs := streamOffsets(t, index)
	if len(offs) != len(groups) {
		t.Fatalf("%d stream offsets, want %d", len(offs), len(groups))
	}
	spans := Spans(offs, int64(len(dump)))
	for i, s := range spans {
		got := ids(t, readSpan(t, dump, s))
		var want []int64
		for _, id := range groups[i] {
			want = append(want, int64(id))
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("span %d %+v: pages %v, want %v", i, s, got, want)
		}
	}

	// Merged spans still read every page once, in order.
	for _, target := range []int64{0, 1, 200, 1 << 30} {
		var got []int64
		for _, s := range Merge(spans, target) {
			got = append(got, ids(t, readSpan(t, dump, s))...)
		}
		if len(got) != 10 || got[0] != 1 || got[9] != 10 {
			t.Errorf("Merge(target %d): pages %v", target, got)
		}
	}
	if m := Merge(spans, 1<<30); len(m) != 1 || m[0].Start != offs[0] || m[0].End != int64(len(dump)) {
		t.Errorf("Merge into one: %+v", m)
	}

	// The whole file reads sequentially too.
	d, err := Decompress(bytes.NewReader(dump))
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(t, NewReader(d)); len(got) != 10 {
		t.Errorf("sequential read: pages %v", got)
	}
}

func TestSpans(t *testing.T) {
	tests := []struct {
		offs []int64
		size int64
		want []Span
	}{
		{nil, 100, nil},
		{[]int64{10}, 100, []Span{{10, 100}}},
		{[]int64{10, 40, 70}, 100, []Span{{10, 40}, {40, 70}, {70, 100}}},
		{[]int64{10, 40, 170}, 100, []Span{{10, 40}, {40, 100}}},
	}
	for _, tc := range tests {
		if got := Spans(tc.offs, tc.size); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Spans(%v, %d) = %v, want %v", tc.offs, tc.size, got, tc.want)
		}
	}
	m := Merge([]Span{{0, 10}, {10, 20}, {20, 50}, {50, 55}, {60, 70}}, 20)
	want := []Span{{0, 20}, {20, 50}, {50, 55}, {60, 70}}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("Merge = %v, want %v", m, want)
	}
}

func TestIndexReader(t *testing.T) {
	in := "597:10:AccessibleComputing\r\n\n597:12:Anarchism\n683:25:Talk:Autism: a: b\n"
	r := NewIndexReader(strings.NewReader(in))
	var got []IndexEntry
	for r.Scan() {
		got = append(got, r.Entry())
	}
	want := []IndexEntry{{597, 10, "AccessibleComputing"}, {597, 12, "Anarchism"}, {683, 25, "Talk:Autism: a: b"}}
	if r.Err() != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, %v; want %v", got, r.Err(), want)
	}

	bad := []struct {
		name string
		in   string
		line int
	}{
		{"two fields", "597:10:A\n597:12\n", 2},
		{"bad offset", "x:10:A\n", 1},
		{"negative offset", "-5:10:A\n", 1},
		{"zero id", "\n\n5:0:A\n", 3},
		{"no colon", "hello\n", 1},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			r := NewIndexReader(strings.NewReader(tc.in))
			for r.Scan() {
			}
			var pe *ParseError
			if !errors.As(r.Err(), &pe) || !errors.Is(r.Err(), ErrIndexLine) || pe.Line != tc.line {
				t.Errorf("Err() = %v, want ErrIndexLine on line %d", r.Err(), tc.line)
			}
			if _, err := IndexStreams(strings.NewReader(tc.in)); !errors.Is(err, ErrIndexLine) {
				t.Errorf("IndexStreams: %v", err)
			}
		})
	}
}

func TestIndexStreamsUnsorted(t *testing.T) {
	if got := streamOffsets(t, "30:1:a\n10:2:b\n30:3:c\n10:4:d\n"); !reflect.DeepEqual(got, []int64{10, 30}) {
		t.Errorf("got %v", got)
	}
}

func TestSpanBadRange(t *testing.T) {
	dump, _ := multistream(t, [][]int{{1, 2}})
	r := readSpan(t, dump, Span{Start: 3, End: int64(len(dump))})
	for r.Scan() {
	}
	if r.Err() == nil {
		t.Error("a span not at a stream boundary read without error")
	}
}

func TestIndexStreams(t *testing.T) {
	got, err := IndexStreams(strings.NewReader("30:5:e\n10:1:a:b\n10:2:b\n\n20:3:c\n10:4:d\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []IndexStream{{Offset: 10, Pages: 3, FirstID: 1, FirstTitle: "a:b"}, {Offset: 20, Pages: 1, FirstID: 3, FirstTitle: "c"}, {Offset: 30, Pages: 1, FirstID: 5, FirstTitle: "e"}}
	if !slices.Equal(got, want) {
		t.Errorf("IndexStreams = %+v, want %+v", got, want)
	}
	if _, err := IndexStreams(strings.NewReader("10:1:a\nx\n")); !errors.Is(err, ErrIndexLine) {
		t.Errorf("bad line: %v", err)
	}
}

func TestReadIndex(t *testing.T) {
	index := "20:3:c\n10:1:a\n"
	want := []IndexStream{{Offset: 10, Pages: 1, FirstID: 1, FirstTitle: "a"}, {Offset: 20, Pages: 1, FirstID: 3, FirstTitle: "c"}}
	for name, file := range map[string][]byte{"plain": []byte(index), "bzip2": bz2(t, index)} {
		if got, err := ReadIndex(bytes.NewReader(file)); err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: ReadIndex = %+v, %v; want %+v", name, got, err, want)
		}
	}
	if _, err := ReadIndex(bytes.NewReader(bz2(t, index)[:30])); err == nil {
		t.Error("a cut bzip2 index read without error")
	}
}
