package transforms

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/logistic"
)

var booksSummarized = beam.NewCounter("bookalign", "books_summarized")

func init() {
	beam.RegisterType(reflect.TypeOf((*Selection)(nil)).Elem())
	register.Iter1[BookData]()
	register.Emitter1[Selection]()
}

// Selection is the sentences a method picked as the summary of one book.
type Selection struct {
	ID     string
	Row    int
	Method string
	// Fold is the cross-validation fold the book was tested in (0 when a
	// separate test corpus is used).
	Fold int
	// Sentences index the book's sentences (text.ParseBook), in book order.
	Sentences []int
}

// summarize summarizes the books ids of set, read from the work
// directory, with the models of methods trained on it, one after another:
// each book is prepared once for every model of the same collection.
func (f *trainFn) summarize(ctx context.Context, set int, methods []string, models []*logistic.Model, ids func(*string) bool, emit func(Selection)) error {
	for id := ""; ids(&id); {
		b, err := readBook(ctx, f.Dir, id, f.Test)
		if err != nil {
			return err
		}
		prepared := map[*features.Collection]*features.Prepared{}
		for i, m := range models {
			p := prepared[m.Collection]
			if p == nil {
				p = m.Collection.Prepare(&b.Book, nil)
				prepared[m.Collection] = p
			}
			emit(Selection{ID: b.ID, Row: b.Row, Method: methods[i], Fold: cv.SelectionFold(set), Sentences: m.Summarize(p, f.Words)})
			booksSummarized.Inc(ctx, 1)
		}
	}
	return nil
}
