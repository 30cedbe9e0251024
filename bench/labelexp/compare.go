package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/evaluate"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// runCompare reads the per-book scores that eval appended to the CSV and
// prints, for each pair A:B given, the mean stemmed ROUGE-1/2 recall of
// both and the paired approximate-randomization p-values (10,000 rounds,
// seed 1, as the pipeline computes them), with the standard deviation of the
// per-book difference and how many books a two-sided test at 0.01 would
// need to find the observed lead (booksNeeded).
func runCompare(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	in := fs.String("csv", "/tmp/labelexp/results.csv", "per-book scores written by eval or plot (or a run's per_book.csv)")
	noStem := fs.Bool("nostem", false, "compare the unstemmed recall")
	fs.Parse(args)
	scores, err := readScores(*in, *noStem)
	if err != nil {
		return err
	}
	fmt.Println("| A | B | A R-1 / R-2 | B R-1 / R-2 | p R-1 / R-2 | sd of A − B R-1 / R-2 | books for p < 0.01 R-1 / R-2 |")
	fmt.Println("|---|---|---:|---:|---:|---:|---:|")
	for _, pair := range fs.Args() {
		a, b, ok := strings.Cut(pair, "=")
		if !ok {
			return fmt.Errorf("%q: want A=B", pair)
		}
		sa, sb := scores[a], scores[b]
		if sa == nil || sb == nil {
			return fmt.Errorf("%q: unknown variant", pair)
		}
		var ids []string
		for id := range sa {
			if _, ok := sb[id]; ok {
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
		var p [2]float64
		var ma, mb, sd [2]float64
		var need [2]string
		for k := range 2 {
			x := make([]float64, len(ids))
			y := make([]float64, len(ids))
			for i, id := range ids {
				x[i], y[i] = sa[id][k], sb[id][k]
				ma[k] += x[i] / float64(len(ids))
				mb[k] += y[i] / float64(len(ids))
			}
			if p[k], err = evaluate.PairedPermutation(x, y, 10000, 1); err != nil {
				return err
			}
			d := make([]float64, len(ids))
			floats.SubTo(d, x, y)
			sd[k] = stat.StdDev(d, nil)
			need[k] = "–"
			if n := booksNeeded(d, 0.01); !math.IsInf(n, 1) {
				need[k] = fmt.Sprintf("%.0f", n)
			}
		}
		fmt.Printf("| %s | %s | %.2f / %.2f | %.2f / %.2f | %s / %s | %.2f / %.2f | %s / %s |\n", a, b, 100*ma[0], 100*ma[1], 100*mb[0], 100*mb[1],
			evaluate.FormatP(p[0], 10000), evaluate.FormatP(p[1], 10000), 100*sd[0], 100*sd[1], need[0], need[1])
	}
	return nil
}

// booksNeeded returns how many books a two-sided paired test at level
// alpha needs, under the normal approximation, to find a lead as large as
// the mean of the per-book differences d, with their spread:
// (z_{1-alpha/2} sd / mean)^2; +Inf when the mean is not positive.
func booksNeeded(d []float64, alpha float64) float64 {
	m, sd := stat.MeanStdDev(d, nil)
	if !(m > 0) {
		return math.Inf(1)
	}
	z := distuv.UnitNormal.Quantile(1 - alpha/2)
	return math.Ceil(math.Pow(z*sd/m, 2))
}

// readScores returns variant -> book -> stemmed (or, with noStem,
// unstemmed) ROUGE-1, ROUGE-2 recall; a later line for the same variant and
// book wins, and a header line is skipped.
func readScores(path string, noStem bool) (map[string]map[string][2]float64, error) {
	col := 2
	if noStem {
		col = 4
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]map[string][2]float64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ",")
		if len(parts) < col+2 || parts[0] == "method" {
			continue
		}
		r1, err1 := strconv.ParseFloat(parts[col], 64)
		r2, err2 := strconv.ParseFloat(parts[col+1], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("bad line %q", sc.Text())
		}
		if out[parts[0]] == nil {
			out[parts[0]] = map[string][2]float64{}
		}
		out[parts[0]][parts[1]] = [2]float64{r1, r2}
	}
	return out, sc.Err()
}
