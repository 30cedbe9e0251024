package transforms

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/bookalign/bookalign/classify"
)

// SetBook is one training book featurized under the collection of one
// training set, with the rows each method labelled: what a training set
// needs of a book, about a third of the size of its BookData (see
// docs/benchmarks.md).
type SetBook struct {
	// Features are the book's features, without labels.
	Features classify.Features
	// Labels hold each method's labelled rows.
	Labels []RowLabels
}

// RowLabels are the rows (Prose sentences, classify.Book) one alignment
// method labelled "in the summary", increasing.
type RowLabels struct {
	Method string
	Rows   []int
}

// labels returns the rows method labelled in b.
func (b *SetBook) labels(method string) []int {
	for _, l := range b.Labels {
		if l.Method == method {
			return l.Rows
		}
	}
	return nil
}

// errSetBook means bytes are not an encoded SetBook.
var errSetBook = errors.New("transforms: not an encoded SetBook")

// encodeSetBook is the binary form of SetBook, as the work directory holds it: the features in their
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
