package transforms

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/text"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*firstWordsFn)(nil)).Elem())
	register.Emitter1[Candidate]()
}

// FirstWords is the paper's First-1000 baseline: the summary of a book is the
// beginning of its body (after Project Gutenberg boilerplate) up to and
// including its words-th word, exactly as written. Words are counted as the
// summary budget counts them (text.BudgetWords).
//
// In: PCollection<PairText>. Out: PCollection<Candidate> with Method "first1000".
func FirstWords(s beam.Scope, texts beam.PCollection, words int) beam.PCollection {
	s = s.Scope("transforms.FirstWords")
	return beam.ParDo(s, &firstWordsFn{Words: words}, texts)
}

// firstWordsFn cuts the beginning of one book.
type firstWordsFn struct {
	// Words is the summary budget in words.
	Words int `json:"words"`
}

func (f *firstWordsFn) ProcessElement(ctx context.Context, p PairText, emit func(Candidate)) {
	span := text.PrefixWords(p.Book.Text, p.Book.Body, f.Words)
	tick(StageFirst1000, "books")
	emit(Candidate{ID: p.Pair.ID, Row: p.Pair.Row, Method: evaluate.MethodFirst1000, Text: p.Book.Str(span), Reference: p.Summary.Text,
		Selected: extract.PickSpan(p.Book, span)})
}
