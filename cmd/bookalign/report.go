package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/report"
	"github.com/bookalign/bookalign/rundir"
)

// runReport is `bookalign report`: it rebuilds OUT/report from a finished
// run's outputs.
func runReport(args []string) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	out := fs.String("out", "", "output `DIR` of a finished run (local or gs://); the report goes to DIR/report")
	corpusDir := fs.String("corpus", "", "corpus `DIR` of the evaluated books; default: the one results.json names")
	term := addTerminalFlags(fs)
	if err := term.parse(fs, "report", "bookalign report --out DIR [--corpus DIR]", args); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("--out is required: the output directory of a finished run")
	}
	var progress io.Writer = os.Stderr
	if *term.quiet {
		progress = nil
	}
	ctx, dir := context.Background(), dirFlag(*out)
	books := dirFlag(*corpusDir)
	m, err := checkFinished(ctx, dir, progress)
	if err != nil {
		return err
	}
	if m != nil {
		if err := checkCorpus(ctx, dir, m, books, progress); err != nil {
			return err
		}
	}
	return buildReport(ctx, dir, books, progress)
}

// checkFinished refuses an output directory whose run marker says the run
// did not finish, and returns the marker. A directory without a marker
// (made by reprocess or by an older bookalign) cannot be checked: w, when
// not nil, is told so.
func checkFinished(ctx context.Context, out string, w io.Writer) (*rundir.Marker, error) {
	path := layout.Out{Dir: out}.Marker()
	ok, err := store.Exists(ctx, path)
	if err != nil {
		return nil, err
	}
	if !ok {
		if w != nil {
			fmt.Fprintf(w, "bookalign report: warning: %s has no run marker (%s), so whether its run finished cannot be checked\n", out, rundir.MarkerFile)
		}
		return nil, nil
	}
	m, err := rundir.ReadMarker(ctx, out)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", out, err)
	}
	if !m.Complete {
		return nil, fmt.Errorf("the run in %s (started %s) did not finish: it %s; its files may mix two runs, so no report is built from them (rerun it: bookalign run with --overwrite)", out, m.Started, m.Unfinished(rundir.Running(ctx, out)))
	}
	return m, nil
}

// checkCorpus refuses to report on a corpus that differs from the one the
// run of marker m read: the books of the report must be those the run
// aligned and summarized, or its highlights fall on other text. The
// corpus is corpusDir, or the run's (its test corpus, when it had one).
// A marker that lists its input files names the files that changed; an
// older one is checked by its fingerprint, when the corpus is the run's.
func checkCorpus(ctx context.Context, out string, m *rundir.Marker, corpusDir string, w io.Writer) error {
	var set struct{ Corpus, TestCorpus string }
	if err := json.Unmarshal(m.Settings, &set); err != nil {
		return fmt.Errorf("%s: the settings in %s: %w", out, rundir.MarkerFile, err)
	}
	runDir, test := set.Corpus, set.TestCorpus != ""
	if test {
		runDir = set.TestCorpus
	}
	dir := runDir
	if corpusDir != "" {
		dir = corpusDir
	}
	if m.InputFiles != nil {
		now, err := rundir.CorpusFiles(ctx, dir, "")
		if err != nil {
			return fmt.Errorf("reading the corpus %s: %w", dir, err)
		}
		if changes := m.InputFiles.Corpus(test).Changes(rundir.NewListing(now)); len(changes) > 0 {
			return changedCorpus(out, dir, m, listChanges(changes))
		}
		return nil
	}
	if dir != runDir {
		if w != nil {
			fmt.Fprintf(w, "bookalign report: warning: %s lists no input files, so whether the corpus %s is the one its run read cannot be checked\n", layout.Out{Dir: out}.Marker(), dir)
		}
		return nil
	}
	now, err := rundir.InputFiles(ctx, set.Corpus, set.TestCorpus)
	if err != nil {
		return fmt.Errorf("reading the corpus %s: %w", dir, err)
	}
	if fp := rundir.Fingerprint(now); fp != m.Inputs {
		return changedCorpus(out, dir, m, fmt.Sprintf("its fingerprint was %s and is now %s", m.Inputs, fp))
	}
	return nil
}

// changedCorpus is the error of a report refused because the corpus
// changed since the run: what says how.
func changedCorpus(out, dir string, m *rundir.Marker, what string) error {
	return fmt.Errorf("the corpus %s differs from the one the run in %s (started %s) read: %s; the report would show its alignments and selections on other text, so none is built (rerun the run, or give the corpus it read with --corpus)", dir, out, m.Started, what)
}

// listChanges joins the first changes of a corpus for a message.
func listChanges(changes []string) string {
	const named = 5
	if len(changes) <= named {
		return strings.Join(changes, "; ")
	}
	return strings.Join(changes[:named], "; ") + fmt.Sprintf("; and %d more", len(changes)-named)
}

// buildReport writes out/report, showing progress on w unless it is nil.
func buildReport(ctx context.Context, out, corpusDir string, w io.Writer) error {
	start := time.Now()
	opts := report.Options{Out: out, Corpus: corpusDir}
	if w != nil {
		last := time.Now()
		opts.Progress = func(done, total int) {
			if done < total && time.Since(last) > 5*time.Second {
				last = time.Now()
				fmt.Fprintf(w, "bookalign report: %d/%d book pages\n", done, total)
			}
		}
	}
	built, err := report.Build(ctx, opts)
	if err != nil {
		return err
	}
	if w != nil {
		fmt.Fprintf(w, "bookalign report: %d book pages in %.1fs: %s\n", built.Pages, time.Since(start).Seconds(), out+"/report/index.html")
		for _, f := range built.Failed {
			fmt.Fprintf(w, "bookalign report: no page for %s: %s\n", f.ID, f.Reason)
		}
	}
	return nil
}
