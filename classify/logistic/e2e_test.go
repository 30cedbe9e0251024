package logistic

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

// TestEndToEnd runs the summarizer through this package's API alone, as the
// pipeline will, on 20 books of the shared corpus: stand-in labels (for each
// summary sentence, the book sentence with the largest word overlap),
// 5-fold cross-validation with lambda chosen on an inner split, and the
// baselines on the same books.
func TestEndToEnd(t *testing.T) {
	dir := sharedtest.Path(t, "corpus")
	start := time.Now()
	pairs := classifytest.LoadCorpus(t, dir, classifytest.SmallCorpus(t, dir, 20))
	loaded := time.Since(start)

	start = time.Now()
	cv := crossValidate(t, pairs, 5, features.Settings{}, &Trainer{Seed: 1})
	trained := time.Since(start)
	names := scoreSummaries(t, pairs, func(p *classifytest.Pair) []int { return extract.Names(p.Book, extract.DefaultBudget) })
	random := scoreSummaries(t, pairs, func(p *classifytest.Pair) []int { return extract.Random(p.Book, 1, extract.DefaultBudget) })
	first := scoreSummaries(t, pairs, first1000)

	t.Logf("%d books loaded in %v, 5 folds trained and tested in %v", len(pairs), loaded, trained)
	for _, r := range []struct {
		name string
		res  cvResult
	}{{"model", cv}, {"names", names}, {"random", random}, {"first", first}} {
		t.Logf("%-6s ROUGE-1 %.1f ROUGE-2 %.1f recall (stemmed %.1f / %.1f)", r.name,
			100*r.res.r1, 100*r.res.r2, 100*r.res.r1s, 100*r.res.r2s)
	}
	t.Logf("lambdas chosen: %v", cv.lambdaChosen)
	top := TopFeatures(cv.models, 10)
	t.Logf("\n%s", FeatureTable(top))

	if cv.r1 < 0.30 || cv.r1 > 0.80 || cv.r2 < 0.03 {
		t.Errorf("model recall R1 %.3f R2 %.3f out of any plausible range", cv.r1, cv.r2)
	}
	if cv.r1 < random.r1-0.03 {
		t.Errorf("model R1 %.3f well below random %.3f", cv.r1, random.r1)
	}
	// Every summary of every model keeps the budget and book order, and
	// holds Prose sentences only.
	m := cv.models[0]
	for _, p := range pairs {
		s := m.Summarize(m.Collection.Prepare(p.Book, nil), extract.DefaultBudget)
		words := 0
		for _, i := range s {
			if p.Doc.Sentences[i].Kind != text.Prose {
				t.Errorf("%s: sentence %d is %v", p.ID, i, p.Doc.Sentences[i].Kind)
			}
			words += text.BudgetWords(p.Doc.Str(p.Doc.Sentences[i].Span))
		}
		if words > extract.DefaultBudget || words < extract.DefaultBudget-100 || !slices.IsSorted(s) {
			t.Errorf("%s: %d sentences of %d words, sorted %v", p.ID, len(s), words, slices.IsSorted(s))
		}
		if txt := extract.Text(p.Doc, s); strings.Count(txt, "\n") != len(s) || text.BudgetWords(txt) != words {
			t.Errorf("%s: Text has %d lines and %d words for %d sentences of %d words",
				p.ID, strings.Count(txt, "\n"), text.BudgetWords(txt), len(s), words)
		}
	}
}
