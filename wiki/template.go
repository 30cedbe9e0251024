package wiki

import (
	"strconv"
	"strings"
)

// A Template is one transclusion, "{{name|arg|key=value}}", in wikitext.
type Template struct {
	// Name is the template name as normalised by TemplateName:
	// "Infobox_Book " and "Template:infobox book" are both "infobox book".
	Name string
	// Params are the arguments in order. A positional argument is named by
	// its position: "1", "2", and so on. Named values are trimmed of spaces
	// as MediaWiki trims them; positional ones are trimmed too.
	Params []Param
	// Start and End are byte offsets: text[Start:End] is "{{...}}".
	Start, End int
}

// A Param is one argument of a Template. Value is raw wikitext: nested
// templates, links and markup are left in it.
type Param struct {
	Name, Value string
}

// Arg returns the value of the first of the named parameters that is
// present and not blank, and "" if there is none.
func (t *Template) Arg(names ...string) string {
	for _, n := range names {
		for _, p := range t.Params {
			if p.Name == n && strings.TrimSpace(p.Value) != "" {
				return p.Value
			}
		}
	}
	return ""
}

// positional returns the positional arguments of t in order: "1", "2", …
// up to the first missing number.
func (t *Template) positional() []string {
	var out []string
	for k := 1; ; k++ {
		name, found := strconv.Itoa(k), false
		for _, p := range t.Params {
			if p.Name == name {
				out, found = append(out, p.Value), true
				break
			}
		}
		if !found {
			return out
		}
	}
}

// TemplateName normalises a template name as MediaWiki resolves it, then
// folds case: comments are removed, "_" is a space, runs of spaces are one
// space, a "Template:", "subst:" or "safesubst:" prefix is dropped, and the
// result is lower-cased and trimmed. MediaWiki folds only the first letter,
// but redirects such as "Infobox Book" make the rest of the case
// irrelevant for the templates this package looks for.
func TemplateName(raw string) string {
	s := stripComments(raw)
	s = strings.ToLower(strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == '_' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\u00a0'
	}), " "))
	for _, p := range []string{"safesubst:", "subst:", "template:", "msg:"} {
		if strings.HasPrefix(s, p) {
			s = strings.TrimSpace(s[len(p):])
		}
	}
	return s
}

// ParseTemplates returns the top-level templates of text in order: those
// not inside another template. Templates nested in an argument stay in the
// argument's Value. Comments and <nowiki> sections are skipped, and
// "{{{parameter}}}" references count as one level of nesting.
//
// A "{{" without a matching "}}" is left as text, as MediaWiki leaves it;
// the templates inside it are still found, and err is a *ParseError
// wrapping ErrUnclosedTemplate at the first such "{{". Stray "}}" are
// ignored.
func ParseTemplates(text string) (ts []Template, err error) {
	top, unclosed := balance(text, '{', '}')
	for _, sp := range top {
		if sp.width != 2 {
			continue
		}
		ts = append(ts, parseTemplate(text, sp.start, sp.end))
	}
	if len(unclosed) > 0 {
		err = &ParseError{Offset: int64(unclosed[0]), Line: lineAt(text, unclosed[0]), Err: ErrUnclosedTemplate}
	}
	return ts, err
}

// lineAt returns the 1-based line of byte offset off in s.
func lineAt(s string, off int) int { return 1 + strings.Count(s[:off], "\n") }

// A bracket is a balanced "{{...}}" ("[[...]]") or "{{{...}}}" found by
// balance: s[start:end], with width 2 or 3 brackets on each side.
type bracket struct{ start, end, width int }

// balance finds the outermost balanced double (and, for braces, triple)
// brackets of s, skipping comments and <nowiki> sections. An opening pair
// with no closing pair is reported in unclosed and treated as text, so the
// balanced brackets inside it are returned as outermost ones. It runs in
// time linear in len(s).
func balance(s string, open, close byte) (top []bracket, unclosed []int) {
	type frame struct {
		start, width int
		kids         []bracket
	}
	var stack []frame
	emit := func(b bracket) {
		if n := len(stack); n > 0 {
			stack[n-1].kids = append(stack[n-1].kids, b)
		} else {
			top = append(top, b)
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '<':
			i = skipOpaque(s, i)
		case c == open && i+1 < len(s) && s[i+1] == open:
			w := 2
			if open == '{' && i+2 < len(s) && s[i+2] == '{' {
				w = 3
			}
			stack = append(stack, frame{start: i, width: w})
			i += w
		case c == close && i+1 < len(s) && s[i+1] == close && len(stack) > 0:
			f := stack[len(stack)-1]
			if f.width == 3 && (i+2 >= len(s) || s[i+2] != close) {
				// "}}" inside "{{{ ... }}}": MediaWiki would close an inner
				// "{{" here; treat the triple as a double opened one
				// brace late.
				f.start++
				f.width = 2
			}
			stack = stack[:len(stack)-1]
			emit(bracket{start: f.start, end: i + f.width, width: f.width})
			i += f.width
		default:
			i++
		}
	}
	// Unclosed openers are text: promote what was inside them.
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		unclosed = append(unclosed, f.start)
		for _, k := range f.kids {
			emit(k)
		}
	}
	if len(unclosed) > 0 {
		// Promotion appended kids after their later siblings; restore order.
		sortBrackets(top)
		for i, j := 0, len(unclosed)-1; i < j; i, j = i+1, j-1 {
			unclosed[i], unclosed[j] = unclosed[j], unclosed[i]
		}
	}
	return top, unclosed
}

func sortBrackets(b []bracket) {
	// Insertion sort: the slice is nearly sorted.
	for i := 1; i < len(b); i++ {
		for j := i; j > 0 && b[j].start < b[j-1].start; j-- {
			b[j], b[j-1] = b[j-1], b[j]
		}
	}
}

// skipOpaque returns the offset after a comment or <nowiki>...</nowiki>
// section starting at s[i], or i+1 if none starts there.
func skipOpaque(s string, i int) int {
	rest := s[i:]
	if strings.HasPrefix(rest, "<!--") {
		if j := strings.Index(rest[4:], "-->"); j >= 0 {
			return i + 4 + j + 3
		}
		return len(s)
	}
	if hasPrefixFold(rest, "<nowiki") {
		gt := strings.IndexByte(rest, '>')
		if gt < 0 {
			return i + 1
		}
		if rest[gt-1] == '/' {
			return i + gt + 1
		}
		if j := indexFold(rest[gt:], "</nowiki>"); j >= 0 {
			return i + gt + j + len("</nowiki>")
		}
	}
	return i + 1
}

// parseTemplate splits text[start:end], a balanced "{{...}}", into name and
// arguments at the '|' that are not inside a nested template or link.
func parseTemplate(text string, start, end int) Template {
	body := text[start+2 : end-2]
	parts := splitTop(body, '|')
	t := Template{Name: TemplateName(parts[0]), Start: start, End: end}
	pos := 0
	for _, part := range parts[1:] {
		if eq := indexTop(part, '='); eq >= 0 {
			t.Params = append(t.Params, Param{
				Name:  strings.TrimSpace(stripComments(part[:eq])),
				Value: strings.TrimSpace(part[eq+1:]),
			})
			continue
		}
		pos++
		t.Params = append(t.Params, Param{Name: strconv.Itoa(pos), Value: strings.TrimSpace(part)})
	}
	return t
}

// splitTop splits s at each sep that is outside nested "{{ }}", "[[ ]]",
// comments and <nowiki> sections.
func splitTop(s string, sep byte) []string {
	var parts []string
	last := 0
	walkTop(s, func(i int) {
		if s[i] == sep {
			parts = append(parts, s[last:i])
			last = i + 1
		}
	})
	return append(parts, s[last:])
}

// indexTop returns the offset of the first sep in s outside nesting, or -1.
func indexTop(s string, sep byte) int {
	at := -1
	walkTop(s, func(i int) {
		if at < 0 && s[i] == sep {
			at = i
		}
	})
	return at
}

// walkTop calls f for every byte offset of s that is at nesting depth 0.
func walkTop(s string, f func(i int)) {
	braces, links := 0, 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '<':
			j := skipOpaque(s, i)
			if j == i+1 && braces == 0 && links == 0 {
				f(i)
			}
			i = j
		case c == '{' && i+1 < len(s) && s[i+1] == '{':
			braces++
			i += 2
		case c == '}' && i+1 < len(s) && s[i+1] == '}' && braces > 0:
			braces--
			i += 2
		case c == '[' && i+1 < len(s) && s[i+1] == '[':
			links++
			i += 2
		case c == ']' && i+1 < len(s) && s[i+1] == ']' && links > 0:
			links--
			i += 2
		default:
			if braces == 0 && links == 0 {
				f(i)
			}
			i++
		}
	}
}

// hasPrefixFold reports whether s begins with the ASCII prefix, ignoring
// case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// indexFold returns the offset of the first ASCII-case-insensitive match of
// sub (which must be ASCII) in s, or -1.
func indexFold(s, sub string) int {
	if sub == "" {
		return 0
	}
	first := sub[0] | 0x20
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i]|0x20 == first && strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}
