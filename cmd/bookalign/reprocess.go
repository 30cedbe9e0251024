package main

import (
	"context"
	"flag"
	"io"
	"os"

	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/reprocess"
	"github.com/bookalign/bookalign/rundir"
)

// runReprocess is `bookalign reprocess`: it parses its flags into
// flag.CommandLine, where Beam's flags live too, and runs a reprocess.Job
// on Beam's filesystems with the pipelines of wiki-extract, match and run
// as its steps.
func runReprocess(args []string) error {
	fs := flag.CommandLine
	dumps := fs.String("dumps", "", "`DIR` where Wikipedia dumps (enwiki-YYYYMMDD-pages-articles[-multistream].xml.bz2 and the multistream index, a part of a split dump, or enwiki-latest-…, dated by its content) arrive, local or gs://")
	stateDir := fs.String("state", "", "`DIR` holding state.json, the record of processed dumps, local or gs://")
	out := fs.String("out", "", "output `DIR`: each dump's outputs go to OUT/YYYYMMDD, local or gs://")
	catalog := fs.String("catalog", "", "Project Gutenberg's pg_catalog.csv `PATH`")
	books := fs.String("books", "", "Gutenberg mirror `DIR` holding <n>.txt or <n>/<n>-0.txt")
	decisions := fs.String("decisions", "", "decision list `FILE` for match (key<TAB>ebook<TAB>note lines)")
	experiment := withBuiltinRouge(fs, addExperimentFlags(fs))
	term := addTerminalFlags(fs)
	if err := term.parse(fs, "reprocess", "bookalign reprocess --dumps DIR --state DIR --out DIR --catalog CSV --books MIRROR [experiment flags as for run] [Beam flags]", args, experimentGroups...); err != nil {
		return err
	}
	cfg, err := experiment()
	if err != nil {
		return err
	}
	steps := &reprocessSteps{experiment: cfg, catalog: *catalog, books: dirFlag(*books), decisions: *decisions, quiet: *term.quiet, verbose: *term.verbose}
	settings := steps.experiment
	settings.Corpus, settings.Out = "", ""
	job := &reprocess.Job{
		Dumps: dirFlag(*dumps), StateDir: dirFlag(*stateDir), Out: dirFlag(*out),
		Catalog: steps.catalog, Books: steps.books, Decisions: steps.decisions, Settings: settings,
		Steps: steps, Crash: reprocess.CrashHook(),
	}
	paths := append(runDirs(cfg), rundir.Input{Flag: "--dumps", Path: job.Dumps}, rundir.Input{Flag: "--state", Path: job.StateDir}, rundir.Input{Flag: "--out", Path: job.Out},
		rundir.Input{Flag: "--catalog", Path: job.Catalog}, rundir.Input{Flag: "--books", Path: job.Books}, rundir.Input{Flag: "--decisions", Path: job.Decisions})
	if err := checkWorkerPaths(paths...); err != nil {
		return err
	}
	if !steps.quiet {
		job.Log, job.Stdout = os.Stderr, os.Stdout
	}
	return job.Run(context.Background())
}

// reprocessSteps are the reprocess.Steps of the command: the pipelines of
// wiki-extract, match and run, and the report.
type reprocessSteps struct {
	experiment                pipelines.Config // Corpus and Out are set per dump
	catalog, books, decisions string
	quiet, verbose            bool
}

// Check validates the experiment's settings and checks the inputs that
// exist before a dump has made its corpus (pipelines.CheckInputs).
func (s *reprocessSteps) Check(ctx context.Context) error {
	check := s.experiment
	check.Corpus, check.Out = "corpus", "out"
	if err := check.Check(); err != nil {
		return err
	}
	check.Corpus = ""
	return pipelines.CheckInputs(ctx, check)
}

func (s *reprocessSteps) Extract(ctx context.Context, dump, index, out string) error {
	_, err := extractDump(ctx, pipelines.WikiConfig{Dump: dump, Index: index, Out: out}, s.quiet)
	return err
}

func (s *reprocessSteps) Match(ctx context.Context, summaries, out, source string) error {
	cfg := pipelines.MatchConfig{
		Summaries: summaries, Catalog: s.catalog, Books: s.books, Out: out, Decisions: s.decisions, Source: source,
	}
	_, err := buildCorpus(ctx, cfg, s.quiet)
	return err
}

// Experiment runs the pipeline of `bookalign run` on the corpus, naming it
// corpusName in the results, once it has passed run's preflight
// (pipelines.Preflight), and ends as run does (runAndReport, without
// the report, which is a step of its own): the final counts read from the
// outputs, and an error that says why when every pair was rejected, so
// that the dump is not recorded as processed with no result.
func (s *reprocessSteps) Experiment(ctx context.Context, corpusDir, out, corpusName string) error {
	cfg := s.experiment
	cfg.Corpus, cfg.Out, cfg.CorpusName = corpusDir, out, corpusName
	checked, err := pipelines.Preflight(ctx, &cfg)
	if err != nil {
		return err
	}
	_, err = runAndReport(ctx, cfg, checked, false, s.quiet, s.verbose)
	return err
}

func (s *reprocessSteps) Report(ctx context.Context, out, corpusDir string) error {
	var progress io.Writer
	if !s.quiet {
		progress = os.Stderr
	}
	return buildReport(ctx, out, corpusDir, progress)
}
