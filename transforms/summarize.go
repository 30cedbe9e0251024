package transforms

import (
	"context"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*renderFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*baselinesFn)(nil)).Elem())
	register.Function1x1[PairText, AlignedPair](unaligned)
	beam.RegisterType(reflect.TypeOf((*writeArtifactFn)(nil)).Elem())
}

// Render turns each selection into a candidate summary: the selected
// sentences of the book, one a line, exactly as written. The selections are
// small and reach every book as a side input; the books stay where they are.
//
// In: PCollection<PairText>, PCollection<Selection>. Out: PCollection<Candidate>, PCollection<Reject>.
func Render(s beam.Scope, texts, selections beam.PCollection) (candidates, rejects beam.PCollection) {
	s = s.Scope("transforms.Render")
	return beam.ParDo2(s, &renderFn{}, texts, beam.SideInput{Input: selections})
}

// renderFn writes out the selections of one book.
type renderFn struct{}

func (f *renderFn) ProcessElement(ctx context.Context, pt PairText, selections func(*Selection) bool, emit func(Candidate), reject func(Reject)) error {
	var doc *text.Document
	var sel Selection
	for selections(&sel) {
		if sel.ID != pt.Pair.ID {
			continue
		}
		if doc == nil {
			var err error
			if doc, err = text.ParseBook(pt.Book); err != nil {
				reject(Reject{ID: pt.Pair.ID, Row: pt.Pair.Row, Stage: "render", Reason: err.Error()})
				return nil
			}
		}
		emit(Candidate{ID: pt.Pair.ID, Row: pt.Pair.Row, Method: sel.Method, Text: classify.Text(doc, sel.Sentences), Reference: pt.Summary})
	}
	return nil
}

// BaselineOptions choose the summarizers that need no alignment.
type BaselineOptions struct {
	// Methods among "names", "random" and "oracle".
	Methods []string `json:"methods"`
	// Words is the summary budget.
	Words int `json:"words"`
	// Seed seeds "random" (with the book id).
	Seed uint64 `json:"seed"`
	// Rouge configures the scorer the oracle maximises.
	Rouge RougeOptions `json:"rouge"`
}

// Baselines runs the summarizers that need no alignment on every pair:
// names (sentences holding the book's most frequent names), random (seeded)
// and oracle (greedy ROUGE-1 + ROUGE-2 recall against the reference: an upper
// bound for extraction).
//
// In: PCollection<PairText>. Out: PCollection<Candidate>, PCollection<Reject>.
func Baselines(s beam.Scope, opts BaselineOptions, texts beam.PCollection) (candidates, rejects beam.PCollection) {
	s = s.Scope("transforms.Baselines")
	return beam.ParDo2(s, &baselinesFn{Options: opts}, texts)
}

// baselinesFn runs the baselines on one book.
type baselinesFn struct {
	// Options choose and configure the baselines.
	Options BaselineOptions `json:"options"`

	scorer *rouge.Scorer
}

func (f *baselinesFn) Setup(ctx context.Context) (err error) {
	f.scorer, _, err = f.Options.Rouge.scorers(ctx)
	return err
}

func (f *baselinesFn) ProcessElement(ctx context.Context, pt PairText, emit func(Candidate), reject func(Reject)) {
	fail := func(method string, err error) {
		reject(Reject{ID: pt.Pair.ID, Row: pt.Pair.Row, Stage: "baselines", Reason: fmt.Sprintf("%s: %v", method, err)})
	}
	doc, err := text.ParseBook(pt.Book)
	if err != nil {
		fail("parse", err)
		return
	}
	book := classify.NewBook(pt.Pair.ID, doc)
	out := make([]Candidate, 0, len(f.Options.Methods))
	for _, m := range f.Options.Methods {
		var picked []int
		switch m {
		case "names":
			picked = classify.Names(book, f.Options.Words)
		case "random":
			picked = classify.Random(book, f.Options.Seed, f.Options.Words)
		case "oracle":
			if picked, err = classify.Oracle(doc, book, pt.Summary, f.scorer, f.Options.Words); err != nil {
				fail(m, err)
				return
			}
		default:
			fail(m, fmt.Errorf("unknown baseline"))
			return
		}
		out = append(out, Candidate{ID: pt.Pair.ID, Row: pt.Pair.Row, Method: m, Text: classify.Text(doc, picked), Reference: pt.Summary})
	}
	progress.tick("baselines", "books")
	for _, c := range out {
		emit(c)
	}
}

// Unaligned wraps pairs that are not aligned (test books) for Featurize.
//
// In: PCollection<PairText>. Out: PCollection<AlignedPair>.
func Unaligned(s beam.Scope, texts beam.PCollection) beam.PCollection {
	return beam.ParDo(s.Scope("transforms.Unaligned"), unaligned, texts)
}

func unaligned(pt PairText) AlignedPair { return AlignedPair{Text: pt} }

// WriteArtifacts writes each artifact to OUT/<path>.
//
// In: PCollection<Artifact>.
func WriteArtifacts(s beam.Scope, out string, artifacts beam.PCollection) {
	s = s.Scope("transforms.WriteArtifacts")
	beam.ParDo0(s, &writeArtifactFn{Out: out}, artifacts)
}

// writeArtifactFn writes one artifact.
type writeArtifactFn struct {
	// Out is the output directory.
	Out string `json:"out"`
}

func (f *writeArtifactFn) ProcessElement(ctx context.Context, a Artifact) error {
	return WriteFile(ctx, corpus.Join(f.Out, a.Path), a.Data)
}
