package text

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unicode/utf8"
)

// ErrEncoding means bytes are not a Document encoded by MarshalBinary.
var ErrEncoding = errors.New("text: not an encoded Document")

// documentVersion is the first byte of an encoded Document.
const documentVersion = 1

// MarshalBinary encodes d: its text exactly as read, its body and its
// sentences, so that UnmarshalBinary rebuilds it without parsing again. The
// sentences take a few bytes each: every offset is written as a varint
// difference from the one before it.
func (d *Document) MarshalBinary() ([]byte, error) {
	out := make([]byte, 0, len(d.Text)+16+5*len(d.Sentences))
	out = append(out, documentVersion)
	out = binary.AppendUvarint(out, uint64(len(d.Text)))
	out = append(out, d.Text...)
	out = binary.AppendVarint(out, int64(d.Body.Start))
	out = binary.AppendVarint(out, int64(d.Body.End-d.Body.Start))
	out = binary.AppendUvarint(out, uint64(len(d.Sentences)))
	prevEnd, prevPara := 0, 0
	for _, s := range d.Sentences {
		out = binary.AppendVarint(out, int64(s.Start-prevEnd))
		out = binary.AppendVarint(out, int64(s.End-s.Start))
		out = binary.AppendVarint(out, int64(s.Paragraph-prevPara))
		out = append(out, byte(s.Kind))
		prevEnd, prevPara = s.End, s.Paragraph
	}
	return out, nil
}

// UnmarshalBinary decodes what MarshalBinary wrote into d. It checks what
// ParseBook guarantees and every later use relies on: the text is valid
// UTF-8, and the body and every sentence lie inside it.
func (d *Document) UnmarshalBinary(data []byte) error {
	r := decoder{data: data}
	if v := r.byte(); v != documentVersion {
		return fmt.Errorf("%w: version %d", ErrEncoding, v)
	}
	n := r.uvarint()
	if r.err == nil && n > uint64(len(r.data)) {
		r.err = fmt.Errorf("%w: text length", ErrEncoding)
	}
	if r.err != nil {
		return r.err
	}
	raw := string(r.data[:n])
	r.data = r.data[n:]
	if !utf8.ValidString(raw) {
		return fmt.Errorf("%w: text not UTF-8", ErrEncoding)
	}
	body := r.span(0)
	count := r.uvarint()
	if r.err == nil && count > uint64(len(r.data)) { // every sentence takes at least four bytes
		r.err = fmt.Errorf("%w: sentence count", ErrEncoding)
	}
	if r.err != nil {
		return r.err
	}
	if !inside(body, len(raw)) {
		return fmt.Errorf("%w: body %v outside a text of %d bytes", ErrEncoding, body, len(raw))
	}
	sentences := make([]Sentence, count)
	prevEnd, prevPara := 0, 0
	for i := range sentences {
		s := Sentence{Span: r.span(prevEnd)}
		s.Paragraph = prevPara + int(r.varint())
		s.Kind = Kind(r.byte())
		if r.err != nil {
			return r.err
		}
		if !inside(s.Span, len(raw)) || s.Kind > Apparatus || s.Paragraph < 0 {
			return fmt.Errorf("%w: sentence %d", ErrEncoding, i)
		}
		sentences[i] = s
		prevEnd, prevPara = s.End, s.Paragraph
	}
	if len(r.data) != 0 {
		return fmt.Errorf("%w: %d bytes after the sentences", ErrEncoding, len(r.data))
	}
	*d = Document{Text: raw, Body: body, Sentences: sentences}
	return nil
}

// inside says whether s lies in a text of n bytes.
func inside(s Span, n int) bool { return 0 <= s.Start && s.Start <= s.End && s.End <= n }

// decoder reads varints, keeping the first error.
type decoder struct {
	data []byte
	err  error
}

func (r *decoder) byte() byte {
	if r.err != nil {
		return 0
	}
	if len(r.data) == 0 {
		r.err = fmt.Errorf("%w: truncated", ErrEncoding)
		return 0
	}
	b := r.data[0]
	r.data = r.data[1:]
	return b
}

func (r *decoder) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.data)
	if n <= 0 {
		r.err = fmt.Errorf("%w: truncated", ErrEncoding)
		return 0
	}
	r.data = r.data[n:]
	return v
}

// varint reads a signed varint that fits in an int32, as every offset of a
// text of at most 2 GB does.
func (r *decoder) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.data)
	if n <= 0 || v < -1<<31 || v >= 1<<31 {
		r.err = fmt.Errorf("%w: bad number", ErrEncoding)
		return 0
	}
	r.data = r.data[n:]
	return v
}

// span reads a span written as its start less from, then its length.
func (r *decoder) span(from int) Span {
	start := from + int(r.varint())
	return Span{Start: start, End: start + int(r.varint())}
}
