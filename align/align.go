package align

import (
	"errors"
	"sort"

	"github.com/bookalign/bookalign/text"
)

// An Aligner places each summary sentence of a prepared pair in the book.
//
// Align returns one SentenceAlignment per summary sentence, in summary order,
// including sentences that it leaves unaligned. An Aligner holds only
// settings, so one value may be used by several goroutines at once.
type Aligner interface {
	Align(p *Pair) (*Alignment, error)
}

var (
	_ Aligner = (*PassageHMM)(nil)
	_ Aligner = (*TokenHMM)(nil)
	_ Aligner = (*Jing)(nil)
)

// Method names, as written in Alignment.Method and accepted by New.
const (
	MethodPassage = "passage"
	MethodToken   = "token"
	MethodJing    = "jing"
)

// ErrEmpty is returned when a pair has no countable book or summary token, so
// there is nothing to align.
var ErrEmpty = errors.New("align: book or summary has no countable token")

// ErrMethod is returned by New for an unknown method name.
var ErrMethod = errors.New("align: unknown method")

// DefaultLabelTop is the LabelTop of the aligners New returns, unless
// Options.WholeSpans: for each summary sentence, only the one sentence of
// its aligned span that shares the most words with it is labelled.
const DefaultLabelTop = 1

// New returns the aligner called name (MethodPassage, MethodToken or
// MethodJing) configured by opts (NewPassageHMM, NewTokenHMM, NewJing);
// the zero Options give every default and LabelTop = DefaultLabelTop.
func New(name string, opts Options) (Aligner, error) {
	switch name {
	case MethodPassage:
		return NewPassageHMM(opts), nil
	case MethodToken:
		return NewTokenHMM(opts), nil
	case MethodJing:
		return NewJing(opts), nil
	}
	return nil, ErrMethod
}

// Interval is the half-open range [Start, End) of counted book tokens, the
// indices of Pair.Book.Words.
type Interval struct {
	Start, End int
}

// Len returns End - Start.
func (iv Interval) Len() int { return iv.End - iv.Start }

// Alignment is the result of aligning one summary with its book.
type Alignment struct {
	// Method is the name of the aligner that produced it.
	Method string
	// Sentences holds one entry per summary sentence, in order.
	Sentences []SentenceAlignment
}

// SentenceAlignment says where one summary sentence lies in the book.
type SentenceAlignment struct {
	// SummaryIndex is the index of the sentence in Pair.Summary.Sentences.
	SummaryIndex int
	// Aligned is false when the sentence is aligned to nothing; then Bytes,
	// Tokens and BookSentences are zero.
	Aligned bool
	// Bytes is the aligned book span, from the first byte of its first
	// counted token to the end of its last, as offsets into Pair.Book.Text
	// exactly as given (a Gutenberg header, if present, included).
	Bytes text.Span
	// Tokens is the same span in counted book tokens.
	Tokens Interval
	// BookSentences are the indices, into Pair.Book.Sentences, of the book
	// sentences labelled "in the summary" for this summary sentence, in
	// increasing order (see the package comment for each method's rule).
	BookSentences []int
	// Confidence is the Passage HMM's posterior q(z = s | t) of the chosen
	// passage, the Token HMM's mean posterior of the Viterbi states, or Jing's
	// geometric-mean Viterbi transition score; all lie in [0, 1].
	Confidence float64
}

// Labelled returns the sorted, distinct book sentence indices labelled by any
// summary sentence: the positive examples of the summarizer.
func (a *Alignment) Labelled() []int {
	var out []int
	for _, s := range a.Sentences {
		out = append(out, s.BookSentences...)
	}
	sort.Ints(out)
	return compactInts(out)
}

// compactInts removes adjacent duplicates from a sorted slice in place.
func compactInts(s []int) []int {
	if len(s) == 0 {
		return s
	}
	k := 1
	for _, v := range s[1:] {
		if v != s[k-1] {
			s[k] = v
			k++
		}
	}
	return s[:k]
}

// newAlignment returns an Alignment for p with every sentence unaligned.
func newAlignment(method string, p *Pair) *Alignment {
	a := &Alignment{Method: method, Sentences: make([]SentenceAlignment, len(p.Summary.Words))}
	for i := range a.Sentences {
		a.Sentences[i].SummaryIndex = i
	}
	return a
}

// setSpan marks sentence sa as aligned to the counted tokens iv, with the
// given labelled book sentences.
func (p *Pair) setSpan(sa *SentenceAlignment, iv Interval, sentences []int) {
	if iv.Len() <= 0 {
		return
	}
	sa.Aligned = true
	sa.Tokens = iv
	sa.Bytes = text.Span{Start: p.Book.Spans[iv.Start].Start, End: p.Book.Spans[iv.End-1].End}
	sa.BookSentences = sentences
}
