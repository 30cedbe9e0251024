package main

import (
	"math"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/text"
)

// TestBooksNeeded checks the normal-approximation sample size against
// (z_{0.995} sd / mean)^2 computed by hand, and that no lead needs no
// finite number of books.
func TestBooksNeeded(t *testing.T) {
	z := 2.5758293035489
	for _, tc := range []struct {
		d    []float64
		want float64
	}{
		{[]float64{0, 2}, math.Ceil(math.Pow(z*math.Sqrt2/1, 2))},
		{[]float64{1, 1, 3, 3}, math.Ceil(math.Pow(z*math.Sqrt(4.0/3)/2, 2))},
		{[]float64{0.5, 2.5, -1.5}, math.Ceil(math.Pow(z*2/0.5, 2))},
		{[]float64{-1, 1}, math.Inf(1)},
		{[]float64{-2, 1}, math.Inf(1)},
	} {
		if got := booksNeeded(tc.d, 0.01); got != tc.want {
			t.Errorf("%v: %g books, want %g", tc.d, got, tc.want)
		}
	}
}

// TestPriorValues checks the prior forms: logp is the log-odds, the
// percentile runs from 0 to 1
// in the order of the log-odds (ties in row order), the standardized value
// has mean 0 and deviation 1, and LogSigmoid reads either back exactly up
// to the shift.
func TestPriorValues(t *testing.T) {
	logit := []float64{2, -1, 0.5, -1, 3}
	pct := priorValues(logit, "pct")
	want := []float64{0.75, 0, 0.5, 0.25, 1}
	for i := range pct {
		if got := classify.LogSigmoid(pct[i]) + 100; math.Abs(got-want[i]) > 1e-9 {
			t.Errorf("pct row %d: %g, want %g", i, got, want[i])
		}
	}
	if got := priorValues(logit, "logp"); !slices.Equal(got, logit) {
		t.Errorf("logp: %v, want the log-odds %v", got, logit)
	}
	z := priorValues(logit, "z")
	var sum, sq float64
	for _, x := range z {
		v := classify.LogSigmoid(x) + 100
		sum += v
		sq += v * v
	}
	if n := float64(len(z)); math.Abs(sum/n) > 1e-9 || math.Abs((sq-sum*sum/n)/(n-1)-1) > 1e-9 {
		t.Errorf("z: mean %g, variance %g", sum/n, (sq-sum*sum/n)/(n-1))
	}
	order := func(v []float64) []int {
		idx := []int{0, 1, 2, 3, 4}
		slices.SortStableFunc(idx, func(a, b int) int {
			switch {
			case v[a] < v[b]:
				return -1
			case v[a] > v[b]:
				return 1
			}
			return 0
		})
		return idx
	}
	if !slices.Equal(order(z), order(logit)) {
		t.Errorf("z reorders the rows: %v against %v", order(z), order(logit))
	}
}

// TestDropSpanRules checks that the span-reading label rules are dropped
// from a cache of one labelled sentence per summary sentence only, and
// nothing else with them.
func TestDropSpanRules(t *testing.T) {
	pairsOf := func(whole ...bool) []*pairData {
		var out []*pairData
		for _, w := range whole {
			out = append(out, &pairData{wholeSpans: w, labels: map[string][]bool{
				"passage/span": nil, "passage/top1": nil, "jing/top3": nil, "agree/top1": nil}})
		}
		return out
	}
	for _, tc := range []struct {
		whole []bool
		drop  bool
	}{
		{[]bool{false, false}, true},
		{[]bool{false, true}, false},
		{[]bool{true}, false},
	} {
		ps := pairsOf(tc.whole...)
		if got := dropSpanRules(ps); got != tc.drop {
			t.Errorf("%v: dropped %v, want %v", tc.whole, got, tc.drop)
		}
		for _, p := range ps {
			_, span := p.labels["passage/span"]
			_, top3 := p.labels["jing/top3"]
			_, top1 := p.labels["passage/top1"]
			_, agree := p.labels["agree/top1"]
			if span == tc.drop || top3 == tc.drop || !top1 || !agree {
				t.Errorf("%v: labels left %v", tc.whole, p.labels)
			}
		}
	}
}

// TestOverlapForms checks that the aligners' label rule (topK, shared)
// counts word forms as the aligners do, possessives and inflections
// joined, while count keeps the summarizer's exact words.
func TestOverlapForms(t *testing.T) {
	book, err := text.ParseSummary("Darcy's sister married Elizabeth's cousin. The weather was fine that day. Darcy married nobody.")
	if err != nil {
		t.Fatal(err)
	}
	sum, err := text.ParseSummary("Darcy marries Elizabeth.")
	if err != nil {
		t.Fatal(err)
	}
	q, err := align.Prepare(book, sum)
	if err != nil {
		t.Fatal(err)
	}
	b := classify.NewBook("x", book)
	ov := newOverlap(b, sum, q)
	if b.Rows() != 3 {
		t.Fatalf("%d rows, want 3", b.Rows())
	}
	if got := ov.shared(0, 0); got != 3 {
		t.Errorf("shared forms of row 0: %d, want 3 (darcy, marri, elizabeth)", got)
	}
	if got := ov.count(0, 0); got != 0 {
		t.Errorf("shared exact words of row 0: %d, want 0 (darcy's, married, elizabeth's)", got)
	}
	if got := ov.shared(0, 1); got != 0 {
		t.Errorf("shared forms of row 1: %d, want 0", got)
	}
	if got := ov.topK([]int{0}, [][]int{{0, 1, 2}}, 1); !slices.Equal(got, []int{0}) {
		t.Errorf("top1 of sentences 0-2: %v, want [0]", got)
	}
	if got := ov.topK([]int{0}, [][]int{{0, 1, 2}}, 3); !slices.Equal(got, []int{0, 2}) {
		t.Errorf("top3 of sentences 0-2: %v, want [0 2] (sentence 1 shares nothing)", got)
	}
}
