package classify

import (
	"encoding/binary"
	"fmt"
	"github.com/bookalign/bookalign/internal/binform"
)

// featuresFormat is the first byte of a Features' binary form.
const featuresFormat = 3

// MarshalBinary returns the compact binary form of f, for a pipeline to
// move featurized books to the worker that trains on them: per row its
// length and its active features as differences from the one before (most
// take one or two bytes), then the labelled rows, if f has labels, as
// differences. Any Features whose slices have consistent lengths
// round-trip exactly, sorted or not.
func (f *Features) MarshalBinary() ([]byte, error) {
	if len(f.Start) == 0 {
		return nil, fmt.Errorf("classify: features of %q have no rows", f.ID)
	}
	rows := f.Rows()
	if f.Start[0] != 0 || int(f.Start[rows]) != len(f.Index) || len(f.Length) != rows ||
		(f.Label != nil && len(f.Label) != rows) {
		return nil, fmt.Errorf("classify: features of %q have inconsistent lengths", f.ID)
	}
	out := make([]byte, 0, 16+len(f.ID)+2*rows+2*len(f.Index))
	out = append(out, featuresFormat)
	out = binform.AppendString(out, f.ID)
	out = binform.AppendString(out, f.Group)
	out = binary.AppendUvarint(out, uint64(rows))
	for i := range rows {
		lo, hi := f.Start[i], f.Start[i+1]
		if hi < lo {
			return nil, fmt.Errorf("classify: features of %q have inconsistent rows", f.ID)
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
	return appendCoverCells(out, f.Cover)
}

// appendCoverCells appends whether c is there and, if so, its keys as
// differences with their counts.
func appendCoverCells(out []byte, c *CoverCells) ([]byte, error) {
	if c == nil {
		return append(out, 0), nil
	}
	if len(c.NGrams) != len(c.Keys) || len(c.Hits) != len(c.Keys) {
		return nil, fmt.Errorf("classify: coverage cells of unequal lengths")
	}
	out = append(out, 1)
	out = binary.AppendUvarint(out, uint64(len(c.Keys)))
	var ok bool
	for i, k := range c.Keys {
		var last uint32
		if i > 0 {
			last = c.Keys[i-1]
		}
		if out, ok = binform.AppendIncreasing(out, i, uint64(last), uint64(k)); !ok {
			return nil, fmt.Errorf("classify: coverage cells not increasing")
		}
		if !coverageKey(k).valid() || c.NGrams[i] < 0 || c.Hits[i] < 0 {
			return nil, fmt.Errorf("classify: coverage cell %#x (%d n-grams, %d hits) out of range", k, c.NGrams[i], c.Hits[i])
		}
		out = binary.AppendVarint(out, int64(c.NGrams[i]))
		out = binary.AppendVarint(out, int64(c.Hits[i]))
	}
	return out, nil
}

// coverCells reads what appendCoverCells wrote.
func (d *decoder) coverCells() *CoverCells {
	if !d.Present("coverage flag") {
		return nil
	}
	n := d.Count(3)
	c := &CoverCells{Keys: make([]uint32, n), NGrams: make([]int32, n), Hits: make([]int32, n)}
	var k uint64
	for i := range n {
		if k = d.Increasing(i, k); k > 1<<32-1 || !coverageKey(k).valid() {
			d.Fail("coverage key")
		}
		c.Keys[i], c.NGrams[i], c.Hits[i] = uint32(k), d.Int32(), d.Int32()
		if c.NGrams[i] < 0 || c.Hits[i] < 0 {
			d.Fail("coverage counts")
		}
	}
	return c
}

// UnmarshalBinary sets f to the features of data, the output of
// MarshalBinary. The error wraps ErrBookEncoding.
func (f *Features) UnmarshalBinary(data []byte) error {
	d := newDecoder(data)
	if d.Byte() != featuresFormat {
		return fmt.Errorf("%w: features format", ErrBookEncoding)
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
	nf.Cover = d.coverCells()
	if err := d.End(); err != nil {
		return err
	}
	*f = nf
	return nil
}
