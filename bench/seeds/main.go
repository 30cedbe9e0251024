// Command seeds summarizes runs of the whole experiment that differ only in
// their seed (bench/seeds.sh): the seed draws the fold assignment, the
// inner splits that choose lambda, the Passage HMM's boundary sampler and
// the bootstrap, so the spread of a method's scores over seeds is the
// noise that a difference between methods or settings must exceed.
//
//	go run ./bench/seeds OUT/seed-1/results.json OUT/seed-2/results.json ...
//
// It prints, in Markdown, each method's ROUGE recall (percent) per seed with
// its mean, standard deviation and range over the seeds, stemmed and
// unstemmed, and for each trained summarizer its difference from each
// baseline seed by seed: mean, smallest and largest, and in how many seeds
// it was ahead.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/bookalign/bookalign/evaluate"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "seeds:", err)
		os.Exit(1)
	}
}

func run(paths []string, w io.Writer) error {
	if len(paths) < 2 {
		return errors.New("usage: seeds results.json results.json ... (two runs or more)")
	}
	var runs []*evaluate.Results
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var r evaluate.Results
		if err := json.Unmarshal(b, &r); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		runs = append(runs, &r)
	}
	s, err := summarize(runs)
	if err != nil {
		return err
	}
	return s.write(w)
}
