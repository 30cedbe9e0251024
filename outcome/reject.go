package outcome

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"

	"github.com/bookalign/bookalign/internal/jsonl"
)

// Input says what kind of input a Reject stands for, which fixes the
// fields its JSON form always holds.
type Input int

const (
	// PairInput is a pair of an experiment's corpus (a row of pairs.tsv):
	// "id" and "row" are always written.
	PairInput Input = iota
	// SummaryInput is a row of a summaries TSV that match reads: "line" is
	// always written.
	SummaryInput
	// PageInput is a Wikipedia book page, or a part of a dump, that
	// wiki-extract reads: only the stage and reason are always written.
	PageInput
)

// Reject is an input that produced no result, and why. Its JSON form is
// one line of a rejects.jsonl file; fields that do not apply to its Input
// are left out.
type Reject struct {
	// Input says what was rejected.
	Input Input `json:"-"`
	// ID is the pair id, as far as it could be read (PairInput).
	ID string `json:"id"`
	// Row is the pair's line in pairs.tsv (PairInput).
	Row int `json:"row"`
	// Line is the summary's line in the summaries TSV (SummaryInput).
	Line int `json:"line"`
	// WikipediaID, Title and Author name a summary or page, where known.
	WikipediaID int64  `json:"wikipedia_id,omitempty"`
	Title       string `json:"title,omitempty"`
	Author      string `json:"author,omitempty"`
	// Stage is the pipeline stage that rejected it ("read-pairs", "load",
	// "match", "fetch-book", "extract", "read", ...).
	Stage string `json:"stage"`
	// Reason says what is wrong, in words; Detail says more.
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
	// Headings are a book page's level-2 headings, to see why no plot
	// section matched.
	Headings []string `json:"headings,omitempty"`
	// Candidates are the ebooks a decision list could choose from.
	Candidates []int `json:"candidates,omitempty"`
	// Ebook is the ebook matched, for a book that could not be fetched.
	Ebook int `json:"ebook,omitempty"`
	// Stream is the byte offset in the dump of a stream that could not be
	// read.
	Stream int64 `json:"stream,omitempty"`
}

// wire is the JSON form of a Reject: ID and Row are written for a pair,
// Line for a summary row, and neither for a page.
type wire struct {
	ID          *string  `json:"id,omitempty"`
	Row         *int     `json:"row,omitempty"`
	Line        *int     `json:"line,omitempty"`
	WikipediaID int64    `json:"wikipedia_id,omitempty"`
	Title       string   `json:"title,omitempty"`
	Author      string   `json:"author,omitempty"`
	Stage       string   `json:"stage"`
	Reason      string   `json:"reason"`
	Detail      string   `json:"detail,omitempty"`
	Headings    []string `json:"headings,omitempty"`
	Candidates  []int    `json:"candidates,omitempty"`
	Ebook       int      `json:"ebook,omitempty"`
	Stream      int64    `json:"stream,omitempty"`
}

// MarshalJSON writes the fields of r that apply to its Input, with <, >
// and & as they are (jsonl).
func (r Reject) MarshalJSON() ([]byte, error) {
	w := wire{WikipediaID: r.WikipediaID, Title: r.Title, Author: r.Author, Stage: r.Stage, Reason: r.Reason,
		Detail: r.Detail, Headings: r.Headings, Candidates: r.Candidates, Ebook: r.Ebook, Stream: r.Stream}
	switch r.Input {
	case PairInput:
		w.ID, w.Row = &r.ID, &r.Row
	case SummaryInput:
		w.Line = &r.Line
	}
	var buf bytes.Buffer
	if err := jsonl.Write(&buf, []wire{w}); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads the form MarshalJSON writes; the Input is a pair's
// when "id" or "row" is there, a summary row's when "line" is, a page's
// otherwise.
func (r *Reject) UnmarshalJSON(data []byte) error {
	var w wire
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*r = Reject{Input: PageInput, WikipediaID: w.WikipediaID, Title: w.Title, Author: w.Author, Stage: w.Stage, Reason: w.Reason,
		Detail: w.Detail, Headings: w.Headings, Candidates: w.Candidates, Ebook: w.Ebook, Stream: w.Stream}
	switch {
	case w.ID != nil || w.Row != nil:
		r.Input = PairInput
		if w.ID != nil {
			r.ID = *w.ID
		}
		if w.Row != nil {
			r.Row = *w.Row
		}
	case w.Line != nil:
		r.Input, r.Line = SummaryInput, *w.Line
	}
	return nil
}

// SortRejects orders rejects so that a file of them does not depend on the
// runner: by where the input was (pairs.tsv row, summaries line, Wikipedia
// id, pair id, dump stream), then stage, reason and detail. The sort is
// stable.
func SortRejects(r []Reject) {
	slices.SortStableFunc(r, func(a, b Reject) int {
		return cmp.Or(
			cmp.Compare(a.Row, b.Row),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.WikipediaID, b.WikipediaID),
			cmp.Compare(a.ID, b.ID),
			cmp.Compare(a.Stream, b.Stream),
			cmp.Compare(a.Stage, b.Stage),
			cmp.Compare(a.Reason, b.Reason),
			cmp.Compare(a.Detail, b.Detail),
		)
	})
}

// RejectLines sorts rejects (SortRejects) and returns them as JSON Lines:
// the contents of a rejects.jsonl file.
func RejectLines(rejects []Reject) ([]byte, error) {
	SortRejects(rejects)
	var buf bytes.Buffer
	if err := jsonl.Write(&buf, rejects); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
