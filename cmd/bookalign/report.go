package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/bookalign/bookalign/report"
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
	return buildReport(context.Background(), strings.TrimRight(*out, "/"), strings.TrimRight(*corpusDir, "/"), progress)
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
