package transforms

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/text"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*corpus.Pair)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*PairText)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Candidate)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Reject)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*evaluate.BookScore)(nil)).Elem())
}

// PairText is a readable pair, parsed once by LoadPairs: the book and the
// summary as text.Documents (the texts exactly as read, the book's body
// without Project Gutenberg boilerplate, the sentences), both lengths in
// words (stopwords and punctuation excluded) and, once Align has run, the
// book sentences each aligner labelled. No later stage parses a text
// again; its Beam coder (encodePairText) carries the documents' structure
// with the texts.
type PairText struct {
	Pair          corpus.Pair
	Book, Summary *text.Document
	BookWords     int
	SummaryWords  int
	// Labels hold each aligner's labelled book sentences (Align); empty
	// before alignment and for the books of a test corpus.
	Labels []MethodLabels
	// Prepared is the book as the summarizers work on it
	// (classify.NewBook), built once by Prepare for Featurize and
	// Baselines; nil before.
	Prepared *classify.Book
}

// Candidate is a generated summary of one book by one method, with the
// reference summary it is scored against and what it selected of the book.
type Candidate struct {
	ID string
	// Row is the pair's line in pairs.tsv.
	Row       int
	Method    string
	Text      string
	Reference string
	// Selected is the part of the book the summary holds
	// (OUT/selections/<method>/<id>.json).
	Selected extract.SummarySentences
}

// Reject is an input that produced no result, and why (outcome.Reject,
// the one reject type of every pipeline).
type Reject = outcome.Reject
