package text

import "unicode/utf8"

// Scanner reads the sentences of a text one at a time, as SplitSentences
// would return them, without building the whole slice. Use it like
// bufio.Scanner:
//
//	sc := text.NewScanner(raw, text.GutenbergBody(raw))
//	for sc.Scan() {
//		s := sc.Sentence()
//		if s.Kind == text.Prose {
//			fmt.Println(sc.Text())
//		}
//	}
//	if err := sc.Err(); err != nil {
//		// a *ParseError wrapping ErrInvalidUTF8
//	}
//
// Unlike SplitSentences, a Scanner checks the UTF-8 of each sentence it
// returns and stops at the first invalid sequence. Front matter and lists
// are held until the first paragraph of prose after them shows what they
// are, so a Scanner may read ahead by that much.
type Scanner struct {
	sp   *splitter
	next int // index in sp.out of the next sentence to return
	cur  Sentence
	err  error
}

// NewScanner returns a Scanner over the sentences of text[body.Start:
// body.End]. It panics if body is not a valid span of text.
func NewScanner(text string, body Span) *Scanner {
	checkSpan(text, body)
	return &Scanner{sp: newSplitter(text, body)}
}

// Scan advances to the next sentence, which Sentence and Text then return.
// It returns false at the end of the body or on an error.
func (s *Scanner) Scan() bool {
	if s.err != nil {
		return false
	}
	if s.next == len(s.sp.out) {
		s.sp.out, s.next = s.sp.out[:0], 0
		if !s.sp.fill() {
			return false
		}
	}
	s.cur = s.sp.out[s.next]
	s.next++
	if t := s.sp.text[s.cur.Start:s.cur.End]; !utf8.ValidString(t) {
		s.err = validUTF8(t)
		s.err.(*ParseError).Offset += s.cur.Start
		return false
	}
	return true
}

// Sentence returns the sentence found by the last call to Scan.
func (s *Scanner) Sentence() Sentence { return s.cur }

// Text returns the text of the sentence found by the last call to Scan. It
// is a substring of the scanned text and does not allocate.
func (s *Scanner) Text() string { return s.sp.text[s.cur.Start:s.cur.End] }

// Err returns the error that stopped Scan, if any: a *ParseError wrapping
// ErrInvalidUTF8, whose Offset is into the scanned text.
func (s *Scanner) Err() error { return s.err }
