package wiki

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Section is a headed section of an article. Offsets are bytes into the
// text given to Sections.
type Section struct {
	// Level is the heading level: 2 for "== Plot ==", 3 for "=== Pigs ===".
	Level int `json:"level"`
	// Heading is the heading as plain text.
	Heading string `json:"heading"`
	// Start is the offset of the heading line, Body that of the line after
	// it, and End that of the next heading of the same or a higher level
	// (fewer '='), or the end of the text: text[Body:End] is the section
	// with its subsections.
	Start int `json:"start"`
	Body  int `json:"body"`
	End   int `json:"end"`
}

// Sections returns the headed sections of wikitext in order. A heading is a
// line that starts and ends with '=' (white space may follow), as MediaWiki
// reads it; its level is the number of '=' on the shorter side, at most 6.
// A heading inside a comment is not one, and a comment on a heading line
// is ignored.
func Sections(wikitext string) []Section {
	masked := maskComments(wikitext)
	var secs []Section
	off := 0
	for line := range strings.Lines(masked) {
		body := strings.TrimSuffix(line, "\n")
		if level, title, ok := parseHeading(body); ok {
			secs = append(secs, Section{
				Level:   level,
				Heading: headingText(title),
				Start:   off,
				Body:    off + len(line),
			})
		}
		off += len(line)
	}
	for i := range secs {
		secs[i].End = len(wikitext)
		for j := i + 1; j < len(secs); j++ {
			if secs[j].Level <= secs[i].Level {
				secs[i].End = secs[j].Start
				break
			}
		}
	}
	return secs
}

// headingText returns the plain text of a raw heading title, on one line.
func headingText(raw string) string {
	return strings.Join(strings.Fields(PlainText(raw)), " ")
}

// maskComments returns s with the bytes of each comment, except line
// breaks, replaced by spaces, so that offsets and lines are unchanged.
func maskComments(s string) string {
	if !strings.Contains(s, "<!--") {
		return s
	}
	b := []byte(s)
	for i := 0; i < len(b); {
		j := strings.Index(s[i:], "<!--")
		if j < 0 {
			break
		}
		start := i + j
		end := len(s)
		if k := strings.Index(s[start+4:], "-->"); k >= 0 {
			end = start + 4 + k + 3
		}
		for p := start; p < end; p++ {
			if b[p] != '\n' {
				b[p] = ' '
			}
		}
		i = end
	}
	return string(b)
}

// PlotHeadings are the headings of a plot section, lower-case. A heading
// matches when, lower-cased and with runs of
// spaces made one, it is one of these or starts with one followed by a
// character that is not a letter or digit: "Plot overview" and
// "Synopsis (spoilers)" match, "Storyline" and "Plotting" do not.
var PlotHeadings = []string{"plot", "plot summary", "plot introduction", "synopsis", "summary", "story"}

// MatchHeading reports whether heading, as plain text, is one of the given
// headings (lower-case) in the sense of PlotHeadings.
func MatchHeading(heading string, headings []string) bool {
	h := strings.ToLower(strings.Join(strings.Fields(heading), " "))
	for _, k := range headings {
		if !strings.HasPrefix(h, k) {
			continue
		}
		if len(h) == len(k) {
			return true
		}
		r, _ := utf8.DecodeRuneInString(h[len(k):])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return true
		}
	}
	return false
}
