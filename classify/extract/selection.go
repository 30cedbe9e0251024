package extract

import "github.com/bookalign/bookalign/text"

// SummarySentences is what an extractive summary took of its book: the indices of the
// book sentences (text.Document.Sentences) and the byte spans of the book
// file that the summary shows, in book order. A run writes it beside each
// summary (OUT/selections/<method>/<id>.json, as a SelectionFile), so that a
// reader finds the summary in the book by offsets, not by searching its
// text.
type SummarySentences struct {
	Sentences []int    `json:"sentences"`
	Spans     [][2]int `json:"spans"`
}

// SelectionFile is the file of one method's summary of one book.
type SelectionFile struct {
	ID     string `json:"id"`
	Method string `json:"method"`
	SummarySentences
}

// Pick returns the sentences of doc as a SummarySentences: the summary Text builds
// from them, one span per sentence.
func Pick(doc *text.Document, sentences []int) SummarySentences {
	p := SummarySentences{Sentences: append([]int{}, sentences...), Spans: make([][2]int, len(sentences))}
	for i, s := range sentences {
		p.Spans[i] = [2]int{doc.Sentences[s].Start, doc.Sentences[s].End}
	}
	return p
}

// PickSpan returns the span of doc a summary holds as it is (the First-1000
// baseline's beginning of the body), with the sentences it overlaps.
func PickSpan(doc *text.Document, span text.Span) SummarySentences {
	p := SummarySentences{Sentences: []int{}, Spans: [][2]int{{span.Start, span.End}}}
	for i, s := range doc.Sentences {
		if s.Start < span.End && s.End > span.Start {
			p.Sentences = append(p.Sentences, i)
		}
	}
	return p
}
