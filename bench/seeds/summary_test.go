package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/evaluate"
)

// result is a run of seed with the given unstemmed and stemmed ROUGE-2 (and
// ROUGE-1 = 10 × ROUGE-2) per method.
func result(seed uint64, r2 map[string]float64) *evaluate.Results {
	r := &evaluate.Results{Corpus: fmt.Sprintf("corpus spelled %d ways", seed), Books: 9, Words: 1000, Seed: seed}
	for _, m := range []string{"passage", "passage-paper", "jing", "first1000", "names"} {
		if x, ok := r2[m]; ok {
			mr := evaluate.MethodResult{Name: m, Rouge1Recall: 10 * x, Rouge2Recall: x, Rouge1RecallNoStem: 10 * x, Rouge2RecallNoStem: x}
			if m == "passage" {
				// p against Names: 0.001 × the seed on ROUGE-2 unstemmed,
				// 1/10001 elsewhere.
				p := 1.0 / 10001
				mr.PVsNames = &evaluate.PValues{Rouge1: p, Rouge2: p, Rouge1NoStem: p, Rouge2NoStem: 0.001 * float64(seed*seed*seed), Rounds: 10000}
			}
			r.Methods = append(r.Methods, mr)
		}
	}
	return r
}

func TestSummary(t *testing.T) {
	runs := []*evaluate.Results{
		result(1, map[string]float64{"passage": 0.10, "passage-paper": 0.09, "jing": 0.095, "first1000": 0.07, "names": 0.098}),
		result(2, map[string]float64{"passage": 0.11, "passage-paper": 0.10, "jing": 0.10, "first1000": 0.07, "names": 0.112}),
		result(3, map[string]float64{"passage": 0.12, "jing": 0.10, "first1000": 0.07, "names": 0.10}),
	}
	s, err := summarize(runs)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := s.write(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"over 3 seeds (1, 2, 3)",
		"| Block HMM (passage) | 110.00 ± 10.00 [100.00, 120.00] | 11.00 ± 1.00 [10.00, 12.00] |",
		// Names: 9.8, 11.2, 10.0; the Block HMM is ahead by +0.2, -0.2, +2.0.
		"| Block HMM (passage) | Names | +6.67 [-2.00, +20.00] (2/3) | +0.67 [-0.20, +2.00] (2/3) |",
		"| Block HMM (passage) | Jing 1999 (jing) | +11.67 [+5.00, +20.00] (3/3) |",
		"| Jing 1999 (jing) | Names |",
		// Seeds 1, 2, 3: p = 0.001, 0.008, 0.027.
		"| Block HMM (passage) | Names | < 0.0001 (3/3) | < 0.0001 (3/3) | < 0.0001 (3/3) | 0.027 (2/3) |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "(paper)") {
		t.Errorf("a method missing from one run is listed:\n%s", out)
	}
	if strings.Contains(out, "| Jing 1999 (jing) | Jing 1999 |") {
		t.Errorf("a method is compared with itself:\n%s", out)
	}
}

func TestSummaryRefuses(t *testing.T) {
	a := result(1, map[string]float64{"passage": 0.1})
	for name, runs := range map[string][]*evaluate.Results{
		"same seed twice":  {a, result(1, map[string]float64{"passage": 0.1})},
		"other corpus":     {a, func() *evaluate.Results { r := result(2, map[string]float64{"passage": 0.1}); r.Books = 8; return r }()},
		"no common method": {a, result(2, map[string]float64{"jing": 0.1})},
	} {
		if _, err := summarize(runs); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
