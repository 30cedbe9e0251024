package main

import (
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/bookalign/bookalign/layout"
)

// columns are the unstemmed columns of per_book.csv that carry compares:
// ROUGE-1 and ROUGE-2 with stopwords, then content (-s).
var columns = [...]string{"rouge_1_recall_nostem", "rouge_2_recall_nostem", "rouge_1_recall_content_nostem", "rouge_2_recall_content_nostem"}

var columnTitles = [...]string{"ROUGE-1", "ROUGE-2", "content ROUGE-1", "content ROUGE-2"}

func carryMain(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("carry", flag.ContinueOnError)
	method := fs.String("method", "token", "the method compared, as per_book.csv names it")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 4 {
		return errors.New("carry: want four runs: DEV_BASE DEV_CAND UNSEEN_BASE UNSEEN_CAND")
	}
	var gains [2][len(columns)]float64
	var books [2]int
	for part := range 2 {
		base, err := readScores(fs.Arg(2*part), *method)
		if err != nil {
			return err
		}
		cand, err := readScores(fs.Arg(2*part+1), *method)
		if err != nil {
			return err
		}
		if gains[part], err = meanGain(base, cand); err != nil {
			return fmt.Errorf("%s against %s: %w", fs.Arg(2*part+1), fs.Arg(2*part), err)
		}
		books[part] = len(base)
	}
	fmt.Fprintf(w, "%s, unstemmed recall, candidate − base (points):\n\n", *method)
	fmt.Fprintf(w, "| | dev (cv, %d books) | unseen (%d books) | unseen / dev |\n|---|---:|---:|---:|\n", books[0], books[1])
	for c, t := range columnTitles {
		ratio := "– (no dev gain)"
		if gains[0][c] > 0 {
			ratio = strconv.FormatFloat(gains[1][c]/gains[0][c], 'f', 2, 64)
		}
		fmt.Fprintf(w, "| %s | %+.2f | %+.2f | %s |\n", t, 100*gains[0][c], 100*gains[1][c], ratio)
	}
	return nil
}

// readScores returns the method's unstemmed columns per book of the run's
// per-book scores (layout.Out.PerBook).
func readScores(run, method string) (map[string][len(columns)]float64, error) {
	f, err := os.Open(layout.Out{Dir: run}.PerBook())
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: empty", f.Name())
	}
	col := make(map[string]int)
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, h := range append([]string{"method", "id"}, columns[:]...) {
		if _, ok := col[h]; !ok {
			return nil, fmt.Errorf("%s: no column %q", f.Name(), h)
		}
	}
	out := make(map[string][len(columns)]float64)
	for _, r := range rows[1:] {
		if r[col["method"]] != method {
			continue
		}
		var s [len(columns)]float64
		for c, h := range columns {
			if s[c], err = strconv.ParseFloat(r[col[h]], 64); err != nil {
				return nil, fmt.Errorf("%s: book %s: %s: %w", f.Name(), r[col["id"]], h, err)
			}
		}
		out[r[col["id"]]] = s
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no book of method %q", f.Name(), method)
	}
	return out, nil
}

// meanGain returns the mean of cand − base over their books, which must be
// the same.
func meanGain(base, cand map[string][len(columns)]float64) ([len(columns)]float64, error) {
	var g [len(columns)]float64
	if len(base) != len(cand) {
		return g, fmt.Errorf("%d books against %d", len(cand), len(base))
	}
	for id, b := range base {
		c, ok := cand[id]
		if !ok {
			return g, fmt.Errorf("book %s missing", id)
		}
		for k := range g {
			g[k] += c[k] - b[k]
		}
	}
	for k := range g {
		g[k] /= float64(len(base))
	}
	return g, nil
}
