package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A line ends at "\n", "\r\n" or a lone "\r". Paragraphs are separated by
// blank lines (lines holding only white space). Some transcriptions are
// double-spaced, with a blank line after every line of text and two or more
// between paragraphs; paragraphReader detects that and adjusts.

// lineEnd returns the end of the line beginning at start (the offset of its
// line break, or len(s)) and the start of the next line.
func lineEnd(s string, start int) (end, next int) {
	// Look through windows of the text, so that a text whose lines end
	// in "\r" alone is not searched to its end for "\n" at every line.
	const window = 512
	for w := start; w < len(s); w += window {
		chunk := s[w:min(len(s), w+window)]
		i := strings.IndexByte(chunk, '\n')
		if i >= 0 {
			chunk = chunk[:i]
		}
		if j := strings.IndexByte(chunk, '\r'); j >= 0 {
			if w+j+1 < len(s) && s[w+j+1] == '\n' {
				return w + j, w + j + 2
			}
			return w + j, w + j + 1
		}
		if i >= 0 {
			return w + i, w + i + 1
		}
	}
	return len(s), len(s)
}

// isSpaceAt reports whether s[i:] begins with a white-space rune
// (unicode.IsSpace) and returns its width.
func isSpaceAt(s string, i int) (bool, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		return c == ' ' || '\t' <= c && c <= '\r', 1
	}
	r, w := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(r), w
}

// isBlank reports whether s holds only white space.
func isBlank(s string) bool {
	for i := 0; i < len(s); {
		sp, w := isSpaceAt(s, i)
		if !sp {
			return false
		}
		i += w
	}
	return true
}

// trimSpan returns s without white space at either end.
func trimSpan(text string, s Span) Span {
	for s.Start < s.End {
		sp, w := isSpaceAt(text[:s.End], s.Start)
		if !sp {
			break
		}
		s.Start += w
	}
	for s.End > s.Start {
		r, w := utf8.DecodeLastRuneInString(text[s.Start:s.End])
		if r == utf8.RuneError || !unicode.IsSpace(r) {
			break
		}
		s.End -= w
	}
	return s
}

// paragraph is a run of non-blank lines.
type paragraph struct {
	Span         // from its first to its last non-space byte
	index int    // counted from 0 over the text
	lines []Span // its lines, each trimmed of white space
}

// paragraphReader yields the paragraphs of text[body.Start:body.End].
type paragraphReader struct {
	text string
	end  int
	pos  int
	n    int // paragraphs read
	// gap is the number of consecutive blank lines that separates
	// paragraphs: 1, or 2 in double-spaced text.
	gap int
}

func newParagraphReader(text string, body Span) *paragraphReader {
	return &paragraphReader{text: text, end: body.End, pos: body.Start, gap: paragraphGap(text, body)}
}

// doubleSpacedSample is how much of a text paragraphGap looks at.
const doubleSpacedSample = 256 << 10

// paragraphGap returns 2 when text[body] is double-spaced (runs of line
// breaks with one empty line between outnumber single line breaks ten to
// one), else 1.
func paragraphGap(text string, body Span) int {
	end := min(body.End, body.Start+doubleSpacedSample)
	var single, double int
	for i := body.Start; i < end; {
		if c := text[i]; c != '\n' && c != '\r' {
			i++
			continue
		}
		n := 0
		for i < end && (text[i] == '\n' || text[i] == '\r') {
			if text[i] == '\r' && i+1 < end && text[i+1] == '\n' {
				i++
			}
			i++
			n++
		}
		switch n {
		case 1:
			single++
		case 2:
			double++
		}
	}
	if double >= 10 && single*10 < double {
		return 2
	}
	return 1
}

// next reads the next paragraph into p, reusing p.lines, and reports whether
// there was one.
func (r *paragraphReader) next(p *paragraph) bool {
	p.lines = p.lines[:0]
	blanks := 0
	for r.pos < r.end {
		le, next := lineEnd(r.text[:r.end], r.pos)
		line := trimSpan(r.text, Span{r.pos, le})
		if line.Len() == 0 {
			blanks++
			if len(p.lines) > 0 && blanks >= r.gap {
				r.pos = next
				break
			}
		} else {
			blanks = 0
			p.lines = append(p.lines, line)
		}
		r.pos = next
	}
	if len(p.lines) == 0 {
		return false
	}
	p.Span = Span{p.lines[0].Start, p.lines[len(p.lines)-1].End}
	p.index = r.n
	r.n++
	return true
}
