package transforms

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify"
)

func init() {
	beam.RegisterCoder(reflect.TypeOf((*classify.Stats)(nil)).Elem(), encodeStats, decodeStats)
	beam.RegisterCoder(reflect.TypeOf((*classify.Counts)(nil)).Elem(), encodeCounts, decodeCounts)
	beam.RegisterCoder(reflect.TypeOf((*SetBook)(nil)).Elem(), encodeSetBook, decodeSetBook)
}

// errSetBook means bytes are not an encoded SetBook.
var errSetBook = errors.New("transforms: not an encoded SetBook")

// The Beam coders of the collection statistics: their binary forms
// (classify), instead of Beam's schema coding of their slices and maps, which
// took several CPU-seconds of a 30-book run and several times the bytes.

func encodeStats(s classify.Stats) ([]byte, error) { return s.MarshalBinary() }

func decodeStats(data []byte) (classify.Stats, error) {
	var s classify.Stats
	err := s.UnmarshalBinary(data)
	return s, err
}

func encodeCounts(c classify.Counts) ([]byte, error) { return c.MarshalBinary() }

func decodeCounts(data []byte) (classify.Counts, error) {
	var c classify.Counts
	err := c.UnmarshalBinary(data)
	return c, err
}

// encodeSetBook is the Beam coder of SetBook: the features in their
// binary form, then each method's labelled rows as differences.
func encodeSetBook(b SetBook) ([]byte, error) {
	features, err := b.Features.MarshalBinary()
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(features)+16*len(b.Labels)+8)
	out = appendBytes(out, features)
	out = binary.AppendUvarint(out, uint64(len(b.Labels)))
	for _, l := range b.Labels {
		out = appendBytes(out, []byte(l.Method))
		out = appendDeltas(out, l.Rows)
	}
	return out, nil
}

// decodeSetBook decodes the output of encodeSetBook.
func decodeSetBook(data []byte) (SetBook, error) {
	var b SetBook
	features, data, err := readBytes(data)
	if err != nil {
		return b, err
	}
	if err := b.Features.UnmarshalBinary(features); err != nil {
		return b, err
	}
	n, size := binary.Uvarint(data)
	if size <= 0 || n > uint64(len(data)) {
		return b, fmt.Errorf("%w: labels", errSetBook)
	}
	data = data[size:]
	b.Labels = make([]RowLabels, n)
	for i := range b.Labels {
		var method []byte
		if method, data, err = readBytes(data); err != nil {
			return b, err
		}
		b.Labels[i].Method = string(method)
		if b.Labels[i].Rows, data, err = readDeltas(data); err != nil {
			return b, err
		}
	}
	if len(data) != 0 {
		return b, fmt.Errorf("%w: trailing bytes", errSetBook)
	}
	return b, nil
}
