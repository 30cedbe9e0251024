package transforms

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*corpus.Pair)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*PairText)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Candidate)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Reject)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Outcome)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*evaluate.BookScore)(nil)).Elem())
}

// PairText is a readable pair: the book and summary texts exactly as read,
// with the book's body (the text without Project Gutenberg boilerplate) and
// both lengths in words (stopwords and punctuation excluded).
type PairText struct {
	Pair               corpus.Pair
	Book               string
	BodyStart, BodyEnd int
	Summary            string
	BookWords          int
	SummaryWords       int
}

// Candidate is a generated summary of one book by one method, with the
// reference summary it is scored against.
type Candidate struct {
	ID string
	// Row is the pair's line in pairs.tsv.
	Row       int
	Method    string
	Text      string
	Reference string
}

// Reject is an input pair that produced no result, and why.
type Reject struct {
	// ID is the pair id, as far as it could be read.
	ID string `json:"id"`
	// Row is the pair's line in pairs.tsv.
	Row int `json:"row"`
	// Stage is the pipeline stage that rejected it ("read-pairs", "load",
	// "filter-by-length", "evaluate", ...).
	Stage string `json:"stage"`
	// Reason says what is wrong, in words.
	Reason string `json:"reason"`
}

// Outcome is what reaches the final write step: a score, a reject, or the
// number of rows read from pairs.tsv (which the write step reconciles with
// the other two).
type Outcome struct {
	Kind     OutcomeKind
	Score    evaluate.BookScore
	Reject   Reject
	RowsRead int
}

// OutcomeKind says which field of an Outcome is set.
type OutcomeKind int

const (
	// OutcomeScore carries a Score.
	OutcomeScore OutcomeKind = iota + 1
	// OutcomeReject carries a Reject.
	OutcomeReject
	// OutcomeRows carries RowsRead.
	OutcomeRows
)
