package transforms

import (
	"context"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/rouge"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*renderFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*spillTextFn)(nil)).Elem())
	register.Function1x2[Selection, string, Selection](selectionByID)
	register.Emitter2[string, string]()
	register.Iter1[Selection]()
	beam.RegisterType(reflect.TypeOf((*baselinesFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*writeArtifactFn)(nil)).Elem())
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
	if err := WriteFile(ctx, textFile(f.Dir, pt.Pair.ID), data); err != nil {
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
			data, err := ReadWritten(ctx, textFile(f.Dir, id))
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

// BaselineOptions choose the summarizers that need no alignment.
type BaselineOptions struct {
	// Methods among "names", "random", "oracle" and "oracle-content" (the
	// last needs ROUGE data, for its stopword list).
	Methods []string `json:"methods"`
	// Words is the summary budget.
	Words int `json:"words"`
	// Seed seeds "random" (with the book id).
	Seed uint64 `json:"seed"`
	// Rouge configures the scorer the oracle maximises.
	Rouge RougeOptions `json:"rouge"`
}

// Baselines runs the summarizers that need no alignment on every pair:
// names (sentences holding the book's most frequent names), random (seeded),
// oracle (greedy ROUGE-1 + ROUGE-2 recall against the reference: an upper
// bound for extraction) and oracle-content (the same with ROUGE's stopwords
// removed, -s: the ceiling of the content-word scores).
//
// In: PCollection<PairText> (Prepare). Out: PCollection<Candidate>, PCollection<Reject>.
func Baselines(s beam.Scope, opts BaselineOptions, texts beam.PCollection) (candidates, rejects beam.PCollection) {
	s = s.Scope("transforms.Baselines")
	return beam.ParDo2(s, &baselinesFn{Options: opts}, texts)
}

// baselinesFn runs the baselines on one book.
type baselinesFn struct {
	// Options choose and configure the baselines.
	Options BaselineOptions `json:"options"`

	scorer, content *rouge.Scorer
}

func (f *baselinesFn) Setup(ctx context.Context) error {
	sc, err := f.Options.Rouge.scorers(ctx)
	f.scorer, f.content = sc.stem, sc.content
	return err
}

func (f *baselinesFn) ProcessElement(ctx context.Context, pt PairText, emit func(Candidate), reject func(Reject)) error {
	fail := func(method string, err error) {
		reject(Reject{ID: pt.Pair.ID, Row: pt.Pair.Row, Stage: "baselines", Reason: fmt.Sprintf("%s: %v", method, err)})
	}
	book, err := prepared(pt, "baselines")
	if err != nil {
		return err
	}
	out := make([]Candidate, 0, len(f.Options.Methods))
	for _, m := range f.Options.Methods {
		var picked []int
		switch m {
		case evaluate.MethodNames:
			picked = classify.Names(book, f.Options.Words)
		case evaluate.MethodRandom:
			picked = classify.Random(book, f.Options.Seed, f.Options.Words)
		case evaluate.MethodOracle:
			if picked, err = classify.Oracle(pt.Book, book, pt.Summary.Text, f.scorer, f.Options.Words); err != nil {
				fail(m, err)
				return nil
			}
		case evaluate.MethodOracleContent:
			if f.content == nil {
				return fmt.Errorf("%s: %w: no ROUGE data", m, rouge.ErrNoStopwords)
			}
			if picked, err = classify.Oracle(pt.Book, book, pt.Summary.Text, f.content, f.Options.Words); err != nil {
				fail(m, err)
				return nil
			}
		default:
			fail(m, fmt.Errorf("unknown baseline"))
			return nil
		}
		out = append(out, newCandidate(pt, m, picked))
	}
	tick(StageBaselines, "books")
	for _, c := range out {
		emit(c)
	}
	return nil
}

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
