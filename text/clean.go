package text

import "strings"

// bom is the UTF-8 byte order mark, which some Project Gutenberg files begin
// with. It is never part of a body.
const bom = "\uFEFF"

// maxCreditParagraphs bounds the credit paragraphs ("Produced by …") that
// GutenbergBody drops after the start marker, and maxCreditLines the lines
// of each, so that a book beginning "Transcribed from the author's notes, …"
// loses at most a few lines.
const (
	maxCreditParagraphs = 3
	maxCreditLines      = 8
)

// creditPrefixes open the paragraphs of production credits that follow a
// start marker. They are matched case-insensitively at the start of a line.
var creditPrefixes = []string{
	"produced by",
	"this etext was prepared by",
	"this e-text was prepared by",
	"this ebook was prepared by",
	"this ebook was produced by",
	"this e-book was prepared by",
	"etext prepared by",
	"e-text prepared by",
	"ebook prepared by",
	"e-book prepared by",
	"prepared by",
	"transcribed from",
	"transcribed by",
	"scanned by",
	"html version by",
	"digitized by",
	"additional proof reading by",
	"additional proofing by",
	"proofread by",
}

// GutenbergBody returns the byte range of raw that holds the book itself,
// without Project Gutenberg's header, licence and production credits. The
// forms recognised are:
//
//	*** START OF THE PROJECT GUTENBERG EBOOK TITLE ***    (also THIS, ETEXT, no spaces, any case;
//	*** END OF THE PROJECT GUTENBERG EBOOK TITLE ***       a marker may wrap onto a second line)
//	*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*   (1990s header, no START line)
//	End of the Project Gutenberg EBook of Title, by Author             (footer; also "End of Project
//	                                                                    Gutenberg's …", "End of The
//	                                                                    Project Gutenberg Etext of …")
//
// The body begins after the last line of the start marker, or of the small
// print when there is no start marker, and after any production credits
// ("Produced by …", "This etext was prepared by …", "Transcribed from …")
// that follow it. It ends before the first footer line after the start.
// Header markers are looked for only in the first half of raw. The returned
// span is trimmed of white space when boilerplate was found.
//
// Text without boilerplate is returned whole, less a leading byte order
// mark: GutenbergBody("Call me Ishmael.") is Span{0, 16}.
func GutenbergBody(raw string) Span {
	start := 0
	if strings.HasPrefix(raw, bom) {
		start = len(bom)
	}
	head, headOK := headerEnd(raw, start)
	foot, footOK := footerStart(raw, head)
	if !headOK && !footOK {
		return Span{start, len(raw)}
	}
	if headOK {
		head = skipCredits(raw, head, foot)
	} else {
		head = start
	}
	return trimSpan(raw, Span{head, foot})
}

// headerEnd returns the offset just after the Gutenberg header: after the
// first "*** START OF … PROJECT GUTENBERG" marker line, or failing that after
// the first "*END*THE SMALL PRINT" line, among the lines that begin in the
// first half of raw[from:].
func headerEnd(raw string, from int) (end int, ok bool) {
	limit := from + (len(raw)-from)/2
	isStart := func(line string) bool { return strings.HasPrefix(line, "*") && isStartMarker(line) }
	if ls := findLine(raw, from, limit, gutenbergNeedles, isStart); ls >= 0 {
		le, next := lineEnd(raw, ls)
		return markerEnd(raw, strings.TrimSpace(raw[ls:le]), next), true
	}
	isSmall := func(line string) bool { return strings.HasPrefix(line, "*") && isSmallPrintEnd(line) }
	if ls := findLine(raw, from, limit, smallPrintNeedles, isSmall); ls >= 0 {
		_, next := lineEnd(raw, ls)
		return next, true
	}
	return from, false
}

// footerStart returns the offset of the first footer line at or after from:
// an "*** END OF … PROJECT GUTENBERG" marker or an "End of (the) Project
// Gutenberg…" line. When there is none it returns len(raw).
func footerStart(raw string, from int) (start int, ok bool) {
	if ls := findLine(raw, from, len(raw), gutenbergNeedles, isEndMarker); ls >= 0 {
		return ls, true
	}
	return len(raw), false
}

// Marker lines are found by searching for these spellings of a word they
// contain, which is much faster than reading every line.
var (
	gutenbergNeedles  = []string{"UTENBERG", "utenberg"}
	smallPrintNeedles = []string{"MALL PRINT", "mall print", "mall Print"}
)

// findLine returns the start of the first line that contains one of
// needles at or after from, begins before limit, and whose trimmed text
// satisfies match; or -1.
func findLine(raw string, from, limit int, needles []string, match func(line string) bool) int {
	best := -1
	for _, n := range needles {
		for i := from; i < len(raw); {
			j := strings.Index(raw[i:], n)
			if j < 0 {
				break
			}
			hit := i + j
			ls := strings.LastIndexAny(raw[:hit], "\r\n") + 1
			if ls >= limit || best >= 0 && ls >= best {
				break
			}
			le, next := lineEnd(raw, hit)
			if line := strings.TrimSpace(raw[ls:le]); line != "" && match(line) {
				best = ls
				break
			}
			i = next
		}
	}
	return best
}

// isStartMarker reports whether line (trimmed) is a modern start marker.
func isStartMarker(line string) bool {
	return hasPrefixFold(strings.TrimLeft(line, "* "), "START OF") && containsFold(line, "PROJECT GUTENBERG")
}

// isSmallPrintEnd reports whether line (trimmed) closes the 1990s "small
// print" licence that stood at the head of early etexts.
func isSmallPrintEnd(line string) bool {
	return hasPrefixFold(strings.TrimLeft(line, "* "), "END") && containsFold(line, "SMALL PRINT")
}

// isEndMarker reports whether line (trimmed, not empty) is a footer line.
func isEndMarker(line string) bool {
	if line[0] == '*' {
		return hasPrefixFold(strings.TrimLeft(line, "* "), "END OF") && containsFold(line, "PROJECT GUTENBERG")
	}
	if !hasPrefixFold(line, "END OF ") {
		return false
	}
	rest := line[len("END OF "):]
	for _, w := range []string{"THE ", "THIS "} {
		if hasPrefixFold(rest, w) {
			rest = rest[len(w):]
			break
		}
	}
	return hasPrefixFold(rest, "PROJECT GUTENBERG")
}

// markerEnd returns the offset after a start marker whose first line is
// line and whose next line begins at next. A marker that does not close with
// "*" on its own line is continued by the following line when that line does.
func markerEnd(raw, line string, next int) int {
	if strings.HasSuffix(line, "*") || next >= len(raw) {
		return next
	}
	le, after := lineEnd(raw, next)
	if l := strings.TrimSpace(raw[next:le]); l != "" && strings.HasSuffix(l, "*") && !strings.HasPrefix(l, "*") {
		return after
	}
	return next
}

// skipCredits returns the offset after the production-credit paragraphs that
// begin at or after from (blank lines first skipped), up to limit.
func skipCredits(raw string, from, limit int) int {
	pos := from
	for n := 0; n < maxCreditParagraphs; n++ {
		ls := skipBlankLines(raw, pos, limit)
		if ls >= limit || !isCredit(raw[ls:min(limit, ls+64)]) {
			return pos
		}
		// Drop the paragraph: its lines up to the next blank one.
		lines := 0
		for ls < limit {
			le, next := lineEnd(raw, ls)
			if isBlank(raw[ls:le]) {
				break
			}
			if lines++; lines > maxCreditLines {
				return pos // too long for credits: keep it
			}
			ls = min(next, limit)
		}
		pos = ls
	}
	return pos
}

// isCredit reports whether s starts with one of creditPrefixes.
func isCredit(s string) bool {
	s = strings.TrimLeft(s, " \t")
	for _, p := range creditPrefixes {
		if hasPrefixFold(s, p) {
			return true
		}
	}
	return false
}

// skipBlankLines returns the start of the first non-blank line at or after
// pos, or limit.
func skipBlankLines(raw string, pos, limit int) int {
	for pos < limit {
		le, next := lineEnd(raw, pos)
		if !isBlank(raw[pos:min(le, limit)]) {
			return pos
		}
		pos = next
	}
	return limit
}

// hasPrefixFold is strings.HasPrefix ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// containsFold reports whether s contains sub, ignoring ASCII case. It is
// meant for short lines.
func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}
