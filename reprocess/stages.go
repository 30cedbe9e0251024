package reprocess

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
)

// A stage of the processing of a dump: what it reads, what it writes and
// how it is done.
type stage struct {
	name string
	// roots are what the stage writes, relative to the work directory: a
	// directory, with a final '/', and everything under it, or a file.
	roots []string
	// inputs returns the stage's inputs and settings by name, each as a
	// Fingerprint, given the records of the stages before it in p.
	inputs func(ctx context.Context, p Progress) (map[string]string, error)
	do     func(ctx context.Context) error
}

// stages are the stages of the processing of j's dump, in order.
func (j *Job) stages(state *State) []stage {
	rel := layout.Dump{Dir: "."}
	rootOf := func(p string) string { return strings.TrimPrefix(p, "./") }
	return []stage{
		{StageExtract, []string{rootOf(rel.Extract().Dir) + "/"}, j.extractInputs, j.extract},
		{StageMatch, []string{rootOf(rel.Corpus().Dir) + "/"}, j.matchInputs, j.match},
		{StageExperiment, []string{rootOf(rel.Results().Dir) + "/"}, j.experimentInputs, j.experiment},
		{StageChanges, []string{rootOf(rel.Changes())}, func(ctx context.Context, p Progress) (map[string]string, error) {
			return j.changesInputs(p, state)
		}, func(ctx context.Context) error { return j.changes(ctx, state) }},
	}
}

// extractInputs: the dump and its index, each by name and ContentKey.
func (j *Job) extractInputs(ctx context.Context, _ Progress) (map[string]string, error) {
	in := map[string]string{"dump": Fingerprint(j.dump.Name, j.dumpKey), "index": Fingerprint("")}
	if j.dump.Index != "" {
		key, err := j.contentKey(ctx, corpus.Join(j.Dumps, j.dump.Index))
		if err != nil {
			return nil, err
		}
		in["index"] = Fingerprint(j.dump.Index, key)
	}
	return in, nil
}

// matchInputs: the summaries extract wrote, the catalog and the decision
// list (path and ContentKey), the mirror (its path: its files are not
// read to fingerprint it) and the source named in the corpus.
func (j *Job) matchInputs(ctx context.Context, p Progress) (map[string]string, error) {
	in := map[string]string{
		"extract": upstream(p, StageExtract),
		"books":   Fingerprint(j.Books),
		"source":  Fingerprint(j.dump.Name),
	}
	for name, path := range map[string]string{"catalog": j.Catalog, "decisions": j.Decisions} {
		in[name] = Fingerprint("")
		if path == "" {
			continue
		}
		key, err := j.contentKey(ctx, path)
		if err != nil {
			return nil, err
		}
		in[name] = Fingerprint(path, key)
	}
	return in, nil
}

// experimentInputs: the corpus match wrote, the experiment's settings and
// the name the results give the corpus.
func (j *Job) experimentInputs(_ context.Context, p Progress) (map[string]string, error) {
	b, err := json.Marshal(j.Settings)
	if err != nil {
		b = []byte(fmt.Sprintf("%+v", j.Settings))
	}
	return map[string]string{
		"corpus":      upstream(p, StageMatch),
		"settings":    Fingerprint(string(b)),
		"corpus name": Fingerprint(layout.Dump{Dir: j.final}.Corpus().Dir),
	}, nil
}

// changesInputs: what the stages before wrote and the previous run it
// compares with.
func (j *Job) changesInputs(p Progress, state *State) (map[string]string, error) {
	prev := Fingerprint("none")
	if run, ok := state.Previous(j.dump.Date); ok {
		prev = Fingerprint(run.Date, run.Dump, run.Out, run.Content, run.Finished)
	}
	return map[string]string{
		"extract":      upstream(p, StageExtract),
		"corpus":       upstream(p, StageMatch),
		"results":      upstream(p, StageExperiment),
		"dump":         Fingerprint(j.dump.Date, j.dump.Name),
		"previous run": prev,
	}, nil
}

// upstream is the input that the files of an earlier stage are: their
// digest, or "" when the stage has no record (which no record matches).
func upstream(p Progress, stage string) string {
	r, ok := p.Lookup(stage)
	if !ok {
		return ""
	}
	return r.Digest()
}

// process makes OUT/YYYYMMDD complete. It reuses each stage of an earlier
// try, in OUT/YYYYMMDD.partial, whose inputs and settings are the ones of
// this run and whose files are intact, and does the others; a stage
// redone whose files come out the same leaves the stages after it
// reusable.
func (j *Job) process(ctx context.Context, state *State) error {
	// A crash after the work was moved into place, before the state was
	// written, leaves a complete OUT/YYYYMMDD: keep it.
	workProgress, workHas, err := store.ReadOptional(ctx, corpus.Join(j.work, ProgressFile))
	if err != nil {
		return err
	}
	stages := j.stages(state)
	if finalProgress, ok, err := store.ReadOptional(ctx, corpus.Join(j.final, ProgressFile)); err != nil {
		return err
	} else if p, _ := ParseProgress(finalProgress); ok && !workHas && p.Has(StageMove) {
		complete := true
		for _, st := range stages {
			if why, err := j.check(ctx, j.final, p, st); err != nil {
				return err
			} else if why != "" {
				complete = false
				break
			}
		}
		if complete {
			j.logf("%s is complete but was not recorded: recording it\n", j.final)
			return j.count(ctx, j.final)
		}
	}
	var note string
	j.progress, note = ParseProgress(workProgress)
	if workHas && note != "" {
		j.logf("starting %s again: its %s %s\n", j.work, ProgressFile, note)
	}
	// The move is redone from the start by a new try.
	j.progress.Drop(StageMove)

	for _, st := range stages {
		why, err := j.check(ctx, j.work, j.progress, st)
		if err != nil {
			return err
		}
		if why == "" {
			j.logf("reusing %s of an earlier try: the same inputs and settings, its files intact\n", st.name)
			continue
		}
		if j.progress.Has(st.name) {
			j.logf("redoing %s: %s\n", st.name, why)
		}
		// The record goes first, so that a crash midway leaves none, and
		// then whatever the stage wrote before.
		j.progress.Drop(st.name)
		if err := j.writeProgress(ctx); err != nil {
			return err
		}
		for _, root := range st.roots {
			if err := store.RemoveAll(ctx, corpus.Join(j.work, strings.TrimSuffix(root, "/"))); err != nil {
				return err
			}
		}
		inputs, err := st.inputs(ctx, j.progress)
		if err != nil {
			return err
		}
		if err := st.do(ctx); err != nil {
			return fmt.Errorf("%s of %s: %w", st.name, j.dump.Name, err)
		}
		files, err := j.fileSums(ctx, j.work, st.roots)
		if err != nil {
			return err
		}
		j.progress.Record(StageRecord{Stage: st.name, Inputs: inputs, Files: files})
		if err := j.writeProgress(ctx); err != nil {
			return err
		}
		j.crash(st.name)
	}
	// Whatever is at OUT/YYYYMMDD was never recorded as done.
	if err := store.RemoveAll(ctx, j.final); err != nil {
		return err
	}
	j.progress.Record(StageRecord{Stage: StageMove, Inputs: map[string]string{"to": Fingerprint(j.final)}})
	if err := j.writeProgress(ctx); err != nil {
		return err
	}
	j.crash(StageMove)
	if err := store.MoveTree(ctx, j.work, j.final, ProgressFile); err != nil {
		return fmt.Errorf("moving %s to %s: %w", j.work, j.final, err)
	}
	j.crash(Moved)
	return j.count(ctx, j.final)
}

// check says why the stage st cannot be reused from the record in p of
// the work in dir, or "" when it can: no record, other inputs or
// settings, or a file it wrote missing or changed.
func (j *Job) check(ctx context.Context, dir string, p Progress, st stage) (why string, err error) {
	rec, ok := p.Lookup(st.name)
	if !ok {
		return "not done", nil
	}
	inputs, err := st.inputs(ctx, p)
	if err != nil {
		return "", err
	}
	if changed := rec.ChangedInputs(inputs); len(changed) > 0 {
		return "its inputs changed: " + strings.Join(changed, ", "), nil
	}
	for _, name := range keys(rec.Files) {
		want := rec.Files[name]
		got, ok, err := j.fileSum(ctx, corpus.Join(dir, name))
		switch {
		case err != nil:
			return "", err
		case !ok:
			return name + " is missing", nil
		case got.Size != want.Size:
			return fmt.Sprintf("%s has %d bytes, not the %d it was written with", name, got.Size, want.Size), nil
		case got != want:
			return name + " changed since it was written (its SHA-256 differs)", nil
		}
	}
	return "", nil
}

func (j *Job) writeProgress(ctx context.Context) error {
	return store.WriteFile(ctx, corpus.Join(j.work, ProgressFile), j.progress.Marshal())
}

// fileSums returns the FileSum of every file under the roots of dir, by
// path relative to dir.
func (j *Job) fileSums(ctx context.Context, dir string, roots []string) (map[string]FileSum, error) {
	sums := map[string]FileSum{}
	for _, root := range roots {
		files := []string{root}
		if sub, isDir := strings.CutSuffix(root, "/"); isDir {
			under, err := store.Files(ctx, corpus.Join(dir, sub))
			if err != nil {
				return nil, err
			}
			files = files[:0]
			for _, f := range under {
				files = append(files, sub+"/"+f)
			}
		}
		for _, f := range files {
			sum, ok, err := j.fileSum(ctx, corpus.Join(dir, f))
			if err != nil {
				return nil, err
			}
			if ok {
				sums[f] = sum
			}
		}
	}
	return sums, nil
}

// fileSum returns the size and SHA-256 of the file at path; ok is false
// when there is none, or its size cannot be read (which makes the stage
// that wrote it be done again: always safe).
func (j *Job) fileSum(ctx context.Context, path string) (sum FileSum, ok bool, err error) {
	size, err := store.Size(ctx, path)
	if err != nil {
		return FileSum{}, false, nil
	}
	r, err := store.Open(ctx, path)
	if err != nil {
		return FileSum{}, false, err
	}
	defer r.Close()
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return FileSum{}, false, fmt.Errorf("%s: %w", path, err)
	}
	return FileSum{Size: size, SHA256: hex.EncodeToString(h.Sum(nil))}, true, nil
}
