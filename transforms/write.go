package transforms

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"sort"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/jsonl"
	"github.com/bookalign/bookalign/layout"
)

var summariesWritten = beam.NewCounter("bookalign", "summaries_written")

func init() {
	beam.RegisterType(reflect.TypeOf((*writeSummaryFn)(nil)).Elem())
	register.Function1x1[evaluate.BookScore, Outcome](scoreOutcome)
	register.Function1x1[Reject, Outcome](rejectOutcome)
	register.Function1x1[int, Outcome](rowsOutcome)
	beam.RegisterType(reflect.TypeOf((*writeOutputsFn)(nil)).Elem())
	register.Iter1[Outcome]()
	beam.RegisterType(reflect.TypeOf((*writeRejectsFn)(nil)).Elem())
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
	if err := WriteFile(ctx, layout.Out{Dir: f.Out}.Summary(c.Method, c.ID), []byte(c.Text)); err != nil {
		return err
	}
	summariesWritten.Inc(ctx, 1)
	return nil
}

// WriteOutputs gathers every score, every reject and the number of rows read
// in one place and writes OUT/results.json, OUT/table.md, OUT/per_book.csv
// and OUT/rejects.jsonl. It fails the pipeline, after writing, when the
// pairs with results and the rejected pairs do not add up to the rows read:
// that would mean a pair was lost.
//
// In: PCollection<evaluate.BookScore>, PCollection<Reject> (any number,
// flattened here), PCollection<int> of rows read.
func WriteOutputs(s beam.Scope, out string, set evaluate.Settings, scores, rows beam.PCollection, rejects ...beam.PCollection) {
	s = s.Scope("transforms.WriteOutputs")
	all := []beam.PCollection{
		beam.ParDo(s, scoreOutcome, scores),
		beam.ParDo(s, rowsOutcome, rows),
	}
	for _, r := range rejects {
		all = append(all, beam.ParDo(s, rejectOutcome, r))
	}
	grouped := beam.GroupByKey(s, beam.AddFixedKey(s, beam.Flatten(s, all...)))
	beam.ParDo0(s, &writeOutputsFn{Out: out, Settings: set}, grouped)
}

func scoreOutcome(b evaluate.BookScore) Outcome { return Outcome{Kind: OutcomeScore, Score: b} }
func rejectOutcome(r Reject) Outcome            { return Outcome{Kind: OutcomeReject, Reject: r} }
func rowsOutcome(n int) Outcome                 { return Outcome{Kind: OutcomeRows, RowsRead: n} }

// writeOutputsFn writes the result files from everything gathered.
type writeOutputsFn struct {
	// Out is the output directory.
	Out string `json:"out"`
	// Settings describe the run for results.json.
	Settings evaluate.Settings `json:"settings"`
}

func (f *writeOutputsFn) ProcessElement(ctx context.Context, _ int, iter func(*Outcome) bool) error {
	var (
		scores  []evaluate.BookScore
		rejects []Reject
		rows    int
		o       Outcome
	)
	for iter(&o) {
		switch o.Kind {
		case OutcomeScore:
			scores = append(scores, o.Score)
		case OutcomeReject:
			rejects = append(rejects, o.Reject)
		case OutcomeRows:
			rows += o.RowsRead
		}
	}
	sortRejects(rejects)
	res, err := evaluate.Summarize(f.Settings, scores, len(rejects))
	if err != nil {
		return err
	}
	files, err := resultFiles(res, rejects)
	if err != nil {
		return err
	}
	for _, name := range []string{layout.Rel.Results(), layout.Rel.Table(), layout.Rel.PerBook(), layout.Rel.Rejects()} {
		if err := WriteFile(ctx, corpus.Join(f.Out, name), files[name]); err != nil {
			return err
		}
	}
	if res.Books+res.Rejected != rows {
		return fmt.Errorf("pairs do not reconcile: %d rows read, but %d books have results and %d were rejected", rows, res.Books, res.Rejected)
	}
	return nil
}

// resultFiles renders the four result files, by their path relative to
// the output directory.
func resultFiles(res *evaluate.Results, rejects []Reject) (map[string][]byte, error) {
	js, err := res.JSON()
	if err != nil {
		return nil, err
	}
	csv, err := res.PerBookCSV()
	if err != nil {
		return nil, err
	}
	rj, err := rejectLines(rejects)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{layout.Rel.Results(): js, layout.Rel.Table(): res.Table(), layout.Rel.PerBook(): csv, layout.Rel.Rejects(): rj}, nil
}

// rejectLines renders rejects as JSON lines.
func rejectLines(rejects []Reject) ([]byte, error) {
	var buf bytes.Buffer
	if err := jsonl.Write(&buf, rejects); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// sortRejects orders rejects by row, then id, stage and reason, so that the
// file does not depend on the runner.
func sortRejects(r []Reject) {
	sort.Slice(r, func(i, j int) bool {
		a, b := r[i], r[j]
		if a.Row != b.Row {
			return a.Row < b.Row
		}
		if a.ID != b.ID {
			return a.ID < b.ID
		}
		if a.Stage != b.Stage {
			return a.Stage < b.Stage
		}
		return a.Reason < b.Reason
	})
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
	}
	sortRejects(rs)
	b, err := rejectLines(rs)
	if err != nil {
		return err
	}
	return WriteFile(ctx, f.Path, b)
}
