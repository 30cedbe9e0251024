package evaluate

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// A Measure is one column of per-book recall: ROUGE-1 or ROUGE-2, stemmed
// or not, with or without stopwords. Name is its name in tables, Key its
// key in the per_book entries of results.json.
type Measure struct {
	Name, Key string
	Of        func(BookRecall) float64
}

// Measures returns the recall measures of a book, in table order: ROUGE-1
// and ROUGE-2 stemmed and unstemmed, then, with content, the same of the
// content words (ROUGE -s).
func Measures(content bool) []Measure {
	ms := []Measure{
		{"ROUGE-1", "rouge_1_recall", func(r BookRecall) float64 { return r.Rouge1Recall }},
		{"ROUGE-2", "rouge_2_recall", func(r BookRecall) float64 { return r.Rouge2Recall }},
		{"ROUGE-1 no stem", "rouge_1_recall_nostem", func(r BookRecall) float64 { return r.Rouge1RecallNoStem }},
		{"ROUGE-2 no stem", "rouge_2_recall_nostem", func(r BookRecall) float64 { return r.Rouge2RecallNoStem }},
	}
	if content {
		ms = append(ms,
			Measure{"content ROUGE-1", "rouge_1_recall_content", func(r BookRecall) float64 { return r.Rouge1RecallContent }},
			Measure{"content ROUGE-2", "rouge_2_recall_content", func(r BookRecall) float64 { return r.Rouge2RecallContent }},
			Measure{"content ROUGE-1 no stem", "rouge_1_recall_content_nostem", func(r BookRecall) float64 { return r.Rouge1RecallContentNoStem }},
			Measure{"content ROUGE-2 no stem", "rouge_2_recall_content_nostem", func(r BookRecall) float64 { return r.Rouge2RecallContentNoStem }})
	}
	return ms
}

// ErrDifferentBooks means two runs compared did not score a method on the
// same books.
var ErrDifferentBooks = errors.New("the runs scored different books")

// A Comparison is one method of two runs, A and B, on the same books.
type Comparison struct {
	Method string
	Books  int
	Rows   []Difference
	// Identical is true when the two runs' recall is the same on every
	// book in every measure: a baseline that neither run's settings
	// change.
	Identical bool
}

// A Difference is one measure of a Comparison: the two runs' mean recall,
// the mean of the per-book differences A − B with its 95% bootstrap
// interval, and the two-sided p-value of the paired approximate
// randomization test (PairedPermutation) with its rounds.
type Difference struct {
	Measure string
	A, B    float64
	Diff    float64
	CI95    [2]float64
	P       float64
	Rounds  int
}

// Compare compares every method that both runs scored, in table order,
// under set's bootstrap and test (its Seed, Resamples, Permutations). A
// method of one run only is left out and named in only, in table order. A
// method scored on other books in the two runs is an error
// (ErrDifferentBooks): a paired test needs the same books.
func Compare(a, b *Results, set Settings) (cs []Comparison, only []string, err error) {
	byName := map[string]MethodResult{}
	for _, m := range b.Methods {
		byName[m.Name] = m
	}
	seen := map[string]bool{}
	for _, ma := range a.Methods {
		seen[ma.Name] = true
		mb, ok := byName[ma.Name]
		if !ok {
			only = append(only, ma.Name)
			continue
		}
		c, err := compareMethod(ma, mb, set)
		if err != nil {
			return nil, nil, err
		}
		cs = append(cs, c)
	}
	for _, m := range b.Methods {
		if !seen[m.Name] {
			only = append(only, m.Name)
		}
	}
	only = MethodOrder(only)
	return cs, only, nil
}

// compareMethod compares one method's per-book recall in two runs.
func compareMethod(a, b MethodResult, set Settings) (Comparison, error) {
	ids := keys(a.PerBook)
	sort.Strings(ids)
	if len(ids) != len(b.PerBook) {
		return Comparison{}, fmt.Errorf("%w: %s on %d books in one run and %d in the other", ErrDifferentBooks, DisplayName(a.Name), len(ids), len(b.PerBook))
	}
	for _, id := range ids {
		if _, ok := b.PerBook[id]; !ok {
			return Comparison{}, fmt.Errorf("%w: %s on %s in one run only", ErrDifferentBooks, DisplayName(a.Name), id)
		}
	}
	c := Comparison{Method: a.Name, Books: len(ids), Identical: true}
	samples := Bootstrap{Resamples: set.Resamples, Seed: set.Seed}.Samples(len(ids))
	for _, m := range Measures(a.ContentRecall != nil && b.ContentRecall != nil) {
		xa, xb, d := make([]float64, len(ids)), make([]float64, len(ids)), make([]float64, len(ids))
		for i, id := range ids {
			xa[i], xb[i] = m.Of(a.PerBook[id]), m.Of(b.PerBook[id])
			d[i] = xa[i] - xb[i]
			c.Identical = c.Identical && xa[i] == xb[i]
		}
		row := Difference{Measure: m.Name, Rounds: rounds(set.Permutations)}
		row.Diff, row.CI95[0], row.CI95[1] = MeanCI(d, samples, 0.95)
		row.A, _, _ = MeanCI(xa, nil, 0.95)
		row.B, _, _ = MeanCI(xb, nil, 0.95)
		p, err := PairedPermutation(xa, xb, set.Permutations, set.Seed)
		if err != nil {
			return Comparison{}, fmt.Errorf("%s, %s: %w", DisplayName(a.Name), m.Name, err)
		}
		row.P = p
		c.Rows = append(c.Rows, row)
	}
	return c, nil
}

// WriteComparisons writes the comparisons as a Markdown table, recall and
// differences in percent, the runs named nameA and nameB. The methods
// identical in both runs (Comparison.Identical) are named in one line
// after the table rather than given rows of zeros.
func WriteComparisons(w io.Writer, nameA, nameB string, cs []Comparison) error {
	var differ []Comparison
	var same []string
	for _, c := range cs {
		if c.Identical {
			same = append(same, DisplayName(c.Method))
		} else {
			differ = append(differ, c)
		}
	}
	if _, err := fmt.Fprintf(w, "A: %s\nB: %s\n", nameA, nameB); err != nil {
		return err
	}
	if err := writeDifferences(w, differ); err != nil {
		return err
	}
	if len(same) > 0 {
		_, err := fmt.Fprintf(w, "\nIdentical in both runs, every book in every measure: %s.\n", strings.Join(same, ", "))
		return err
	}
	return nil
}

// writeDifferences writes the table of the comparisons cs, none when cs
// is empty.
func writeDifferences(w io.Writer, cs []Comparison) error {
	if len(cs) == 0 {
		return nil
	}
	if _, err := fmt.Fprint(w, "\n| Model | Measure | A | B | A − B | 95% CI of A − B | p | Books |\n|---|---|---:|---:|---:|---:|---:|---:|\n"); err != nil {
		return err
	}
	for _, c := range cs {
		for _, r := range c.Rows {
			if _, err := fmt.Fprintf(w, "| %s | %s | %s | %s | %+.2f | [%+.2f, %+.2f] | %s | %d |\n", DisplayName(c.Method), r.Measure,
				pct(r.A), pct(r.B), 100*r.Diff, 100*r.CI95[0], 100*r.CI95[1], FormatP(r.P, r.Rounds), c.Books); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintln(w, "\np: two-sided paired approximate-randomization test over books; CI: bootstrap over books of the mean per-book difference.")
	return err
}
