package transforms

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/outcome"
)

var pairsTooShort = beam.NewCounter("bookalign", "pairs_too_short")

func init() {
	beam.RegisterType(reflect.TypeOf((*filterByLengthFn)(nil)).Elem())
}

// FilterByLength keeps the pairs whose book has at least minBook words and
// whose summary has at least minSummary words (stopwords and punctuation
// excluded, as in the paper: 10,000 and 100). The others go to rejects.
//
// In: PCollection<PairText>. Out: PCollection<PairText>, PCollection<Reject>.
func FilterByLength(s beam.Scope, texts beam.PCollection, minBook, minSummary int) (kept, rejects beam.PCollection) {
	s = s.Scope("transforms.FilterByLength")
	return beam.ParDo2(s, &filterByLengthFn{MinBookWords: minBook, MinSummaryWords: minSummary}, texts)
}

// filterByLengthFn applies the length thresholds.
type filterByLengthFn struct {
	// MinBookWords is the least number of words a book may have.
	MinBookWords int `json:"min_book_words"`
	// MinSummaryWords is the least number of words a summary may have.
	MinSummaryWords int `json:"min_summary_words"`
}

func (f *filterByLengthFn) ProcessElement(ctx context.Context, p PairText, keep func(PairText), reject func(Reject)) {
	reason := corpus.TooShort(p.BookWords, p.SummaryWords, f.MinBookWords, f.MinSummaryWords)
	if reason == "" {
		keep(p)
		return
	}
	pairsTooShort.Inc(ctx, 1)
	reject(Reject{ID: p.Pair.ID, Row: p.Pair.Row, Stage: outcome.StageFilterByLength, Reason: reason})
}
