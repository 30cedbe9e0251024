package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// asciiWord marks the ASCII bytes that belong to words: letters and digits.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	return t
}()

// rightQuote is the typographic apostrophe ’ (U+2019), three bytes in UTF-8.
const rightQuote = "\u2019"

// wordRuneAt reports whether text[i:] starts with a letter or a digit, and
// the rune's width in bytes. A combining mark (Unicode category M) counts as a
// letter when it continues a word (cont), so that a decomposed "é" (e and
// U+0301) does not split a word; it never starts one.
func wordRuneAt(text string, i int, cont bool) (ok bool, width int) {
	c := text[i]
	if c < utf8.RuneSelf {
		return asciiWord[c], 1
	}
	r, w := utf8.DecodeRuneInString(text[i:])
	if r == utf8.RuneError && w == 1 {
		return false, 1
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || cont && unicode.Is(unicode.M, r), w
}

// apostropheAt returns the width of the apostrophe (' or ’) at text[i:], or 0
// when there is none.
func apostropheAt(text string, i int) int {
	if text[i] == '\'' {
		return 1
	}
	if strings.HasPrefix(text[i:], rightQuote) {
		return len(rightQuote)
	}
	return 0
}

// byteClass sorts bytes for nextWord's fast path.
var byteClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = byteMultibyte
		case asciiWord[c]:
			t[c] = byteWord
		case c == '\'':
			t[c] = byteApostrophe
		case c == '&':
			t[c] = byteAmpersand
		}
	}
	return t
}()

const (
	byteOther      = iota // ASCII, not part of a word
	byteWord              // ASCII letter or digit
	byteApostrophe        // '
	byteMultibyte         // part of a multi-byte UTF-8 sequence
	byteAmpersand         // &, which may open a character reference (entityAt)
)

// nextWord finds the first word token in text[i:end]: a maximal run of
// letters and digits, continued across an apostrophe that has a letter or
// digit on both sides. An HTML character reference (entityAt) is read as the
// character it stands for: an apostrophe's continues a word as ' does, any
// other separates words, and neither starts one. It returns the token's
// bounds, or ok false when there is none; the search for the next token may
// resume at stop.
func nextWord(text string, i, end int) (start, stop int, ok bool) {
	text = text[:end]
	// Skip to the first letter or digit.
	for i < end {
		switch byteClass[text[i]] {
		case byteWord:
			goto word
		case byteMultibyte:
			w, n := wordRuneAt(text, i, false)
			if w {
				goto word
			}
			i += n
		case byteAmpersand:
			n, _ := entityAt(text, i)
			i += max(1, n)
		default:
			i++
		}
	}
	return end, end, false
word:
	start = i
	// Extend the run, crossing internal apostrophes.
	for i < end {
		switch byteClass[text[i]] {
		case byteWord:
			i++
			continue
		case byteApostrophe:
			if i+1 < end && byteClass[text[i+1]] == byteWord {
				i += 2
				continue
			}
		case byteOther:
			return start, i, true
		case byteAmpersand:
			if n, apos := entityAt(text, i); apos && i+n < end {
				if w, _ := wordRuneAt(text, i+n, false); w {
					i += n
					continue
				}
			}
			return start, i, true
		}
		if w, n := wordRuneAt(text, i, true); w {
			i += n
			continue
		}
		if a := apostropheAt(text, i); a > 0 && i+a < end {
			if w, _ := wordRuneAt(text, i+a, false); w {
				i += a
				continue
			}
		}
		break
	}
	return start, i, true
}

// lowerWord returns the token text w lower-cased with ’ (and an apostrophe
// reference, entityAt) written as '. It returns w itself when w is already
// lower-case ASCII, and the stopword itself when the result is a stopword,
// so that neither case allocates.
func lowerWord(w string) string {
	ascii, upper := true, false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= utf8.RuneSelf:
			ascii = false
		case 'A' <= c && c <= 'Z':
			upper = true
		case c == '&':
			// A token holds & only inside an apostrophe reference.
			if r := replaceApostropheEntities(w); r != w {
				return lowerWord(r)
			}
		}
	}
	if ascii && !upper {
		return w
	}
	if len(w) <= maxStopwordTokenBytes {
		var buf [maxStopwordLen]byte
		if b, ok := foldStopword(buf[:0], w); ok {
			if sw, ok := lookupStopword(string(b)); ok {
				return sw
			}
		}
	}
	if !ascii {
		return strings.ToLower(strings.ReplaceAll(w, rightQuote, "'"))
	}
	var b strings.Builder
	b.Grow(len(w))
	for i := 0; i < len(w); i++ {
		c := w[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// AppendTokens appends the word tokens of text[s.Start:s.End] to dst, in
// order, and returns the extended slice. Token offsets are into text. A token
// never crosses the span's ends. AppendTokens panics if s is not a valid span
// of text.
func AppendTokens(dst []Token, text string, s Span) []Token {
	checkSpan(text, s)
	for i := s.Start; ; {
		start, stop, ok := nextWord(text, i, s.End)
		if !ok {
			return dst
		}
		dst = append(dst, Token{Span: Span{start, stop}, Lower: lowerWord(text[start:stop])})
		i = stop
	}
}

// Tokens returns the word tokens of text[s.Start:s.End]; see AppendTokens.
func Tokens(text string, s Span) []Token {
	checkSpan(text, s)
	return AppendTokens(make([]Token, 0, s.Len()/bytesPerToken+1), text, s)
}

// bytesPerToken is a little under the bytes per word token of English prose
// (about 5.5 with spaces and punctuation), to size the slice Tokens returns.
const bytesPerToken = 5

// CountWords returns the number of word tokens in s that are not stopwords:
// the paper's "words (stopwords and punctuation excluded)", the unit of the
// 10,000-word and 100-word length thresholds. It does not allocate.
func CountWords(s string) int {
	n := 0
	for i := 0; ; {
		start, stop, ok := nextWord(s, i, len(s))
		if !ok {
			return n
		}
		if !isStopwordToken(s[start:stop]) {
			n++
		}
		i = stop
	}
}

// BudgetWords returns the number of word tokens in s, stopwords included: the
// unit of the paper's 1,000-word summary budget. It does not allocate.
func BudgetWords(s string) int {
	n := 0
	for i := 0; ; {
		_, stop, ok := nextWord(s, i, len(s))
		if !ok {
			return n
		}
		n++
		i = stop
	}
}

// PrefixWords returns the span from s.Start to the end of the n-th word token
// of text[s.Start:s.End], so that a summary cut there holds n words; when s
// holds fewer than n tokens it returns s. For n <= 0 it returns the empty span
// at s.Start. PrefixWords panics if s is not a valid span of text.
func PrefixWords(text string, s Span, n int) Span {
	checkSpan(text, s)
	if n <= 0 {
		return Span{s.Start, s.Start}
	}
	for i := s.Start; ; n-- {
		_, stop, ok := nextWord(text, i, s.End)
		if !ok {
			return s
		}
		if n == 1 {
			return Span{s.Start, stop}
		}
		i = stop
	}
}

// isStopwordToken reports whether the raw token w (as written, before
// lower-casing) is a stopword, without allocating.
func isStopwordToken(w string) bool {
	if len(w) > maxStopwordTokenBytes {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i]; (c < 'a' || c > 'z') && c != '\'' {
			if strings.IndexByte(w[i:], '&') >= 0 {
				return IsStopword(lowerWord(w)) // an apostrophe reference: rare
			}
			// Not already folded: fold into a buffer on the stack.
			var buf [maxStopwordLen]byte
			b, ok := foldStopword(buf[:0], w)
			if !ok {
				return false
			}
			_, ok = lookupStopword(string(b)) // the conversion does not allocate
			return ok
		}
	}
	_, ok := lookupStopword(w)
	return ok
}

// foldStopword appends to dst the token w lower-cased, with ’ written as ',
// when w could be a stopword: ASCII letters and apostrophes, at most
// maxStopwordLen bytes once folded. ok is false otherwise.
func foldStopword(dst []byte, w string) (b []byte, ok bool) {
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(w[i:])
			switch lr := unicode.ToLower(r); {
			case r == '’':
				c = '\''
			case lr < utf8.RuneSelf:
				c = byte(lr) // "İ" is "i", the Kelvin sign "k"
			default:
				return dst, false // no stopword has a letter outside ASCII
			}
			i += n - 1
		}
		if len(dst) == maxStopwordLen {
			return dst, false
		}
		dst = append(dst, c)
	}
	return dst, true
}

// checkSpan panics if s is not a valid span of text: that is a programmer
// error, like an out-of-range slice index.
func checkSpan(text string, s Span) {
	if s.Start < 0 || s.Start > s.End || s.End > len(text) {
		panic("text: span out of range")
	}
}

// maxStopwordTokenBytes bounds the bytes of a token that may fold to a
// stopword: each of its letters may be written with up to three bytes ("’",
// the Kelvin sign "K").
const maxStopwordTokenBytes = maxStopwordLen * 3
