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

// The stages that reject inputs, by the names their rejects carry in
// Reject.Stage.
const (
	// The experiment's stages, which reject pairs.
	StageReadPairs      = "read-pairs"
	StageLoad           = "load"
	StageFilterByLength = "filter-by-length"
	StageAlign          = "align"
	StageBaselines      = "baselines"
	StageEvaluate       = "evaluate"

	// The stages of match, which reject summaries.
	StageReadSummaries = "read-summaries"
	StageMatch         = "match"
	StageName          = "name"
	StageFetchBook     = "fetch-book"

	// The stages of wiki-extract, which reject book pages and parts of a
	// dump.
	StagePlan    = "plan"
	StageRead    = "read"
	StageExtract = "extract"
)

// Reject is an input that produced no result, and why. Its JSON form is
// one line of a rejects.jsonl file; fields that do not apply to its Input
// are left out.
type Reject struct {
	// Input says what was rejected.
	Input Input `json:"-"`
	// ID is the pair id, as far as it could be read (PairInput: "id").
	ID string `json:"-"`
	// Row is the pair's line in pairs.tsv (PairInput: "row").
	Row int `json:"-"`
	// Line is the summary's line in the summaries TSV (SummaryInput:
	// "line").
	Line int `json:"-"`
	// WikipediaID, Title and Author name a summary or page, where known.
	WikipediaID int64  `json:"wikipedia_id,omitempty"`
	Title       string `json:"title,omitempty"`
	Author      string `json:"author,omitempty"`
	// Stage is the pipeline stage that rejected it: one of the Stage…
	// constants.
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

// fields is Reject without its methods: the fields every Input may
// leave out.
type fields Reject

// where holds the fields of a Reject's JSON form that its Input fixes.
type where struct {
	ID   *string `json:"id,omitempty"`
	Row  *int    `json:"row,omitempty"`
	Line *int    `json:"line,omitempty"`
}

// MarshalJSON writes "id" and "row" first for a pair, "line" for a summary
// row, then the other fields that are set (stage and reason always), with
// <, > and & as they are (jsonl).
func (r Reject) MarshalJSON() ([]byte, error) {
	var w where
	switch r.Input {
	case PairInput:
		w.ID, w.Row = &r.ID, &r.Row
	case SummaryInput:
		w.Line = &r.Line
	}
	head, err := compact(w)
	if err != nil {
		return nil, err
	}
	rest, err := compact(fields(r))
	if err != nil {
		return nil, err
	}
	if len(head) == 2 { // {}
		return rest, nil
	}
	return append(append(head[:len(head)-1], ','), rest[1:]...), nil
}

// compact returns the JSON of v without HTML escapes or a newline.
func compact(v any) ([]byte, error) {
	var buf bytes.Buffer
	if err := jsonl.Write(&buf, []any{v}); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads the form MarshalJSON writes; the Input is a pair's
// when "id" or "row" is there, a summary row's when "line" is, a page's
// otherwise.
func (r *Reject) UnmarshalJSON(data []byte) error {
	var f fields
	var w where
	if err := json.Unmarshal(data, &f); err != nil {
		return err
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	*r = Reject(f)
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
	default:
		r.Input = PageInput
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
