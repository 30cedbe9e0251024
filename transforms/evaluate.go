package transforms

import (
	"context"
	"fmt"
	"github.com/bookalign/bookalign/internal/store"
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

// HasStopwords reports whether o gives ROUGE's stopword list: whether it
// names ROUGE data, a directory or the embedded copy (rouge.BuiltinDir),
// of which the list is a required file (rouge.DataFiles).
func (o RougeOptions) HasStopwords() bool { return o.DataDir != "" }

// Evaluate scores each candidate against its reference with ROUGE-1.5.5
// recall, stemmed (-m, with the exception table when DataDir is set) and
// unstemmed, and, when the ROUGE data has a stopword list, both again with
// ROUGE's stopwords removed (-s): the content-word scores. A candidate
// that cannot be scored goes to rejects.
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

	sc scorers
}

func (f *scoreFn) Setup(ctx context.Context) (err error) {
	f.sc, err = f.Options.scorers(ctx)
	return err
}

// scorers are the scorers of an evaluation over one ROUGE data directory.
type scorers struct {
	// stem (-m, the one the oracle baseline maximises) and noStem score
	// the main columns, removing stopwords when RougeOptions say so.
	stem, noStem *rouge.Scorer
	// content (-m -s, the one the content oracle maximises) and
	// contentNoStem (-s) remove ROUGE's stopwords; nil when the data has
	// no stopword list (no DataDir).
	content, contentNoStem *rouge.Scorer
	// data is the fingerprint of the ROUGE data they read, which every
	// score records (evaluate.BookScore.RougeData).
	data rouge.Fingerprint
}

// ReadData reads the ROUGE data files of o.DataDir (local or gs://), or
// the copy embedded in the binary when DataDir is rouge.BuiltinDir
// ("builtin"): the same files, so the same Data; nil without a DataDir.
func (o RougeOptions) ReadData(ctx context.Context) (*rouge.Data, error) {
	switch o.DataDir {
	case "":
		return nil, nil
	case rouge.BuiltinDir:
		return rouge.Builtin()
	}
	return rouge.ReadData(o.DataDir, func(name string) ([]byte, error) {
		return store.ReadFile(ctx, corpus.Join(o.DataDir, name))
	})
}

// scorers loads the ROUGE data of o, when it names any, and returns the
// scorers of the evaluation (rouge.NewScorers): the main ones, and the
// content-word ones when the data has a stopword list.
func (o RougeOptions) scorers(ctx context.Context) (scorers, error) {
	data, err := o.ReadData(ctx)
	if err != nil {
		return scorers{}, err
	}
	main := rouge.NewScorers(data, o.Stopwords)
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
		reject(Reject{ID: c.ID, Row: c.Row, Stage: "evaluate", Reason: fmt.Sprintf("%s: %v", c.Method, err)})
		return
	}
	summariesScored.Inc(ctx, 1)
	tick(StageEvaluate, "summaries")
	emit(bs)
}

// RougeDataFiles are the files of a ROUGE data directory, in
// ROUGE-1.5.5's order (rouge.DataFiles).
var RougeDataFiles = rouge.DataFiles()
