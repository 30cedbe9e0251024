package logistic

import (
	"os"
	"testing"
	"time"

	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// TestFullCorpus runs the paper's experiment on the whole shared corpus with
// the stand-in labels of overlapLabels, and logs the ROUGE recall of the
// baselines and of the summarizer under several settings, with the top
// features of each. It takes half an hour on two cores, so it runs only when
// BOOKALIGN_FULL=1:
//
//	BOOKALIGN_FULL=1 go test ./classify/logistic -run TestFullCorpus -v -timeout 100m
//
// BOOKALIGN_SKIP_BASELINES=1 leaves the baselines out.
func TestFullCorpus(t *testing.T) {
	if os.Getenv("BOOKALIGN_FULL") != "1" {
		t.Skip("set BOOKALIGN_FULL=1 to run the full-corpus experiment")
	}
	dir := sharedtest.Path(t, "corpus")
	start := time.Now()
	pairs := classifytest.LoadCorpus(t, dir, classifytest.CorpusIDs(t, dir))
	t.Logf("loaded %d books in %v", len(pairs), time.Since(start))
	report := func(name string, r cvResult) {
		t.Logf("%-28s ROUGE-1 %.2f ROUGE-2 %.2f recall (stemmed %.2f / %.2f)", name, 100*r.r1, 100*r.r2, 100*r.r1s, 100*r.r2s)
	}
	if os.Getenv("BOOKALIGN_SKIP_BASELINES") != "1" {
		report("first1000 (whole sentences)", scoreSummaries(t, pairs, first1000))
		report("names", scoreSummaries(t, pairs, func(p *classifytest.Pair) []int { return extract.Names(p.Book, extract.DefaultBudget) }))
		report("random", scoreSummaries(t, pairs, func(p *classifytest.Pair) []int { return extract.Random(p.Book, 1, extract.DefaultBudget) }))
		start = time.Now()
		report("oracle", scoreSummaries(t, pairs, func(p *classifytest.Pair) []int {
			s, err := extract.Oracle(p.Doc, p.Book, p.Summary, &rouge.Scorer{}, extract.DefaultBudget)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}))
		t.Logf("oracle took %v", time.Since(start))
	}
	for _, v := range []struct {
		name string
		set  features.Settings
		tr   Trainer
	}{
		{"lambda 1e-4", features.Settings{}, Trainer{Lambda: 1e-4}},
		{"lambda 1e-5", features.Settings{}, Trainer{Lambda: 1e-5}},
		{"chosen (default Trainer)", features.Settings{}, Trainer{}},
	} {
		start = time.Now()
		r := crossValidate(t, pairs, 10, v.set, &v.tr)
		report(v.name, r)
		t.Logf("  lambdas %v, took %v", r.lambdaChosen, time.Since(start))
		t.Logf("\n%s", FeatureTable(TopFeatures(r.models, 25)))
	}
}

// first1000 is a stand-in for the First-1000 baseline: whole sentences from
// the start of the body while they fit the budget.
func first1000(p *classifytest.Pair) []int {
	var out []int
	left := extract.DefaultBudget
	for i, s := range p.Doc.Sentences {
		n := text.BudgetWords(p.Doc.Str(s.Span))
		if n > left {
			break
		}
		left -= n
		out = append(out, i)
	}
	return out
}
