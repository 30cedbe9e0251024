package main

import (
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/classify/cv"
)

// nestMain is `plotexp nest`: the nested choice among finished runs of
// `bookalign run` (their per_book.csv), each run one variant of the
// settings, for one method. The folds are the runs' own (cv.Folds of
// the seed and the book ids); each fold chooses by the books of the other
// folds, as the harness's variants do.
//
//	go run ./bench/plotexp nest [-method token] [-folds 10] [-seed 1] [-floor 0.52,0.115] \
//	    NAME=OUT/per_book.csv ...
func nestMain(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("plotexp nest", flag.ContinueOnError)
	method := fs.String("method", "token", "the method whose scores are read")
	folds := fs.Int("folds", 10, "the runs' folds")
	seed := fs.Uint64("seed", 1, "the runs' seed")
	floor := fs.String("floor", "0.52,0.115", "the least ROUGE-1,ROUGE-2 recall with stopwords a choice accepts")
	if err := fs.Parse(args); err != nil {
		return err
	}
	o := options{folds: *folds}
	if err := o.parse("none", *floor); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("nest: no runs given (NAME=OUT/per_book.csv)")
	}
	var names, ids []string
	var scores [][]score
	for _, arg := range fs.Args() {
		name, path, ok := strings.Cut(arg, "=")
		if !ok {
			return fmt.Errorf("nest: %q is not NAME=FILE", arg)
		}
		byID, order, err := readPerBook(path, *method)
		if err != nil {
			return err
		}
		if ids == nil {
			ids = order
		}
		s := make([]score, len(ids))
		for i, id := range ids {
			x, ok := byID[id]
			if !ok {
				return fmt.Errorf("nest: %s has no %s score of %s", path, *method, id)
			}
			s[i] = x
		}
		if len(byID) != len(ids) {
			return fmt.Errorf("nest: %s holds %d books, the first run %d", path, len(byID), len(ids))
		}
		names = append(names, name)
		scores = append(scores, s)
	}
	byID, err := cv.Folds(*seed, *folds, ids)
	if err != nil {
		return err
	}
	fold := make([]int, len(ids))
	for i, id := range ids {
		fold[i] = byID[id]
	}
	all := func(int) bool { return true }
	fmt.Fprintf(w, "%s, %d books, %d folds, seed %d; unstemmed recall\n\n", *method, len(ids), *folds, *seed)
	fmt.Fprintln(w, "| run | ROUGE-1 | ROUGE-2 | content ROUGE-1 | content ROUGE-2 |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	for v, name := range names {
		fmt.Fprintln(w, row(name, mean(scores[v], all)))
	}
	choice := nested(scores, fold, *folds, o.floor)
	fmt.Fprintln(w, row("nested", mean(nestedScores(scores, fold, choice), all)))
	printChoices(w, names, choice)
	return nil
}

// readPerBook reads the unstemmed scores of method from a run's
// per_book.csv, by book id, and the ids in file order.
func readPerBook(path, method string) (map[string]score, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(rows) == 0 {
		return nil, nil, fmt.Errorf("%s: empty", path)
	}
	cols := []string{"rouge_1_recall_nostem", "rouge_2_recall_nostem", "rouge_1_recall_content_nostem", "rouge_2_recall_content_nostem"}
	at := make([]int, len(cols))
	for j, c := range cols {
		at[j] = -1
		for k, h := range rows[0] {
			if h == c {
				at[j] = k
			}
		}
		if at[j] < 0 || rows[0][0] != "method" || rows[0][1] != "id" {
			return nil, nil, fmt.Errorf("%s: no column %s, or not a per_book.csv", path, c)
		}
	}
	out := make(map[string]score)
	var order []string
	for _, r := range rows[1:] {
		if r[0] != method {
			continue
		}
		var s score
		for j, k := range at {
			if s[j], err = strconv.ParseFloat(r[k], 64); err != nil {
				return nil, nil, fmt.Errorf("%s: %s: %w", path, r[1], err)
			}
		}
		if _, dup := out[r[1]]; dup {
			return nil, nil, fmt.Errorf("%s: %s twice", path, r[1])
		}
		out[r[1]] = s
		order = append(order, r[1])
	}
	if len(order) == 0 {
		return nil, nil, fmt.Errorf("%s: no scores of %s", path, method)
	}
	return out, order, nil
}
