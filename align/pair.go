package align

import (
	"github.com/bookalign/bookalign/text"
)

// Pair is a book and its summary prepared for alignment: word tokens mapped
// to integer ids once, so that every aligner works on integer sequences.
//
// Only counted tokens take part: word tokens (text.Tokens) of Prose sentences
// whose lower-cased form is not a stopword (text.IsStopword). Headings and
// apparatus are neither aligned to nor labelled. A Pair is read-only after
// Prepare and may be shared by aligners running at once.
type Pair struct {
	// Book holds the counted tokens of the book.
	Book Book
	// Summary holds the counted tokens of each summary sentence.
	Summary Summary
	// Vocab[id] is the form of word id: its lower-cased form reduced by
	// Forms.
	Vocab []string
	// Forms are the word forms the pair was prepared with.
	Forms Forms
}

// Book is the book side of a Pair. Words, Spans and Sentences are parallel:
// entry i describes the i-th counted token.
type Book struct {
	// Text is the book exactly as given; Spans are offsets into it.
	Text string
	// Sentences are the book's sentences as given; labels index them.
	Sentences []text.Sentence
	// Words[i] is the word id of counted token i.
	Words []int32
	// Spans[i] is the byte span of counted token i in Text.
	Spans []text.Span
	// Sentence[i] is the index in Sentences of the sentence holding token i.
	Sentence []int32
}

// Summary is the summary side of a Pair.
type Summary struct {
	// Text is the summary exactly as given.
	Text string
	// Sentences are the summary's sentences as given.
	Sentences []text.Sentence
	// Words[k] are the word ids of the counted tokens of sentence k, in
	// order; empty for a sentence that is not Prose or holds no counted
	// token.
	Words [][]int32
}

// PrepareText builds a Pair with DefaultForms from texts and their
// sentences (byte spans into the texts, in increasing order). It returns
// ErrEmpty when the book or the summary holds no counted token.
func PrepareText(bookText string, bookSents []text.Sentence, summaryText string, summarySents []text.Sentence) (*Pair, error) {
	return PrepareTextForms(bookText, bookSents, summaryText, summarySents, DefaultForms)
}

// PrepareTextForms is PrepareText with the given word forms.
func PrepareTextForms(bookText string, bookSents []text.Sentence, summaryText string, summarySents []text.Sentence, f Forms) (*Pair, error) {
	b := newPairBuilder(f)
	p := &Pair{Forms: f}
	p.Book.Text, p.Book.Sentences = bookText, bookSents
	p.Summary.Text, p.Summary.Sentences = summaryText, summarySents
	var toks []text.Token
	for si, s := range bookSents {
		if s.Kind != text.Prose {
			continue
		}
		toks = text.AppendTokens(toks[:0], bookText, s.Span)
		for _, t := range toks {
			if text.IsStopword(t.Lower) {
				continue
			}
			p.Book.Words = append(p.Book.Words, b.id(t.Lower))
			p.Book.Spans = append(p.Book.Spans, t.Span)
			p.Book.Sentence = append(p.Book.Sentence, int32(si))
		}
	}
	p.Summary.Words = make([][]int32, len(summarySents))
	n := 0
	for si, s := range summarySents {
		if s.Kind != text.Prose {
			continue
		}
		toks = text.AppendTokens(toks[:0], summaryText, s.Span)
		var ids []int32
		for _, t := range toks {
			if !text.IsStopword(t.Lower) {
				ids = append(ids, b.id(t.Lower))
			}
		}
		p.Summary.Words[si] = ids
		n += len(ids)
	}
	p.Vocab = b.vocab
	if len(p.Book.Words) == 0 || n == 0 {
		return nil, ErrEmpty
	}
	return p, nil
}

// pairBuilder interns word forms. Tokens are mapped to forms once per
// distinct lower-cased token.
type pairBuilder struct {
	forms Forms
	ids   map[string]int32 // lower-cased token → id of its form
	form  map[string]int32 // form → id
	vocab []string
}

func newPairBuilder(f Forms) *pairBuilder {
	return &pairBuilder{forms: f, ids: make(map[string]int32), form: make(map[string]int32)}
}

func (b *pairBuilder) id(w string) int32 {
	if id, ok := b.ids[w]; ok {
		return id
	}
	f := b.forms.Form(w)
	id, ok := b.form[f]
	if !ok {
		id = int32(len(b.vocab))
		b.form[f] = id
		b.vocab = append(b.vocab, f)
	}
	b.ids[w] = id
	return id
}

// bookCounts returns the number of occurrences in the book of each word id.
func (p *Pair) bookCounts() []int32 {
	c := make([]int32, len(p.Vocab))
	for _, w := range p.Book.Words {
		c[w]++
	}
	return c
}

// sentencesOf returns the distinct book sentences (indices into
// Book.Sentences) of the counted tokens in iv, in increasing order.
func (p *Pair) sentencesOf(iv Interval) []int {
	var out []int
	last := int32(-1)
	for i := iv.Start; i < iv.End; i++ {
		if s := p.Book.Sentence[i]; s != last {
			out = append(out, int(s))
			last = s
		}
	}
	return out
}

// SummarySentence returns the text of summary sentence k, as written.
func (p *Pair) SummarySentence(k int) string {
	s := p.Summary.Sentences[k].Span
	return p.Summary.Text[s.Start:s.End]
}
