package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/evaluate"
)

// runCompare reads the per-book scores that eval appended to the CSV and
// prints, for each pair A:B given, the mean stemmed ROUGE-1/2 recall of
// both and the paired approximate-randomization p-values (10,000 rounds,
// seed 1, as the pipeline computes them).
func runCompare(args []string) error {
	fs := flag.NewFlagSet("compare", flag.ExitOnError)
	in := fs.String("csv", "/tmp/labelexp/results.csv", "per-book scores written by eval or plot (or a run's per_book.csv)")
	noStem := fs.Bool("nostem", false, "compare the unstemmed recall")
	fs.Parse(args)
	scores, err := readScores(*in, *noStem)
	if err != nil {
		return err
	}
	fmt.Println("| A | B | A R-1 / R-2 | B R-1 / R-2 | p R-1 / R-2 |")
	fmt.Println("|---|---|---:|---:|---:|")
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
		var ma, mb [2]float64
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
		}
		fmt.Printf("| %s | %s | %.2f / %.2f | %.2f / %.2f | %s / %s |\n", a, b, 100*ma[0], 100*ma[1], 100*mb[0], 100*mb[1],
			evaluate.FormatP(p[0], 10000), evaluate.FormatP(p[1], 10000))
	}
	return nil
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
