package classify

import "encoding/binary"

// The sorted tables of the binary forms (coverage cells, bigram hashes)
// write their keys as differences: the first from 0, each other from the
// key before, so that most keys take a few bytes and a repeated or
// misordered key is found on reading.

// appendIncreasing appends key k, the i-th of a strictly increasing run
// whose key before is last (anything for i = 0); it reports false, and
// appends nothing, when k does not follow last.
func appendIncreasing(out []byte, i int, last, k uint64) ([]byte, bool) {
	if i > 0 && k <= last {
		return out, false
	}
	return binary.AppendUvarint(out, k-last), true
}

// increasing reads the i-th key of a run that appendIncreasing wrote,
// whose key before is last (0 for i = 0).
func (d *decoder) increasing(i int, last uint64) uint64 {
	step := d.Uvarint()
	if i > 0 && step == 0 || last+step < last {
		d.Fail("keys not increasing")
	}
	return last + step
}

// prevKey returns the key before the i-th of keys, 0 for the first.
func prevKey(keys []uint64, i int) uint64 {
	if i == 0 {
		return 0
	}
	return keys[i-1]
}

// present reads the flag byte that says whether an optional part follows:
// 0 for no, 1 for yes; any other byte fails the reading, naming what.
func (d *decoder) present(what string) bool {
	switch d.Byte() {
	case 0:
		return false
	case 1:
		return true
	}
	d.Fail(what)
	return false
}
