package logistic

import (
	"testing"

	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/rouge"
)

// cvResult is the mean ROUGE recall of one method under cross-validation.
type cvResult struct {
	r1, r2       float64 // unstemmed
	r1s, r2s     float64 // stemmed
	perBook      map[string][2]float64
	models       []*Model
	lambdaChosen []float64
}

// summarizer returns the summary of a test book as document sentence
// indices.
type summarizer func(p *classifytest.Pair) []int

// scoreSummaries scores the summaries made by sum and averages the recall
// over the books.
func scoreSummaries(tb testing.TB, pairs []*classifytest.Pair, sum summarizer) cvResult {
	tb.Helper()
	res := cvResult{perBook: map[string][2]float64{}}
	plain, stem := &rouge.Scorer{}, &rouge.Scorer{Stem: true}
	for _, p := range pairs {
		cand := extract.Text(p.Doc, sum(p))
		a, err := plain.Score(cand, p.Summary)
		if err != nil {
			tb.Fatal(err)
		}
		s, err := stem.Score(cand, p.Summary)
		if err != nil {
			tb.Fatal(err)
		}
		res.r1 += a.ROUGE1.Recall
		res.r2 += a.ROUGE2.Recall
		res.r1s += s.ROUGE1.Recall
		res.r2s += s.ROUGE2.Recall
		res.perBook[p.ID] = [2]float64{a.ROUGE1.Recall, a.ROUGE2.Recall}
	}
	n := float64(len(pairs))
	res.r1, res.r2, res.r1s, res.r2s = res.r1/n, res.r2/n, res.r1s/n, res.r2s/n
	return res
}

// crossValidate trains and tests the summarizer under n-fold
// cross-validation over pairs, as the pipeline does: per fold, a collection
// of the training books' Stats, their features and labels, a model, and a
// summary of each test book.
func crossValidate(tb testing.TB, pairs []*classifytest.Pair, n int, set features.Settings, tr *Trainer) cvResult {
	tb.Helper()
	ids := make([]string, len(pairs))
	for i, p := range pairs {
		ids[i] = p.ID
	}
	folds, err := cv.Folds(1, n, ids)
	if err != nil {
		tb.Fatal(err)
	}
	summaries := map[string][]int{}
	var models []*Model
	var lambdas []float64
	for k := range n {
		var train, test []*classifytest.Pair
		for _, p := range pairs {
			if folds[p.ID] == k {
				test = append(test, p)
			} else {
				train = append(train, p)
			}
		}
		col, feats := labelledFeatures(tb, train, set)
		m, err := trainOne(tr, col, feats)
		if err != nil {
			tb.Fatal(err)
		}
		models = append(models, m)
		lambdas = append(lambdas, m.Lambda)
		for _, p := range test {
			summaries[p.ID] = m.Summarize(m.Collection.Prepare(p.Book, nil), extract.DefaultBudget)
		}
	}
	res := scoreSummaries(tb, pairs, func(p *classifytest.Pair) []int { return summaries[p.ID] })
	res.models, res.lambdaChosen = models, lambdas
	return res
}
