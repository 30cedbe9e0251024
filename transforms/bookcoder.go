package transforms

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

func init() {
	beam.RegisterCoder(reflect.TypeOf((*BookData)(nil)).Elem(), encodeBookData, decodeBookData)
}

// errBookData means bytes are not an encoded BookData.
var errBookData = errors.New("transforms: not an encoded BookData")

// encodeBookData is the Beam coder of BookData: the book in its compact
// binary form (classify.Book.MarshalBinary) after the ID, row, test flag and
// labels, the labelled sentences as differences. It is what crosses every
// shuffle and side input of training, so it is kept small (see
// docs/benchmarks.md for its size per book).
func encodeBookData(b BookData) ([]byte, error) {
	book, err := b.Book.MarshalBinary()
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(book)+len(b.ID)+32)
	out = appendBytes(out, []byte(b.ID))
	out = binary.AppendVarint(out, int64(b.Row))
	test := byte(0)
	if b.Test {
		test = 1
	}
	out = append(out, test)
	out = binary.AppendUvarint(out, uint64(len(b.Labels)))
	for _, l := range b.Labels {
		out = appendBytes(out, []byte(l.Method))
		out = binary.AppendUvarint(out, uint64(len(l.Sentences)))
		prev := 0
		for _, s := range l.Sentences {
			out = binary.AppendVarint(out, int64(s-prev))
			prev = s
		}
	}
	return append(out, book...), nil
}

// decodeBookData decodes the output of encodeBookData.
func decodeBookData(data []byte) (BookData, error) {
	var b BookData
	id, data, err := readBytes(data)
	if err != nil {
		return b, err
	}
	b.ID = string(id)
	row, n := binary.Varint(data)
	if n <= 0 || len(data) < n+1 || data[n] > 1 || row != int64(int(row)) {
		return b, fmt.Errorf("%w: row", errBookData)
	}
	b.Row, b.Test, data = int(row), data[n] == 1, data[n+1:]
	labels, n := binary.Uvarint(data)
	if n <= 0 || labels > uint64(len(data)) {
		return b, fmt.Errorf("%w: labels", errBookData)
	}
	data = data[n:]
	for range labels {
		var l MethodLabels
		var method []byte
		if method, data, err = readBytes(data); err != nil {
			return b, err
		}
		l.Method = string(method)
		count, n := binary.Uvarint(data)
		if n <= 0 || count > uint64(len(data)) {
			return b, fmt.Errorf("%w: label count", errBookData)
		}
		data = data[n:]
		l.Sentences = make([]int, 0, count)
		s := int64(0)
		for range count {
			d, n := binary.Varint(data)
			if n <= 0 {
				return b, fmt.Errorf("%w: label", errBookData)
			}
			data, s = data[n:], s+d
			if s != int64(int(s)) {
				return b, fmt.Errorf("%w: label", errBookData)
			}
			l.Sentences = append(l.Sentences, int(s))
		}
		b.Labels = append(b.Labels, l)
	}
	err = b.Book.UnmarshalBinary(data)
	return b, err
}

// appendBytes appends p with its length.
func appendBytes(out, p []byte) []byte {
	return append(binary.AppendUvarint(out, uint64(len(p))), p...)
}

// readBytes reads what appendBytes wrote and returns the rest.
func readBytes(data []byte) (p, rest []byte, err error) {
	size, n := binary.Uvarint(data)
	if n <= 0 || size > uint64(len(data)-n) {
		return nil, nil, fmt.Errorf("%w: length", errBookData)
	}
	return data[n : n+int(size)], data[n+int(size):], nil
}
