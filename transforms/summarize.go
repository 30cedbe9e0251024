package transforms

import (
	"context"
	"errors"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/rouge"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*baselinesFn)(nil)).Elem())
}

// BaselineOptions choose the summarizers that need no alignment.
type BaselineOptions struct {
	// Methods among "names", "random", "lexrank", "textrank", "oracle"
	// and "oracle-content" (the last needs ROUGE data, for its stopword
	// list).
	Methods []string `json:"methods"`
	// Words is the summary budget.
	Words int `json:"words"`
	// Seed seeds "random" (with the book id).
	Seed uint64 `json:"seed"`
	// Rouge configures the scorer the oracle maximises.
	Rouge rouge.Options `json:"rouge"`
}

// Baselines runs the summarizers that need no alignment on every pair:
// names (sentences holding the book's most frequent names), random (seeded),
// lexrank and textrank (the sentences most central in a graph of sentence
// similarities), oracle (greedy ROUGE-1 + ROUGE-2 recall against the reference: an upper
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

// A baseline picks the sentences of a prepared pair's book within f's
// budget.
type baseline func(f *baselinesFn, pt PairText, book *classify.Book) ([]int, error)

// baselines are the summarizers that need no alignment, by method name.
var baselines = map[string]baseline{
	evaluate.MethodNames: func(f *baselinesFn, _ PairText, book *classify.Book) ([]int, error) {
		return extract.Names(book, f.Options.Words), nil
	},
	evaluate.MethodRandom: func(f *baselinesFn, _ PairText, book *classify.Book) ([]int, error) {
		return extract.Random(book, f.Options.Seed, f.Options.Words), nil
	},
	evaluate.MethodLexRank: func(f *baselinesFn, _ PairText, book *classify.Book) ([]int, error) {
		return extract.LexRank(book, f.Options.Words)
	},
	evaluate.MethodTextRank: func(f *baselinesFn, _ PairText, book *classify.Book) ([]int, error) {
		return extract.TextRank(book, f.Options.Words)
	},
	evaluate.MethodOracle: func(f *baselinesFn, pt PairText, book *classify.Book) ([]int, error) {
		return extract.Oracle(pt.Book, book, pt.Summary.Text, f.scorer, f.Options.Words)
	},
	evaluate.MethodOracleContent: func(f *baselinesFn, pt PairText, book *classify.Book) ([]int, error) {
		return extract.Oracle(pt.Book, book, pt.Summary.Text, f.content, f.Options.Words)
	},
}

func (f *baselinesFn) Setup(ctx context.Context) error {
	sc, err := newScorers(ctx, f.Options.Rouge)
	f.scorer, f.content = sc.stem, sc.content
	return err
}

func (f *baselinesFn) ProcessElement(ctx context.Context, pt PairText, emit func(Candidate), reject func(Reject)) error {
	fail := func(method string, err error) {
		reject(Reject{ID: pt.Pair.ID, Row: pt.Pair.Row, Stage: outcome.StageBaselines, Reason: fmt.Sprintf("%s: %v", method, err)})
	}
	book, err := prepared(pt, StageBaselines)
	if err != nil {
		return err
	}
	out := make([]Candidate, 0, len(f.Options.Methods))
	for _, m := range f.Options.Methods {
		pick, ok := baselines[m]
		if !ok {
			fail(m, errors.New("unknown baseline"))
			return nil
		}
		if evaluate.NeedsStopwords(m) && f.content == nil {
			return fmt.Errorf("%s: %w: no ROUGE data", m, rouge.ErrNoStopwords)
		}
		picked, err := pick(f, pt, book)
		if err != nil {
			fail(m, err)
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
