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
	p    func(*evaluate.PValues) float64
}{
	{"ROUGE-1", func(m evaluate.MethodResult) float64 { return m.Rouge1Recall }, func(p *evaluate.PValues) float64 { return p.Rouge1 }},
	{"ROUGE-2", func(m evaluate.MethodResult) float64 { return m.Rouge2Recall }, func(p *evaluate.PValues) float64 { return p.Rouge2 }},
	{"ROUGE-1 no stem", func(m evaluate.MethodResult) float64 { return m.Rouge1RecallNoStem }, func(p *evaluate.PValues) float64 { return p.Rouge1NoStem }},
	{"ROUGE-2 no stem", func(m evaluate.MethodResult) float64 { return m.Rouge2RecallNoStem }, func(p *evaluate.PValues) float64 { return p.Rouge2NoStem }},
}

// pAgainst returns m's p-values against the method called against, nil
// when the run has none.
func pAgainst(m evaluate.MethodResult, against string) *evaluate.PValues {
	switch against {
	case align.MethodJing:
		return m.PVsJing
	case evaluate.MethodNames:
		return m.PVsNames
	case evaluate.MethodFirst1000:
		return m.PVsFirst1000
	}
	return nil
}

// alpha is the level of the paired tests.
const alpha = 0.01

// against are the methods each trained summarizer is compared with: the
// strongest aligner baseline and the two heuristics.
var against = []string{align.MethodJing, evaluate.MethodNames, evaluate.MethodFirst1000}

// summary holds, for every method that all runs scored, its scores in
// percent by column and seed.
type summary struct {
	seeds   []uint64
	methods []string
	score   map[string][][]float64 // method → column → seed
	// p holds each method's p-values against each method of against, by
	// column and seed, when every run has them.
	p      map[[2]string][][]float64
	rounds int
}

// summarize collects the runs' scores. The runs must have distinct seeds,
// the same books (however the corpus directory was spelled), the same kind
// of evaluation (cross-validation or a test corpus) and the same budget; a
// method missing from a run is left out.
func summarize(runs []*evaluate.Results) (*summary, error) {
	s := &summary{score: map[string][][]float64{}, p: map[[2]string][][]float64{}}
	for i, r := range runs {
		if slices.Contains(s.seeds, r.Seed) {
			return nil, fmt.Errorf("two runs have seed %d", r.Seed)
		}
		if r.Words != runs[0].Words || r.Books != runs[0].Books || (r.TestCorpus == "") != (runs[0].TestCorpus == "") || !slices.Equal(bookIDs(r), bookIDs(runs[0])) {
			return nil, fmt.Errorf("run %d (seed %d) is not of the same books, evaluation and budget as run 1", i+1, r.Seed)
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
			s.collectP(runs, m.Name)
		}
	}
	if len(s.methods) == 0 {
		return nil, fmt.Errorf("no method ran in every run")
	}
	return s, nil
}

// collectP records method's p-values against each method of against, if
// every run has them.
func (s *summary) collectP(runs []*evaluate.Results, method string) {
next:
	for _, base := range against {
		cols := make([][]float64, len(columns))
		for _, r := range runs {
			k := slices.IndexFunc(r.Methods, func(x evaluate.MethodResult) bool { return x.Name == method })
			pv := pAgainst(r.Methods[k], base)
			if pv == nil {
				continue next
			}
			s.rounds = pv.Rounds
			for c, col := range columns {
				cols[c] = append(cols[c], col.p(pv))
			}
		}
		s.p[[2]string{method, base}] = cols
	}
}

// write prints the tables.
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
		if slices.Contains(evaluate.NamesOf(evaluate.Trained), m) {
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
		pairTable(&b, rows, func(r [2]string, c int) string {
			d := make([]float64, len(s.seeds))
			floats.SubTo(d, s.score[r[0]][c], s.score[r[1]][c])
			ahead := count(d, func(x float64) bool { return x > 0 })
			return fmt.Sprintf("%+.2f [%+.2f, %+.2f] (%d/%d)", stat.Mean(d, nil), floats.Min(d), floats.Max(d), ahead, len(d))
		})
	}
	var pRows [][2]string
	for _, r := range rows {
		if s.p[r] != nil {
			pRows = append(pRows, r)
		}
	}
	if len(pRows) > 0 {
		fmt.Fprintf(&b, "\nThe paired approximate-randomization test of each run (results.json): its largest p over the seeds, and in how many seeds p < %g.\n\n", alpha)
		pairTable(&b, pRows, func(r [2]string, c int) string {
			ps := s.p[r][c]
			below := count(ps, func(p float64) bool { return p < alpha })
			return fmt.Sprintf("%s (%d/%d)", evaluate.FormatP(floats.Max(ps), s.rounds), below, len(ps))
		})
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

// bookIDs returns the sorted ids of the books scored in r (the per-book
// scores of its methods).
func bookIDs(r *evaluate.Results) []string {
	var ids []string
	for _, m := range r.Methods {
		for id := range m.PerBook {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	slices.Sort(ids)
	return ids
}

// pairTable writes a table with a row per (summarizer, compared method)
// pair and a cell per column, cell(pair, column).
func pairTable(b *strings.Builder, rows [][2]string, cell func(r [2]string, c int) string) {
	b.WriteString("| Summarizer | Against |")
	for _, c := range columns {
		fmt.Fprintf(b, " %s |", c.name)
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---:|", len(columns)) + "\n")
	for _, r := range rows {
		fmt.Fprintf(b, "| %s | %s |", evaluate.DisplayName(r[0]), evaluate.DisplayName(r[1]))
		for c := range columns {
			fmt.Fprintf(b, " %s |", cell(r, c))
		}
		b.WriteString("\n")
	}
}

// count returns the number of xs for which ok holds.
func count(xs []float64, ok func(float64) bool) int {
	n := 0
	for _, x := range xs {
		if ok(x) {
			n++
		}
	}
	return n
}
