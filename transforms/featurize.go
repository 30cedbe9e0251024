package transforms

import (
	"context"
	"fmt"
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
	register.Function1x1[PairText, PairText](prepare)
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

// Prepare builds, once per pair, the book as the summarizers work on it
// (classify.NewBook: the words, counts and shape of its Prose sentences,
// and which of its words the summary holds),
// for Featurize and Baselines, which both take it from the pair.
//
// In: PCollection<PairText>. Out: PCollection<PairText> with Prepared set.
func Prepare(s beam.Scope, texts beam.PCollection) beam.PCollection {
	s = s.Scope("transforms.Prepare")
	return beam.ParDo(s, prepare, texts)
}

func prepare(pt PairText) PairText {
	pt.Prepared = classify.NewBook(pt.Pair.ID, pt.Book)
	if pt.Summary != nil {
		// The words of its summary, for the event-word features
		// (features.Settings.Events), which count them only where the
		// book is a training book and leave them out of its own features.
		pt.Prepared.SetSummary(classify.SummaryWords(pt.Summary))
		// The summary as ROUGE reads it, for the coverage model
		// (features.Settings.Coverage), which learns only from training
		// books (features.Collection.Featurize).
		pt.Prepared.SetReference(pt.Summary.Text)
	}
	return pt
}

// prepared returns the book Prepare built for pt, or an error naming the
// stage that lacks it (a pipeline built without Prepare).
func prepared(pt PairText, stage string) (*classify.Book, error) {
	if pt.Prepared == nil {
		return nil, fmt.Errorf("%s: pair %q was not prepared (transforms.Prepare)", stage, pt.Pair.ID)
	}
	return pt.Prepared, nil
}

// Featurize turns each prepared pair into BookData: the book's sentences
// in the compact form classify works on, with every method's labels
// (Align's; none for the books of a test corpus, which are marked Test).
// Features that depend on other books (vocabulary, IDF) are computed later,
// per fold, from this.
//
// In: PCollection<PairText> (Prepare). Out: PCollection<BookData>.
func Featurize(s beam.Scope, texts beam.PCollection, test bool) beam.PCollection {
	s = s.Scope("transforms.Featurize")
	return beam.ParDo(s, &featurizeFn{Test: test}, texts)
}

// featurizeFn prepares one book.
type featurizeFn struct {
	// Test marks the books as test books.
	Test bool `json:"test"`
}

func (f *featurizeFn) ProcessElement(ctx context.Context, pt PairText, emit func(BookData)) error {
	book, err := prepared(pt, StageFeaturize)
	if err != nil {
		return err
	}
	booksFeaturized.Inc(ctx, 1)
	tick(StageFeaturize, "books")
	emit(BookData{ID: pt.Pair.ID, Row: pt.Pair.Row, Test: f.Test, Book: *book, Labels: pt.Labels})
	return nil
}
