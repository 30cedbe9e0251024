package corpus

import (
	"strings"
	"testing"
)

func TestTooShort(t *testing.T) {
	for _, tc := range []struct {
		book, summary int
		want          string // a prefix of the reason; "" keeps the pair
	}{
		{10000, 100, ""},
		{20000, 500, ""},
		{9999, 100, "book has 9999 words, below the minimum of 10000"},
		{10000, 99, "summary has 99 words, below the minimum of 100"},
		{5, 5, "book has 5 words"}, // the book is named first
	} {
		got := TooShort(tc.book, tc.summary, 10000, 100)
		if tc.want == "" && got != "" || tc.want != "" && !strings.HasPrefix(got, tc.want) {
			t.Errorf("TooShort(%d, %d) = %q, want %q", tc.book, tc.summary, got, tc.want)
		}
	}
}
