package report

import (
	"fmt"
	"strings"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/text"
)

// Book is everything one book's page shows, as a run leaves it.
type Book struct {
	ID            string
	Title, Author string
	// Raw is the book file exactly as read; the page shows its body.
	Raw string
	// Summary is the reference summary file exactly as read.
	Summary string
	// Alignments holds each aligner's records (alignments/<method>/<id>.jsonl),
	// by method.
	Alignments map[string][]align.Record
	// Selections hold, by method, the byte spans of Raw that each generated
	// summary holds (selections/<method>/<id>.json), in the summary's
	// order.
	Selections map[string][][2]int
	// Scores holds the book's ROUGE recall by method.
	Scores map[string]evaluate.BookRecall
}

// bookPage is the view of a Book that the template renders.
type bookPage struct {
	ID, Title, Author string
	// Chunks are the book text cut after blank lines into blocks of at
	// least chunkSize bytes, rendered one block each.
	Chunks    []string
	Aligners  []methodView
	Pickers   []methodView
	Sentences []summarySentence
	Scores    []scoreRow
	Minimap   minimap
	Data      pageData
	Style     styleAndScript
}

// methodView names a method on a page.
type methodView struct {
	Key, Name string
	// Class is the CSS class of the method's colour.
	Class string
}

// summarySentence is one reference summary sentence with what each aligner
// made of it.
type summarySentence struct {
	Index int
	Text  string
	// Marks are the aligners' verdicts, in aligner order.
	Marks []sentenceMark
}

// sentenceMark is one aligner's verdict on one summary sentence.
type sentenceMark struct {
	Method     methodView
	Aligned    bool
	Confidence float64
}

type scoreRow struct {
	Method         methodView
	Rouge1, Rouge2 float64
}

// pageData is the JSON the page's script reads: offsets in UTF-16 code
// units of the book text.
type pageData struct {
	// Length is the length of the book text.
	Length int `json:"length"`
	// Aligners are the aligners' keys; Align[k][m] is summary sentence k's
	// span [start, end] under aligner m, or nil when it is not aligned.
	Aligners []string    `json:"aligners"`
	Align    [][]*[2]int `json:"align"`
	// Picked holds, by method, the spans of the book the method's generated
	// summary holds.
	Picked map[string][][2]int `json:"picked"`
}

// newBookPage turns a Book into its page.
func newBookPage(b *Book, methods []string) (*bookPage, error) {
	bodySpan := text.GutenbergBody(b.Raw)
	body := newBodyText(b.Raw, bodySpan.Start, bodySpan.End)
	summary, err := text.ParseSummary(b.Summary)
	if err != nil {
		return nil, fmt.Errorf("summary of %s: %w", b.ID, err)
	}
	p := &bookPage{
		ID: b.ID, Title: b.Title, Author: b.Author, Chunks: chunks(reflow(body.Text), chunkSize),
		Data: pageData{Length: body.Len(), Picked: map[string][][2]int{}},
	}
	if p.Title == "" {
		p.Title = b.ID
	}
	for _, m := range methods {
		v := view(m)
		if _, ok := b.Alignments[m]; ok {
			p.Aligners = append(p.Aligners, v)
			p.Data.Aligners = append(p.Data.Aligners, m)
		}
		if spans, ok := b.Selections[m]; ok {
			p.Pickers = append(p.Pickers, v)
			p.Data.Picked[m] = body.Spans(b.Raw, spans)
		}
		if sc, ok := b.Scores[m]; ok {
			p.Scores = append(p.Scores, scoreRow{Method: v, Rouge1: 100 * sc.Rouge1Recall, Rouge2: 100 * sc.Rouge2Recall})
		}
	}
	p.Data.Align = make([][]*[2]int, len(summary.Sentences))
	for k, s := range summary.Sentences {
		p.Sentences = append(p.Sentences, summarySentence{Index: k, Text: strings.Join(strings.Fields(summary.Str(s.Span)), " ")})
		p.Data.Align[k] = make([]*[2]int, len(p.Aligners))
	}
	for mi, m := range p.Aligners {
		verdicts := make([]sentenceMark, len(summary.Sentences))
		for k := range verdicts {
			verdicts[k] = sentenceMark{Method: m}
		}
		for _, r := range b.Alignments[m.Key] {
			k := r.SummaryIndex
			if k < 0 || k >= len(summary.Sentences) {
				return nil, fmt.Errorf("%s alignment of %s: summary sentence %d of %d", m.Key, b.ID, k, len(summary.Sentences))
			}
			if r.SpanBytes == nil {
				continue
			}
			if s, e, ok := body.Span(r.SpanBytes[0], r.SpanBytes[1]); ok {
				p.Data.Align[k][mi] = &[2]int{s, e}
				verdicts[k] = sentenceMark{Method: m, Aligned: true, Confidence: r.Confidence}
			}
		}
		for k := range p.Sentences {
			p.Sentences[k].Marks = append(p.Sentences[k].Marks, verdicts[k])
		}
	}
	p.Minimap = newMinimap(p)
	return p, nil
}

// view names a method as the paper does, with its colour class.
func view(method string) methodView {
	return methodView{Key: method, Name: evaluate.DisplayName(method), Class: "m-" + method}
}
