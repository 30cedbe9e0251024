package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/beamrun"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/transforms"

	// Runners selectable with --runner.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
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
	testCorpus := fs.String("test-corpus", "", "train on all of --corpus and evaluate on this corpus `DIR` instead of cross-validating")
	writeReport := fs.Bool("report", true, "write the HTML report OUT/report when the pipeline has finished (bookalign report rebuilds it later)")
	cpuProfile := fs.String("cpuprofile", "", "write a Go CPU profile of this process to `FILE` (go tool pprof FILE); with the in-process runners (prism, direct) it covers the workers too")
	overwrite := fs.Bool("overwrite", false, "clear --out first when it holds an earlier bookalign run that did not finish or had other settings (a finished run of the same settings is cleared and rerun without it)")
	experiment := addExperimentFlags(fs)
	term := addTerminalFlags(fs)
	if err := term.parse(fs, "run", "bookalign run --corpus DIR --out DIR [flags] [Beam flags such as --runner]", args); err != nil {
		return err
	}
	quiet := term.quiet
	cfg := experiment()
	cfg.Corpus, cfg.Out = strings.TrimRight(*corpusDir, "/"), strings.TrimRight(*out, "/")
	cfg.TestCorpus = strings.TrimRight(*testCorpus, "/")
	if err := checkCoverageFlags(cfg.Features); err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil {
		return err
	}

	ctx := context.Background()
	if err := checkInputs(ctx, cfg); err != nil {
		return err
	}
	var say func(string)
	if !*quiet {
		say = func(note string) { fmt.Fprintf(os.Stderr, "bookalign run: --out %s: %s\n", cfg.Out, note) }
	}
	dir, err := openOutDir(ctx, cfg, *overwrite, say)
	if err != nil {
		return err
	}
	stop, err := startCPUProfile(*cpuProfile)
	if err != nil {
		return err
	}
	start := time.Now()
	counters, err := runAndReport(ctx, cfg, *writeReport, *quiet)
	if err == nil {
		dir.marker.Warnings, err = runWarnings(ctx, cfg, counters)
	}
	if ferr := dir.finish(ctx, err); err == nil {
		err = ferr
	}
	if perr := stop(); err == nil {
		err = perr
	}
	if err != nil || *quiet {
		return err
	}
	fmt.Fprintf(os.Stderr, "bookalign run: done in %.1fs; results in %s\n\n", time.Since(start).Seconds(), cfg.Out)
	table, err := transforms.ReadFile(ctx, layout.Out{Dir: cfg.Out}.Table())
	if err != nil {
		return err
	}
	os.Stdout.Write(table)
	return nil
}

// runAndReport runs the experiment pipeline of cfg and, if asked, builds
// its report. It returns the pipeline's bookalign counters.
func runAndReport(ctx context.Context, cfg pipelines.Config, writeReport, quiet bool) (map[string]int64, error) {
	p, s := beam.NewPipelineWithRoot()
	pipelines.Experiment(s, cfg)
	if !quiet {
		transforms.ShowProgress(os.Stderr)
		beside := ""
		for _, v := range cfg.Beside {
			beside += "; beside " + v.Name
		}
		fmt.Fprintf(os.Stderr, "bookalign run: corpus %s → %s (methods %s; aligners %s%s)\n", cfg.Corpus, cfg.Out, strings.Join(cfg.Methods, ","), strings.Join(cfg.Align.Methods, ","), beside)
	}
	res, err := beamrun.Run(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("pipeline failed: %w", err)
	}
	counters := counterTotals(res)
	var progress io.Writer = os.Stderr
	if quiet {
		progress = nil
	} else {
		printCounters(counters)
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
	b, err := transforms.ReadFile(ctx, layout.Out{Dir: cfg.Out}.Results())
	if err != nil {
		return nil, err
	}
	var res evaluate.Results
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, err
	}
	var warnings []string
	if res.Books+res.Rejected == 0 {
		warnings = append(warnings, "the corpus index has a header but no rows: no pair was processed")
	}
	if n := counters["lambda_fallbacks"]; n > 0 {
		warnings = append(warnings, fmt.Sprintf("%d of %d models were trained with a fixed lambda, the strongest candidate: their training books were too few to choose it on an inner split", n, counters["models_trained"]))
	}
	if cfg.AlignOptions().SynonymsWithoutThesaurus() {
		warnings = append(warnings, "the paper's Token HMM emitted identical words only, without its synonyms: no --thesaurus was given")
	}
	if counters["figures_skipped"] > 0 {
		warnings = append(warnings, "Figure 3 was not drawn: "+layout.Rel.BoundaryNote()+" says why")
	}
	return warnings, nil
}

// checkInputs turns a missing corpus or ROUGE data directory into a clear
// error before any pipeline starts.
func checkInputs(ctx context.Context, cfg pipelines.Config) error {
	for _, dir := range []string{cfg.Corpus, cfg.TestCorpus} {
		if dir == "" {
			continue
		}
		index := corpus.Layout{Dir: dir}.Pairs()
		if ok, err := transforms.Exists(ctx, index); err != nil || !ok {
			return fmt.Errorf("no corpus index at %s (is %q a corpus directory?)%s", index, dir, errSuffix(err))
		}
		if err := transforms.CheckInput(index, "", true); err != nil {
			return fmt.Errorf("the corpus index: %w", err)
		}
	}
	if cfg.Align.Thesaurus != "" {
		path := corpus.Join(cfg.Align.Thesaurus, align.ThesaurusFile)
		if ok, err := transforms.Exists(ctx, path); err != nil || !ok {
			return fmt.Errorf("thesaurus %s missing (--thesaurus %q)%s", path, cfg.Align.Thesaurus, errSuffix(err))
		}
	}
	if cfg.Rouge.DataDir != "" {
		for _, name := range transforms.RougeDataFiles {
			path := corpus.Join(cfg.Rouge.DataDir, name)
			if ok, err := transforms.Exists(ctx, path); err != nil || !ok {
				return fmt.Errorf("ROUGE data file %s missing (--rouge-data %q)%s", path, cfg.Rouge.DataDir, errSuffix(err))
			}
		}
	}
	return nil
}

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

// printCounters prints the bookalign counters of a finished run, one a
// line, sorted by name.
func printCounters(totals map[string]int64) {
	names := make([]string, 0, len(totals))
	for n := range totals {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-24s %d\n", n, totals[n])
	}
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
