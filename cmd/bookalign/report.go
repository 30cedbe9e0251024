package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/report"
	"github.com/bookalign/bookalign/rundir"
	"github.com/bookalign/bookalign/transforms"
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
	ctx, dir := context.Background(), strings.TrimRight(*out, "/")
	if err := checkFinished(ctx, dir, progress); err != nil {
		return err
	}
	return buildReport(ctx, dir, strings.TrimRight(*corpusDir, "/"), progress)
}

// checkFinished refuses an output directory whose run marker says the run
// did not finish. A directory without a marker (made by reprocess or by an
// older bookalign) cannot be checked: w, when not nil, is told so.
func checkFinished(ctx context.Context, out string, w io.Writer) error {
	path := layout.Out{Dir: out}.Marker()
	ok, err := transforms.Exists(ctx, path)
	if err != nil {
		return err
	}
	if !ok {
		if w != nil {
			fmt.Fprintf(w, "bookalign report: warning: %s has no run marker (%s), so whether its run finished cannot be checked\n", out, rundir.MarkerFile)
		}
		return nil
	}
	m, err := readMarker(ctx, out)
	if err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	if !m.Complete {
		return fmt.Errorf("the run in %s (started %s) did not finish: it %s; its files may mix two runs, so no report is built from them (rerun it with --overwrite)", out, m.Started, m.Unfinished())
	}
	return nil
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
	built, err := report.Build(ctx, report.Files{Read: transforms.ReadFile, Exists: transforms.Exists, Write: transforms.WriteFile}, opts)
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
