package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/evaluate"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
)

// columns are the scores summarized, as results.json names them.
var columns = []struct {
	name string
	of   func(evaluate.MethodResult) float64
}{
	{"ROUGE-1", func(m evaluate.MethodResult) float64 { return m.Rouge1Recall }},
	{"ROUGE-2", func(m evaluate.MethodResult) float64 { return m.Rouge2Recall }},
	{"ROUGE-1 no stem", func(m evaluate.MethodResult) float64 { return m.Rouge1RecallNoStem }},
	{"ROUGE-2 no stem", func(m evaluate.MethodResult) float64 { return m.Rouge2RecallNoStem }},
}

// against are the methods each trained summarizer is compared with, as
// issue 12's goal names them.
var against = []string{align.MethodJing, evaluate.MethodNames, evaluate.MethodFirst1000}

// summary holds, for every method that all runs scored, its scores in
// percent by column and seed.
type summary struct {
	seeds   []uint64
	methods []string
	score   map[string][][]float64 // method → column → seed
}

// summarize collects the runs' scores. The runs must have distinct seeds,
// the same corpus and budget; a method missing from a run is left out.
func summarize(runs []*evaluate.Results) (*summary, error) {
	s := &summary{score: map[string][][]float64{}}
	for i, r := range runs {
		if slices.Contains(s.seeds, r.Seed) {
			return nil, fmt.Errorf("two runs have seed %d", r.Seed)
		}
		if r.Corpus != runs[0].Corpus || r.TestCorpus != runs[0].TestCorpus || r.Words != runs[0].Words || r.Books != runs[0].Books {
			return nil, fmt.Errorf("run %d (seed %d) is not of the same corpus, budget and books as run 1", i+1, r.Seed)
		}
		s.seeds = append(s.seeds, r.Seed)
	}
	for _, m := range runs[0].Methods {
		cols := make([][]float64, len(columns))
		for _, r := range runs {
			k := slices.IndexFunc(r.Methods, func(x evaluate.MethodResult) bool { return x.Name == m.Name })
			if k < 0 {
				cols = nil
				break
			}
			for c, col := range columns {
				cols[c] = append(cols[c], 100*col.of(r.Methods[k]))
			}
		}
		if cols != nil {
			s.methods = append(s.methods, m.Name)
			s.score[m.Name] = cols
		}
	}
	if len(s.methods) == 0 {
		return nil, fmt.Errorf("no method ran in every run")
	}
	return s, nil
}

// write prints the two tables.
func (s *summary) write(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "ROUGE recall in percent over %d seeds (%s): mean ± sample standard deviation [smallest, largest].\n\n", len(s.seeds), joinSeeds(s.seeds))
	b.WriteString("| Method |")
	for _, c := range columns {
		fmt.Fprintf(&b, " %s |", c.name)
	}
	b.WriteString("\n|---|" + strings.Repeat("---:|", len(columns)) + "\n")
	for _, m := range s.methods {
		fmt.Fprintf(&b, "| %s |", evaluate.DisplayName(m))
		for _, xs := range s.score[m] {
			fmt.Fprintf(&b, " %s |", spread(xs))
		}
		b.WriteString("\n")
	}
	var trained []string
	for _, m := range s.methods {
		if _, _, variant := evaluate.SplitVariant(m); variant || slices.Contains(evaluate.NamesOf(evaluate.Trained), m) {
			trained = append(trained, m)
		}
	}
	var rows [][2]string
	for _, t := range trained {
		for _, base := range against {
			if base != t && s.score[base] != nil {
				rows = append(rows, [2]string{t, base})
			}
		}
	}
	if len(rows) > 0 {
		b.WriteString("\nTrained summarizer minus the method it is compared with, seed by seed, in percentage points: mean [smallest, largest] (seeds ahead).\n\n")
		b.WriteString("| Summarizer | Against |")
		for _, c := range columns {
			fmt.Fprintf(&b, " %s |", c.name)
		}
		b.WriteString("\n|---|---|" + strings.Repeat("---:|", len(columns)) + "\n")
		for _, r := range rows {
			fmt.Fprintf(&b, "| %s | %s |", evaluate.DisplayName(r[0]), evaluate.DisplayName(r[1]))
			for c := range columns {
				d := make([]float64, len(s.seeds))
				floats.SubTo(d, s.score[r[0]][c], s.score[r[1]][c])
				ahead := 0
				for _, x := range d {
					if x > 0 {
						ahead++
					}
				}
				fmt.Fprintf(&b, " %+.2f [%+.2f, %+.2f] (%d/%d) |", stat.Mean(d, nil), floats.Min(d), floats.Max(d), ahead, len(d))
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// spread formats the mean, standard deviation and range of xs.
func spread(xs []float64) string {
	mean, sd := stat.MeanStdDev(xs, nil)
	return fmt.Sprintf("%.2f ± %.2f [%.2f, %.2f]", mean, sd, floats.Min(xs), floats.Max(xs))
}

func joinSeeds(seeds []uint64) string {
	parts := make([]string, len(seeds))
	for i, s := range seeds {
		parts[i] = fmt.Sprint(s)
	}
	return strings.Join(parts, ", ")
}
