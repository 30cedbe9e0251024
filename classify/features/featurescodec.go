package features

import (
	"encoding/binary"
	"fmt"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/internal/binform"
)

// featuresFormat is the first byte of a Features' binary form.
const featuresFormat = 3

// newDecoder reads the binary forms of this package; its errors wrap
// classify.ErrBookEncoding, as those of a Book's.
func newDecoder(data []byte) *binform.Reader {
	return &binform.Reader{Data: data, Wrap: classify.ErrBookEncoding}
}

// MarshalBinary returns the compact binary form of f, for a pipeline to
// move featurized books to the worker that trains on them: per row its
// length and its active features as differences from the one before (most
// take one or two bytes), then the labelled rows, if f has labels, as
// differences. Any Features whose slices have consistent lengths
// round-trip exactly, sorted or not.
func (f *Features) MarshalBinary() ([]byte, error) {
	if len(f.Start) == 0 {
		return nil, fmt.Errorf("features: features of %q have no rows", f.ID)
	}
	rows := f.Rows()
	if f.Start[0] != 0 || int(f.Start[rows]) != len(f.Index) || len(f.Length) != rows ||
		(f.Label != nil && len(f.Label) != rows) {
		return nil, fmt.Errorf("features: features of %q have inconsistent lengths", f.ID)
	}
	out := make([]byte, 0, 16+len(f.ID)+2*rows+2*len(f.Index))
	out = append(out, featuresFormat)
	out = binform.AppendString(out, f.ID)
	out = binform.AppendString(out, f.Group)
	out = binary.AppendUvarint(out, uint64(rows))
	for i := range rows {
		lo, hi := f.Start[i], f.Start[i+1]
		if hi < lo {
			return nil, fmt.Errorf("features: features of %q have inconsistent rows", f.ID)
		}
		out = binary.AppendVarint(out, int64(f.Length[i]))
		out = binary.AppendUvarint(out, uint64(hi-lo))
		var prev int32
		for _, j := range f.Index[lo:hi] {
			out = binary.AppendVarint(out, int64(j)-int64(prev))
			prev = j
		}
	}
	if f.Label == nil {
		out = append(out, 0)
	} else {
		out = binform.AppendRows(append(out, 1), f.Label)
	}
	return coverage.AppendCells(out, f.Cover)
}

// UnmarshalBinary sets f to the features of data, the output of
// MarshalBinary. The error wraps classify.ErrBookEncoding.
func (f *Features) UnmarshalBinary(data []byte) error {
	d := newDecoder(data)
	if d.Byte() != featuresFormat {
		return fmt.Errorf("%w: features format", classify.ErrBookEncoding)
	}
	nf := Features{ID: d.String(), Group: d.String()}
	rows := d.Count(2) // each row takes at least two bytes
	nf.Start = make([]int32, 1, rows+1)
	nf.Length = make([]int32, rows)
	for i := range rows {
		nf.Length[i] = d.Int32()
		n := d.Count(1)
		var j int64
		for range n {
			j += d.Varint()
			nf.Index = append(nf.Index, d.Fit(j))
		}
		if len(nf.Index) > 1<<31-1 {
			d.Fail("too many features")
		}
		nf.Start = append(nf.Start, int32(len(nf.Index)))
		if d.Err != nil {
			return d.Err
		}
	}
	if d.Present("label flag") {
		nf.Label = d.Rows(rows)
	}
	nf.Cover = coverage.ReadCells(d)
	if err := d.End(); err != nil {
		return err
	}
	*f = nf
	return nil
}
