package binform

import "encoding/binary"

// The shared forms of classify's and classify/coverage's binary codecs:
// strings with their length, words front-coded against the word before,
// strictly increasing keys as differences, and sets of row indices. Each
// Append function has a Reader method that reads what it wrote.

// AppendString appends s with its length.
func AppendString(out []byte, s string) []byte {
	return append(binary.AppendUvarint(out, uint64(len(s))), s...)
}

// AppendFrontCoded appends w as the length of its common prefix with prev
// and the rest of it.
func AppendFrontCoded(out []byte, prev, w string) []byte {
	p := commonPrefix(prev, w)
	out = binary.AppendUvarint(out, uint64(p))
	return AppendString(out, w[p:])
}

// commonPrefix returns the length of the longest common prefix of a and b.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// FrontCoded reads what AppendFrontCoded wrote after the word prev
// (reusing its bytes) and returns the word.
func (r *Reader) FrontCoded(prev []byte) []byte {
	p := r.Uvarint()
	if p > uint64(len(prev)) {
		r.Fail("word prefix")
		return prev[:0]
	}
	return append(prev[:p], r.Bytes(r.Count(1))...)
}

// The sorted tables of the binary forms (coverage cells, bigram hashes)
// write their keys as differences: the first from 0, each other from the
// key before, so that most keys take a few bytes and a repeated or
// misordered key is found on reading.

// AppendIncreasing appends key k, the i-th of a strictly increasing run
// whose key before is last (anything for i = 0); it reports false, and
// appends nothing, when k does not follow last.
func AppendIncreasing(out []byte, i int, last, k uint64) ([]byte, bool) {
	if i > 0 && k <= last {
		return out, false
	}
	return binary.AppendUvarint(out, k-last), true
}

// Increasing reads the i-th key of a run that AppendIncreasing wrote,
// whose key before is last (0 for i = 0).
func (r *Reader) Increasing(i int, last uint64) uint64 {
	step := r.Uvarint()
	if i > 0 && step == 0 || last+step < last {
		r.Fail("keys not increasing")
	}
	return last + step
}

// PrevKey returns the key before the i-th of keys, 0 for the first.
func PrevKey(keys []uint64, i int) uint64 {
	if i == 0 {
		return 0
	}
	return keys[i-1]
}

// Present reads the flag byte that says whether an optional part follows:
// 0 for no, 1 for yes; any other byte fails the reading, naming what.
func (r *Reader) Present(what string) bool {
	switch r.Byte() {
	case 0:
		return false
	case 1:
		return true
	}
	r.Fail(what)
	return false
}

// End returns the reader's error, or one if bytes are left over.
func (r *Reader) End() error {
	if r.Err == nil && len(r.Data) != 0 {
		r.Fail("trailing bytes")
	}
	return r.Err
}

// AppendRows appends the indices where label is true: their number, then
// each as the difference from the one before.
func AppendRows(out []byte, label []bool) []byte {
	n := 0
	for _, y := range label {
		if y {
			n++
		}
	}
	out = binary.AppendUvarint(out, uint64(n))
	prev := 0
	for i, y := range label {
		if y {
			out = binary.AppendUvarint(out, uint64(i-prev))
			prev = i
		}
	}
	return out
}

// Rows reads what AppendRows wrote for rows items.
func (r *Reader) Rows(rows int) []bool {
	label := make([]bool, rows)
	n := r.Count(1)
	at := uint64(0)
	for k := range n {
		step := r.Uvarint()
		if k > 0 && step == 0 {
			r.Fail("labelled row repeated")
			return label
		}
		at += step
		if at >= uint64(rows) {
			r.Fail("labelled row out of range")
			return label
		}
		label[at] = true
	}
	return label
}

// AppendMarks appends whether marks is there and, if so, the indices where
// it is true (AppendRows).
func AppendMarks(out []byte, marks []bool) []byte {
	if marks == nil {
		return append(out, 0)
	}
	return AppendRows(append(out, 1), marks)
}

// Marks reads what AppendMarks wrote for n items.
func (r *Reader) Marks(n int) []bool {
	if !r.Present("summary marks") {
		return nil
	}
	return r.Rows(n)
}
