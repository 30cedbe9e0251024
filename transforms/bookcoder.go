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
	out = appendHeader(out, b.ID, b.Row, b.Test)
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
	var err error
	if b.ID, b.Row, b.Test, data, err = readHeader(data); err != nil {
		return b, err
	}
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

// appendHeader appends what the coders of BookData and TrainTask start
// with: a name, a number and a flag.
func appendHeader(out []byte, name string, n int, flag bool) []byte {
	out = appendBytes(out, []byte(name))
	out = binary.AppendVarint(out, int64(n))
	if flag {
		return append(out, 1)
	}
	return append(out, 0)
}

// readHeader reads what appendHeader wrote and returns the rest.
func readHeader(data []byte) (name string, n int, flag bool, rest []byte, err error) {
	p, data, err := readBytes(data)
	if err != nil {
		return "", 0, false, nil, err
	}
	v, size := binary.Varint(data)
	if size <= 0 || len(data) < size+1 || data[size] > 1 || v != int64(int(v)) {
		return "", 0, false, nil, fmt.Errorf("%w: header", errBookData)
	}
	return string(p), int(v), data[size] == 1, data[size+1:], nil
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
