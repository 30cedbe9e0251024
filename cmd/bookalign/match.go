package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rundir"
	"github.com/bookalign/bookalign/transforms"
)

// runMatch is `bookalign match`: it parses its flags into flag.CommandLine,
// where Beam's flags live too, and runs the matching pipeline, which writes
// a corpus.
func runMatch(args []string) error {
	fs := flag.CommandLine
	summaries := fs.String("summaries", "", "summaries `TSV` written by wiki-extract (or the CMU booksummaries.txt), local or gs://")
	catalog := fs.String("catalog", "", "Project Gutenberg's pg_catalog.csv `PATH`, local or gs://")
	books := fs.String("books", "", "Gutenberg mirror `DIR` holding <n>.txt or <n>/<n>-0.txt, local or gs://")
	out := fs.String("out", "", "corpus `DIR` to write (pairs.tsv, books/, summaries/, matches.jsonl, rejects.jsonl), local or gs://")
	decisions := fs.String("decisions", "", "decision list `FILE` (key<TAB>ebook<TAB>note lines) settling ambiguous summaries")
	source := fs.String("source", "", "where the summaries come from, for pairs.tsv's summary_source column (default: the --summaries path)")
	term := addTerminalFlags(fs)
	if err := term.parse(fs, "match", "bookalign match --summaries TSV --catalog pg_catalog.csv --books DIR --out CORPUS [--decisions FILE] [Beam flags]", args); err != nil {
		return err
	}
	quiet := term.quiet
	cfg := pipelines.MatchConfig{
		Summaries: *summaries, Catalog: *catalog, Books: dirFlag(*books),
		Out: dirFlag(*out), Decisions: *decisions, Source: *source,
	}
	if err := checkWorkerPaths(rundir.Input{Flag: "--summaries", Path: cfg.Summaries}, rundir.Input{Flag: "--catalog", Path: cfg.Catalog},
		rundir.Input{Flag: "--books", Path: cfg.Books}, rundir.Input{Flag: "--out", Path: cfg.Out}, rundir.Input{Flag: "--decisions", Path: cfg.Decisions}); err != nil {
		return err
	}
	_, err := buildCorpus(context.Background(), cfg, *quiet)
	return err
}

// buildCorpus checks the inputs of a match, runs it and reports.
func buildCorpus(ctx context.Context, cfg pipelines.MatchConfig, quiet bool) (beam.PipelineResult, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	for _, in := range []struct{ flag, path string }{{"--summaries", cfg.Summaries}, {"--catalog", cfg.Catalog}, {"--decisions", cfg.Decisions}} {
		if in.path == "" {
			continue
		}
		if ok, err := store.Exists(ctx, in.path); err != nil || !ok {
			return nil, fmt.Errorf("%s %s: no such file%s", in.flag, in.path, errSuffix(err))
		}
	}
	// A bad catalog header or decision list stops here, not on a worker.
	if _, _, err := transforms.LoadMatcher(ctx, cfg.Catalog, cfg.Decisions); err != nil {
		return nil, err
	}
	return runPipeline(ctx, "match", fmt.Sprintf("%s with %s and the books of %s → %s", cfg.Summaries, cfg.Catalog, cfg.Books, cfg.Out), quiet,
		func(s beam.Scope) { pipelines.Match(s, cfg) },
		func(res beam.PipelineResult, elapsed time.Duration) {
			c := counterTotals(res)
			fmt.Fprintf(os.Stderr, "bookalign match: %d summaries → %d pairs in %.1fs; %d rejected (see %s/rejects.jsonl)\n",
				c["summaries_read"], c["books_fetched"], elapsed.Seconds(), c["summaries_read"]-c["books_fetched"], cfg.Out)
		})
}
