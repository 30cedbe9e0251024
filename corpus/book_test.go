package corpus

import (
	"strings"
	"testing"
)

func TestBookWords(t *testing.T) {
	for _, tc := range []struct {
		book   string
		words  int
		reason string
	}{
		{"The whale rose from the sea.", 3, ""}, // whale, rose, sea
		{"the of and", 0, "book has no words"},
		{"", 0, "book has no words"},
		{"ok \xff bad", 0, "book is not valid UTF-8 (first bad byte at offset 3)"},
	} {
		n, reason := BookWords([]byte(tc.book))
		if n != tc.words || reason != tc.reason {
			t.Errorf("BookWords(%q) = %d, %q; want %d, %q", tc.book, n, reason, tc.words, tc.reason)
		}
	}
	if n, _ := BookWords([]byte(strings.Repeat("whale ", 50))); n != 50 {
		t.Errorf("50 whales counted as %d words", n)
	}
}
