package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentence boundaries in prose. A sentence ends at ".", "?", "!", "…", or a
// dash that closes a quotation ("--\"", "—’"), together with any further
// terminal marks and closing quotation marks, brackets and underscores
// after it ("?'\"", ".)", "._"), when white space follows and the next
// sentence starts, after any opening quotation marks or brackets, with an
// upper-case letter or a digit. So
//
//	"Where?" said he.            is one sentence ("said" is lower case);
//	"Yes," said he. "I know."    is two.
//
// A full stop does not end a sentence after an abbreviation of a title
// (titleAbbreviations: Mr., Mrs., Dr. …; not "Esq." or "Jr."), after an
// initial ("J. K. Rowling", "M. Poligny"; but "I." ends one), after a single
// letter following a full stop ("e.g.", "U.S.A."), or after "No.", "vol.",
// "p." and the like before a number.

// titleAbbreviations are written before a name, so a capital after them
// does not start a sentence. Case matters: "MR." in a heading is also
// listed.
var titleAbbreviations = map[string]bool{}

func init() {
	for _, w := range []string{
		"Mr", "Mrs", "Messrs", "Mme", "Mmes", "Mlle", "Mdlle", "Mdme", "Ms",
		"Dr", "Drs", "St", "Ste", "Capt", "Col", "Gen", "Genl", "Lieut",
		"Lt", "Maj", "Sgt", "Serg", "Sergt", "Cpl", "Adm", "Cmdr", "Comdr",
		"Rev", "Revd", "Hon", "Prof", "Gov", "Sen", "Rep", "Pres", "Supt",
		"Insp", "Mons", "Fr", "Bp", "Abp", "Mt", "Ft",
		"vs", "viz", "cf", "Viz", "Cf", "Vs",
	} {
		titleAbbreviations[w] = true
		titleAbbreviations[strings.ToUpper(w)] = true
	}
}

// numberAbbreviations do not end a sentence when a digit follows: "No. 5",
// "vol. 2", "p. 14".
var numberAbbreviations = map[string]bool{
	"No": true, "no": true, "NO": true, "Nos": true, "nos": true,
	"Vol": true, "vol": true, "VOL": true, "p": true, "pp": true,
	"Ch": true, "ch": true, "Chap": true, "chap": true, "Fig": true,
	"fig": true, "Art": true, "art": true, "Sec": true, "sec": true,
	"Nr": true, "Op": true, "op": true, "ed": true,
}

// appendProse appends to dst the sentences of the prose text[seg.Start:
// seg.End], which must not begin or end with white space, and returns dst.
func appendProse(dst []Sentence, text string, seg Span, para int) []Sentence {
	start := seg.Start
	for i := seg.Start; i < seg.End; {
		if !maybeTerminal[text[i]] {
			i++
			continue
		}
		end := terminalEnd(text, i, seg.End)
		if end < 0 {
			i++
			continue
		}
		if end >= seg.End {
			break
		}
		if sp, _ := isSpaceAt(text, end); !sp {
			i = end
			continue
		}
		next := skipSpace(text, end, seg.End)
		if startsSentence(text, next, seg.End) {
			dst = append(dst, Sentence{Span: trimSpan(text, Span{start, end}), Paragraph: para})
			start = next
		}
		i = next
	}
	if s := trimSpan(text, Span{start, seg.End}); s.Len() > 0 {
		dst = append(dst, Sentence{Span: s, Paragraph: para})
	}
	return dst
}

// maybeTerminal marks the bytes that may begin a terminal mark: ". ? ! -"
// and the first byte of "…" and "—".
var maybeTerminal = [256]bool{'.': true, '?': true, '!': true, '-': true, 0xE2: true}

// terminalEnd returns, when text[i:] begins with a mark that can end a
// sentence, the offset after that mark and the closing marks after it; else
// -1.
func terminalEnd(text string, i, limit int) int {
	switch c := text[i]; c {
	case '.':
		if !fullStopEnds(text, i, limit) {
			return -1
		}
		return afterClosers(text, i+1, limit)
	case '?', '!':
		return afterClosers(text, i+1, limit)
	case '-':
		// "--" closing a quotation: "I was going--"
		if i+2 < limit && text[i+1] == '-' && isCloseQuote(text, i+2, limit) > 0 {
			return afterClosers(text, i+2, limit)
		}
	case 0xE2:
		if strings.HasPrefix(text[i:limit], "…") {
			return afterClosers(text, i+len("…"), limit)
		}
		if strings.HasPrefix(text[i:limit], "—") && isCloseQuote(text, i+len("—"), limit) > 0 {
			return afterClosers(text, i+len("—"), limit)
		}
	}
	return -1
}

// afterClosers returns the offset after the terminal marks, closing
// quotation marks, closing brackets and emphasis marks at text[i:limit].
func afterClosers(text string, i, limit int) int {
	for i < limit {
		switch c := text[i]; c {
		case '.', '?', '!', ')', ']', '_', '*':
			i++
			continue
		}
		if w := isCloseQuote(text, i, limit); w > 0 {
			i += w
			continue
		}
		if strings.HasPrefix(text[i:limit], "…") {
			i += len("…")
			continue
		}
		break
	}
	return i
}

// isCloseQuote returns the width of the quotation mark that can close a
// quotation at text[i:limit] (" ' ” ’ »), or 0.
func isCloseQuote(text string, i, limit int) int {
	if i >= limit {
		return 0
	}
	switch text[i] {
	case '"', '\'':
		return 1
	case 0xE2:
		if s := text[i:limit]; strings.HasPrefix(s, "”") || strings.HasPrefix(s, "’") {
			return 3
		}
	case 0xC2:
		if strings.HasPrefix(text[i:limit], "»") {
			return 2
		}
	}
	return 0
}

// fullStopEnds reports whether the full stop at text[i] can end a sentence:
// it does not close a title abbreviation, an initial, a letter of a dotted
// abbreviation, or an abbreviation before a number.
func fullStopEnds(text string, i, limit int) bool {
	ws := i
	for ws > 0 && ws > i-8 {
		c := text[ws-1]
		if c >= utf8.RuneSelf || !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			break
		}
		ws--
	}
	if ws == i || ws > 0 && text[ws-1] < utf8.RuneSelf && asciiWord[text[ws-1]] {
		return true // no word, or a word longer than 8 letters
	}
	w := text[ws:i]
	if titleAbbreviations[w] {
		return false
	}
	if len(w) == 1 {
		if ws > 0 && text[ws-1] == '.' {
			return false // "e.g.", "U.S.A."
		}
		if 'A' <= w[0] && w[0] <= 'Z' && w[0] != 'I' {
			return false // an initial
		}
	}
	if numberAbbreviations[w] {
		j := skipSpace(text, i+1, limit)
		if j < limit && '0' <= text[j] && text[j] <= '9' {
			return false
		}
	}
	return true
}

// startsSentence reports whether text[i:limit] begins, after any opening
// quotation marks, brackets or emphasis marks, with an upper-case letter or
// a digit.
func startsSentence(text string, i, limit int) bool {
	for i < limit {
		switch text[i] {
		case '"', '\'', '(', '[', '_', '*':
			i++
			continue
		}
		r, w := utf8.DecodeRuneInString(text[i:limit])
		switch r {
		case '“', '‘', '«':
			i += w
			continue
		}
		return unicode.IsUpper(r) || unicode.IsDigit(r)
	}
	return false
}

// skipSpace returns the offset of the first non-space rune at or after i,
// or limit.
func skipSpace(text string, i, limit int) int {
	for i < limit {
		sp, w := isSpaceAt(text[:limit], i)
		if !sp {
			break
		}
		i += w
	}
	return i
}

// maxSentenceWords is the most word tokens a sentence may have before
// splitLong breaks it at its lines.
const maxSentenceWords = 250

// splitLong breaks each sentence of dst[from:] that has more than
// maxSentenceWords word tokens at line breaks: after each line that ends a
// clause (with ". ? ! ; :", perhaps before closing quotation marks), and
// wherever the next line would take the piece past maxSentenceWords. A
// sentence that long is seldom one sentence: it is a glossary, a list or
// verse without full stops, or a period of Shiel's. A sentence on one line
// is left whole.
func splitLong(dst []Sentence, from int, text string) []Sentence {
	for i := from; i < len(dst); i++ {
		s := dst[i]
		// A token and the space after it take at least two bytes.
		if s.Len() <= 2*maxSentenceWords || BudgetWords(text[s.Start:s.End]) <= maxSentenceWords {
			continue
		}
		pieces := breakAtLines(nil, text, s)
		if len(pieces) == 1 {
			continue
		}
		tail := append([]Sentence(nil), dst[i+1:]...)
		dst = append(append(dst[:i], pieces...), tail...)
		i += len(pieces) - 1
	}
	return dst
}

// breakAtLines appends the pieces of s that splitLong makes to dst.
func breakAtLines(dst []Sentence, text string, s Sentence) []Sentence {
	start, words := s.Start, 0
	for ls := s.Start; ls < s.End; {
		le, next := lineEnd(text[:s.End], ls)
		n := BudgetWords(text[ls:le])
		if words > 0 && words+n > maxSentenceWords {
			dst = append(dst, Sentence{Span: trimSpan(text, Span{start, ls}), Paragraph: s.Paragraph, Kind: s.Kind})
			start, words = ls, 0
		}
		words += n
		if line := trimSpan(text, Span{ls, le}); next < s.End && endsClause(text[line.Start:line.End]) {
			dst = append(dst, Sentence{Span: trimSpan(text, Span{start, line.End}), Paragraph: s.Paragraph, Kind: s.Kind})
			start, words = next, 0
		}
		ls = next
	}
	if p := trimSpan(text, Span{start, s.End}); p.Len() > 0 {
		dst = append(dst, Sentence{Span: p, Paragraph: s.Paragraph, Kind: s.Kind})
	}
	return dst
}

// endsClause reports whether line ends with ". ? ! ; :", perhaps followed by
// closing quotation marks, brackets or emphasis marks.
func endsClause(line string) bool {
	line = strings.TrimRight(line, "\"')]_*”’»")
	return line != "" && strings.ContainsRune(".?!;:", rune(line[len(line)-1]))
}
