package transforms

import (
	"context"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/rouge"
)

var summariesScored = beam.NewCounter("bookalign", "summaries_scored")

func init() {
	beam.RegisterType(reflect.TypeOf((*scoreFn)(nil)).Elem())
	register.Emitter1[evaluate.BookScore]()
}

// RougeOptions say how summaries are scored.
type RougeOptions struct {
	// DataDir holds ROUGE-1.5.5's data files (smart_common_words.txt and the
	// WordNet 2.0 .exc lists). Empty means no exception table.
	DataDir string `json:"data_dir"`
	// Stopwords removes ROUGE's stopwords (-s); it needs DataDir.
	Stopwords bool `json:"stopwords"`
}

// Evaluate scores each candidate against its reference with ROUGE-1.5.5
// recall, stemmed (-m, with the exception table when DataDir is set) and
// unstemmed. A candidate that cannot be scored goes to rejects.
//
// In: PCollection<Candidate>. Out: PCollection<evaluate.BookScore>, PCollection<Reject>.
func Evaluate(s beam.Scope, opts RougeOptions, candidates beam.PCollection) (scores, rejects beam.PCollection) {
	s = s.Scope("transforms.Evaluate")
	return beam.ParDo2(s, &scoreFn{Options: opts}, candidates)
}

// scoreFn scores one candidate.
type scoreFn struct {
	// Options say how to score.
	Options RougeOptions `json:"options"`

	stem, noStem *rouge.Scorer
}

func (f *scoreFn) Setup(ctx context.Context) (err error) {
	f.stem, f.noStem, err = f.Options.scorers(ctx)
	return err
}

// scorers loads the ROUGE data of o, when it names any, and returns the
// two scorers of the evaluation (rouge.LoadScorers): stemmed (-m, the one
// the oracle baseline maximises too) and unstemmed, both removing
// stopwords when o says so.
func (o RougeOptions) scorers(ctx context.Context) (stem, noStem *rouge.Scorer, err error) {
	sc, err := rouge.LoadScorers(o.DataDir, o.Stopwords, func(name string) ([]byte, error) {
		return ReadFile(ctx, corpus.Join(o.DataDir, name))
	})
	return sc.Stem, sc.NoStem, err
}

func (f *scoreFn) ProcessElement(ctx context.Context, c Candidate, emit func(evaluate.BookScore), reject func(Reject)) {
	stem, err := f.stem.Score(c.Text, c.Reference)
	if err == nil {
		var plain rouge.Result
		plain, err = f.noStem.Score(c.Text, c.Reference)
		if err == nil {
			summariesScored.Inc(ctx, 1)
			progress.tick("evaluate", "summaries")
			emit(evaluate.BookScore{ID: c.ID, Method: c.Method,
				Rouge1: stem.ROUGE1.Recall, Rouge2: stem.ROUGE2.Recall,
				Rouge1NoStem: plain.ROUGE1.Recall, Rouge2NoStem: plain.ROUGE2.Recall})
			return
		}
	}
	reject(Reject{ID: c.ID, Row: c.Row, Stage: "evaluate", Reason: fmt.Sprintf("%s: %v", c.Method, err)})
}

// RougeDataFiles are the files of a ROUGE data directory, in
// ROUGE-1.5.5's order (rouge.DataFiles).
var RougeDataFiles = rouge.DataFiles()
