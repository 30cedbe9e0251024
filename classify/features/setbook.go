package features

import (
	"encoding/binary"

	"github.com/bookalign/bookalign/internal/binform"
)

// setBookFormat is the first byte of a SetBook's binary form.
const setBookFormat = 1

// A SetBook is one training book featurized under the Collection of one
// training set, with the rows each alignment method labelled: what a
// training set needs of a book, about a third of the size of the book
// itself. A pipeline featurizes a book once for each set that holds it
// and passes SetBooks to the sets' trainings.
type SetBook struct {
	// Features are the book's features, without labels.
	Features Features
	// Labels hold each method's labelled rows.
	Labels []MethodRows
}

// MethodRows are the rows (Book rows) one alignment method labelled "in
// the summary", increasing (LabelledRows).
type MethodRows struct {
	Method string
	Rows   []int
}

// Rows returns the rows method labelled in b; nil when it labelled none
// or is not there.
func (b *SetBook) Rows(method string) []int {
	for _, l := range b.Labels {
		if l.Method == method {
			return l.Rows
		}
	}
	return nil
}

// MarshalBinary returns the binary form of b: its features in their binary
// form (Features.MarshalBinary), then each method's name and labelled rows
// as differences. A row outside the book is an error.
func (b *SetBook) MarshalBinary() ([]byte, error) {
	features, err := b.Features.MarshalBinary()
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(features)+16*len(b.Labels)+8)
	out = append(out, setBookFormat)
	out = binform.AppendString(out, string(features))
	out = binary.AppendUvarint(out, uint64(len(b.Labels)))
	for _, l := range b.Labels {
		label, err := RowLabels(l.Rows, b.Features.Rows())
		if err != nil {
			return nil, err
		}
		out = binform.AppendString(out, l.Method)
		out = binform.AppendRows(out, label)
	}
	return out, nil
}

// UnmarshalBinary sets b to the set book of data, the output of
// MarshalBinary. The error wraps classify.ErrBookEncoding.
func (b *SetBook) UnmarshalBinary(data []byte) error {
	d := newDecoder(data)
	if d.Byte() != setBookFormat {
		d.Fail("set book format")
		return d.Err
	}
	var nb SetBook
	if err := nb.Features.UnmarshalBinary([]byte(d.String())); d.Err == nil && err != nil {
		return err
	}
	n := d.Count(2) // a method takes at least two bytes
	nb.Labels = make([]MethodRows, n)
	for i := range nb.Labels {
		nb.Labels[i].Method = d.String()
		nb.Labels[i].Rows = LabelledRows(d.Rows(nb.Features.Rows()))
	}
	if err := d.End(); err != nil {
		return err
	}
	*b = nb
	return nil
}
