package transforms

import (
	"context"
	"encoding/json"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*writeSelectionFn)(nil)).Elem())
}

// WriteSelections writes what each candidate summary selected of its book
// (the sentences and byte spans of the book file, extract.SelectionFile) to
// OUT/selections/<method>/<id>.json, for readers of the run such as the
// report, which then need not search a summary's text in the book.
//
// In: PCollection<Candidate>.
func WriteSelections(s beam.Scope, out string, candidates beam.PCollection) {
	s = s.Scope("transforms.WriteSelections")
	beam.ParDo0(s, &writeSelectionFn{Out: out}, candidates)
}

// writeSelectionFn writes one selection file.
type writeSelectionFn struct {
	// Out is the output directory.
	Out string `json:"out"`
}

func (f *writeSelectionFn) ProcessElement(ctx context.Context, c Candidate) error {
	data, err := json.Marshal(extract.SelectionFile{ID: c.ID, Method: c.Method, SummarySentences: c.Selected})
	if err != nil {
		return err
	}
	return store.WriteFile(ctx, layout.Out{Dir: f.Out}.Selection(c.Method, c.ID), append(data, '\n'))
}
