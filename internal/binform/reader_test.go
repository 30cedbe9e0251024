package binform

import (
	"encoding/binary"
	"errors"
	"testing"
)

var errTest = errors.New("test form")

func TestReader(t *testing.T) {
	var good []byte
	good = append(good, 7)
	good = binary.AppendUvarint(good, 3)
	good = append(good, "abc"...)
	good = binary.AppendVarint(good, -5)
	good = binary.AppendUvarint(good, 2)
	r := &Reader{Data: good, Wrap: errTest}
	if b, s, v, n := r.Byte(), r.String(), r.Int32(), r.Count(1); b != 7 || s != "abc" || v != -5 || n != 0 || r.Err == nil {
		// Count(1) of 2 with no bytes left must fail: a count larger than what follows.
		t.Errorf("got %d %q %d %d, err %v", b, s, v, n, r.Err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		read func(r *Reader)
	}{
		{"empty byte", nil, func(r *Reader) { r.Byte() }},
		{"truncated uvarint", []byte{0x80}, func(r *Reader) { r.Uvarint() }},
		{"truncated varint", []byte{0x80}, func(r *Reader) { r.Varint() }},
		{"int32 overflow", binary.AppendVarint(nil, 1<<40), func(r *Reader) { r.Int32() }},
		{"string past the end", []byte{5, 'a'}, func(r *Reader) { _ = r.String() }},
		{"bytes past the end", []byte{1}, func(r *Reader) { r.Bytes(2) }},
		{"huge count", binary.AppendUvarint(nil, 1<<60), func(r *Reader) { r.Count(4) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Reader{Data: tc.data, Wrap: errTest}
			tc.read(r)
			if !errors.Is(r.Err, errTest) {
				t.Fatalf("err = %v, want one wrapping %v", r.Err, errTest)
			}
			first := r.Err
			if r.Byte() != 0 || r.Uvarint() != 0 || r.Err != first {
				t.Error("reads after an error did not return zero values or replaced the first error")
			}
		})
	}
}
