package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/beamrun"
	"github.com/bookalign/bookalign/internal/jsonl"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rundir"

	// Runners selectable with --runner.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	//lint:ignore SA1019 --runner=direct is one of the runners a run may name, and its outputs are tested equal to prism's (pipelines.TestRunnersAgree)
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal"
)

// runExperiment is `bookalign run`: it parses its flags into flag.CommandLine,
// where Beam's flags (--runner, --endpoint, ...) live too, builds the
// experiment pipeline and runs it.
func runExperiment(args []string) error {
	fs := flag.CommandLine
	corpusDir := fs.String("corpus", os.Getenv("BOOKALIGN_CORPUS"), "corpus `DIR` (pairs.tsv, books/, summaries/), local or gs://; default $BOOKALIGN_CORPUS")
	out := fs.String("out", "", "output `DIR`, local or gs://")
	testCorpus := fs.String("test-corpus", "", "train on all of --corpus and score on this corpus `DIR` instead of cross-validating")
	overwrite := fs.Bool("overwrite", false, "clear --out first when it holds an unfinished run or one of other settings")
	writeReport := fs.Bool("report", true, "write the HTML report OUT/report when the run has finished")
	cpuProfile := fs.String("cpuprofile", "", "write a Go CPU profile to `FILE` (with prism or direct it covers the workers)")
	memProfile := fs.String("memprofile", "", "write a Go heap profile to `FILE`, taken at the largest live heap (with prism or direct it covers the workers)")
	headroom := addHeadroomFlag(fs)
	experiment := withBuiltinRouge(fs, addExperimentFlags(fs))
	term := addTerminalFlags(fs)
	groups := append([]flagGroup{{"Input and output", []string{"corpus", "out", "test-corpus", "rouge-data", "thesaurus", "overwrite", "report"}}}, experimentGroups...)
	if err := term.parse(fs, "run", "bookalign run --corpus DIR --out DIR [flags] [Beam flags such as --runner]", args, groups...); err != nil {
		return err
	}
	quiet := term.quiet
	cfg, err := experiment()
	if err != nil {
		return err
	}
	cfg.Corpus, cfg.TestCorpus = dirFlag(*corpusDir), dirFlag(*testCorpus)
	if cfg.Out, err = outFlag(*out); err != nil {
		return err
	}
	if err := checkWorkerPaths(append(runDirs(cfg), rundir.Input{Flag: "--out", Path: cfg.Out})...); err != nil {
		return err
	}
	if p := *jobopts.Parallelism; p != -1 && p < 1 {
		return fmt.Errorf("--parallelism %d: want 1 or more workers, or leave it out for the cluster's own", p)
	}
	cfg.TrainByMethod = trainByMethod(inProcessRunner(), *jobopts.Parallelism, cfg.TrainingSets())
	ctx := context.Background()
	checked, err := pipelines.Preflight(ctx, &cfg)
	if err != nil {
		return err
	}
	if checked.Note != "" && !*quiet {
		fmt.Fprintf(os.Stderr, "bookalign run: %s\n", checked.Note)
	}
	var say func(string)
	if !*quiet {
		say = func(note string) { fmt.Fprintf(os.Stderr, "bookalign run: --out %s: %s\n", cfg.Out, note) }
	}
	if (*cpuProfile != "" || *memProfile != "") && !inProcessRunner() && !*quiet {
		fmt.Fprintln(os.Stderr, "bookalign run: --cpuprofile and --memprofile profile this process: with this --runner the workers run elsewhere (in it only with --environment_type=LOOPBACK)")
	}
	stopHeadroom, err := startHeadroom(*headroom, flagGiven(fs, "gc-headroom"), func(note string) {
		if !*quiet {
			fmt.Fprintf(os.Stderr, "bookalign run: %s\n", note)
		}
	})
	if err != nil {
		return err
	}
	defer stopHeadroom()
	stop, err := startProfiles(*cpuProfile, *memProfile)
	if err != nil {
		return err
	}
	dir, err := openOutDir(ctx, cfg, *overwrite, say)
	if err != nil {
		stop(false)
		return err
	}
	start := time.Now()
	counters, err := runAndReport(ctx, cfg, checked, *writeReport, *quiet, *term.verbose)
	if err == nil {
		dir.Marker.Warnings, err = runWarnings(ctx, cfg, counters)
	}
	if ferr := dir.Finish(ctx, err); err == nil {
		err = ferr
	}
	if perr := stop(!*quiet); err == nil {
		err = perr
	}
	if err != nil || *quiet {
		return err
	}
	fmt.Fprintf(os.Stderr, "bookalign run: done in %.1fs; results in %s\n\n", time.Since(start).Seconds(), cfg.Out)
	return printCompact(ctx, os.Stdout, cfg.Out, *writeReport)
}

// printCompact prints the compact results table of the finished run in
// out (evaluate.Results.Compact), read from its results.json, naming
// table.md and, with report, the report as where the full tables are.
func printCompact(ctx context.Context, w io.Writer, out string, report bool) error {
	o := layout.Out{Dir: out}
	b, err := store.ReadWritten(ctx, o.Results())
	if err != nil {
		return err
	}
	res, err := evaluate.ParseResults(b)
	if err != nil {
		return fmt.Errorf("%s: %w", o.Results(), err)
	}
	if few := evaluate.FewBooks(res.Books); few != "" {
		fmt.Fprintf(os.Stderr, "bookalign run: warning: %s\n\n", few)
	}
	full := []string{o.Table()}
	if report {
		full = append(full, o.Report().Index())
	}
	_, err = w.Write(res.Compact(full...))
	return err
}

// inProcessRunner reports whether Beam's --runner runs the pipeline in this
// process (prism, the default, or direct), on this machine's cores: there a
// training set's models train best together (trainByMethod).
func inProcessRunner() bool {
	switch flagValue("runner") {
	case "", "prism", "direct":
		return true
	}
	return false
}

// trainByMethod reports whether the run trains each model as a Beam
// element of its own (pipelines.Config.TrainByMethod) rather than a
// training set's models together, given whether the runner is in process,
// Beam's --parallelism (Flink's; -1: not given) and the number of
// training sets. Together, a set's models share their passes over its rows
// and its one coverage fit: on the 245 books, Flink at parallelism 2 took
// 204 s and 398 CPU-s so, against 229-258 s and 445-497 CPU-s one model an
// element (docs/benchmarks.md). Apart, they spread over more workers than
// there are sets. So a set's models go apart only on a runner with more
// workers than sets, or whose number of workers is not known here.
func trainByMethod(inProcess bool, parallelism, sets int) bool {
	if inProcess {
		return false
	}
	return parallelism < 1 || parallelism > sets
}

// runAndReport runs the experiment pipeline of cfg, which has passed
// its preflight (checked: the methods that run and the pairs of the
// corpora, for the header and the progress line), prints the final
// counts of what became of the pairs (printEndOfRun) and, if asked, builds
// its report. A run none of whose pairs has results is an error that says
// why (allRejected), once the rejects are written. It returns the
// pipeline's bookalign counters, as the runner reported them.
func runAndReport(ctx context.Context, cfg pipelines.Config, checked pipelines.PreflightResult, writeReport, quiet, verbose bool) (map[string]int64, error) {
	p, s := beam.NewPipelineWithRoot()
	pipelines.Experiment(s, cfg)
	stopProgress := func() {}
	if !quiet {
		aligners := ""
		if a := cfg.AlignOptions().Methods; len(a) > 0 {
			aligners = "; aligners " + strings.Join(a, ",")
		}
		fmt.Fprintf(os.Stderr, "bookalign run: corpus %s → %s (methods %s%s)\n", cfg.Corpus, cfg.Out, strings.Join(checked.Methods, ","), aligners)
		stopProgress = showProgress(cfg.ProgressTotals(checked.Pairs, checked.TestPairs))
	}
	res, err := beamrun.Run(ctx, p)
	stopProgress()
	if err != nil {
		return nil, pipelineError(err)
	}
	counters := counterTotals(res)
	var progress io.Writer = os.Stderr
	if quiet {
		progress = nil
	} else if err := printEndOfRun(ctx, os.Stderr, cfg.Out, counters, verbose); err != nil {
		return counters, err
	}
	if err := allRejected(ctx, cfg); err != nil {
		return counters, err
	}
	if writeReport {
		if err := buildReport(ctx, cfg.Out, cfg.TestCorpus, progress); err != nil {
			return counters, fmt.Errorf("the run finished but its report failed: %w", err)
		}
	}
	return counters, nil
}

// runWarnings are the warnings of a finished run, for its marker: what
// the log said that a reader of the outputs should know too.
func runWarnings(ctx context.Context, cfg pipelines.Config, counters map[string]int64) ([]string, error) {
	res, err := readResults(ctx, cfg.Out)
	if err != nil {
		return nil, err
	}
	var warnings []string
	if res.Books+res.Rejected == 0 {
		warnings = append(warnings, "the corpus index has a header but no rows: no pair was processed")
	}
	if n := counters["lambda_fallbacks"]; n > 0 {
		warnings = append(warnings, fmt.Sprintf("%d of %d models were trained with a fixed lambda, the strongest candidate: their training books were too few to choose it on an inner split", n, counters["models_trained"]))
	}
	if w := evaluate.FewBooks(res.Books); w != "" {
		warnings = append(warnings, w)
	}
	if skipped, err := store.Exists(ctx, corpus.Join(cfg.Out, layout.Rel.BoundaryNote())); err != nil {
		return nil, err
	} else if skipped {
		warnings = append(warnings, "Figure 3 was not drawn: "+layout.Rel.BoundaryNote()+" says why")
	}
	return warnings, nil
}

// allRejected returns an error when the run scored no book although it
// read pairs: every pair was rejected. The error says how many there
// were, the commonest reasons (outcome.DescribeRejects) and where every
// reject is, which the pipeline has written.
func allRejected(ctx context.Context, cfg pipelines.Config) error {
	out := layout.Out{Dir: cfg.Out}
	res, err := readResults(ctx, cfg.Out)
	if err != nil {
		return err
	}
	if res.Books > 0 || res.Rejected == 0 {
		return nil
	}
	rejects, err := readRejects(ctx, out.Rejects())
	if err != nil {
		return err
	}
	what := "pairs"
	if cfg.TestCorpus != "" {
		what = "pairs of the test corpus (--test-corpus)"
	}
	return fmt.Errorf("all %d %s were rejected, so no summary was scored: %s; every reject and its reason is in %s",
		res.Rejected, what, outcome.DescribeRejects(rejects, 3), out.Rejects())
}

// readResults reads OUT/results.json.
func readResults(ctx context.Context, dir string) (*evaluate.Results, error) {
	b, err := store.ReadWritten(ctx, layout.Out{Dir: dir}.Results())
	if err != nil {
		return nil, err
	}
	var res evaluate.Results
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, fmt.Errorf("%s: %w", layout.Out{Dir: dir}.Results(), err)
	}
	return &res, nil
}

// readRejects reads a rejects.jsonl file.
func readRejects(ctx context.Context, path string) ([]outcome.Reject, error) {
	b, err := store.ReadWritten(ctx, path)
	if err != nil {
		return nil, err
	}
	rejects, err := jsonl.Parse[outcome.Reject](b, 0, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rejects, nil
}

// errSuffix is ": " and err's message, or nothing without an error.
func errSuffix(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}

// counterTotals sums the pipeline's bookalign counters by name (none when
// the runner returns no result).
func counterTotals(res beam.PipelineResult) map[string]int64 {
	totals := map[string]int64{}
	if res == nil {
		return totals
	}
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Key.Namespace == "bookalign" {
			totals[c.Key.Name] += c.Result()
		}
	}
	return totals
}

// printEndOfRun prints to w the final counts of a finished run: what
// became of the pairs, read from the files the run wrote (results.json,
// rejects.jsonl, and train_rejects.jsonl with a test corpus), so that the
// same run prints the same figures on every runner and every time. With
// verbose it prints the runner's counters too (runner, by name), marked
// as the runner's: a runner may report them in part (prism, as of Beam
// v2.77, keeps one bundle's counts of several that finish before it has
// learned a counter's name), and they vary from one run to the next.
func printEndOfRun(ctx context.Context, w io.Writer, dir string, runner map[string]int64, verbose bool) error {
	res, err := readResults(ctx, dir)
	if err != nil {
		return err
	}
	out := layout.Out{Dir: dir}
	rejects, err := readRejects(ctx, out.Rejects())
	if err != nil {
		return err
	}
	scored := 0
	for _, m := range res.Methods {
		scored += m.Books
	}
	fmt.Fprintf(w, "bookalign run: final counts, from %s and %s:\n", layout.Rel.Results(), layout.Rel.Rejects())
	line := func(name string, n int) { fmt.Fprintf(w, "  %-36s %d\n", name, n) }
	line("pairs_read", res.Books+res.Rejected)
	line("books_evaluated", res.Books)
	line("summaries_scored", scored)
	line("pairs_rejected", res.Rejected)
	byStage(rejects, func(stage string, n int) { line("rejected_"+stage, n) })
	train := corpus.Join(dir, layout.Rel.TrainRejects())
	if ok, err := store.Exists(ctx, train); err != nil {
		return err
	} else if ok {
		trainRejects, err := readRejects(ctx, train)
		if err != nil {
			return err
		}
		line("training_pairs_rejected", len(trainRejects))
		byStage(trainRejects, func(stage string, n int) { line("training_rejected_"+stage, n) })
	}
	if !verbose || len(runner) == 0 {
		return nil
	}
	fmt.Fprintln(w, "bookalign run: the runner's counters, as it reported them (they may miss some bundles' counts):")
	printSorted(w, runner, 36)
	return nil
}

// printCounters prints the bookalign counters of a finished pipeline, one
// a line, sorted by name, under a line that says they are the runner's
// account (printEndOfRun says why it may be partial).
func printCounters(totals map[string]int64) {
	if len(totals) == 0 {
		return
	}
	fmt.Fprintln(os.Stderr, "  counters, as the runner reported them (they may miss some bundles' counts):")
	printSorted(os.Stderr, totals, 24)
}

// printSorted prints counters to w one a line, indented, sorted by name,
// the names padded to width.
func printSorted(w io.Writer, counters map[string]int64, width int) {
	for _, n := range slices.Sorted(maps.Keys(counters)) {
		fmt.Fprintf(w, "  %-*s %d\n", width, n, counters[n])
	}
}

// byStage calls f with each stage of rejects and its number of rejects,
// in the order of the stages' first rejects (outcome.SortRejects: by row).
func byStage(rejects []outcome.Reject, f func(stage string, n int)) {
	outcome.SortRejects(rejects)
	count := map[string]int{}
	var stages []string
	for _, r := range rejects {
		if count[r.Stage] == 0 {
			stages = append(stages, r.Stage)
		}
		count[r.Stage]++
	}
	for _, st := range stages {
		f(st, count[st])
	}
}

// pipelineError is the error of a pipeline that failed: the error that
// failed it, as the DoFn that returned it wrote it, and the DoFn's name,
// rather than the runner's account of its bundles, stages and coders,
// which the runner has logged. An error of another form is returned
// whole.
func pipelineError(err error) error {
	msg := err.Error()
	loc := failedDoFn.FindAllStringSubmatchIndex(msg, -1)
	if len(loc) == 0 {
		return fmt.Errorf("pipeline failed: %w", err)
	}
	last := loc[len(loc)-1]
	name := strings.TrimPrefix(msg[last[2]:last[3]], "github.com/bookalign/bookalign/")
	cause := strings.TrimSpace(msg[last[1]:])
	if cause == "" {
		return fmt.Errorf("pipeline failed: %w", err)
	}
	return fmt.Errorf("pipeline failed in %s: %s", name, cause)
}

// failedDoFn finds where Beam's SDK harness says which DoFn failed, the
// error it returned following: "DoFn[UID:14, PID:e31, Name:
// github.com/bookalign/bookalign/transforms.trainFn] failed:".
var failedDoFn = regexp.MustCompile(`DoFn\[[^\]]*?Name: ([^\]]+)\] failed:`)

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
