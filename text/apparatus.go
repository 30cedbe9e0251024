package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Apparatus. Paragraphs that are not running text are recognised by their
// shape, never by the book:
//
//   - a list: most of its lines end in a page reference after a gap
//     ("Marley's Ghost ....... 1", "The Balcony at Basle.      Frontispiece.")
//     or begin with a numbered entry ("XII.  Old Alice's bairn.",
//     "CHAPTER IV. THE RIVER");
//   - a marker in brackets: "[Illustration: …]", "[Picture: …]",
//     "[Sidenote: …]", which may run on over blank lines to its "]";
//   - a transcriber's or editor's note;
//   - a list heading: "CONTENTS", "Table of Contents", "LIST OF
//     ILLUSTRATIONS". Everything after a list heading, up to the first
//     paragraph of prose, is apparatus too (the list itself, and the title
//     page that often follows), except the headings just before that prose,
//     which stay headings;
//   - front matter: whatever precedes the first paragraph of prose in a text
//     (title page, "by", the author's name, a dedication in capitals),
//     again except the headings just before the prose. A text with no
//     paragraph of prose at all has no front matter.
//
// A paragraph of prose has at least minProseWords words, at least 40% of
// them starting with a lower-case letter, and sentence punctuation (or at
// least minUnpunctuatedWords words); it is not a list and not all headings.

const (
	minProseWords         = 4
	minUnpunctuatedWords  = 20
	maxFrontParagraphs    = 400 // front matter longer than this is not front matter
	maxBracketParagraphs  = 6   // a bracketed marker left open closes after this
	minListPageGap        = 2   // spaces before a page reference in a list
	minSingleLinePageGap  = 3   // the same, for a one-line paragraph
	listLineShare         = 0.6 // share of a list's lines that look like entries
	maxListLineBytes      = 120
	maxEntryLines         = 8 // lines of one wrapped entry
	maxEntrySentences     = 3 // sentences of one numbered entry
	minProseLowerFraction = 0.4
)

// listHeadings open a list of apparatus. They are compared with the whole
// line, lower-cased, ’ written as ', and any final "." or ":" removed.
var listHeadings = []string{
	"contents", "table of contents", "the contents", "contents of the volume",
	"list of illustrations", "illustrations", "list of plates", "plates",
	"list of full-page illustrations", "full-page illustrations",
	"list of maps", "maps", "index", "analytical index",
}

// bracketMarkers open a bracketed apparatus marker.
var bracketMarkers = []string{
	"[illustration", "[picture:", "[image", "[sidenote", "[frontispiece",
	"[decoration", "[transcriber", "[editor's note", "[editor’s note",
}

// noteOpeners open a paragraph that is an editorial note.
var noteOpeners = []string{
	"transcriber's note", "transcriber’s note", "transcribers note",
	"transcriber's notes", "transcriber’s notes", "editor's note",
	"editor’s note", "produced by", "e-text prepared by", "etext prepared by",
	"this etext was prepared by", "this ebook was produced by",
}

// isListHeading reports whether line, trimmed, heads a list of apparatus.
func isListHeading(line string) bool {
	if len(line) > 40 {
		return false
	}
	l := strings.ToLower(strings.TrimRight(line, ".: "))
	l = strings.ReplaceAll(l, rightQuote, "'")
	for _, h := range listHeadings {
		if l == h {
			return true
		}
	}
	return strings.HasPrefix(l, "contents of ") || strings.HasPrefix(l, "list of ")
}

// isBracketMarker reports whether line opens a bracketed apparatus marker.
func isBracketMarker(line string) bool {
	if len(line) == 0 || line[0] != '[' {
		return false
	}
	for _, m := range bracketMarkers {
		if hasPrefixFold(line, m) {
			return true
		}
	}
	return false
}

// isNote reports whether line opens an editorial note.
func isNote(line string) bool {
	line = strings.TrimLeft(line, "[*_ ")
	for _, m := range noteOpeners {
		if hasPrefixFold(line, m) {
			return true
		}
	}
	return false
}

// closingBracket returns the offset of the "]" that closes the marker whose
// "[" is at s[0] (depth counted), or -1.
func closingBracket(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// pageGap returns the number of spaces (a tab counts as minListPageGap, a
// run of leader dots as minSingleLinePageGap) before the page reference that
// ends line, or 0 when line does not end in one. A page reference is a
// number, a Roman numeral, "Frontispiece" or "Chapter <numeral>".
func pageGap(line string) int {
	l := strings.TrimRight(line, ".")
	i := strings.LastIndexAny(l, " \t.")
	if i < 0 {
		return 0
	}
	ref := l[i+1:]
	if !isNumeral(ref) && !strings.EqualFold(ref, "frontispiece") && !strings.EqualFold(ref, "title") {
		return 0
	}
	l = l[:i+1]
	if isNumeral(ref) {
		// "Chapter XLII", "Page 14", "p. 14": step back over the word.
		t := strings.TrimRight(l, " ")
		for _, w := range []string{"chapter", "page", "p.", "chap."} {
			if len(t) > len(w) && hasPrefixFold(t[len(t)-len(w):], w) && t[len(t)-len(w)-1] == ' ' {
				l = t[:len(t)-len(w)]
				break
			}
		}
	}
	gap := 0
	for j := len(l) - 1; j >= 0; j-- {
		switch l[j] {
		case ' ':
			gap++
			continue
		case '\t':
			gap += minListPageGap
			continue
		case '.':
			if j > 0 && (l[j-1] == '.' || l[j-1] == ' ') && strings.Count(l[max(0, j-6):j+1], ".") >= 3 {
				return max(gap, minSingleLinePageGap) // leader dots
			}
		}
		break
	}
	if len(l) > len(strings.TrimSpace(l)) && strings.HasSuffix(strings.TrimRight(l, " \t"), "…") {
		return max(gap, minSingleLinePageGap)
	}
	return gap
}

// isEntryLine reports whether line begins like a numbered entry of a
// contents list: "XII.  Old Alice's bairn.", "3. The Storm",
// "CHAPTER IV. THE RIVER".
func isEntryLine(line string) bool {
	if len(line) > maxListLineBytes {
		return false
	}
	first, rest := firstField(line)
	if rest == "" {
		return false
	}
	if n := strings.TrimRight(first, ".:)"); n != first && isEntryNumber(n) {
		return true
	}
	return strongHeading(line)
}

// isWrappedEntry reports whether s, a paragraph of a few lines, is one
// numbered entry of a contents list wrapped over them: a number, then at
// most maxEntrySentences sentences ("2. The first Day's Journey, and the
// first Evening's Adventures; with\ntheir Consequences").
func isWrappedEntry(s string) bool {
	first, rest := firstField(s)
	n := strings.TrimRight(first, ".:)")
	if n == first || !isEntryNumber(n) || rest == "" {
		return false
	}
	var buf [maxEntrySentences + 1]Sentence
	return len(appendProse(buf[:0], rest, Span{0, len(rest)}, 0)) <= maxEntrySentences
}

// isList reports whether the lines of p make a list of apparatus.
func isList(text string, lines []Span) bool {
	// One entry, perhaps wrapped: "_To sit staring …\n would play …_   26".
	if last := text[lines[len(lines)-1].Start:lines[len(lines)-1].End]; len(lines) <= maxEntryLines &&
		len(last) <= maxListLineBytes && pageGap(last) >= minSingleLinePageGap {
		return true
	}
	if len(lines) <= maxEntryLines && isWrappedEntry(text[lines[0].Start:lines[len(lines)-1].End]) {
		return true
	}
	if len(lines) == 1 {
		return false
	}
	// Give up as soon as too many lines are not entries.
	misses, maxMisses := 0, int((1-listLineShare)*float64(len(lines)))
	for _, s := range lines {
		l := text[s.Start:s.End]
		if len(l) > maxListLineBytes || pageGap(l) < minListPageGap && !isEntryLine(l) {
			if misses++; misses > maxMisses {
				return false
			}
		}
	}
	return true
}

// isProse reports whether the paragraph p reads as running text; see the
// comment at the top of this file.
func isProse(text string, p *paragraph) bool {
	words, lower := 0, 0
	for i := p.Start; ; {
		start, stop, ok := nextWord(text, i, p.End)
		if !ok {
			break
		}
		words++
		if r, _ := utf8.DecodeRuneInString(text[start:]); unicode.IsLower(r) {
			lower++
		}
		i = stop
	}
	if words < minProseWords || float64(lower) < minProseLowerFraction*float64(words) {
		return false
	}
	return words >= minUnpunctuatedWords || hasSentenceEnd(text[p.Start:p.End])
}

// hasSentenceEnd reports whether s has a ".", "?" or "!" that is followed by
// white space, a closing quotation mark or the end of s.
func hasSentenceEnd(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '.', '?', '!':
			if i+1 == len(s) {
				return true
			}
			switch c := s[i+1]; c {
			case ' ', '\n', '\r', '\t', '"', '\'', ')':
				return true
			case 0xe2: // ” ’ …
				return true
			}
		}
	}
	return false
}
