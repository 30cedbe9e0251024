package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/internal/beamrun"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rundir"
	"github.com/bookalign/bookalign/transforms"
	"github.com/bookalign/bookalign/wiki"
)

// runWikiExtract is `bookalign wiki-extract`: it parses its flags into
// flag.CommandLine, where Beam's flags live too, and runs the extraction
// pipeline.
func runWikiExtract(args []string) error {
	fs := flag.CommandLine
	dump := fs.String("dump", "", "pages-articles XML export `PATH`, plain or .bz2, local or gs://")
	index := fs.String("index", "", "multistream index `PATH` of --dump (…-multistream-index.txt.bz2): split the reading across workers by stream")
	out := fs.String("out", "", "output `DIR` for summaries.tsv and rejects.jsonl, local or gs://")
	chunkMB := fs.Int("chunk-mb", transforms.DefaultChunkBytes>>20, "with --index: MB of whole bzip2 streams per work item")
	minPlot := fs.Int("min-plot-words", 0, "reject plot sections with fewer words (0: keep any with a word; length filters come later)")
	term := addTerminalFlags(fs)
	if err := term.parse(fs, "wiki-extract", "bookalign wiki-extract --dump PATH --out DIR [--index PATH] [flags] [Beam flags such as --runner]", args); err != nil {
		return err
	}
	quiet := term.quiet
	cfg := pipelines.WikiConfig{
		Dump: *dump, Index: *index, Out: dirFlag(*out),
		ChunkBytes: int64(*chunkMB) << 20, Extractor: wiki.Extractor{MinWords: *minPlot},
	}
	if err := checkWorkerPaths(rundir.Input{Flag: "--dump", Path: cfg.Dump}, rundir.Input{Flag: "--index", Path: cfg.Index}, rundir.Input{Flag: "--out", Path: cfg.Out}); err != nil {
		return err
	}
	_, err := extractDump(context.Background(), cfg, *quiet)
	return err
}

// extractDump checks the inputs of a wiki-extract, runs it and reports.
func extractDump(ctx context.Context, cfg pipelines.WikiConfig, quiet bool) (beam.PipelineResult, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	for flagName, path := range map[string]string{"--dump": cfg.Dump, "--index": cfg.Index} {
		if path == "" {
			continue
		}
		if ok, err := store.Exists(ctx, path); err != nil || !ok {
			return nil, fmt.Errorf("%s %s: no such file%s", flagName, path, errSuffix(err))
		}
	}
	how := "sequentially (no --index)"
	if cfg.Index != "" {
		how = "split by the streams of " + cfg.Index
	}
	return runPipeline(ctx, "wiki-extract", fmt.Sprintf("%s → %s, read %s", cfg.Dump, cfg.Out, how), quiet,
		func(s beam.Scope) { pipelines.WikiExtract(s, cfg) },
		func(res beam.PipelineResult, elapsed time.Duration) {
			c := counterTotals(res)
			secs := elapsed.Seconds()
			fmt.Fprintf(os.Stderr, "bookalign wiki-extract: %d pages (%.1f MB of input) in %.1fs: %.0f pages/s, %.2f MB/s; %d summaries, %d book pages rejected\n",
				c["wiki_pages_read"], float64(c["wiki_bytes_read"])/1e6, secs, float64(c["wiki_pages_read"])/secs,
				float64(c["wiki_bytes_read"])/1e6/secs, c["wiki_summaries"], c["wiki_book_pages_rejected"])
		})
}

// runPipeline builds a pipeline with build, runs it on the runner the Beam
// flags choose, and, unless quiet, shows progress, the counters and what
// report prints.
func runPipeline(ctx context.Context, name, what string, quiet bool, build func(beam.Scope), report func(beam.PipelineResult, time.Duration)) (beam.PipelineResult, error) {
	p, s := beam.NewPipelineWithRoot()
	build(s)
	stopProgress := func() {}
	if !quiet {
		fmt.Fprintf(os.Stderr, "bookalign %s: %s\n", name, what)
		stopProgress = showProgress(nil)
	}
	start := time.Now()
	res, err := beamrun.Run(ctx, p)
	stopProgress()
	if err != nil {
		return nil, fmt.Errorf("%s pipeline failed: %w", name, err)
	}
	if !quiet {
		printCounters(counterTotals(res))
		if report != nil {
			report(res, time.Since(start))
		} else {
			fmt.Fprintf(os.Stderr, "bookalign %s: done in %.1fs\n", name, time.Since(start).Seconds())
		}
	}
	return res, nil
}
