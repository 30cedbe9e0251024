package transforms

import (
	"context"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/rouge"
)

var summariesScored = beam.NewCounter("bookalign", "summaries_scored")

func init() {
	beam.RegisterType(reflect.TypeOf((*scoreFn)(nil)).Elem())
	register.Emitter1[evaluate.BookScore]()
}

// Evaluate scores each candidate against its reference with ROUGE-1.5.5
// recall, stemmed (-m, with the exception table when DataDir is set) and
// unstemmed, and, when the ROUGE data has a stopword list, both again with
// ROUGE's stopwords removed (-s): the content-word scores. A candidate
// that cannot be scored goes to rejects.
//
// In: PCollection<Candidate>. Out: PCollection<evaluate.BookScore>, PCollection<Reject>.
func Evaluate(s beam.Scope, opts rouge.Options, candidates beam.PCollection) (scores, rejects beam.PCollection) {
	s = s.Scope("transforms.Evaluate")
	return beam.ParDo2(s, &scoreFn{Options: opts}, candidates)
}

// scoreFn scores one candidate.
type scoreFn struct {
	// Options say how to score.
	Options rouge.Options `json:"options"`

	sc scorers
}

func (f *scoreFn) Setup(ctx context.Context) (err error) {
	f.sc, err = newScorers(ctx, f.Options)
	return err
}

// scorers are the scorers of an evaluation over one ROUGE data directory.
type scorers struct {
	// stem (-m, the one the oracle baseline maximises) and noStem score
	// the main columns, removing stopwords when the Options say so.
	stem, noStem *rouge.Scorer
	// content (-m -s, the one the content oracle maximises) and
	// contentNoStem (-s) remove ROUGE's stopwords; nil when the data has
	// no stopword list (no DataDir).
	content, contentNoStem *rouge.Scorer
	// data is the fingerprint of the ROUGE data they read, which every
	// score records (evaluate.BookScore.RougeData).
	data rouge.Fingerprint
}

// ReadRougeData reads the ROUGE data of sc (rouge.Options.ReadData),
// local or gs://.
func ReadRougeData(ctx context.Context, sc rouge.Options) (*rouge.Data, error) {
	return sc.ReadData(func(path string) ([]byte, error) { return store.ReadFile(ctx, path) })
}

// newScorers loads the ROUGE data of o, when it names any, and returns the
// scorers of the evaluation (rouge.NewScorers): the main ones, and the
// content-word ones when the data has a stopword list.
func newScorers(ctx context.Context, o rouge.Options) (scorers, error) {
	data, err := ReadRougeData(ctx, o)
	if err != nil {
		return scorers{}, err
	}
	main := rouge.NewScorers(data, o.RemoveStopwords)
	sc := scorers{stem: main.Stem, noStem: main.NoStem, data: data.Fingerprint()}
	if data.HasStopwords() {
		content := rouge.NewScorers(data, true)
		sc.content, sc.contentNoStem = content.Stem, content.NoStem
	}
	return sc, nil
}

// score scores one candidate with every scorer of sc.
func (sc scorers) score(c Candidate) (evaluate.BookScore, error) {
	bs := evaluate.BookScore{ID: c.ID, Method: c.Method, RougeData: sc.data}
	ref := c.Reference
	for _, m := range []struct {
		s      *rouge.Scorer
		r1, r2 *float64
	}{
		{sc.stem, &bs.Rouge1, &bs.Rouge2},
		{sc.noStem, &bs.Rouge1NoStem, &bs.Rouge2NoStem},
		{sc.content, &bs.Rouge1Content, &bs.Rouge2Content},
		{sc.contentNoStem, &bs.Rouge1ContentNoStem, &bs.Rouge2ContentNoStem},
	} {
		if m.s == nil {
			continue
		}
		res, err := m.s.Score(c.Text, ref)
		if err != nil {
			return evaluate.BookScore{}, err
		}
		*m.r1, *m.r2 = res.ROUGE1.Recall, res.ROUGE2.Recall
	}
	bs.Content = sc.content != nil && sc.contentNoStem != nil
	return bs, nil
}

func (f *scoreFn) ProcessElement(ctx context.Context, c Candidate, emit func(evaluate.BookScore), reject func(Reject)) {
	bs, err := f.sc.score(c)
	if err != nil {
		reject(Reject{ID: c.ID, Row: c.Row, Stage: outcome.StageEvaluate, Reason: fmt.Sprintf("%s: %v", c.Method, err)})
		return
	}
	summariesScored.Inc(ctx, 1)
	tick(StageEvaluate, "summaries")
	emit(bs)
}

// RougeDataFiles are the files of a ROUGE data directory, in
// ROUGE-1.5.5's order (rouge.DataFiles).
var RougeDataFiles = rouge.DataFiles()
