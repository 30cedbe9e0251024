package binform

import (
	"errors"
	"slices"
	"testing"
)

// TestForms writes each shared form and reads it back, then reads broken
// forms that must fail.
func TestForms(t *testing.T) {
	var out []byte
	out = AppendFrontCoded(out, "", "marlow")
	out = AppendFrontCoded(out, "marlow", "marsh")
	keys := []uint64{3, 9, 1 << 40}
	for i, k := range keys {
		var ok bool
		if out, ok = AppendIncreasing(out, i, PrevKey(keys, i), k); !ok {
			t.Fatalf("key %d refused", k)
		}
	}
	marks := []bool{false, true, true, false, true}
	out = AppendMarks(out, marks)
	out = AppendMarks(out, nil)
	r := &Reader{Data: out, Wrap: errTest}
	w1 := string(r.FrontCoded(nil))
	w2 := string(r.FrontCoded([]byte(w1)))
	var got []uint64
	for i := range keys {
		got = append(got, r.Increasing(i, PrevKey(got, i)))
	}
	gotMarks, none := r.Marks(len(marks)), r.Marks(3)
	if err := r.End(); err != nil || w1 != "marlow" || w2 != "marsh" || !slices.Equal(got, keys) || !slices.Equal(gotMarks, marks) || none != nil {
		t.Fatalf("read %q %q %v %v %v, err %v", w1, w2, got, gotMarks, none, err)
	}
	if _, ok := AppendIncreasing(nil, 1, 5, 5); ok {
		t.Error("a repeated key was written")
	}
	for _, tc := range []struct {
		name string
		data []byte
		read func(r *Reader)
	}{
		{"prefix longer than the word before", []byte{3, 0}, func(r *Reader) { r.FrontCoded([]byte("ab")) }},
		{"repeated key", []byte{0}, func(r *Reader) { r.Increasing(1, 7) }},
		{"key overflows", []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, func(r *Reader) { r.Increasing(1, 2) }},
		{"flag not 0 or 1", []byte{2}, func(r *Reader) { r.Present("flag") }},
		{"row repeated", []byte{1, 2, 1, 0}, func(r *Reader) { r.Marks(5) }},
		{"row out of range", []byte{1, 1, 7}, func(r *Reader) { r.Marks(5) }},
		{"trailing bytes", []byte{0}, func(r *Reader) { _ = r.End() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Reader{Data: tc.data, Wrap: errTest}
			tc.read(r)
			if !errors.Is(r.Err, errTest) {
				t.Fatalf("err = %v, want one wrapping %v", r.Err, errTest)
			}
		})
	}
}
