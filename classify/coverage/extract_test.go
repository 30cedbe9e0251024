package coverage

import (
	"fmt"
	"math"
	"slices"
	"testing"
)

// TestTails checks the Poisson tails P(N >= k) of coverage
// extraction against the sum of the probability mass, and that they are
// kept only for the copies an extract can hold, whatever the mean.
func TestTails(t *testing.T) {
	for _, tc := range []struct {
		mu     float64
		copies int32
		want   int // tails kept
	}{
		{0, 5, 0},
		{math.NaN(), 5, 5},
		{0.3, 100, 8}, // until the tail falls below tailCut
		{2.5, 3, 3},
		{800, 4, 4}, // e^-800 underflows: the mean is capped
		{1e300, 2, 2},
	} {
		var tl tails
		tl.start = []int32{0}
		tl.add(tc.mu, tc.copies)
		n := int(tl.start[1])
		if n != tc.want {
			t.Errorf("mu %v, %d copies: %d tails, want %d", tc.mu, tc.copies, n, tc.want)
		}
		mu := min(tc.mu, maxMean)
		if math.IsNaN(tc.mu) {
			mu = maxMean
		}
		for k := range n {
			// P(N >= k+1) = 1 - sum_{j <= k} e^-mu mu^j / j!
			cdf := 0.0
			for j := 0; j <= k; j++ {
				lg, _ := math.Lgamma(float64(j + 1))
				cdf += math.Exp(float64(j)*math.Log(mu) - mu - lg)
			}
			if got := tl.at(0, int32(k)); math.Abs(got-(1-cdf)) > 1e-9 || got <= 0 || got > 1 {
				t.Errorf("mu %v: P(N >= %d) = %v, want %v", tc.mu, k+1, got, 1-cdf)
			}
		}
		if got := tl.at(0, int32(n)); got != 0 {
			t.Errorf("mu %v: a copy past the kept tails has %v", tc.mu, got)
		}
	}
}

// naiveExtract is coverage extraction by re-scoring every row at every
// step: what the lazy greedy must equal.
func naiveExtract(cb *Book, budget int, o Options) []int {
	t := cb.t
	rows := len(t.Start) - 1
	curUni, curBi := make([]int32, len(cb.uni.start)-1), make([]int32, len(cb.bi.start)-1)
	taken := make([]bool, rows)
	least := o.MinWords
	if !slices.ContainsFunc(cb.length, func(l int32) bool { return l > 0 && int(l) <= budget && int(l) >= least }) {
		least = 1 // the fallback to shorter rows
	}
	weight := func(stop []bool, i int32) float64 {
		if stop != nil && stop[i] {
			return o.Function
		}
		return 1
	}
	var out []int
	for left := budget; ; {
		best, bestV := -1, 0.0
		for r := range rows {
			l := int(cb.length[r])
			if taken[r] || l == 0 || l > left || l < least {
				continue
			}
			tmpUni, tmpBi := slices.Clone(curUni), slices.Clone(curBi)
			var hits, biHits float64
			for _, u := range t.Row(r) {
				hits += weight(cb.stopUni, u) * cb.uni.at(u, tmpUni[u])
				tmpUni[u]++
			}
			for _, x := range cb.g.rowBi[r] {
				biHits += weight(cb.stopBi, x) * cb.bi.at(x, tmpBi[x])
				tmpBi[x]++
			}
			v := (hits+o.Bigram*biHits)/float64(l) + o.Prior*logSigmoid(cb.logit[r])
			if best < 0 || v > bestV {
				best, bestV = r, v
			}
		}
		if best < 0 {
			break
		}
		taken[best] = true
		for _, u := range t.Row(best) {
			curUni[u]++
		}
		for _, x := range cb.g.rowBi[best] {
			curBi[x]++
		}
		out = append(out, best)
		left -= int(cb.length[best])
	}
	return out
}

// TestExtract checks coverage extraction on books the model did not train
// on, with log-odds that favour some rows: the lazy greedy picks what
// re-scoring every row would, and the budget and the shortest length hold.
func TestExtract(t *testing.T) {
	books := testBooks(t, 10)
	m, s := fitted(t, books[:8], nil)
	for i, b := range books[8:] {
		logit := make([]float64, len(b.Start)-1)
		for r := range logit {
			logit[r] = float64(r%7) - 4
		}
		cb := readyBook(m, s, b, nil, logit)
		for _, o := range []Options{
			{Bigram: 3, Prior: 0.03, MinWords: 5},
			{Bigram: 1},
			{Bigram: 0, Prior: 1, MinWords: 10},
			{Bigram: 2, Prior: 0.1, MinWords: 1000},
		} {
			for _, budget := range []int{0, 40, 200} {
				got := cb.Extract(budget, o)
				if want := naiveExtract(cb, budget, o); !slices.Equal(got, want) {
					t.Errorf("book %d, %+v, %d words: lazy greedy %v, re-scoring %v", i, o, budget, got, want)
				}
				words, short := 0, 0
				for _, r := range got {
					words += int(cb.length[r])
					if int(cb.length[r]) < o.MinWords {
						short++
					}
				}
				if short > 0 && short < len(got) {
					t.Errorf("book %d, %+v: %d of %d rows shorter than %d words", i, o, short, len(got), o.MinWords)
				}
				if words > budget {
					t.Errorf("book %d, %+v: %d words over a budget of %d", i, o, words, budget)
				}
				if budget > 0 && len(got) == 0 {
					t.Errorf("book %d, %+v, %d words: an empty summary", i, o, budget)
				}
			}
		}
	}
}

// TestExtractPrior checks that the prior term of coverage extraction reads
// the row's log-odds: reversed log-odds with a strong prior give another
// extract, which the lazy greedy finds as re-scoring does.
func TestExtractPrior(t *testing.T) {
	books := testBooks(t, 10)
	m, s := fitted(t, books[:8], nil)
	b := books[9]
	logit := make([]float64, len(b.Start)-1)
	for r := range logit {
		logit[r] = float64(len(b.Row(r))%5) - 2
	}
	cb := readyBook(m, s, b, nil, logit)
	o := Options{Bigram: 3, Prior: 1, MinWords: 5}
	other := *cb
	other.logit = slices.Clone(logit)
	for i := range other.logit {
		other.logit[i] = -other.logit[i]
	}
	if got := other.Extract(200, o); slices.Equal(got, cb.Extract(200, o)) {
		t.Errorf("reversed log-odds under a strong prior extract the same rows %v", got)
	}
	if got, want := naiveExtract(&other, 200, o), other.Extract(200, o); !slices.Equal(got, want) {
		t.Errorf("reversed log-odds: lazy greedy %v, re-scoring %v", want, got)
	}
}

// TestExtractFunctionWeight checks the weight of function-word hits: the
// lazy greedy equals re-scoring under every weight, the extract changes
// with the weight, and the book's bigrams are those of its TermStats with
// the same stopwords (the coverage model's statistics and its extraction
// count the same bigrams).
func TestExtractFunctionWeight(t *testing.T) {
	books := testBooks(t, 10)
	stop := []string{"a", "and", "the"}
	m, s := fitted(t, books[:8], stop)
	for i, b := range books[8:] {
		cb := readyBook(m, s, b, stop, nil)
		if cb.stopUni == nil {
			t.Fatal("no stopword marks")
		}
		if got, want := slices.Sorted(slices.Values(cb.g.biHash)), NewTermStats(b, stop).Bigrams; !slices.Equal(slices.Compact(got), want) {
			t.Errorf("book %d: %d bigrams counted for extraction, %d in the term statistics", i, len(got), len(want))
		}
		o := Options{Bigram: 3, Prior: 0.03, MinWords: 5}
		extracts := map[string]bool{}
		for _, f := range []float64{0, 0.3, 1} {
			o.Function = f
			got := cb.Extract(200, o)
			if want := naiveExtract(cb, 200, o); !slices.Equal(got, want) {
				t.Errorf("book %d, function weight %g: lazy greedy %v, re-scoring %v", i, f, got, want)
			}
			extracts[fmt.Sprint(got)] = true
		}
		if len(extracts) == 1 {
			t.Errorf("book %d: the same extract under function weights 0, 0.3 and 1", i)
		}
	}
}
