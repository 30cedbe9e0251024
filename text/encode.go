package text

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/bookalign/bookalign/internal/binform"
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
	r := &binform.Reader{Data: data, Wrap: ErrEncoding}
	if v := r.Byte(); v != documentVersion {
		return fmt.Errorf("%w: version %d", ErrEncoding, v)
	}
	raw := r.String()
	if r.Err != nil {
		return r.Err
	}
	if !utf8.ValidString(raw) {
		return fmt.Errorf("%w: text not UTF-8", ErrEncoding)
	}
	body := span(r, 0)
	count := r.Count(1) // every sentence takes at least four bytes
	if r.Err != nil {
		return r.Err
	}
	if !inside(body, len(raw)) {
		return fmt.Errorf("%w: body %v outside a text of %d bytes", ErrEncoding, body, len(raw))
	}
	sentences := make([]Sentence, count)
	prevEnd, prevPara := 0, 0
	for i := range sentences {
		s := Sentence{Span: span(r, prevEnd)}
		s.Paragraph = prevPara + int(r.Int32())
		s.Kind = Kind(r.Byte())
		if r.Err != nil {
			return r.Err
		}
		if !inside(s.Span, len(raw)) || s.Kind > Apparatus || s.Paragraph < 0 {
			return fmt.Errorf("%w: sentence %d", ErrEncoding, i)
		}
		sentences[i] = s
		prevEnd, prevPara = s.End, s.Paragraph
	}
	if len(r.Data) != 0 {
		return fmt.Errorf("%w: %d bytes after the sentences", ErrEncoding, len(r.Data))
	}
	*d = Document{Text: raw, Body: body, Sentences: sentences}
	return nil
}

// inside says whether s lies in a text of n bytes.
func inside(s Span, n int) bool { return 0 <= s.Start && s.Start <= s.End && s.End <= n }

// span reads a span written as its start less from, then its length.
func span(r *binform.Reader, from int) Span {
	start := from + int(r.Int32())
	return Span{Start: start, End: start + int(r.Int32())}
}
