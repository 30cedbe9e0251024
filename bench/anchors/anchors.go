package main

import (
	"hash/maphash"
	"slices"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/text"
)

// An Anchor is a summary sentence that quotes its book: silver evidence of
// where the sentence belongs.
type Anchor struct {
	// Sentence is the summary sentence, an index into Pair.Summary.Words.
	Sentence int
	// Pos is the counted book token at or after the quotation's start.
	Pos int
	// Quoted are the quotation's counted tokens, indices into
	// Pair.Summary.Words[Sentence], in increasing order.
	Quoted []int
}

// AnchorRule says which summary sentences FindAnchors anchors.
type AnchorRule struct {
	// MinRun is the least number of word tokens (text.Tokens, stopwords
	// included) of a quotation.
	MinRun int
	// MinContent is the least number of them that are not stopwords, so
	// that stock phrases do not count.
	MinContent int
	// Extend makes the quotation the whole verbatim run: the first
	// MinRun tokens found once in the book, extended while the sentence goes
	// on quoting the same place. Otherwise the quotation is those MinRun
	// tokens only.
	Extend bool
}

// FindAnchors returns the anchored summary sentences of a pair prepared from
// book and summary: those holding a run of at least r.MinRun word tokens,
// r.MinContent of them not stopwords, that occurs exactly once in the book's
// prose. The anchor is placed at the earliest such run of the sentence.
// Words are compared lower-cased, exactly as text.Tokens gives them.
func FindAnchors(book, summary *text.Document, p *align.Pair, r AnchorRule) []Anchor {
	minRun := r.MinRun
	seed := maphash.MakeSeed()
	gram := func(ws []string) uint64 {
		var h maphash.Hash
		h.SetSeed(seed)
		for _, w := range ws {
			h.WriteString(w)
			h.WriteByte(0)
		}
		return h.Sum64()
	}
	// All prose word tokens of the book, and for each the counted token at
	// or after it.
	var words []string
	var counted []int
	next := 0
	for _, s := range book.Sentences {
		if s.Kind != text.Prose {
			continue
		}
		for _, t := range text.Tokens(book.Text, s.Span) {
			for next < len(p.Book.Spans) && p.Book.Spans[next].Start < t.Start {
				next++
			}
			words = append(words, t.Lower)
			counted = append(counted, next)
		}
	}
	type seen struct{ n, at int }
	grams := make(map[uint64]seen, len(words))
	for i := 0; i+minRun <= len(words); i++ {
		g := gram(words[i : i+minRun])
		s := grams[g]
		if s.n == 0 {
			s.at = i
		}
		s.n++
		grams[g] = s
	}
	var out []Anchor
	for k, s := range summary.Sentences {
		if s.Kind != text.Prose {
			continue
		}
		toks := text.Tokens(summary.Text, s.Span)
		ws := make([]string, len(toks))
		for i, t := range toks {
			ws[i] = t.Lower
		}
		for i := 0; i+minRun <= len(ws); i++ {
			content := 0
			for _, w := range ws[i : i+minRun] {
				if !text.IsStopword(w) {
					content++
				}
			}
			if content < r.MinContent {
				continue
			}
			g := grams[gram(ws[i:i+minRun])]
			if g.n != 1 || counted[g.at] >= len(p.Book.Words) {
				continue
			}
			end := i + minRun // the quotation is ws[i:end]
			for r.Extend && end < len(ws) && g.at+end-i < len(words) && words[g.at+end-i] == ws[end] {
				end++
			}
			an := Anchor{Sentence: k, Pos: counted[g.at]}
			c := 0 // counted tokens before token x
			for x, w := range ws[:end] {
				if text.IsStopword(w) {
					continue
				}
				if x >= i {
					an.Quoted = append(an.Quoted, c)
				}
				c++
			}
			out = append(out, an)
			break
		}
	}
	return out
}

// MaskAnchors returns a copy of p in which the quotation of every anchored
// sentence is cut out and replaced by one nonsense word, found nowhere in
// the book, so that an aligner must place the sentence from its other words
// and its neighbours. p itself is not changed.
func MaskAnchors(p *align.Pair, anchors []Anchor) *align.Pair {
	q := *p
	q.Vocab = append(slices.Clip(p.Vocab), maskWord)
	nonsense := int32(len(q.Vocab) - 1)
	q.Summary.Words = slices.Clone(p.Summary.Words)
	for _, an := range anchors {
		var kept []int32
		for x, w := range p.Summary.Words[an.Sentence] {
			switch {
			case len(an.Quoted) > 0 && x == an.Quoted[0]:
				kept = append(kept, nonsense)
			case !slices.Contains(an.Quoted, x):
				kept = append(kept, w)
			}
		}
		q.Summary.Words[an.Sentence] = kept
	}
	return &q
}

// maskWord is the nonsense word that replaces a masked quotation.
const maskWord = "zqxjvwk"
