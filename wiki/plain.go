package wiki

import (
	"html"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// PlainText converts wikitext to plain text, as a reader sees it on the
// rendered page less everything that is not running prose. In order:
//
//   - comments are removed; <nowiki> and <pre> content is kept as literal
//     text;
//   - <ref>…</ref>, <ref/>, <references/>, <gallery>, <math>, <timeline>
//     and similar extension tags are removed with their content;
//   - templates are removed with everything nested in them, except a few
//     that stand for text (see textTemplates): {{lang|fr|César}} is
//     "César", {{mdash}} is "—", {{convert|5|mi|km}} is "5 mi";
//   - tables ("{|" … "|}") are removed;
//   - [[File:…]], [[Image:…]], [[Category:…]] and interlanguage links are
//     removed; [[a|b]] is "b", [[a]] is "a", [[a|]] is "a" less any
//     namespace and trailing "(…)";
//   - [http://url text] is "text", and [http://url] nothing;
//   - bold and italic quotes (runs of 2, 3 or 5 apostrophes) are removed, as are HTML tags
//     (their content is kept) and magic words such as __NOTOC__;
//   - headings and horizontal rules are removed and end a paragraph, list
//     and indent markers (* # : ;) are removed;
//   - HTML entities are decoded (&amp; is "&", &nbsp; a space);
//   - a blank line ends a paragraph; within one, runs of white space are one
//     space, and a space before , . ; : ! ? or ) left by a removed
//     reference or template is dropped.
//
// Paragraphs are separated by one blank line ("\n\n"); the result has no
// leading or trailing space. Whatever the input, the result is valid UTF-8
// and never contains "{{", "}}", "[[" or "]]": markup left unbalanced is
// dropped rather than shown. PlainText never panics.
func PlainText(wikitext string) string {
	s := strings.ToValidUTF8(wikitext, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	s = stripComments(s)
	s = stripTagBlocks(s)
	s = expandTemplates(s)
	s = stripTables(s)
	s = replaceLinks(s)
	s = replaceExternalLinks(s)
	s = stripQuotes(s)
	s = stripHTMLTags(s)
	s = stripLineMarkup(s)
	s = html.UnescapeString(s)
	s = strings.ToValidUTF8(s, "\uFFFD")
	return cancelBrackets(paragraphs(cancelBrackets(s)))
}

// stripComments removes <!-- ... -->; an unclosed comment runs to the end.
func stripComments(s string) string {
	if !strings.Contains(s, "<!--") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "<!--")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := strings.Index(s[i+4:], "-->")
		if j < 0 {
			return b.String()
		}
		s = s[i+4+j+3:]
	}
}

// dropBlocks are tags removed with their content.
var dropBlocks = map[string]bool{
	"ref": true, "references": true, "gallery": true, "timeline": true,
	"imagemap": true, "math": true, "chem": true, "ce": true, "score": true,
	"graph": true, "mapframe": true, "maplink": true, "syntaxhighlight": true,
	"source": true, "templatedata": true, "templatestyles": true,
	"hiero": true, "inputbox": true, "categorytree": true, "charinsert": true,
	"includeonly": true, "section": true, "indicator": true,
}

// literalBlocks are tags whose content is text, not markup.
var literalBlocks = map[string]bool{"nowiki": true, "pre": true}

// stripTagBlocks removes dropBlocks with their content and escapes the
// content of literalBlocks so that later passes leave it alone (the
// escapes are decoded at the end with the other entities).
func stripTagBlocks(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '<' {
			continue
		}
		name, end, selfClose, closing, ok := parseTag(s, i)
		if !ok || closing {
			if ok && closing && dropBlocks[name] {
				// A stray </ref>: drop it.
				b.WriteString(s[last:i])
				last = end
				i = end - 1
			}
			continue
		}
		drop, lit := dropBlocks[name], literalBlocks[name]
		if !drop && !lit {
			continue
		}
		b.WriteString(s[last:i])
		last, i = end, end-1
		if selfClose {
			continue
		}
		j, closeEnd := findClose(s[end:], name)
		if j < 0 {
			continue // unclosed: drop the opening tag only
		}
		closeEnd += end
		if lit {
			b.WriteString(escapeMarkup(s[end : end+j]))
		}
		last, i = closeEnd, closeEnd-1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// findClose finds the closing tag "</name>" (any case, spaces allowed
// before '>') in s. It returns its start and end offsets, or -1, -1.
func findClose(s, name string) (start, end int) {
	for off := 0; ; {
		j := indexFold(s[off:], "</"+name)
		if j < 0 {
			return -1, -1
		}
		j += off
		k := j + 2 + len(name)
		for k < len(s) && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n') {
			k++
		}
		if k < len(s) && s[k] == '>' {
			return j, k + 1
		}
		off = j + 2
	}
}

// parseTag reads an HTML-like tag at s[i] ('<'): "<name attrs>",
// "<name attrs/>" or "</name>". ok is false if s[i:] is not a tag: no
// letter after "<" or "</", or no '>' on the same line within 1,000 bytes.
func parseTag(s string, i int) (name string, end int, selfClose, closing, ok bool) {
	j := i + 1
	if j < len(s) && s[j] == '/' {
		closing = true
		j++
	}
	k := j
	for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z' || k > j && s[k] >= '0' && s[k] <= '9') {
		k++
	}
	if k == j || k < len(s) && s[k] != '>' && s[k] != '/' && s[k] != ' ' && s[k] != '\t' && s[k] != '\n' {
		return "", 0, false, false, false
	}
	limit := min(len(s), k+1000)
	for e := k; e < limit; e++ {
		switch s[e] {
		case '>':
			return strings.ToLower(s[j:k]), e + 1, s[e-1] == '/', closing, true
		case '<':
			return "", 0, false, false, false
		}
	}
	return "", 0, false, false, false
}

// escapeMarkup replaces the characters that wikitext treats as markup with
// numeric character references.
func escapeMarkup(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '[', ']', '{', '}', '|', '\'', '<', '>', '=', '*', '#', ':', ';', '_', '&', '-':
			b.WriteString("&#")
			b.WriteString(strconv.Itoa(int(r)))
			b.WriteByte(';')
		case '\n':
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// expandTemplates replaces each template with the text it stands for:
// nothing, except for textTemplates.
func expandTemplates(s string) string {
	top, unclosed := balance(s, '{', '}')
	if len(top) == 0 && len(unclosed) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	skip := func(to int) { // drop s[last:to] openers of unclosed templates
		for _, u := range unclosed {
			if u >= last && u < to {
				b.WriteString(s[last:u])
				last = u + 2
			}
		}
	}
	for _, t := range top {
		skip(t.start)
		b.WriteString(s[last:t.start])
		if t.width == 2 {
			tp := parseTemplate(s, t.start, t.end)
			b.WriteString(expandTemplates(templateText(&tp)))
		}
		last = t.end
	}
	skip(len(s))
	b.WriteString(s[last:])
	return b.String()
}

// textTemplates are the templates that stand for text in running prose.
// The value says which: "1" the first positional argument, "last" the last
// one, "all" every positional argument joined, "list" them joined with ", ",
// and any other string is the literal text.
var textTemplates = map[string]string{
	"lang": "last", "nowrap": "1", "nobr": "1", "small": "1", "smaller": "1",
	"big": "1", "larger": "1", "em": "1", "strong": "1", "var": "1",
	"smallcaps": "1", "sc": "1", "sc1": "1", "sic": "all", "not a typo": "1",
	"as written": "1", "proper name": "1", "visible anchor": "1", "ill": "1",
	"interlanguage link": "1", "interlanguage link multi": "1",
	"nihongo": "1", "nihongo2": "1", "transl": "last", "transliteration": "last",
	"abbr": "1", "tooltip": "1", "noitalic": "1", "nobold": "1", "italic": "1",
	"ital": "1", "bold": "1", "title case": "1", "lang-en": "1", "script": "last",
	"quote": "1", "quotation": "1", "blockquote": "1", "cquote": "1",
	"large": "1", "midsize": "1", "resize": "last", "serif": "1",
	"hlist": "list", "flatlist": "1", "plainlist": "1", "ubl": "list",
	"unbulleted list": "list", "bulleted list": "list", "ordered list": "list",
	"hlist-comma": "list", "endash": "–", "ndash": "–", "en dash": "–", "–": "–",
	"mdash": "—", "em dash": "—", "—": "—", "snd": " – ", "spnd": " – ",
	"spaced ndash": " – ", "spaced en dash": " – ", "nbsp": " ", "!": "|", "=": "=",
	"'": "'", "' \"": "'\"", "\" '": "\"'", "'s": "'s", "-": "", "shy": "",
	"zwsp": "", "1/2": "½", "1/4": "¼", "3/4": "¾", "convert": "convert",
	"cvt": "convert", "frac": "frac", "circa": "circa", "c.": "circa",
}

// templateText returns the wikitext that template t stands for.
func templateText(t *Template) string {
	name := t.Name
	rule, ok := textTemplates[name]
	if !ok && strings.HasPrefix(name, "lang-") {
		rule, ok = "1", true
	}
	if !ok {
		return ""
	}
	pos := t.positional()
	first := func() string {
		if len(pos) > 0 {
			return pos[0]
		}
		return t.Arg("text", "quote")
	}
	switch rule {
	case "1":
		return first()
	case "last":
		if len(pos) > 0 {
			return pos[len(pos)-1]
		}
		return ""
	case "all":
		return strings.Join(pos, "")
	case "list":
		return strings.Join(pos, ", ")
	case "convert":
		if len(pos) >= 2 {
			return pos[0] + " " + pos[1]
		}
		return first()
	case "frac":
		return strings.Join(pos, "/")
	case "circa":
		return "c. " + first()
	}
	return rule
}

// stripTables removes wiki tables: the lines from one starting "{|" to the
// matching one starting "|}", with nesting. An unclosed table runs to the
// end of the text. A removed table leaves a paragraph break.
func stripTables(s string) string {
	if !strings.Contains(s, "{|") {
		return s
	}
	var b strings.Builder
	depth := 0
	for line := range strings.Lines(s) {
		t := strings.TrimLeft(line, " \t:")
		switch {
		case strings.HasPrefix(t, "{|"):
			if depth == 0 {
				b.WriteString("\n")
			}
			depth++
		case depth > 0 && strings.HasPrefix(t, "|}"):
			depth--
		case depth == 0:
			b.WriteString(line)
		}
	}
	return b.String()
}

// replaceLinks replaces each internal link with its text.
func replaceLinks(s string) string {
	top, unclosed := balance(s, '[', ']')
	if len(top) == 0 && len(unclosed) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	skip := func(to int) {
		for _, u := range unclosed {
			if u >= last && u < to {
				b.WriteString(s[last:u])
				last = u + 2
			}
		}
	}
	for _, l := range top {
		skip(l.start)
		b.WriteString(s[last:l.start])
		b.WriteString(linkText(s[l.start+2 : l.end-2]))
		last = l.end
	}
	skip(len(s))
	b.WriteString(s[last:])
	return b.String()
}

// linkText renders the inside of "[[...]]".
func linkText(inner string) string {
	target, label, piped := strings.Cut(inner, "|")
	visible := strings.HasPrefix(strings.TrimSpace(target), ":")
	target = strings.TrimPrefix(strings.TrimSpace(target), ":")
	ns, rest, hasNS := strings.Cut(target, ":")
	ns = strings.ToLower(strings.TrimSpace(ns))
	if hasNS && !visible {
		switch {
		case ns == "file" || ns == "image" || ns == "category":
			return ""
		case !piped && isLangCode(ns):
			return "" // interlanguage link
		}
	}
	if piped {
		if strings.TrimSpace(label) == "" { // pipe trick
			t := target
			if hasNS && ns != "" {
				t = rest
			}
			if i := strings.LastIndex(t, " ("); i > 0 && strings.HasSuffix(strings.TrimSpace(t), ")") {
				t = t[:i]
			}
			return strings.ReplaceAll(strings.TrimSpace(t), "_", " ")
		}
		return replaceLinks(label)
	}
	return strings.ReplaceAll(target, "_", " ")
}

// isLangCode reports whether s looks like an interlanguage prefix: "fr",
// "zh-yue", "simple", "be-x-old".
func isLangCode(s string) bool {
	if s == "simple" {
		return true
	}
	parts := strings.Split(s, "-")
	if len(parts[0]) < 2 || len(parts[0]) > 3 {
		return false
	}
	for _, p := range parts {
		if p == "" || len(p) > 8 {
			return false
		}
		for i := 0; i < len(p); i++ {
			if p[i] < 'a' || p[i] > 'z' {
				return false
			}
		}
	}
	return true
}

// urlSchemes start the URL of an external link.
var urlSchemes = []string{"http://", "https://", "ftp://", "ftps://", "sftp://",
	"//", "mailto:", "news:", "irc://", "ircs://", "gopher://", "telnet://",
	"git://", "svn://", "urn:", "tel:", "sms:", "geo:"}

// replaceExternalLinks replaces "[url label]" with the label and "[url]"
// with nothing. A '[' not followed by a URL, or without a ']' on its line,
// stays.
func replaceExternalLinks(s string) string {
	if !strings.Contains(s, "[") {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '[' || !hasScheme(s[i+1:]) {
			continue
		}
		j := strings.IndexAny(s[i+1:], "]\n")
		if j < 0 || s[i+1+j] != ']' {
			continue
		}
		inner := s[i+1 : i+1+j]
		b.WriteString(s[last:i])
		if sp := strings.IndexAny(inner, " \t"); sp >= 0 {
			b.WriteString(strings.TrimSpace(inner[sp:]))
		}
		last = i + 1 + j + 1
		i = last - 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func hasScheme(s string) bool {
	for _, p := range urlSchemes {
		if hasPrefixFold(s, p) {
			return true
		}
	}
	return false
}

// stripQuotes removes the apostrophe runs of bold and italic: runs of 2, 3
// and 5 vanish, a run of 4 leaves one apostrophe (an apostrophe before
// bold), and a longer run leaves the apostrophes beyond five.
func stripQuotes(s string) string {
	if !strings.Contains(s, "''") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\'' {
			j := strings.IndexByte(s[i:], '\'')
			if j < 0 {
				j = len(s) - i
			}
			b.WriteString(s[i : i+j])
			i += j
			continue
		}
		n := 0
		for i+n < len(s) && s[i+n] == '\'' {
			n++
		}
		switch {
		case n == 1:
			b.WriteByte('\'')
		case n == 4:
			b.WriteByte('\'')
		case n > 5:
			b.WriteString(strings.Repeat("'", n-5))
		}
		i += n
	}
	return b.String()
}

// htmlTags are the tags removed by stripHTMLTags; their content stays. The
// value true marks tags that break a line.
var htmlTags = map[string]bool{
	"b": false, "i": false, "u": false, "s": false, "strike": false, "del": false,
	"ins": false, "small": false, "big": false, "sub": false, "sup": false,
	"span": false, "font": false, "cite": false, "code": false, "tt": false,
	"var": false, "kbd": false, "samp": false, "abbr": false, "dfn": false,
	"q": false, "em": false, "strong": false, "mark": false, "ruby": false,
	"rb": false, "rp": false, "rt": false, "rtc": false, "bdi": false,
	"bdo": false, "data": false, "time": false, "wbr": false, "a": false,
	"nowiki": false, "noinclude": false, "onlyinclude": false, "poem": true,
	"br": true, "p": true, "div": true, "center": true, "blockquote": true,
	"li": true, "ol": true, "ul": true, "dl": true, "dt": true, "dd": true,
	"hr": true, "table": true, "tr": true, "td": true, "th": true,
	"caption": true, "thead": true, "tbody": true, "tfoot": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
	"ref": false, "references": false, "pre": true, "gallery": false,
}

// stripHTMLTags removes the tags in htmlTags, keeping their content; other
// text in angle brackets ("a < b", "<3") stays.
func stripHTMLTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '<' {
			continue
		}
		name, end, _, _, ok := parseTag(s, i)
		if !ok {
			continue
		}
		brk, known := htmlTags[name]
		if !known {
			continue
		}
		b.WriteString(s[last:i])
		if brk {
			b.WriteByte('\n')
		}
		last, i = end, end-1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// stripLineMarkup handles markup that belongs to whole lines: headings and
// horizontal rules become blank lines (ending a paragraph), list and indent
// markers are removed, and magic words (__NOTOC__) vanish.
func stripLineMarkup(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for line := range strings.Lines(s) {
		nl := strings.HasSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\n")
		switch {
		case isHeadingLine(line):
			line = ""
		case strings.HasPrefix(line, "----"):
			line = ""
		default:
			line = strings.TrimLeft(line, "*#:; \t")
			line = stripMagicWords(line)
		}
		b.WriteString(line)
		if nl {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// isHeadingLine reports whether line is a section heading: "= … =" up to
// "====== … ======", white space after allowed.
func isHeadingLine(line string) bool {
	_, _, ok := parseHeading(line)
	return ok
}

// parseHeading parses a heading line: level is the number of '=' on the
// shorter side (at most 6), title the raw text between.
func parseHeading(line string) (level int, title string, ok bool) {
	line = strings.TrimRight(line, " \t")
	if len(line) < 3 || line[0] != '=' || line[len(line)-1] != '=' {
		return 0, "", false
	}
	a := len(line) - len(strings.TrimLeft(line, "="))
	z := len(line) - len(strings.TrimRight(line, "="))
	level = min(a, z, 6)
	if 2*level >= len(line) {
		// "==", "====" etc: no title; MediaWiki reads "===" as a level-1
		// heading titled "=".
		if len(line) < 3 {
			return 0, "", false
		}
		level = (len(line) - 1) / 2
		return level, line[level : len(line)-level], true
	}
	return level, line[level : len(line)-level], true
}

// stripMagicWords removes behaviour switches such as __NOTOC__: "__", one
// or more capital letters, "__".
func stripMagicWords(line string) string {
	if !strings.Contains(line, "__") {
		return line
	}
	var b strings.Builder
	for {
		i := strings.Index(line, "__")
		if i < 0 {
			b.WriteString(line)
			return b.String()
		}
		j := i + 2
		for j < len(line) && line[j] >= 'A' && line[j] <= 'Z' {
			j++
		}
		if j > i+2 && strings.HasPrefix(line[j:], "__") {
			b.WriteString(line[:i])
			line = line[j+2:]
			continue
		}
		b.WriteString(line[:i+1])
		line = line[i+1:]
	}
}

// paragraphs joins lines into paragraphs at blank lines and tidies the
// spacing inside each.
func paragraphs(s string) string {
	var out []string
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			if p := tidy(strings.Join(cur, " ")); p != "" {
				out = append(out, p)
			}
			cur = cur[:0]
		}
	}
	for line := range strings.Lines(s) {
		if strings.TrimFunc(line, unicode.IsSpace) == "" {
			flush()
			continue
		}
		cur = append(cur, line)
	}
	flush()
	return strings.Join(out, "\n\n")
}

// tidy collapses white space, drops spaces before closing punctuation and
// after "(", and drops empty parentheses.
func tidy(p string) string {
	p = strings.Join(strings.FieldsFunc(p, isSpace), " ")
	if !strings.ContainsAny(p, ",.;:!?()") {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == ' ' && i+1 < len(p) && strings.IndexByte(",.;:!?)", p[i+1]) >= 0:
			continue
		case c == '(' && i+1 < len(p) && p[i+1] == ')':
			i++
			continue
		case c == '(' && i+2 < len(p) && p[i+1] == ' ' && p[i+2] == ')':
			i += 2
			continue
		case c == '(' && i+1 < len(p) && p[i+1] == ' ':
			b.WriteByte('(')
			i++
			continue
		}
		b.WriteByte(c)
	}
	return strings.Join(strings.FieldsFunc(b.String(), isSpace), " ")
}

func isSpace(r rune) bool {
	return unicode.IsSpace(r) || r == '\u200b' || r == '\ufeff'
}

// cancelBrackets removes every "{{", "}}", "[[" and "]]" left in s,
// including pairs that the removal itself brings together, in one pass.
func cancelBrackets(s string) string {
	if !strings.ContainsAny(s, "{}[]") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if n := len(b); n > 0 && b[n-1] == c && (c == '{' || c == '}' || c == '[' || c == ']') {
			b = b[:n-1]
			continue
		}
		b = append(b, c)
	}
	if !utf8.Valid(b) { // cannot happen: only ASCII bytes are removed
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	return string(b)
}

// WordCount returns the number of space-separated words in s.
func WordCount(s string) int { return len(strings.FieldsFunc(s, isSpace)) }
