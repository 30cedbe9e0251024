package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/reprocess"
	"github.com/bookalign/bookalign/transforms"
	"github.com/bookalign/bookalign/wiki"
)

// The stages of a reprocessing, in order, as recorded in progress.json.
const (
	stageExtract    = "extract"
	stageMatch      = "match"
	stageExperiment = "experiment"
	stageChanges    = "changes"
	stageMove       = "move"
)

// reprocessJob is one run of `bookalign reprocess`.
type reprocessJob struct {
	Dumps, StateDir, Out        string
	Catalog, Books, Decisions   string
	Experiment                  pipelines.Config // Corpus and Out are set per dump
	Quiet                       bool
	stdout, stderr              io.Writer
	dump                        reprocess.Dump
	final, work                 string
	progress                    reprocess.Progress
	summaries, pairs, evaluated int
}

// runReprocess is `bookalign reprocess`: it parses its flags into
// flag.CommandLine, where Beam's flags live too, finds the newest dump and,
// unless the state says it was done, runs wiki-extract, match and the
// experiment on it.
func runReprocess(args []string) error {
	fs := flag.CommandLine
	dumps := fs.String("dumps", "", "`DIR` where Wikipedia dumps (enwiki-YYYYMMDD-pages-articles[-multistream].xml.bz2, and the multistream index) arrive, local or gs://")
	stateDir := fs.String("state", "", "`DIR` holding state.json, the record of processed dumps, local or gs://")
	out := fs.String("out", "", "output `DIR`: each dump's outputs go to OUT/YYYYMMDD, local or gs://")
	catalog := fs.String("catalog", "", "Project Gutenberg's pg_catalog.csv `PATH`")
	books := fs.String("books", "", "Gutenberg mirror `DIR` holding <n>.txt or <n>/<n>-0.txt")
	decisions := fs.String("decisions", "", "decision list `FILE` for match (key<TAB>ebook<TAB>note lines)")
	experiment := addExperimentFlags(fs)
	term := addTerminalFlags(fs)
	if err := term.parse(fs, "reprocess", "bookalign reprocess --dumps DIR --state DIR --out DIR --catalog CSV --books MIRROR [experiment flags as for run] [Beam flags]", args); err != nil {
		return err
	}
	quiet := term.quiet
	cfg := experiment()
	job := &reprocessJob{
		Dumps: strings.TrimRight(*dumps, "/"), StateDir: strings.TrimRight(*stateDir, "/"), Out: strings.TrimRight(*out, "/"),
		Catalog: *catalog, Books: strings.TrimRight(*books, "/"), Decisions: *decisions,
		Experiment: cfg, Quiet: *quiet, stdout: os.Stdout, stderr: os.Stderr,
	}
	return job.run(context.Background())
}

// run processes the newest dump, or does nothing if it was processed.
func (j *reprocessJob) run(ctx context.Context) error {
	if j.Dumps == "" || j.StateDir == "" || j.Out == "" || j.Catalog == "" || j.Books == "" {
		return errors.New("--dumps, --state, --out, --catalog and --books are required")
	}
	// Check the experiment's settings and data before hours of extraction.
	check := j.Experiment
	check.Corpus, check.Out = "corpus", "out"
	if err := check.Validate(); err != nil {
		return err
	}
	check.Corpus = ""
	if err := checkInputs(ctx, check); err != nil {
		return err
	}

	names, err := listNames(ctx, j.Dumps)
	if err != nil {
		return fmt.Errorf("listing --dumps %s: %w", j.Dumps, err)
	}
	dump, ok := reprocess.Newest(names)
	if !ok {
		return fmt.Errorf("no dump named enwiki-YYYYMMDD-pages-articles[-multistream].xml[.bz2] in %s", j.Dumps)
	}
	j.dump = dump
	statePath := corpus.Join(j.StateDir, reprocess.StateFile)
	state, err := readState(ctx, statePath)
	if err != nil {
		return err
	}
	key, err := contentKey(ctx, corpus.Join(j.Dumps, dump.Name))
	if err != nil {
		return err
	}
	if run, done := state.Lookup(dump.Date); done {
		if run.Content == "" || run.Content == key {
			j.logf("%s was processed on %s into %s: nothing to do\n", dump.Name, run.Finished, run.Out)
			return nil
		}
		j.logf("%s changed since it was processed on %s: processing it again\n", dump.Name, run.Finished)
	}
	// A dump caught mid-download, or corrupt, is refused before any work
	// and not recorded, so the complete file is processed when it arrives.
	verified, err := j.verifyDump(ctx, names)
	if err != nil {
		if errors.Is(err, reprocess.ErrIncomplete) {
			return fmt.Errorf("refusing %s, not processed and not recorded: %w", dump.Name, err)
		}
		return fmt.Errorf("verifying %s: %w", dump.Name, err)
	}
	j.logf("verified %s: %s\n", dump.Name, verified)
	j.final = corpus.Join(j.Out, dump.Date)
	j.work = j.final + ".partial"
	fp, err := j.fingerprint(ctx, key)
	if err != nil {
		return err
	}
	j.logf("processing %s (index: %s) into %s\n", dump.Name, orNone(dump.Index), j.final)

	if err := j.process(ctx, fp, state); err != nil {
		return err
	}
	run := reprocess.Run{Date: dump.Date, Dump: dump.Name, Out: j.final, Content: key, Verified: verified, Finished: time.Now().UTC().Format(time.RFC3339),
		Summaries: j.summaries, Pairs: j.pairs, Books: j.evaluated}
	state.Record(run)
	if err := transforms.WriteFile(ctx, statePath, state.Marshal()); err != nil {
		return fmt.Errorf("recording the run: %w", err)
	}
	j.logf("%s done: %d summaries, %d pairs, %d books with results; changes in %s\n",
		dump.Name, j.summaries, j.pairs, j.evaluated, corpus.Join(j.final, "changes.md"))
	if !j.Quiet {
		if table, err := transforms.ReadFile(ctx, corpus.Join(j.final, "results/table.md")); err == nil {
			j.stdout.Write(table)
		}
	}
	return nil
}

// process makes OUT/YYYYMMDD complete, resuming the work in
// OUT/YYYYMMDD.partial when it was made with the same fingerprint.
func (j *reprocessJob) process(ctx context.Context, fp string, state *reprocess.State) error {
	// A crash after the work was moved into place, before the state was
	// written, leaves a complete OUT/YYYYMMDD: keep it.
	workProgress, workHas, err := readOptional(ctx, corpus.Join(j.work, reprocess.ProgressFile))
	if err != nil {
		return err
	}
	if finalProgress, ok, err := readOptional(ctx, corpus.Join(j.final, reprocess.ProgressFile)); err != nil {
		return err
	} else if p := reprocess.ParseProgress(finalProgress); ok && !workHas && p.Fingerprint == fp && p.Has(stageMove) {
		j.logf("%s is complete but was not recorded: recording it\n", j.final)
		return j.count(ctx, j.final)
	}
	j.progress = reprocess.ParseProgress(workProgress)
	if j.progress.Fingerprint != fp {
		if workHas {
			j.logf("discarding %s: made from other inputs or settings\n", j.work)
		}
		if err := removeTree(ctx, j.work); err != nil {
			return err
		}
		j.progress = reprocess.Progress{Fingerprint: fp}
	} else if len(j.progress.Done) > 0 {
		j.logf("resuming %s after %s\n", j.work, strings.Join(j.progress.Done, ", "))
	}

	stages := []struct {
		name, dir string
		do        func(context.Context) error
	}{
		{stageExtract, "extract", j.extract},
		{stageMatch, "corpus", j.match},
		{stageExperiment, "results", j.experiment},
		{stageChanges, "", func(ctx context.Context) error { return j.changes(ctx, state) }},
	}
	for _, st := range stages {
		if j.progress.Has(st.name) || j.progress.Has(stageMove) {
			continue
		}
		if st.dir != "" { // a stage interrupted midway starts again
			if err := removeTree(ctx, corpus.Join(j.work, st.dir)); err != nil {
				return err
			}
		}
		if err := st.do(ctx); err != nil {
			return fmt.Errorf("%s of %s: %w", st.name, j.dump.Name, err)
		}
		if err := j.mark(ctx, st.name); err != nil {
			return err
		}
	}
	if !j.progress.Has(stageMove) {
		// Whatever is at OUT/YYYYMMDD was never recorded as done.
		if err := removeTree(ctx, j.final); err != nil {
			return err
		}
		if err := j.mark(ctx, stageMove); err != nil {
			return err
		}
	}
	if err := moveTree(ctx, j.work, j.final); err != nil {
		return fmt.Errorf("moving %s to %s: %w", j.work, j.final, err)
	}
	failpoint("moved")
	return j.count(ctx, j.final)
}

// crashAfter is a failpoint for tests: with BOOKALIGN_TEST_CRASH_AFTER set
// to a stage name (or "moved", after the move and before the state is
// written), the command exits at once there, as a crash would.
var crashAfter = os.Getenv("BOOKALIGN_TEST_CRASH_AFTER")

func failpoint(at string) {
	if crashAfter == at {
		fmt.Fprintf(os.Stderr, "bookalign reprocess: failpoint: crashing after %s\n", at)
		os.Exit(75)
	}
}

// mark records a finished stage in the work directory.
func (j *reprocessJob) mark(ctx context.Context, stage string) error {
	j.progress.Mark(stage)
	if err := transforms.WriteFile(ctx, corpus.Join(j.work, reprocess.ProgressFile), j.progress.Marshal()); err != nil {
		return err
	}
	failpoint(stage)
	return nil
}

func (j *reprocessJob) extract(ctx context.Context) error {
	cfg := pipelines.WikiConfig{Dump: corpus.Join(j.Dumps, j.dump.Name), Out: corpus.Join(j.work, "extract")}
	if j.dump.Index != "" {
		cfg.Index = corpus.Join(j.Dumps, j.dump.Index)
	}
	_, err := extractDump(ctx, cfg, j.Quiet)
	return err
}

func (j *reprocessJob) match(ctx context.Context) error {
	cfg := pipelines.MatchConfig{
		Summaries: corpus.Join(j.work, "extract/summaries.tsv"), Catalog: j.Catalog, Books: j.Books,
		Out: corpus.Join(j.work, "corpus"), Decisions: j.Decisions, Source: "Wikipedia dump " + j.dump.Name,
	}
	_, err := buildCorpus(ctx, cfg, j.Quiet)
	return err
}

// experiment runs `bookalign run` on the new corpus, and records in the
// results the corpus path it will have once moved into place.
func (j *reprocessJob) experiment(ctx context.Context) error {
	pairs, err := j.pairIDs(ctx, j.work)
	if err != nil {
		return err
	}
	if len(pairs) == 0 {
		j.logf("the corpus has no pairs: no experiment to run\n")
		return nil
	}
	cfg := j.Experiment
	cfg.Corpus, cfg.Out = corpus.Join(j.work, "corpus"), corpus.Join(j.work, "results")
	if err := cfg.Validate(); err != nil {
		return err
	}
	_, err = runPipeline(ctx, "run", fmt.Sprintf("corpus %s → %s (methods %s)", cfg.Corpus, cfg.Out, strings.Join(cfg.Methods, ",")), j.Quiet,
		func(s beam.Scope) { pipelines.Experiment(s, cfg) }, nil)
	if err != nil {
		return err
	}
	from, to := cfg.Corpus, corpus.Join(j.final, "corpus")
	for _, name := range []string{"results.json", "table.md"} {
		p := corpus.Join(cfg.Out, name)
		b, err := transforms.ReadFile(ctx, p)
		if err != nil {
			return err
		}
		b = bytes.ReplaceAll(b, jsonString(from), jsonString(to))
		b = bytes.ReplaceAll(b, []byte("`"+from+"`"), []byte("`"+to+"`"))
		if err := transforms.WriteFile(ctx, p, b); err != nil {
			return err
		}
	}
	var progress io.Writer
	if !j.Quiet {
		progress = os.Stderr
	}
	return buildReport(ctx, cfg.Out, cfg.Corpus, progress)
}

// changes writes changes.md, comparing with the previous processed dump.
func (j *reprocessJob) changes(ctx context.Context, state *reprocess.State) error {
	cur, err := j.snapshot(ctx, j.work, j.dump.Date, j.dump.Name)
	if err != nil {
		return err
	}
	var prev *reprocess.Snapshot
	var note string
	if run, ok := state.Previous(j.dump.Date); ok {
		p, err := j.snapshot(ctx, run.Out, run.Date, run.Dump)
		if err != nil {
			// Old outputs may have been deleted to save space: say so.
			j.logf("cannot read the previous run %s, so changes.md compares with nothing: %v\n", run.Out, err)
			note = fmt.Sprintf("The outputs of the previous processed dump, %s in `%s`, could not be read (%v), so nothing is compared.", run.Dump, run.Out, err)
		} else {
			prev = &p
		}
	}
	changes := reprocess.Diff(prev, cur)
	changes.Note = note
	return transforms.WriteFile(ctx, corpus.Join(j.work, "changes.md"), changes.Markdown())
}

// snapshot reads what a run wrote under dir.
func (j *reprocessJob) snapshot(ctx context.Context, dir, date, dump string) (reprocess.Snapshot, error) {
	s := reprocess.Snapshot{Date: date, Dump: dump}
	var err error
	if s.Summaries, err = readSummaryFile(ctx, corpus.Join(dir, "extract/summaries.tsv")); err != nil {
		return s, err
	}
	if s.Pairs, err = j.pairIDs(ctx, dir); err != nil {
		return s, err
	}
	b, ok, err := readOptional(ctx, corpus.Join(dir, "results/results.json"))
	if err != nil {
		return s, err
	}
	if ok {
		s.Results = &evaluate.Results{}
		if err := json.Unmarshal(b, s.Results); err != nil {
			return s, fmt.Errorf("results.json: %w", err)
		}
	}
	return s, nil
}

// count fills in the numbers recorded in the state from a finished run.
func (j *reprocessJob) count(ctx context.Context, dir string) error {
	s, err := j.snapshot(ctx, dir, j.dump.Date, j.dump.Name)
	if err != nil {
		return err
	}
	j.summaries, j.pairs = len(s.Summaries), len(s.Pairs)
	if s.Results != nil {
		j.evaluated = s.Results.Books
	}
	return nil
}

func (j *reprocessJob) pairIDs(ctx context.Context, dir string) ([]string, error) {
	b, err := transforms.ReadFile(ctx, corpus.Join(dir, "corpus/pairs.tsv"))
	if err != nil {
		return nil, err
	}
	pairs, _, err := corpus.ParsePairs(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(pairs))
	for i, p := range pairs {
		ids[i] = p.ID
	}
	return ids, nil
}

// fingerprint digests the inputs and settings, so that work left by a run
// with other ones is not resumed. dumpKey is the dump's content key, so
// that an edit of the dump that keeps its length is not resumed either.
func (j *reprocessJob) fingerprint(ctx context.Context, dumpKey string) (string, error) {
	parts := []string{j.dump.Name, j.dump.Index, j.Catalog, j.Books, j.Decisions, dumpKey}
	for _, p := range []string{corpus.Join(j.Dumps, j.dump.Name), j.Catalog} {
		fs, err := filesystem.New(ctx, p)
		if err != nil {
			return "", err
		}
		size, err := fs.Size(ctx, p)
		fs.Close()
		if err != nil {
			return "", fmt.Errorf("%s: %w", p, err)
		}
		parts = append(parts, strconv.FormatInt(size, 10))
	}
	settings := j.Experiment
	settings.Corpus, settings.Out = "", ""
	b, err := json.Marshal(settings)
	if err != nil {
		b = []byte(fmt.Sprintf("%+v", settings))
	}
	parts = append(parts, string(b))
	return reprocess.Fingerprint(parts...), nil
}

func (j *reprocessJob) logf(format string, args ...any) {
	if !j.Quiet {
		fmt.Fprintf(j.stderr, "bookalign reprocess: "+format, args...)
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func jsonString(s string) []byte {
	b, _ := json.Marshal(s)
	return b
}

// readState reads the state file; a missing one is the empty state.
func readState(ctx context.Context, path string) (*reprocess.State, error) {
	b, _, err := readOptional(ctx, path)
	if err != nil {
		return nil, err
	}
	s, err := reprocess.ParseState(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

func readSummaryFile(ctx context.Context, path string) ([]wiki.Summary, error) {
	b, err := transforms.ReadFile(ctx, path)
	if err != nil {
		return nil, err
	}
	r := wiki.NewSummaryReader(bytes.NewReader(b))
	var out []wiki.Summary
	for {
		s, err := r.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, s)
	}
}

// readOptional reads a file that may not exist.
func readOptional(ctx context.Context, path string) ([]byte, bool, error) {
	if isLocal(path) {
		b, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			return nil, false, nil
		}
		return b, err == nil, err
	}
	ok, err := transforms.Exists(ctx, path)
	if err != nil || !ok {
		return nil, false, err
	}
	b, err := transforms.ReadFile(ctx, path)
	return b, err == nil, err
}

// isLocal reports a path of the local filesystem rather than a URL.
func isLocal(p string) bool { return !strings.Contains(p, "://") }

// listNames returns the names of the files directly in dir.
func listNames(ctx context.Context, dir string) ([]string, error) {
	if isLocal(dir) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		var names []string
		for _, e := range entries {
			if !e.IsDir() {
				names = append(names, e.Name())
			}
		}
		return names, nil
	}
	files, err := listTree(ctx, dir, "*")
	if err != nil {
		return nil, err
	}
	for i, f := range files {
		files[i] = path.Base(f)
	}
	return files, nil
}

// listTree lists the objects under dir (not local) matching pattern.
func listTree(ctx context.Context, dir, pattern string) ([]string, error) {
	fs, err := filesystem.New(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	return fs.List(ctx, dir+"/"+pattern)
}

// removeTree removes dir and everything under it, if it exists.
func removeTree(ctx context.Context, dir string) error {
	if isLocal(dir) {
		return os.RemoveAll(dir)
	}
	files, err := listTree(ctx, dir, "**")
	if err != nil {
		return err
	}
	fs, err := filesystem.New(ctx, dir)
	if err != nil {
		return err
	}
	defer fs.Close()
	rm, ok := fs.(filesystem.Remover)
	if !ok && len(files) > 0 {
		return fmt.Errorf("cannot remove files from %s", dir)
	}
	for _, f := range files {
		if err := rm.Remove(ctx, f); err != nil {
			return err
		}
	}
	return nil
}

// moveTree moves the directory from to to, replacing to. Locally it is
// one rename; elsewhere each object is moved, progress.json last, so that
// an interrupted move is taken up again by the next run.
func moveTree(ctx context.Context, from, to string) error {
	if isLocal(from) {
		if err := os.RemoveAll(to); err != nil {
			return err
		}
		return os.Rename(filepath.FromSlash(from), filepath.FromSlash(to))
	}
	files, err := listTree(ctx, from, "**")
	if err != nil {
		return err
	}
	fs, err := filesystem.New(ctx, from)
	if err != nil {
		return err
	}
	defer fs.Close()
	var last string
	for _, f := range files {
		if f == from+"/"+reprocess.ProgressFile {
			last = f
			continue
		}
		if err := filesystem.Rename(ctx, fs, f, to+strings.TrimPrefix(f, from)); err != nil {
			return err
		}
	}
	if last != "" {
		return filesystem.Rename(ctx, fs, last, to+strings.TrimPrefix(last, from))
	}
	return nil
}
