package wiki

import (
	"bufio"
	"cmp"
	"compress/bzip2"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// bzip2Magic starts every bzip2 stream: "BZh" and the block size, '1'-'9'.
const bzip2Magic = "BZh"

// Decompress returns a reader of the decompressed content of r when r
// starts with a bzip2 stream header ("BZh1" to "BZh9"), and a reader of r
// as it is otherwise, so that a caller can open plain and .bz2 exports
// alike. Concatenated bzip2 streams, as in a multistream dump, are read one
// after another. err is non-nil only when peeking at r fails.
//
// Decompression uses the standard library's compress/bzip2: see the
// package documentation for why.
func Decompress(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 256<<10)
	head, err := br.Peek(4)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if IsBzip2(head) {
		return bzip2.NewReader(br), nil
	}
	return br, nil
}

// IsBzip2 reports whether head, the first bytes of a file, start a bzip2
// stream.
func IsBzip2(head []byte) bool {
	return len(head) >= 4 && string(head[:3]) == bzip2Magic && head[3] >= '1' && head[3] <= '9'
}

// An IndexEntry is one line of a multistream index
// (enwiki-YYYYMMDD-pages-articles-multistream-index.txt): the byte offset in
// the .bz2 file of the stream that holds the page, the page id and its
// title.
type IndexEntry struct {
	Offset int64
	PageID int64
	Title  string
}

// An IndexReader reads a multistream index, one "offset:pageid:title" line
// at a time. Titles may contain ':'; blank lines are skipped. Use it like
// bufio.Scanner. Errors are sticky and are *ParseError values wrapping
// ErrIndexLine, or the underlying reader's error. The index is usually
// bzip2-compressed: wrap it with Decompress first.
type IndexReader struct {
	sc    *bufio.Scanner
	entry IndexEntry
	line  int
	off   int64
	err   error
}

// NewIndexReader returns an IndexReader of r.
func NewIndexReader(r io.Reader) *IndexReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	return &IndexReader{sc: sc}
}

// Scan advances to the next entry, which Entry returns. It returns false at
// the end of the index or on an error.
func (r *IndexReader) Scan() bool {
	for r.err == nil && r.sc.Scan() {
		r.line++
		b := r.sc.Bytes()
		off := r.off
		r.off += int64(len(b)) + 1
		s := strings.TrimRight(string(b), "\r")
		if strings.TrimSpace(s) == "" {
			continue
		}
		e, err := parseIndexLine(s)
		if err != nil {
			r.err = &ParseError{Offset: off, Line: r.line, Err: fmt.Errorf("%w: %s", ErrIndexLine, err)}
			return false
		}
		r.entry = e
		return true
	}
	if r.err == nil && r.sc.Err() != nil {
		r.err = &ParseError{Offset: r.off, Line: r.line + 1, Err: r.sc.Err()}
	}
	return false
}

// Entry returns the entry found by the last call to Scan.
func (r *IndexReader) Entry() IndexEntry { return r.entry }

// Err returns the error that stopped Scan, if any.
func (r *IndexReader) Err() error { return r.err }

func parseIndexLine(s string) (IndexEntry, error) {
	a, rest, ok1 := strings.Cut(s, ":")
	b, title, ok2 := strings.Cut(rest, ":")
	if !ok1 || !ok2 {
		return IndexEntry{}, fmt.Errorf("%q has fewer than 3 fields", clip(s))
	}
	off, err := strconv.ParseInt(a, 10, 64)
	if err != nil || off < 0 {
		return IndexEntry{}, fmt.Errorf("offset %q is not a non-negative integer", clip(a))
	}
	id, err := strconv.ParseInt(b, 10, 64)
	if err != nil || id <= 0 {
		return IndexEntry{}, fmt.Errorf("page id %q is not a positive integer", clip(b))
	}
	return IndexEntry{Offset: off, PageID: id, Title: title}, nil
}

// clip shortens s for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// An IndexStream is one bzip2 stream that a multistream index names: its
// byte offset in the dump, the number of pages the index puts in it, and
// the first of them (in the order of the index).
type IndexStream struct {
	Offset     int64
	Pages      int
	FirstID    int64
	FirstTitle string
}

// ReadIndex reads a multistream index file, plain or bzip2-compressed
// (Decompress), and returns its streams (IndexStreams).
func ReadIndex(file io.Reader) ([]IndexStream, error) {
	in, err := Decompress(file)
	if err != nil {
		return nil, err
	}
	return IndexStreams(in)
}

// IndexStreams reads a multistream index and returns the streams it
// names, in increasing order of offset, so that a reader can account for
// every stream, the ones it cannot read included.
func IndexStreams(index io.Reader) ([]IndexStream, error) {
	r := NewIndexReader(index)
	var out []IndexStream
	for r.Scan() {
		e := r.Entry()
		if n := len(out); n > 0 && out[n-1].Offset == e.Offset {
			out[n-1].Pages++
			continue
		}
		out = append(out, IndexStream{Offset: e.Offset, Pages: 1, FirstID: e.PageID, FirstTitle: e.Title})
	}
	if r.Err() != nil {
		return nil, r.Err()
	}
	// An index is in order of offset; should one not be, merge the runs.
	slices.SortStableFunc(out, func(a, b IndexStream) int { return cmp.Compare(a.Offset, b.Offset) })
	merged := out[:0]
	for _, s := range out {
		if n := len(merged); n > 0 && merged[n-1].Offset == s.Offset {
			merged[n-1].Pages += s.Pages
			continue
		}
		merged = append(merged, s)
	}
	return merged, nil
}

// A Span is the byte range [Start, End) of a multistream .bz2 file that holds
// one or more whole bzip2 streams.
type Span struct {
	Start int64 `json:"start"`
	End   int64 `json:"end"`
}

// Spans turns stream offsets (IndexStream.Offset, increasing) into the spans
// of the streams of a file of size bytes: each stream runs to the next
// offset and the last to the end of the file, which takes in the closing
// stream that holds "</mediawiki>". The header stream before the first
// offset holds no page and is not covered. Offsets at or beyond size are
// ignored.
func Spans(offsets []int64, size int64) []Span {
	var out []Span
	for i, o := range offsets {
		if o >= size {
			break
		}
		end := size
		if i+1 < len(offsets) && offsets[i+1] < size {
			end = offsets[i+1]
		}
		out = append(out, Span{Start: o, End: end})
	}
	return out
}

// Merge joins runs of adjacent spans into spans of about target bytes each
// (at least one stream, and no more than target bytes unless one stream is
// larger), so that each worker gets a few megabytes rather than one 100-page
// stream. target <= 0 returns spans unchanged.
func Merge(spans []Span, target int64) []Span {
	if target <= 0 || len(spans) == 0 {
		return spans
	}
	var out []Span
	cur := spans[0]
	for _, s := range spans[1:] {
		if s.Start == cur.End && s.End-cur.Start <= target {
			cur.End = s.End
			continue
		}
		out = append(out, cur)
		cur = s
	}
	return append(out, cur)
}

// A Chunk is a work item of a multistream dump: the byte range [Start,
// End) and the offsets of the bzip2 streams that start in it.
type Chunk struct {
	Start, End int64
	Streams    []int64
}

// Chunks cuts a multistream dump of size bytes, whose bzip2 streams start
// at offsets (increasing), into work items of about target bytes: Merge
// over Spans, each item keeping the offsets of the streams it holds.
func Chunks(offsets []int64, size, target int64) []Chunk {
	var out []Chunk
	i := 0
	for _, sp := range Merge(Spans(offsets, size), target) {
		c := Chunk{Start: sp.Start, End: sp.End}
		for i < len(offsets) && offsets[i] < sp.Start {
			i++
		}
		for i < len(offsets) && offsets[i] < sp.End {
			c.Streams = append(c.Streams, offsets[i])
			i++
		}
		out = append(out, c)
	}
	return out
}
