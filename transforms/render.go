package transforms

import (
	"context"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/internal/store"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*renderFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*spillTextFn)(nil)).Elem())
}

// SpillTexts writes the texts of each pair to the work directory dir, for
// Render, and passes the pair on once they are written: what is made from
// the pairs it passes on (the selections of their books) comes after
// their texts are in the work directory. The texts stay out of the
// shuffle: Render runs after training, and a runner would otherwise hold
// every book's text until then (prism holds it in memory, several copies
// of it while it ships a bundle).
//
// In: PCollection<PairText>. Out: PCollection<PairText>.
func SpillTexts(s beam.Scope, dir string, texts beam.PCollection) beam.PCollection {
	s = s.Scope("transforms.SpillTexts")
	return beam.ParDo(s, &spillTextFn{Dir: dir}, texts)
}

// spillTextFn writes one pair's texts.
type spillTextFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
}

func (f *spillTextFn) ProcessElement(ctx context.Context, pt PairText, emit func(PairText)) error {
	data, err := encodePairText(pt)
	if err != nil {
		return err
	}
	if err := store.WriteFile(ctx, textFile(f.Dir, pt.Pair.ID), data); err != nil {
		return err
	}
	emit(pt)
	return nil
}

// Render turns each selection into a candidate summary: the selected
// sentences of the book, one a line, exactly as written. Its texts are
// read from the work directory dir, where SpillTexts wrote them before
// the selection could be made; a selection is rendered where it is made,
// without waiting for the others (no shuffle), so the summaries of a
// training set are rendered and scored while the next set trains.
//
// In: PCollection<Selection>. Out: PCollection<Candidate>.
func Render(s beam.Scope, dir string, selections beam.PCollection) beam.PCollection {
	s = s.Scope("transforms.Render")
	return beam.ParDo(s, &renderFn{Dir: dir}, selections)
}

// renderFn writes out one selection. It keeps the texts of the last book
// it rendered: a book's selections, one per method, come one after
// another.
type renderFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`

	last PairText
}

func (f *renderFn) ProcessElement(ctx context.Context, sel Selection, emit func(Candidate)) error {
	if f.last.Book == nil || f.last.Pair.ID != sel.ID {
		data, err := store.ReadWritten(ctx, textFile(f.Dir, sel.ID))
		if err != nil {
			return fmt.Errorf("book %q has a selection but no texts: %w", sel.ID, err)
		}
		pt, err := decodePairText(data)
		if err != nil {
			return fmt.Errorf("%s: %w", textFile(f.Dir, sel.ID), err)
		}
		if pt.Pair.ID != sel.ID {
			return fmt.Errorf("%s holds pair %q", textFile(f.Dir, sel.ID), pt.Pair.ID)
		}
		f.last = pt
	}
	emit(newCandidate(f.last, sel.Method, sel.Sentences))
	return nil
}

// FinishBundle lets go of the last book's texts: the runner may keep the
// DoFn long after the stage is done.
func (f *renderFn) FinishBundle(_ func(Candidate)) {
	f.last = PairText{}
}

// newCandidate is the summary of pt made of the book sentences picked by
// method.
func newCandidate(pt PairText, method string, picked []int) Candidate {
	return Candidate{ID: pt.Pair.ID, Row: pt.Pair.Row, Method: method, Text: extract.Text(pt.Book, picked),
		Reference: pt.Summary.Text, Selected: extract.Pick(pt.Book, picked)}
}
