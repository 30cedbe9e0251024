// Command scaleout projects the default job's wall time on 8, 32 and 128
// workers from what its elements cost. A run records no per-element
// durations (the aligners' align_ms is a Beam distribution: its sum, count,
// minimum and maximum only, printed nowhere), so the bench measures the
// per-book stages itself with the product's own functions, in thread
// CPU-seconds: parsing each book and summary, and aligning it with the
// three aligners of the default settings. The stages after them
// (featurizing, training and summarizing, the baselines, the fold plan)
// are derived from the job profile's CPU-s in docs/benchmarks.md (245
// books, 12.5 M counted tokens), scaled by the corpus's counted tokens,
// and shared out over books by counted tokens and over the training keys
// by their books: a set's models as one key on at most as many workers as
// training sets, one key a (method, set) on more, as bookalign run keys
// them (paper.go).
//
//	nice go run ./bench/scaleout [-corpus ../shared/corpus] [-workers 2]
//
// Each stage is a set of independent elements and serial steps; stages are
// barriers. On W workers of one core a stage takes max(longest element,
// sum / W) + serial, and the job the sum of its stages. The Markdown table
// gives each stage's elements, sum, longest element and wall on 1, 8, 32
// and 128 workers, and says what bounds each at 128.
// Every book is measured: on the 245-book corpus that is about 85 CPU-s.
// See docs/notebook/2026-12-06-scaleout.md.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/bookalign/bookalign/bench/internal/pairids"
)

// projected are the worker counts of the table.
var projected = []int{1, 8, 32, 128}

func main() {
	corpusDir := flag.String("corpus", "../shared/corpus", "corpus directory")
	workers := flag.Int("workers", 2, "books measured at once")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "scaleout: unexpected arguments %q\n", flag.Args())
		os.Exit(2)
	}
	if err := run(os.Stdout, *corpusDir, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "scaleout:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, corpusDir string, workers int) error {
	if workers < 1 {
		return fmt.Errorf("-workers %d: at least 1", workers)
	}
	ids, err := pairids.Read(corpusDir)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return fmt.Errorf("%s: no pairs", corpusDir)
	}
	a, err := newAligners()
	if err != nil {
		return err
	}
	start := time.Now()
	costs, err := a.measureAll(corpusDir, ids, workers)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "scaleout: measured in %.0f s\n", time.Since(start).Seconds())
	stages := measuredStages(costs)
	derived, err := derivedStages(costs)
	if err != nil {
		return err
	}
	// Job order: load, align, then the plan, featurizing, training; the
	// baselines run beside the training chain but are counted as a barrier
	// (an upper bound).
	stages = append(stages, derived...)
	p, err := Project(stages, projected)
	if err != nil {
		return err
	}
	var tokens int
	for _, c := range costs {
		tokens += c.Tokens
	}
	fmt.Fprintf(w, "%d books, %d counted tokens; the derived stages are the profile's CPU-s (%.1f M counted tokens) times %.3f.\n\n",
		len(costs), tokens, profileTokens/1e6, float64(tokens)/profileTokens)
	writeTable(w, stages, p)
	writeLongest(w, costs)
	return nil
}
