package reprocess

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/wiki"
)

// The stages of a reprocessing, in order, as recorded in progress.json.
const (
	StageExtract    = "extract"
	StageMatch      = "match"
	StageExperiment = "experiment"
	StageChanges    = "changes"
	StageMove       = "move"
	// Moved is not a stage: it is the point, after the move and before the
	// state is written, that Job.Crash is called with last.
	Moved = "moved"
)

// Steps are the pipelines a Job runs; the command builds them on Beam.
type Steps interface {
	// Check checks the experiment's settings and inputs, before hours of
	// extraction.
	Check(ctx context.Context) error
	// Extract runs wiki-extract on the dump (with its multistream index,
	// "" for none) and writes summaries.tsv and rejects.jsonl to out.
	Extract(ctx context.Context, dump, index, out string) error
	// Match runs match on summaries and writes the corpus to out; source
	// says where the summaries come from.
	Match(ctx context.Context, summaries, out, source string) error
	// Experiment runs the experiment on the corpus and writes the results
	// to out. The results name the corpus corpusName, the place it will
	// have once the work is moved into place, not the corpus directory it
	// reads, so that no result file is edited afterwards.
	Experiment(ctx context.Context, corpus, out, corpusName string) error
	// Report builds the HTML report of the results in out.
	Report(ctx context.Context, out, corpus string) error
}

// Job is one run of `bookalign reprocess`: it finds the newest dump in
// Dumps and, unless State says it was done, extracts its summaries,
// matches them to books, runs the experiment, writes changes.md and moves
// the outputs into Out/YYYYMMDD, resuming the work of an interrupted run
// made with the same inputs and settings.
type Job struct {
	// Dumps, StateDir and Out are directories, local or gs://, with no
	// trailing slash: where dumps arrive, where state.json is kept, and
	// where each dump's outputs go (Out/YYYYMMDD).
	Dumps, StateDir, Out string
	// Catalog, Books and Decisions are match's inputs: Project Gutenberg's
	// catalog, the mirror and the decision list ("" for none).
	Catalog, Books, Decisions string
	// Settings are the experiment's settings without its paths; their JSON
	// goes into the fingerprint of the work.
	Settings any

	Steps Steps
	// Log receives progress lines and Stdout the results table at the
	// end; nil for silence.
	Log, Stdout io.Writer
	// Crash, when not nil, is called with a stage's name once the stage
	// is recorded done, and with Moved after the move: a hook for crash
	// tests (see CrashHook).
	Crash func(at string)

	dump                        Dump
	dumpKey                     string
	final, work                 string
	progress                    Progress
	summaries, pairs, evaluated int
}

// Run processes the newest dump, or does nothing if it was processed.
func (j *Job) Run(ctx context.Context) error {
	if j.Dumps == "" || j.StateDir == "" || j.Out == "" || j.Catalog == "" || j.Books == "" {
		return errors.New("--dumps, --state, --out, --catalog and --books are required")
	}
	if err := j.Steps.Check(ctx); err != nil {
		return err
	}
	names, err := store.Names(ctx, j.Dumps)
	if err != nil {
		return fmt.Errorf("listing --dumps %s: %w", j.Dumps, err)
	}
	dump, err := j.newest(ctx, names)
	if err != nil {
		return err
	}
	j.dump = dump
	statePath := corpus.Join(j.StateDir, StateFile)
	state, err := j.readState(ctx, statePath)
	if err != nil {
		return err
	}
	key, err := j.contentKey(ctx, corpus.Join(j.Dumps, dump.Name))
	if err != nil {
		return err
	}
	j.dumpKey = key
	if run, done := state.Lookup(dump.Date); done {
		if run.Content == "" || run.Content == key {
			j.logf("%s was processed on %s into %s: nothing to do\n", dump.Name, run.Finished, run.Out)
			return nil
		}
		if run.Dump != dump.Name {
			j.logf("%s has the date %s of %s, processed on %s: processing it in its place\n", dump.Name, dump.Date, run.Dump, run.Finished)
		} else {
			j.logf("%s changed since it was processed on %s: processing it again\n", dump.Name, run.Finished)
		}
	}
	// A dump caught mid-download, or corrupt, is refused before any work
	// and not recorded, so the complete file is processed when it arrives.
	verified, err := j.verifyDump(ctx, names)
	if err != nil {
		if errors.Is(err, ErrIncomplete) {
			return fmt.Errorf("refusing %s, not processed and not recorded: %w", dump.Name, err)
		}
		return fmt.Errorf("verifying %s: %w", dump.Name, err)
	}
	j.logf("verified %s: %s\n", dump.Name, verified)
	j.final = corpus.Join(j.Out, dump.Date)
	j.work = j.final + ".partial"
	j.logf("processing %s (index: %s) into %s\n", dump.Name, orNone(dump.Index), j.final)

	if err := j.process(ctx, state); err != nil {
		return err
	}
	run := Run{Date: dump.Date, Dump: dump.Name, DatedBy: dump.DatedBy, Out: j.final, Content: key, Verified: verified, Finished: time.Now().UTC().Format(time.RFC3339),
		Summaries: j.summaries, Pairs: j.pairs, Books: j.evaluated, Warnings: j.warnings()}
	state.Record(run)
	if err := store.WriteFile(ctx, statePath, state.Marshal()); err != nil {
		return fmt.Errorf("recording the run: %w", err)
	}
	j.logf("%s done: %d summaries, %d pairs, %d books with results; changes in %s\n",
		dump.Name, j.summaries, j.pairs, j.evaluated, layout.Dump{Dir: j.final}.Changes())
	for _, w := range run.Warnings {
		j.logf("warning: %s\n", w)
	}
	if j.Stdout != nil {
		if table, err := store.ReadFile(ctx, layout.Dump{Dir: j.final}.Results().Table()); err == nil {
			j.Stdout.Write(table)
		}
	}
	return nil
}

func (j *Job) crash(at string) {
	if j.Crash != nil {
		j.Crash(at)
	}
}

func (j *Job) extract(ctx context.Context) error {
	var index string
	if j.dump.Index != "" {
		index = corpus.Join(j.Dumps, j.dump.Index)
	}
	return j.Steps.Extract(ctx, corpus.Join(j.Dumps, j.dump.Name), index, layout.Dump{Dir: j.work}.Extract().Dir)
}

func (j *Job) match(ctx context.Context) error {
	work := layout.Dump{Dir: j.work}
	return j.Steps.Match(ctx, work.Extract().Summaries(), work.Corpus().Dir, "Wikipedia dump "+j.dump.Name)
}

// experiment runs the experiment on the new corpus; its results name the
// corpus where it will be once moved into place, and its report reads the
// corpus where it is now.
func (j *Job) experiment(ctx context.Context) error {
	pairs, err := j.pairIDs(ctx, j.work)
	if err != nil {
		return err
	}
	if len(pairs) == 0 {
		j.logf("the corpus has no pairs: no experiment to run\n")
		return nil
	}
	work, final := layout.Dump{Dir: j.work}, layout.Dump{Dir: j.final}
	corpusDir, out := work.Corpus().Dir, work.Results().Dir
	if err := j.Steps.Experiment(ctx, corpusDir, out, final.Corpus().Dir); err != nil {
		return err
	}
	return j.Steps.Report(ctx, out, corpusDir)
}

// changes writes changes.md, comparing with the previous processed dump.
func (j *Job) changes(ctx context.Context, state *State) error {
	cur, err := j.snapshot(ctx, j.work, j.dump.Date, j.dump.Name)
	if err != nil {
		return err
	}
	var prev *Snapshot
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
	changes := Diff(prev, cur)
	changes.Note = note
	return store.WriteFile(ctx, layout.Dump{Dir: j.work}.Changes(), changes.Markdown())
}

// snapshot reads what a run wrote under dir.
func (j *Job) snapshot(ctx context.Context, dir, date, dump string) (Snapshot, error) {
	s := Snapshot{Date: date, Dump: dump}
	var err error
	run := layout.Dump{Dir: dir}
	if s.Summaries, err = j.readSummaries(ctx, run.Extract().Summaries()); err != nil {
		return s, err
	}
	if s.Pairs, err = j.pairIDs(ctx, dir); err != nil {
		return s, err
	}
	path := run.Results().Results()
	b, ok, err := store.ReadOptional(ctx, path)
	if err != nil {
		return s, err
	}
	if ok {
		s.Results = &evaluate.Results{}
		if err := json.Unmarshal(b, s.Results); err != nil {
			return s, fmt.Errorf("%s: %w", path, err)
		}
	}
	return s, nil
}

// count fills in the numbers recorded in the state from a finished run.
func (j *Job) count(ctx context.Context, dir string) error {
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

func (j *Job) pairIDs(ctx context.Context, dir string) ([]string, error) {
	b, err := store.ReadFile(ctx, layout.Dump{Dir: dir}.Corpus().Pairs())
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

// readState reads the state file; a missing one is the empty state.
func (j *Job) readState(ctx context.Context, path string) (*State, error) {
	b, _, err := store.ReadOptional(ctx, path)
	if err != nil {
		return nil, err
	}
	s, err := ParseState(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

func (j *Job) readSummaries(ctx context.Context, path string) ([]wiki.Summary, error) {
	b, err := store.ReadFile(ctx, path)
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

func (j *Job) logf(format string, args ...any) {
	if j.Log != nil {
		fmt.Fprintf(j.Log, "bookalign reprocess: "+format, args...)
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// newest returns the dump to process among the file names of --dumps:
// the one Newest picks, once each dump named "latest" has its date from
// its content (dateDump).
func (j *Job) newest(ctx context.Context, names []string) (Dump, error) {
	dumps, near := Candidates(names)
	if len(dumps) == 0 {
		msg := fmt.Sprintf("no dump named enwiki-YYYYMMDD-pages-articles[-multistream][N].xml[-pApB][.bz2] or enwiki-latest-… in %s", j.Dumps)
		if len(near) > 0 {
			msg += "; not a dump: " + strings.Join(near, ", ")
		}
		return Dump{}, errors.New(msg)
	}
	for i := range dumps {
		if !dumps[i].Latest {
			continue
		}
		if err := j.dateDump(ctx, &dumps[i]); err != nil {
			if errors.Is(err, ErrIncomplete) {
				return Dump{}, fmt.Errorf("refusing %s, not processed and not recorded: %w", dumps[i].Name, err)
			}
			return Dump{}, err
		}
	}
	dump, err := Newest(dumps)
	if err != nil {
		return Dump{}, err
	}
	if dump.Latest {
		j.logf("%s has no date in its name: dated %s by %s\n", dump.Name, dump.Date, dump.DatedBy)
	}
	return dump, nil
}

// warnings are what a reader of the run's results should know: a corpus
// with too few books for the intervals and p-values of its table to mean
// anything (evaluate.FewBooks).
func (j *Job) warnings() []string {
	if w := evaluate.FewBooks(j.evaluated); w != "" {
		return []string{w}
	}
	return nil
}
