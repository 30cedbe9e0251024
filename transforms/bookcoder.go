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
// shuffle of training and what the work directory holds of each book, so it
// is kept small (628 KB a book on average over the 245 books).
func encodeBookData(b BookData) ([]byte, error) {
	book, err := b.Book.MarshalBinary()
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(book)+len(b.ID)+32)
	out = appendHeader(out, b.ID, b.Row, b.Test)
	out = appendLabels(out, b.Labels)
	return append(out, book...), nil
}

// decodeBookData decodes the output of encodeBookData.
func decodeBookData(data []byte) (BookData, error) {
	var b BookData
	var err error
	if b.ID, b.Row, b.Test, data, err = readHeader(data); err != nil {
		return b, err
	}
	if b.Labels, data, err = readLabels(data); err != nil {
		return b, err
	}
	err = b.Book.UnmarshalBinary(data)
	return b, err
}

// appendLabels appends each method's labelled sentences.
func appendLabels(out []byte, labels []MethodLabels) []byte {
	out = binary.AppendUvarint(out, uint64(len(labels)))
	for _, l := range labels {
		out = appendBytes(out, []byte(l.Method))
		out = appendDeltas(out, l.Sentences)
	}
	return out
}

// readLabels reads what appendLabels wrote and returns the rest.
func readLabels(data []byte) (labels []MethodLabels, rest []byte, err error) {
	count, n := binary.Uvarint(data)
	if n <= 0 || count > uint64(len(data)) {
		return nil, nil, fmt.Errorf("%w: labels", errBookData)
	}
	data = data[n:]
	for range count {
		var l MethodLabels
		var method []byte
		if method, data, err = readBytes(data); err != nil {
			return nil, nil, err
		}
		l.Method = string(method)
		if l.Sentences, data, err = readDeltas(data); err != nil {
			return nil, nil, err
		}
		labels = append(labels, l)
	}
	return labels, data, nil
}

// appendHeader appends what the coder of BookData starts
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

// appendDeltas appends the numbers xs: how many, then each as its
// difference from the one before, so that increasing row or sentence
// indices mostly take one byte.
func appendDeltas(out []byte, xs []int) []byte {
	out = binary.AppendUvarint(out, uint64(len(xs)))
	prev := 0
	for _, x := range xs {
		out = binary.AppendVarint(out, int64(x-prev))
		prev = x
	}
	return out
}

// readDeltas reads what appendDeltas wrote and returns the rest.
func readDeltas(data []byte) (xs []int, rest []byte, err error) {
	count, n := binary.Uvarint(data)
	if n <= 0 || count > uint64(len(data)) {
		return nil, nil, fmt.Errorf("%w: count", errBookData)
	}
	data = data[n:]
	xs = make([]int, 0, count)
	x := int64(0)
	for range count {
		d, n := binary.Varint(data)
		if n <= 0 {
			return nil, nil, fmt.Errorf("%w: number", errBookData)
		}
		data, x = data[n:], x+d
		if x != int64(int(x)) {
			return nil, nil, fmt.Errorf("%w: number", errBookData)
		}
		xs = append(xs, int(x))
	}
	return xs, data, nil
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
