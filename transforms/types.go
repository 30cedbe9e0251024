package transforms

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/outcome"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*corpus.Pair)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*PairText)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Candidate)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Reject)(nil)).Elem())
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

// Reject is an input that produced no result, and why (outcome.Reject,
// the one reject type of every pipeline).
type Reject = outcome.Reject
