package transforms

import (
	"context"
	"reflect"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/outcome"
)

var summariesWritten = beam.NewCounter("bookalign", "summaries_written")

func init() {
	beam.RegisterType(reflect.TypeOf((*writeSummaryFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*writeOutputsFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*writeRejectsFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*writeArtifactFn)(nil)).Elem())
	register.Iter1[Reject]()
}

// WriteSummaries writes each candidate summary to OUT/summaries/<method>/<id>.txt.
//
// In: PCollection<Candidate>.
func WriteSummaries(s beam.Scope, out string, candidates beam.PCollection) {
	s = s.Scope("transforms.WriteSummaries")
	beam.ParDo0(s, &writeSummaryFn{Out: out}, candidates)
}

// writeSummaryFn writes one summary file.
type writeSummaryFn struct {
	// Out is the output directory.
	Out string `json:"out"`
}

func (f *writeSummaryFn) ProcessElement(ctx context.Context, c Candidate) error {
	if err := store.WriteFile(ctx, layout.Out{Dir: f.Out}.Summary(c.Method, c.ID), []byte(c.Text)); err != nil {
		return err
	}
	summariesWritten.Inc(ctx, 1)
	return nil
}

// WriteOutputs gathers every score, every reject and the number of rows read
// in one place (WriteOutcomes) and writes OUT/results.json, OUT/table.md,
// OUT/per_book.csv and OUT/rejects.jsonl (outcome.ExperimentFiles). It
// fails the pipeline, after writing, when the pairs with results and the
// rejected pairs do not add up to the rows read: that would mean a pair was
// lost.
//
// In: PCollection<evaluate.BookScore>, PCollection<Reject> (any number,
// flattened here), PCollection<int> of rows read.
func WriteOutputs(s beam.Scope, out string, set evaluate.Settings, scores, rows beam.PCollection, rejects ...beam.PCollection) {
	WriteOutcomes(s.Scope("transforms.WriteOutputs"), &writeOutputsFn{Out: out, Settings: set}, scoreOutcome, scores, rows, rejects...)
}

// writeOutputsFn writes the result files from everything gathered.
type writeOutputsFn struct {
	// Out is the output directory.
	Out string `json:"out"`
	// Settings describe the run for results.json.
	Settings evaluate.Settings `json:"settings"`
}

func (f *writeOutputsFn) ProcessElement(ctx context.Context, _ int, iter func(*Outcome) bool) error {
	g := gatherOutcomes(iter)
	files, res, err := outcome.ExperimentFiles(f.Settings, g.scores, g.rejects)
	if err != nil {
		return err
	}
	if err := writeOutcomeFiles(ctx, f.Out, files); err != nil {
		return err
	}
	return outcome.Reconcile("pairs", g.read, res.Books, res.Rejected)
}

// WriteRejects writes rejects, sorted, to OUT/<name> as JSON lines: the
// rejects of a corpus whose pairs are not in the results (the training
// corpus of --test-corpus).
//
// In: any number of PCollection<Reject>.
func WriteRejects(s beam.Scope, out, name string, rejects ...beam.PCollection) {
	s = s.Scope("transforms.WriteRejects")
	grouped := beam.GroupByKey(s, beam.AddFixedKey(s, beam.Flatten(s, rejects...)))
	beam.ParDo0(s, &writeRejectsFn{Path: corpus.Join(out, name)}, grouped)
}

// writeRejectsFn writes one rejects file.
type writeRejectsFn struct {
	// Path is the file to write.
	Path string `json:"path"`
}

func (f *writeRejectsFn) ProcessElement(ctx context.Context, _ int, iter func(*Reject) bool) error {
	var rs []Reject
	var r Reject
	for iter(&r) {
		rs = append(rs, r)
		r = Reject{}
	}
	b, err := outcome.RejectLines(rs)
	if err != nil {
		return err
	}
	return store.WriteFile(ctx, f.Path, b)
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
	return store.WriteFile(ctx, corpus.Join(f.Out, a.Path), a.Data)
}
