package text

import (
	"html"
	"strings"
	"unicode/utf8"
)

// Plot summaries taken from Wikipedia dumps keep some HTML character
// references ("Henry&#39;s", "&mdash;"). The tokenizer reads a character
// reference as the character it stands for: an apostrophe reference joins a
// word as ' or ’ does, and every other one separates words. Only references
// that HTML5 defines count (so Gutenberg's "&c." stays the word "c"); the
// text and its offsets are left as they are.

// maxEntityLen bounds the length of a character reference, & and ; included:
// the longest in practice is a named one like "&CounterClockwiseContourIntegral;"
// (33 bytes), numeric ones are at most "&#x10FFFF;".
const maxEntityLen = 33

// entityAt returns the length of the HTML character reference ("&name;",
// "&#ddd;" or "&#xhh;", one that HTML5 defines) at text[i:], and whether it
// stands for an apostrophe (' or ’); n is 0 when there is none.
func entityAt(text string, i int) (n int, apostrophe bool) {
	if i >= len(text) || text[i] != '&' {
		return 0, false
	}
	semi := strings.IndexByte(text[i+1:min(len(text), i+maxEntityLen)], ';')
	if semi < 1 {
		return 0, false
	}
	ref := text[i : i+semi+2]
	for _, c := range []byte(ref[1 : len(ref)-1]) {
		if c >= utf8.RuneSelf || !asciiWord[c] && c != '#' {
			return 0, false
		}
	}
	r := html.UnescapeString(ref)
	if r == ref {
		return 0, false
	}
	return len(ref), r == "'" || r == rightQuote
}

// replaceApostropheEntities returns w with every apostrophe reference
// (entityAt) written as '.
func replaceApostropheEntities(w string) string {
	var b strings.Builder
	for i := 0; i < len(w); {
		if n, apos := entityAt(w, i); n > 0 && apos {
			b.WriteByte('\'')
			i += n
			continue
		}
		b.WriteByte(w[i])
		i++
	}
	return b.String()
}
