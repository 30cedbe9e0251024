package text

import (
	"errors"
	"strings"
	"testing"
)

// TestParseUTF16 checks that a text in UTF-16 without a byte order mark,
// valid UTF-8 with a NUL for every other byte, is refused by both parsers
// with the share of NUL bytes, and that a stray NUL is not.
func TestParseUTF16(t *testing.T) {
	prose := strings.Repeat("Marlow went up the river to the station. ", 20)
	wide := func(s string, big bool) string {
		var b strings.Builder
		for i := range len(s) {
			if big {
				b.WriteByte(0)
			}
			b.WriteByte(s[i])
			if !big {
				b.WriteByte(0)
			}
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, raw string
		want      string // a part of the error; "" when the text parses
	}{
		{"UTF-16LE", wide(prose, false), "looks like UTF-16 (NUL bytes in 50% of bytes)"},
		{"UTF-16BE", wide(prose, true), "looks like UTF-16 (NUL bytes in 50% of bytes)"},
		{"NUL bytes in 9% of bytes", strings.Repeat("ab\x00", 100) + prose, "NUL bytes in 9% of bytes"},
		{"a stray NUL byte", prose + "\x00" + prose, ""},
		{"UTF-8", prose, ""},
	} {
		for name, parse := range map[string]func(string) (*Document, error){"book": ParseBook, "summary": ParseSummary} {
			_, err := parse(tc.raw)
			if tc.want == "" {
				if err != nil {
					t.Errorf("%s, %s: %v", tc.name, name, err)
				}
				continue
			}
			var pe *ParseError
			if !errors.Is(err, ErrUTF16) || !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s, %s: %v, want a *ParseError wrapping ErrUTF16 saying %q", tc.name, name, err, tc.want)
			}
		}
	}
}
