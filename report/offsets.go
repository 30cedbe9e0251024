package report

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// bodyText is the part of a book file a page shows, as the browser will hold
// it, with a map from byte offsets of the file to offsets in the page's text.
//
// An HTML parser turns "\r\n" and a lone "\r" into "\n", and JavaScript
// counts string offsets in UTF-16 code units, so the text is normalized the
// same way here and every offset is converted before it reaches the page.
type bodyText struct {
	// Text is the body with line ends normalized to "\n".
	Text string
	// start is the body's byte offset in the file.
	start int
	// units[i] is the UTF-16 offset in Text of byte start+i of the file;
	// units[len(body)] is the length of Text in UTF-16 code units.
	units []int32
}

// newBodyText takes the body raw[start:end] of a book file.
func newBodyText(raw string, start, end int) *bodyText {
	body := raw[start:end]
	b := &bodyText{start: start, units: make([]int32, len(body)+1)}
	var sb strings.Builder
	sb.Grow(len(body))
	u := int32(0)
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRuneInString(body[i:])
		for j := 0; j < size; j++ {
			b.units[i+j] = u
		}
		switch {
		case r == '\r' && i+1 < len(body) && body[i+1] == '\n':
			// The "\n" that follows stands for both.
		case r == '\r':
			sb.WriteByte('\n')
			u++
		default:
			sb.WriteString(body[i : i+size])
			u += int32(utf16Len(r))
		}
		i += size
	}
	b.units[len(body)] = u
	b.Text = sb.String()
	return b
}

func utf16Len(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}

// Len is the length of the text in UTF-16 code units.
func (b *bodyText) Len() int { return int(b.units[len(b.units)-1]) }

// Span converts the byte span [start, end) of the file to UTF-16 offsets in
// the text, clipped to the body; ok is false when nothing of it is left.
func (b *bodyText) Span(start, end int) (s, e int, ok bool) {
	n := len(b.units) - 1
	start = min(max(start-b.start, 0), n)
	end = min(max(end-b.start, 0), n)
	if end <= start {
		return 0, 0, false
	}
	return int(b.units[start]), int(b.units[end]), true
}

// Spans converts byte spans of the book file raw, in order, to UTF-16
// spans of the text: each without the white space at its ends, clipped to
// the body, and joined to the span before it when only white space
// separates them, so that a run of adjacent sentences is one highlight.
func (b *bodyText) Spans(raw string, spans [][2]int) [][2]int {
	var merged [][2]int
	for _, sp := range spans {
		s, e := min(max(sp[0], 0), len(raw)), min(max(sp[1], 0), len(raw))
		if e <= s {
			continue
		}
		left := strings.TrimLeftFunc(raw[s:e], unicode.IsSpace)
		t := strings.TrimRightFunc(left, unicode.IsSpace)
		if t == "" {
			continue
		}
		s = e - len(left)
		e = s + len(t)
		if k := len(merged) - 1; k >= 0 && merged[k][1] <= s && strings.TrimSpace(raw[merged[k][1]:s]) == "" {
			merged[k][1] = e
		} else {
			merged = append(merged, [2]int{s, e})
		}
	}
	out := make([][2]int, 0, len(merged))
	for _, sp := range merged {
		if s, e, ok := b.Span(sp[0], sp[1]); ok && s < e {
			out = append(out, [2]int{s, e})
		}
	}
	return out
}

// chunkSize is the least size of a block of book text. A browser lays out
// and paints a block at a time, so a book in one block makes every scroll
// frame walk the whole book; a few hundred blocks keep scrolling smooth
// while the page stays free of per-word nodes.
const chunkSize = 4096

// chunks cuts text after blank lines ("\n\n") into pieces of at least size
// bytes (the last may be shorter); joined, they are text.
func chunks(text string, size int) []string {
	var out []string
	for len(text) > 0 {
		cut := len(text)
		if len(text) > size {
			if i := strings.Index(text[size:], "\n\n"); i >= 0 {
				cut = size + i + 2
			}
		}
		out = append(out, text[:cut])
		text = text[cut:]
	}
	return out
}

// reflowLine is the least length, in characters, of the lines of a
// hard-wrapped prose paragraph.
const reflowLine = 50

// reflow joins the lines of each hard-wrapped prose paragraph of text (a
// paragraph ends at a blank line) by turning its line breaks into spaces,
// so that the browser wraps it to the width of the page instead of breaking
// Project Gutenberg's 70-character lines in two. A paragraph is prose when
// at least two of every three of its lines, the last aside, hold reflowLine
// characters or more; verse, tables of contents and headings keep their
// lines. One "\n" becomes one " ", so every offset stays where it was.
func reflow(text string) string {
	b := []byte(text)
	for start := 0; start < len(b); {
		if b[start] == '\n' {
			start++
			continue
		}
		end := strings.Index(text[start:], "\n\n")
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		lines := strings.Split(text[start:end], "\n")
		long := 0
		for _, l := range lines[:len(lines)-1] {
			if utf8.RuneCountInString(strings.TrimSpace(l)) >= reflowLine {
				long++
			}
		}
		if n := len(lines) - 1; n > 0 && 3*long >= 2*n {
			for i := start; i < end; i++ {
				if b[i] == '\n' {
					b[i] = ' '
				}
			}
		}
		start = end + 2
	}
	return string(b)
}
