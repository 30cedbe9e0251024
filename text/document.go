package text

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Errors a parse can wrap in a *ParseError.
var (
	// ErrInvalidUTF8 means the text is not valid UTF-8. It is rejected, not
	// repaired, because every offset must point into the file exactly as it
	// was read.
	ErrInvalidUTF8 = errors.New("text: invalid UTF-8")
	// ErrEmpty means the body holds no word token.
	ErrEmpty = errors.New("text: no words in body")
	// ErrUTF16 means that NUL bytes make a large share of the text (one
	// byte in nulShare or more): most likely UTF-16 without a byte order
	// mark, which is valid UTF-8 when its characters are ASCII, or not text
	// at all. The *ParseError's error says the share.
	ErrUTF16 = errors.New("text: looks like UTF-16")
)

// nulShare is the share of NUL bytes, one byte in nulShare, from which a
// text is refused with ErrUTF16. UTF-16 has one in two for ASCII text; a
// UTF-8 text has none, or a stray one.
const nulShare = 20

// A ParseError is returned for a text that cannot be parsed. Offset is the
// byte offset into the text where the problem lies: the first invalid UTF-8
// sequence for ErrInvalidUTF8, the first NUL byte for ErrUTF16, the start
// of the body for ErrEmpty.
type ParseError struct {
	Offset int   // byte offset into the text
	Err    error // the reason: ErrInvalidUTF8, ErrUTF16 (wrapped with the share of NUL bytes) or ErrEmpty
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%v (byte %d)", e.Err, e.Offset)
}

// Unwrap returns e.Err, so that errors.Is(err, ErrEmpty) works.
func (e *ParseError) Unwrap() error { return e.Err }

// A Document is a parsed book or summary.
type Document struct {
	// Text is the text exactly as read; every offset is into it.
	Text string
	// Body is the part of Text that is the work itself: without Gutenberg
	// boilerplate for a book, and without a byte order mark.
	Body Span
	// Sentences are the sentences of Body, in order; see SplitSentences.
	Sentences []Sentence
}

// ParseBook parses the text of a Project Gutenberg book: it checks that raw
// is valid UTF-8, finds the body with GutenbergBody, checks that the body
// has a word, and splits it into sentences. The error, if any, is a
// *ParseError wrapping ErrUTF16, ErrInvalidUTF8 or ErrEmpty.
func ParseBook(raw string) (*Document, error) {
	if err := validUTF8(raw); err != nil {
		return nil, err
	}
	return parse(raw, GutenbergBody(raw))
}

// ParseSummary parses a plot summary as ParseBook parses a book, but with no
// Gutenberg cleaning: the body is all of raw but a leading byte order mark.
func ParseSummary(raw string) (*Document, error) {
	if err := validUTF8(raw); err != nil {
		return nil, err
	}
	body := Span{0, len(raw)}
	if strings.HasPrefix(raw, bom) {
		body.Start = len(bom)
	}
	return parse(raw, body)
}

func parse(raw string, body Span) (*Document, error) {
	if _, _, ok := nextWord(raw, body.Start, body.End); !ok {
		return nil, &ParseError{Offset: body.Start, Err: ErrEmpty}
	}
	return &Document{Text: raw, Body: body, Sentences: SplitSentences(raw, body)}, nil
}

// validUTF8 returns a *ParseError giving the offset of the first invalid
// UTF-8 sequence in s, or of its first NUL byte when they are one byte in
// nulShare or more (ErrUTF16, checked first: UTF-16 of other than ASCII
// is also invalid UTF-8, and ErrUTF16 says better what is wrong), or nil.
func validUTF8(s string) error {
	if n := strings.Count(s, "\x00"); n > 0 && n*nulShare >= len(s) {
		return &ParseError{Offset: strings.IndexByte(s, 0), Err: fmt.Errorf("%w (NUL bytes in %d%% of bytes)", ErrUTF16, (200*n+len(s))/(2*len(s)))}
	}
	if utf8.ValidString(s) {
		return nil
	}
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w == 1 {
			return &ParseError{Offset: i, Err: ErrInvalidUTF8}
		}
		i += w
	}
	return nil // not reached: ValidString said there was one
}

// Str returns the text of s: d.Text[s.Start:s.End].
func (d *Document) Str(s Span) string { return d.Text[s.Start:s.End] }

// Tokens returns the word tokens of the i-th sentence.
func (d *Document) Tokens(i int) []Token {
	return Tokens(d.Text, d.Sentences[i].Span)
}

// Prose returns the sentences of Kind Prose, in order, in a new slice: the
// sentences that alignment, features and extraction use.
func (d *Document) Prose() []Sentence {
	out := make([]Sentence, 0, len(d.Sentences))
	for _, s := range d.Sentences {
		if s.Kind == Prose {
			out = append(out, s)
		}
	}
	return out
}
