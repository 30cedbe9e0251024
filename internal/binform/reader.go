// Package binform reads the compact binary forms bookalign writes for its
// values (text.Document, classify's Book, Features, Stats, Counts and
// SetBook, classify/coverage's statistics): bytes, varints and
// length-prefixed strings, with the first error remembered so that a
// decoder reads straight through and checks once; and it writes the parts
// those forms share (forms.go).
package binform

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Reader reads Data from the front, remembering the first error in Err;
// after it, every read returns a zero value. Every error wraps Wrap, the
// caller's sentinel (e.g. text.ErrEncoding).
type Reader struct {
	Data []byte
	Err  error
	Wrap error
}

// Fail records what is wrong, unless an error is already recorded, and
// stops the reading.
func (r *Reader) Fail(what string) {
	if r.Err == nil {
		r.Err = fmt.Errorf("%w: %s", r.Wrap, what)
	}
	r.Data = nil
}

// Byte reads one byte.
func (r *Reader) Byte() byte {
	if len(r.Data) == 0 {
		r.Fail("truncated")
		return 0
	}
	c := r.Data[0]
	r.Data = r.Data[1:]
	return c
}

// Uvarint reads an unsigned varint.
func (r *Reader) Uvarint() uint64 {
	v, n := binary.Uvarint(r.Data)
	if n <= 0 {
		r.Fail("truncated or overlong number")
		return 0
	}
	r.Data = r.Data[n:]
	return v
}

// Varint reads a signed varint.
func (r *Reader) Varint() int64 {
	v, n := binary.Varint(r.Data)
	if n <= 0 {
		r.Fail("truncated or overlong number")
		return 0
	}
	r.Data = r.Data[n:]
	return v
}

// Count reads a number of items that take at least min bytes each, so
// that a corrupt count cannot make a huge allocation.
func (r *Reader) Count(min int) int {
	v := r.Uvarint()
	if v > uint64(len(r.Data)/min) {
		r.Fail("count")
		return 0
	}
	return int(v)
}

// Fit returns v as an int32, or fails when it does not fit.
func (r *Reader) Fit(v int64) int32 {
	if v < math.MinInt32 || v > math.MaxInt32 {
		r.Fail("number out of range")
		return 0
	}
	return int32(v)
}

// Int32 reads a signed varint that must fit an int32.
func (r *Reader) Int32() int32 { return r.Fit(r.Varint()) }

// Bytes reads n bytes (not copied).
func (r *Reader) Bytes(n int) []byte {
	if n > len(r.Data) {
		r.Fail("truncated")
		return nil
	}
	b := r.Data[:n]
	r.Data = r.Data[n:]
	return b
}

// String reads a string written as its length and its bytes.
func (r *Reader) String() string {
	n := r.Uvarint()
	if n > uint64(len(r.Data)) {
		r.Fail("truncated")
		return ""
	}
	return string(r.Bytes(int(n)))
}
