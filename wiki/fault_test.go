package wiki

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

func TestFaults(t *testing.T) {
	wrap := func(e error) error { return &ParseError{Line: 3, Err: e} }
	for _, tc := range []struct {
		err         error
		row, stream string
	}{
		{wrap(ErrFieldCount), "summary row does not have 7 tab-separated fields", "corrupt compressed data"},
		{fmt.Errorf("x: %w", ErrInvalidUTF8), "summary row is not valid UTF-8", "corrupt compressed data"},
		{wrap(ErrSyntax), "", "malformed XML"},
		{wrap(ErrTruncated), "", "input ends inside a page"},
		{io.ErrUnexpectedEOF, "", "compressed data ends early"},
		{errors.New("bzip2 data invalid"), "", "corrupt compressed data"},
	} {
		if got := RowFault(tc.err); got != tc.row {
			t.Errorf("RowFault(%v) = %q, want %q", tc.err, got, tc.row)
		}
		if got := StreamFault(tc.err); got != tc.stream {
			t.Errorf("StreamFault(%v) = %q, want %q", tc.err, got, tc.stream)
		}
	}
}
