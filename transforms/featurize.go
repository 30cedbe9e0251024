package transforms

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
)

var booksFeaturized = beam.NewCounter("bookalign", "books_featurized")

func init() {
	beam.RegisterType(reflect.TypeOf((*BookData)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*MethodLabels)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*featurizeFn)(nil)).Elem())
	register.Emitter1[BookData]()
}

// BookData is what training and prediction need of one book: its compact
// sentence representation (classify.Book, a few hundred kilobytes at most)
// and the sentences each alignment labelled. It never holds the book text.
type BookData struct {
	ID  string
	Row int
	// Test marks a book to summarize but not to train on (the books of
	// --test-corpus); without test books, cross-validation decides.
	Test bool
	Book classify.Book
	// Labels hold each method's labelled sentences; empty for test books.
	Labels []MethodLabels
}

// MethodLabels are the book sentences one alignment method labelled "in the
// summary".
type MethodLabels struct {
	Method    string
	Sentences []int
}

// Featurize turns each pair into BookData: the book's sentences in the
// compact form classify works on, with every method's labels (Align's; none
// for the books of a test corpus, which are marked Test). Features that
// depend on other books (vocabulary, IDF) are computed later, per fold,
// from this.
//
// In: PCollection<PairText>. Out: PCollection<BookData>.
func Featurize(s beam.Scope, texts beam.PCollection, test bool) beam.PCollection {
	s = s.Scope("transforms.Featurize")
	return beam.ParDo(s, &featurizeFn{Test: test}, texts)
}

// featurizeFn prepares one book.
type featurizeFn struct {
	// Test marks the books as test books.
	Test bool `json:"test"`
}

func (f *featurizeFn) ProcessElement(ctx context.Context, pt PairText, emit func(BookData)) {
	bd := BookData{ID: pt.Pair.ID, Row: pt.Pair.Row, Test: f.Test, Book: *classify.NewBook(pt.Pair.ID, pt.Book), Labels: pt.Labels}
	booksFeaturized.Inc(ctx, 1)
	progress.tick("featurize", "books")
	emit(bd)
}
