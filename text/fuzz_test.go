package text

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// fuzzSeeds are small texts in the shapes the parsers meet.
var fuzzSeeds = []string{
	"",
	"Call me Ishmael. Some years ago--never mind how long precisely--I went.",
	"\"Where?\" said he. \"Home,\" she said. Mr. J. K. Smith, No. 5, e.g. U.S.A. Then… Yes.",
	"THE CAT\n\nby\n\nA. N. AUTHOR\n\nCONTENTS\n\nI. The Cat ....... 1\nII. The Dog    12\n\nCHAPTER I\nTHE CAT\n\nThe cat sat.",
	"The Project Gutenberg EBook of X\r\n\r\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***\r\n\r\nProduced by Y\r\n\r\n" +
		"Body.\r\n\r\nEnd of the Project Gutenberg EBook of X\r\n\r\n*** END OF THIS PROJECT GUTENBERG EBOOK X ***\r\n",
	"*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*\n\nThis etext was prepared by Z.\n\nMARY BARTON\n",
	"[Illustration: THIS BOOK\n\nBELONGS TO]\n\n[Sidenote: x] Text.",
	"One line\r\rand the next.\r\r\r\rA new\r\rparagraph.\r\r\r\r",
	bom + "don't o’clock ’tis boys' naïve Cafe\u0301 λόγος 1848",
	"a\xffb\xe2\x80 \xc0.",
	strings.Repeat("word, a meaning.\n", 300),
}

// FuzzGutenbergBody checks that the body is a span of the input and that
// finding it again inside the body changes nothing but trimming.
func FuzzGutenbergBody(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		b := GutenbergBody(raw)
		if b.Start < 0 || b.Start > b.End || b.End > len(raw) {
			t.Fatalf("GutenbergBody = %v for %d bytes", b, len(raw))
		}
	})
}

// FuzzSplitSentences checks the invariants of SplitSentences on any body of
// any text.
func FuzzSplitSentences(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, 0, len(s))
	}
	f.Add("0000…00000", 0, 6) // a body that cuts "…" in two
	f.Fuzz(func(t *testing.T, text string, start, end int) {
		if len(text) == 0 {
			start, end = 0, 0
		} else {
			start, end = abs(start)%(len(text)+1), abs(end)%(len(text)+1)
		}
		if start > end {
			start, end = end, start
		}
		body := Span{start, end}
		ss := SplitSentences(text, body)
		checkSentences(t, text, body, ss)
	})
}

// FuzzTokens checks that tokens lie in order inside their span, that Lower
// is the lower-cased token, and that the counting functions agree with
// Tokens.
func FuzzTokens(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, 0, len(s), 3)
	}
	f.Add(" İ ", 0, 4, 1)                                        // lower-cases to the stopword "i"
	f.Add("\u212Aeep", 0, 6, 1)                                  // the Kelvin sign lower-cases to "k"
	f.Add("DON&#39;T Henry&#39;s &mdash; &#34;x&#34;", 0, 40, 2) // character references
	f.Fuzz(func(t *testing.T, text string, start, end, n int) {
		if len(text) == 0 {
			start, end = 0, 0
		} else {
			start, end = abs(start)%(len(text)+1), abs(end)%(len(text)+1)
		}
		if start > end {
			start, end = end, start
		}
		s := Span{start, end}
		toks := Tokens(text, s)
		pos, words := start, 0
		for _, tok := range toks {
			if tok.Start < pos || tok.End > end || tok.Start >= tok.End {
				t.Fatalf("token %v outside %v or out of order", tok.Span, s)
			}
			if tok.Lower == "" || (utf8.ValidString(text[tok.Start:tok.End]) &&
				tok.Lower != strings.ToLower(strings.ReplaceAll(replaceApostropheEntities(text[tok.Start:tok.End]), rightQuote, "'"))) {
				t.Fatalf("token %q has Lower %q", text[tok.Start:tok.End], tok.Lower)
			}
			if !IsStopword(tok.Lower) {
				words++
			}
			pos = tok.End
		}
		if got := BudgetWords(text[start:end]); got != len(toks) {
			t.Fatalf("BudgetWords = %d, len(Tokens) = %d", got, len(toks))
		}
		if got := CountWords(text[start:end]); got != words {
			t.Fatalf("CountWords = %d, non-stopword tokens = %d", got, words)
		}
		p := PrefixWords(text, s, n)
		if p.Start != start || p.End > end || p.End < start {
			t.Fatalf("PrefixWords(%v, %d) = %v", s, n, p)
		}
		if want := min(max(n, 0), len(toks)); BudgetWords(text[p.Start:p.End]) != want && n <= len(toks) {
			t.Fatalf("PrefixWords(%v, %d) holds %d words, want %d", s, n, BudgetWords(text[p.Start:p.End]), want)
		}
	})
}

// FuzzParseBook checks that ParseBook either returns a document whose
// sentences cover its body, or a *ParseError at a sensible offset.
func FuzzParseBook(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		doc, err := ParseBook(raw)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > len(raw) {
				t.Fatalf("err = %v", err)
			}
			if errors.Is(err, ErrInvalidUTF8) == utf8.ValidString(raw) {
				t.Fatalf("err = %v for valid = %v", err, utf8.ValidString(raw))
			}
			return
		}
		if doc.Text != raw || len(doc.Sentences) == 0 {
			t.Fatalf("document with %d sentences", len(doc.Sentences))
		}
		checkSentences(t, raw, doc.Body, doc.Sentences)
	})
}

func abs(i int) int {
	if i < 0 {
		if i == -i { // the most negative int
			return 0
		}
		return -i
	}
	return i
}
