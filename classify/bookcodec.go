package classify

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/internal/binform"
)

// Format bytes of the binary forms of Book and Stats.
const (
	bookFormat  = 5
	statsFormat = 4
)

// ErrBookEncoding means bytes are not the binary form of a Book or of a
// value that holds a book's counts (Stats here; Counts, Features and
// SetBook of package classify/features).
var ErrBookEncoding = errors.New("classify: not a binary book")

// MarshalBinary returns the compact binary form of b, for a pipeline to
// move books between workers: about a third of the size of the same Book
// in Beam's schema coding, and quick to decode. Words are front-coded (each
// sorted word shares a prefix with the one before), and the document
// sentence and word ids of the rows are stored as differences, so that
// most numbers take one byte. Any Book whose slices have consistent
// lengths round-trips exactly, sorted or not.
func (b *Book) MarshalBinary() ([]byte, error) {
	n, rows := len(b.Words), b.Rows()
	if len(b.Count) != n || len(b.NameCount) != n || len(b.First) != n ||
		len(b.Length) != rows || len(b.Start) != rows+1 || len(b.Word) != len(b.Caps) ||
		b.Start[0] != 0 || int(b.Start[rows]) != len(b.Word) {
		return nil, fmt.Errorf("classify: book %q has inconsistent lengths", b.ID)
	}
	if b.InSummary != nil && len(b.InSummary) != n {
		return nil, fmt.Errorf("classify: book %q has %d summary marks for %d words", b.ID, len(b.InSummary), n)
	}
	out := make([]byte, 0, 16+len(b.ID)+6*n+3*rows+2*len(b.Word))
	out = append(out, bookFormat)
	out = binform.AppendString(out, b.ID)
	out = binary.AppendUvarint(out, uint64(n))
	prev := ""
	for k, w := range b.Words {
		out = binform.AppendFrontCoded(out, prev, w)
		out = binary.AppendVarint(out, int64(b.Count[k]))
		out = binary.AppendVarint(out, int64(b.NameCount[k]))
		out = binary.AppendVarint(out, int64(b.First[k]))
		prev = w
	}
	out = binary.AppendUvarint(out, uint64(rows))
	out = binary.AppendUvarint(out, uint64(len(b.Word)))
	var sentence int32
	for i := range rows {
		out = binary.AppendVarint(out, int64(b.Sentence[i])-int64(sentence))
		sentence = b.Sentence[i]
		out = binary.AppendVarint(out, int64(b.Length[i]))
		lo, hi := b.Start[i], b.Start[i+1]
		if hi < lo {
			return nil, fmt.Errorf("classify: book %q has inconsistent rows", b.ID)
		}
		out = binary.AppendUvarint(out, uint64(hi-lo))
		var word int32
		for j := lo; j < hi; j++ {
			out = binary.AppendVarint(out, int64(b.Word[j])-int64(word))
			word = b.Word[j]
		}
		out = append(out, b.Caps[lo:hi]...)
	}
	out = binform.AppendMarks(out, b.InSummary)
	out, err := coverage.AppendTerms(out, &b.Terms, rows)
	if err != nil {
		return nil, fmt.Errorf("classify: book %q: %w", b.ID, err)
	}
	return out, nil
}

// UnmarshalBinary sets b to the book of data, the output of MarshalBinary.
// It checks what later use relies on: lengths, that every word id of a row
// names a word, and that every number fits its type; the error wraps
// ErrBookEncoding.
func (b *Book) UnmarshalBinary(data []byte) error {
	d := newDecoder(data)
	if d.Byte() != bookFormat {
		return fmt.Errorf("%w: format", ErrBookEncoding)
	}
	nb := Book{ID: d.String()}
	n := d.Count(3) // each word takes at least three bytes
	nb.Words = make([]string, n)
	nb.Count, nb.NameCount, nb.First = make([]int32, n), make([]int32, n), make([]int32, n)
	var word []byte
	for k := range n {
		word = d.FrontCoded(word)
		if d.Err != nil {
			break
		}
		nb.Words[k] = string(word)
		nb.Count[k], nb.NameCount[k], nb.First[k] = d.Int32(), d.Int32(), d.Int32()
	}
	rows := d.Count(3)
	nnz := d.Count(2)
	nb.Sentence, nb.Length = make([]int32, rows), make([]int32, rows)
	nb.Start = make([]int32, 1, rows+1)
	nb.Word, nb.Caps = make([]int32, 0, nnz), make([]uint8, 0, nnz)
	var sentence int64
	for i := range rows {
		sentence += d.Varint()
		nb.Sentence[i] = d.Fit(sentence)
		nb.Length[i] = d.Int32()
		size := d.Count(2)
		var word int64
		for range size {
			word += d.Varint()
			if word < 0 || word >= int64(n) {
				d.Fail("word id")
			}
			nb.Word = append(nb.Word, int32(word))
		}
		nb.Caps = append(nb.Caps, d.Bytes(size)...)
		nb.Start = append(nb.Start, d.Fit(int64(len(nb.Word))))
	}
	if d.Err == nil && len(nb.Word) != nnz {
		d.Fail("row words")
	}
	nb.InSummary = d.Marks(n)
	nb.Terms = coverage.ReadTerms(&d.Reader, rows)
	if err := d.End(); err != nil {
		return err
	}
	*b = nb
	return nil
}

// MarshalBinary returns the compact binary form of s: its ID, then its
// words front-coded in order with their counts, then the words its summary
// holds (InSummary), if given. A pipeline moves the Stats
// of every book to the training sets that hold it, so they are kept small.
func (s *Stats) MarshalBinary() ([]byte, error) {
	if len(s.Count) != len(s.Words) {
		return nil, fmt.Errorf("classify: stats of %q have %d words and %d counts", s.ID, len(s.Words), len(s.Count))
	}
	if s.InSummary != nil && len(s.InSummary) != len(s.Words) {
		return nil, fmt.Errorf("classify: stats of %q have %d summary marks for %d words", s.ID, len(s.InSummary), len(s.Words))
	}
	out := make([]byte, 0, 8+len(s.ID)+6*len(s.Words))
	out = append(out, statsFormat)
	out = binform.AppendString(out, s.ID)
	out = binary.AppendUvarint(out, uint64(len(s.Words)))
	prev := ""
	for k, w := range s.Words {
		out = binform.AppendFrontCoded(out, prev, w)
		out = binary.AppendVarint(out, int64(s.Count[k]))
		prev = w
	}
	return coverage.AppendTermStats(binform.AppendMarks(out, s.InSummary), &s.Terms)
}

// UnmarshalBinary sets s to the Stats of data, the output of MarshalBinary;
// the error wraps ErrBookEncoding.
func (s *Stats) UnmarshalBinary(data []byte) error {
	d := newDecoder(data)
	if d.Byte() != statsFormat {
		return fmt.Errorf("%w: stats format", ErrBookEncoding)
	}
	ns := Stats{ID: d.String()}
	n := d.Count(3) // prefix, length and count: at least a byte each
	ns.Words, ns.Count = make([]string, n), make([]int32, n)
	var word []byte
	for k := range n {
		word = d.FrontCoded(word)
		ns.Words[k] = string(word)
		ns.Count[k] = d.Int32()
	}
	ns.InSummary = d.Marks(n)
	ns.Terms = coverage.ReadTermStats(&d.Reader)
	if err := d.End(); err != nil {
		return err
	}
	*s = ns
	return nil
}

// decoder reads the binary forms of this package; its errors wrap
// ErrBookEncoding.
type decoder struct{ binform.Reader }

func newDecoder(data []byte) *decoder {
	return &decoder{binform.Reader{Data: data, Wrap: ErrBookEncoding}}
}
