package transforms

import (
	"context"
	"reflect"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/match"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/wiki"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*Outcome)(nil)).Elem())
	register.Function1x1[[]byte, Outcome](startOutcome)
	register.Function1x1[Reject, Outcome](rejectOutcome)
	register.Function1x1[int, Outcome](readOutcome)
	register.Function1x1[evaluate.BookScore, Outcome](scoreOutcome)
	register.Function1x1[match.Record, Outcome](pairOutcome)
	register.Function1x1[wiki.Summary, Outcome](summaryOutcome)
	register.Iter1[Outcome]()
}

// Outcome is what reaches the final write step of a pipeline
// (WriteOutcomes): one result (a score of the experiment, a pair of
// match, a summary of wiki-extract), a reject, a number of inputs read, or
// the start marker that makes the step run when there is none of these.
type Outcome struct {
	Kind    OutcomeKind
	Score   evaluate.BookScore
	Pair    match.Record
	Summary wiki.Summary
	Reject  Reject
	Read    int
}

// OutcomeKind says which field of an Outcome is set.
type OutcomeKind int

const (
	// OutcomeStart is the start marker.
	OutcomeStart OutcomeKind = iota
	// OutcomeScore carries a Score.
	OutcomeScore
	// OutcomePair carries a Pair.
	OutcomePair
	// OutcomeSummary carries a Summary.
	OutcomeSummary
	// OutcomeReject carries a Reject.
	OutcomeReject
	// OutcomeRead carries Read.
	OutcomeRead
)

func startOutcome([]byte) Outcome               { return Outcome{Kind: OutcomeStart} }
func rejectOutcome(r Reject) Outcome            { return Outcome{Kind: OutcomeReject, Reject: r} }
func readOutcome(n int) Outcome                 { return Outcome{Kind: OutcomeRead, Read: n} }
func scoreOutcome(b evaluate.BookScore) Outcome { return Outcome{Kind: OutcomeScore, Score: b} }
func pairOutcome(p match.Record) Outcome        { return Outcome{Kind: OutcomePair, Pair: p} }
func summaryOutcome(x wiki.Summary) Outcome     { return Outcome{Kind: OutcomeSummary, Summary: x} }

// WriteOutcomes gathers what became of every input of a pipeline in one
// place: its results (mapped to Outcomes by toOutcome, one of
// scoreOutcome, pairOutcome and summaryOutcome), the numbers of inputs
// read (PCollection<int>) and any number of PCollection<Reject>. write, a
// DoFn over KV<int, Iter<Outcome>> (writeOutputsFn, writeCorpusFn,
// writeExtractFn), renders the pipeline's final files from them with
// package outcome, writes them, and fails the pipeline, after writing,
// when the counts do not reconcile. It runs once even when there is no
// input at all.
func WriteOutcomes(s beam.Scope, write, toOutcome any, results, read beam.PCollection, rejects ...beam.PCollection) {
	s = s.Scope("transforms.WriteOutcomes")
	all := []beam.PCollection{
		beam.ParDo(s, startOutcome, beam.Impulse(s)),
		beam.ParDo(s, toOutcome, results),
		beam.ParDo(s, readOutcome, read),
	}
	for _, r := range rejects {
		all = append(all, beam.ParDo(s, rejectOutcome, r))
	}
	beam.ParDo0(s, write, beam.GroupByKey(s, beam.AddFixedKey(s, beam.Flatten(s, all...))))
}

// outcomes are the Outcomes of a pipeline, gathered.
type outcomes struct {
	scores    []evaluate.BookScore
	pairs     []match.Record
	summaries []wiki.Summary
	rejects   []Reject
	read      int
}

// gatherOutcomes reads every Outcome of iter.
func gatherOutcomes(iter func(*Outcome) bool) outcomes {
	var g outcomes
	var o Outcome
	for iter(&o) {
		switch o.Kind {
		case OutcomeScore:
			g.scores = append(g.scores, o.Score)
		case OutcomePair:
			g.pairs = append(g.pairs, o.Pair)
		case OutcomeSummary:
			g.summaries = append(g.summaries, o.Summary)
		case OutcomeReject:
			g.rejects = append(g.rejects, o.Reject)
		case OutcomeRead:
			g.read += o.Read
		}
		o = Outcome{}
	}
	return g
}

// writeOutcomeFiles writes files into the directory out.
func writeOutcomeFiles(ctx context.Context, out string, files []outcome.File) error {
	for _, f := range files {
		if err := store.WriteFile(ctx, corpus.Join(out, f.Name), f.Data); err != nil {
			return err
		}
	}
	return nil
}
