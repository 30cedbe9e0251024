package bounds

import (
	"strings"
	"testing"
)

func TestParseBits(t *testing.T) {
	names := []string{"a", "bb", "c"}
	for _, tc := range []struct {
		in   string
		want uint
		ok   bool
	}{
		{"", 0, true},
		{"none", 0, true},
		{"a", 1, true},
		{" c , a ", 5, true},
		{"bb,bb", 2, true},
		{"A", 0, false},
		{"a,", 0, false},
		{"none,a", 0, false},
		{strings.Repeat("a,", 1000) + "d", 0, false},
	} {
		got, err := ParseBits(tc.in, names)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseBits(%.20q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
		if err != nil && (!strings.Contains(err.Error(), "want a comma-separated list of a, bb, c; or none") || len(err.Error()) > 200) {
			t.Errorf("ParseBits(%.20q): %v", tc.in, err)
		}
		if tc.ok {
			if back, err := ParseBits(BitsString(got, names), names); err != nil || back != got {
				t.Errorf("%v does not read back: %v, %v", got, back, err)
			}
		}
	}
	if s := BitsString(0, names); s != "none" {
		t.Errorf("BitsString(0) = %q", s)
	}
}
