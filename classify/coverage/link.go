package coverage

import "math"

// LinkScores returns, for each unigram (by term id) and bigram (by bigram
// id) of the book whose terms are t and n-grams g, the log-probability
// under the logistic model of the rows that hold it, less the mean over
// the book's rows: the greatest of them (maxOf), or their mean over the
// n-gram's occurrences. It is the sentence model's word on an n-gram: the
// n-grams of the rows it finds like a summary's.
func LinkScores(t *Terms, g *Grams, logit []float64, maxOf bool) (uni, bi []float64) {
	rows := len(t.Start) - 1
	var meanLP float64
	lp := make([]float64, rows)
	for i := range rows {
		lp[i] = logSigmoid(logit[i])
		meanLP += lp[i] / float64(max(rows, 1))
	}
	uni, bi = make([]float64, len(g.uni)), make([]float64, len(g.bi))
	init := 0.0
	if maxOf {
		init = math.Inf(-1)
	}
	for i := range uni {
		uni[i] = init
	}
	for i := range bi {
		bi[i] = init
	}
	fold := func(acc *float64, v float64, n int32) {
		if maxOf {
			*acc = max(*acc, v)
		} else {
			*acc += v / float64(max(n, 1))
		}
	}
	for i := range rows {
		for _, id := range t.Row(i) {
			fold(&uni[id], lp[i], g.uni[id].count)
		}
		for _, x := range g.rowBi[i] {
			fold(&bi[x], lp[i], g.bi[x].count)
		}
	}
	for i := range uni {
		uni[i] = finiteOr0(uni[i] - meanLP)
	}
	for i := range bi {
		bi[i] = finiteOr0(bi[i] - meanLP)
	}
	return uni, bi
}

func finiteOr0(v float64) float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return 0
	}
	return v
}

// Extras returns what NewBook reads beyond the keys for a book whose
// terms are t, n-grams g and rows' log-odds logit under the logistic model,
// under the statistics' plot properties: with PlotLink, the link scores of
// its content n-grams (those without a stopword) at LinkWeight; nothing
// otherwise.
func (s *Stats) Extras(t *Terms, g *Grams, logit []float64) Extras {
	if s == nil || s.Plot&PlotLink == 0 {
		return Extras{}
	}
	uni, bi := LinkScores(t, g, logit, false)
	return Extras{LinkUni: uni, LinkBi: bi, Link: LinkWeight, LinkContent: true}
}
