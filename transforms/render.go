package transforms

import (
	"context"
	"fmt"
	"github.com/bookalign/bookalign/internal/store"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*renderFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*spillTextFn)(nil)).Elem())
	register.Function1x2[Selection, string, Selection](selectionByID)
	register.Emitter2[string, string]()
	register.Iter1[Selection]()
}

// SpillTexts writes the texts of each pair to the work directory dir, for
// Render, and emits the pair's ID keyed by itself once it is written. The
// texts stay out of the shuffle: Render runs after training, and a runner
// would otherwise hold every book's text until then (prism holds it in
// memory, several copies of it while it ships a bundle).
//
// In: PCollection<PairText>. Out: PCollection<KV<string, string>>.
func SpillTexts(s beam.Scope, dir string, texts beam.PCollection) beam.PCollection {
	s = s.Scope("transforms.SpillTexts")
	return beam.ParDo(s, &spillTextFn{Dir: dir}, texts)
}

// spillTextFn writes one pair's texts.
type spillTextFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
}

func (f *spillTextFn) ProcessElement(ctx context.Context, pt PairText, emit func(string, string)) error {
	data, err := encodePairText(pt)
	if err != nil {
		return err
	}
	if err := store.WriteFile(ctx, textFile(f.Dir, pt.Pair.ID), data); err != nil {
		return err
	}
	emit(pt.Pair.ID, pt.Pair.ID)
	return nil
}

// Render turns each selection into a candidate summary: the selected
// sentences of the book, one a line, exactly as written. The selections of
// a book meet its ID by key, and its texts are read from the work
// directory dir, where SpillTexts wrote them.
//
// In: PCollection<KV<string, string>> (SpillTexts), PCollection<Selection>.
// Out: PCollection<Candidate>.
func Render(s beam.Scope, dir string, spilled, selections beam.PCollection) beam.PCollection {
	s = s.Scope("transforms.Render")
	byID := beam.ParDo(s, selectionByID, selections)
	return beam.ParDo(s, &renderFn{Dir: dir}, beam.CoGroupByKey(s, spilled, byID))
}

func selectionByID(sel Selection) (string, Selection) { return sel.ID, sel }

// renderFn writes out the selections of one book.
type renderFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
}

func (f *renderFn) ProcessElement(ctx context.Context, id string, spilled func(*string) bool, selections func(*Selection) bool, emit func(Candidate)) error {
	var ignored string
	if !spilled(&ignored) {
		return fmt.Errorf("book %q has selections but no texts", id)
	}
	var pt PairText
	var sel Selection
	for selections(&sel) {
		if pt.Book == nil {
			data, err := store.ReadWritten(ctx, textFile(f.Dir, id))
			if err != nil {
				return err
			}
			if pt, err = decodePairText(data); err != nil {
				return fmt.Errorf("%s: %w", textFile(f.Dir, id), err)
			}
		}
		emit(newCandidate(pt, sel.Method, sel.Sentences))
	}
	return nil
}

// newCandidate is the summary of pt made of the book sentences picked by
// method.
func newCandidate(pt PairText, method string, picked []int) Candidate {
	return Candidate{ID: pt.Pair.ID, Row: pt.Pair.Row, Method: method, Text: classify.Text(pt.Book, picked),
		Reference: pt.Summary.Text, Selected: classify.Pick(pt.Book, picked)}
}
