package transforms

import (
	"encoding"
	"encoding/binary"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/text"
)

func init() {
	beam.RegisterCoder(reflect.TypeOf((*PairText)(nil)).Elem(), encodePairText, decodePairText)
}

// encodePairText is the Beam coder of PairText, and the form in which
// SpillTexts writes it: the row of pairs.tsv, the word counts, the labels
// and both documents as text.Document.MarshalBinary encodes them (the
// texts with their sentences), so that no stage has to parse them again,
// and the prepared book when Prepare has set it.
func encodePairText(p PairText) ([]byte, error) {
	out := appendHeader(nil, p.Pair.ID, p.Pair.Row, false)
	out = appendBytes(out, []byte(p.Pair.Title))
	out = appendBytes(out, []byte(p.Pair.Author))
	out = binary.AppendVarint(out, int64(p.BookWords))
	out = binary.AppendVarint(out, int64(p.SummaryWords))
	out = appendLabels(out, p.Labels)
	for _, d := range []encoding.BinaryMarshaler{p.Book, p.Summary, p.Prepared} {
		if reflect.ValueOf(d).IsNil() {
			out = append(out, 0)
			continue
		}
		b, err := d.MarshalBinary()
		if err != nil {
			return nil, err
		}
		out = appendBytes(append(out, 1), b)
	}
	return out, nil
}

// decodePairText decodes the output of encodePairText.
func decodePairText(data []byte) (PairText, error) {
	var p PairText
	var err error
	var title, author []byte
	if p.Pair.ID, p.Pair.Row, _, data, err = readHeader(data); err != nil {
		return p, err
	}
	if title, data, err = readBytes(data); err != nil {
		return p, err
	}
	if author, data, err = readBytes(data); err != nil {
		return p, err
	}
	p.Pair.Title, p.Pair.Author = string(title), string(author)
	var counts [2]int64
	for i := range counts {
		v, n := binary.Varint(data)
		if n <= 0 || v != int64(int(v)) {
			return p, fmt.Errorf("%w: word count", errBookData)
		}
		counts[i], data = v, data[n:]
	}
	p.BookWords, p.SummaryWords = int(counts[0]), int(counts[1])
	if p.Labels, data, err = readLabels(data); err != nil {
		return p, err
	}
	for _, set := range []func() encoding.BinaryUnmarshaler{
		func() encoding.BinaryUnmarshaler { p.Book = new(text.Document); return p.Book },
		func() encoding.BinaryUnmarshaler { p.Summary = new(text.Document); return p.Summary },
		func() encoding.BinaryUnmarshaler { p.Prepared = new(classify.Book); return p.Prepared },
	} {
		if len(data) == 0 || data[0] > 1 {
			return p, fmt.Errorf("%w: document", errBookData)
		}
		present := data[0] == 1
		data = data[1:]
		if !present {
			continue
		}
		var b []byte
		if b, data, err = readBytes(data); err != nil {
			return p, err
		}
		if err := set().UnmarshalBinary(b); err != nil {
			return p, err
		}
	}
	if len(data) != 0 {
		return p, fmt.Errorf("%w: %d bytes after the pair", errBookData, len(data))
	}
	return p, nil
}
