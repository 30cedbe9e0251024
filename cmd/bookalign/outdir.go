package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rundir"
	"github.com/bookalign/bookalign/transforms"
)

// outDir is the output directory of `bookalign run` while the run owns it:
// locked, cleared as the rules of --out say (rundir.Decide), and marked in
// OUT/run.json as started, then as complete or failed.
type outDir struct {
	out    string
	marker rundir.Marker
	locked bool
}

// openOutDir locks out, applies the rules of --out to what it holds for a
// run of cfg, and writes the marker of a run that has started. say, when
// not nil, is told what was done to the directory.
func openOutDir(ctx context.Context, cfg pipelines.Config, overwrite bool, say func(string)) (*outDir, error) {
	settings := cfg
	settings.Out = ""
	set, err := json.Marshal(settings)
	if err != nil {
		return nil, err
	}
	inputs, err := inputFingerprint(ctx, cfg)
	if err != nil {
		return nil, err
	}
	d := &outDir{out: cfg.Out, marker: rundir.Marker{Format: rundir.FormatVersion, Command: "run", Settings: set, Inputs: inputs}}
	if err := d.lock(ctx); err != nil {
		return nil, err
	}
	st, err := d.state(ctx)
	if err == nil {
		var plan rundir.Plan
		if plan, err = rundir.Decide(st, set, inputs, overwrite); err != nil {
			err = fmt.Errorf("--out %s: %w", d.out, err)
		} else if plan.Clear {
			if say != nil {
				say(plan.Note)
			}
			err = d.clear(ctx, st.Entries)
		}
	}
	if err == nil {
		d.marker.Started = now()
		err = d.writeMarker(ctx)
	}
	if err != nil {
		d.unlock(ctx)
		return nil, err
	}
	return d, nil
}

// finish marks the run complete, or failed with runErr, and unlocks the
// directory. The marker is the run's last write.
func (d *outDir) finish(ctx context.Context, runErr error) error {
	defer d.unlock(ctx)
	d.marker.Finished = now()
	if runErr != nil {
		d.marker.Error = runErr.Error()
	}
	d.marker.Complete = runErr == nil
	return d.writeMarker(ctx)
}

func (d *outDir) writeMarker(ctx context.Context) error {
	b, err := d.marker.JSON()
	if err != nil {
		return err
	}
	return transforms.WriteFile(ctx, layout.Out{Dir: d.out}.Marker(), b)
}

func now() string { return time.Now().UTC().Format(time.RFC3339) }

// lock takes OUT/run.lock. Locally the lock file is created exclusively;
// on gs:// Beam's filesystem has no create-if-absent, so the lock is
// checked, then written (two runs started at the same moment can both get
// it). A lock left by a dead process of this host is taken over.
func (d *outDir) lock(ctx context.Context) error {
	path := layout.Out{Dir: d.out}.Lock()
	host, _ := os.Hostname()
	mine := (&rundir.Lock{PID: os.Getpid(), Host: host, Started: now()}).JSON()
	for attempt := 0; attempt < 2; attempt++ {
		held, err := d.tryLock(ctx, path, mine)
		if err != nil || held == nil {
			d.locked = err == nil
			return err
		}
		if !held.Stale(host, processAlive) {
			return fmt.Errorf("--out %s: %w", d.out, held.Held(path))
		}
		fmt.Fprintf(os.Stderr, "bookalign run: removing the stale lock %s of pid %d, which is gone\n", path, held.PID)
		if err := removeFile(ctx, path); err != nil {
			return err
		}
	}
	return fmt.Errorf("--out %s: could not take the lock %s", d.out, path)
}

// tryLock writes the lock unless one exists, which it returns.
func (d *outDir) tryLock(ctx context.Context, path string, mine []byte) (*rundir.Lock, error) {
	if isLocal(path) {
		if err := os.MkdirAll(d.out, 0o755); err != nil {
			return nil, err
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			_, err = f.Write(mine)
			return nil, errors.Join(err, f.Close())
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	} else if ok, err := transforms.Exists(ctx, path); err != nil {
		return nil, err
	} else if !ok {
		return nil, transforms.WriteFile(ctx, path, mine)
	}
	b, err := transforms.ReadFile(ctx, path)
	if err != nil {
		return nil, err
	}
	held, err := rundir.ParseLock(b)
	if err != nil {
		return nil, fmt.Errorf("--out %s: %w; if no run is writing there, remove %s", d.out, err, path)
	}
	return held, nil
}

func (d *outDir) unlock(ctx context.Context) {
	if !d.locked {
		return
	}
	d.locked = false
	path := layout.Out{Dir: d.out}.Lock()
	if err := removeFile(ctx, path); err != nil {
		fmt.Fprintf(os.Stderr, "bookalign run: could not remove the lock %s: %v\n", path, err)
	}
}

// state lists what the directory holds, the lock excepted, and reads its
// marker.
func (d *outDir) state(ctx context.Context) (rundir.State, error) {
	var st rundir.State
	var names []string
	if isLocal(d.out) {
		entries, err := os.ReadDir(d.out)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return st, err
		}
		for _, e := range entries {
			names = append(names, e.Name())
		}
	} else {
		files, err := listTree(ctx, d.out, "**")
		if err != nil {
			return st, err
		}
		for _, f := range files {
			names = append(names, strings.TrimPrefix(f, d.out+"/"))
		}
	}
	for _, n := range names {
		if n != rundir.LockFile {
			st.Entries = append(st.Entries, n)
		}
	}
	for _, n := range st.Entries {
		if n == rundir.MarkerFile {
			st.Marker, st.MarkerErr = readMarker(ctx, d.out)
		}
	}
	return st, nil
}

// readMarker reads OUT/run.json.
func readMarker(ctx context.Context, out string) (*rundir.Marker, error) {
	b, err := transforms.ReadFile(ctx, layout.Out{Dir: out}.Marker())
	if err != nil {
		return nil, err
	}
	return rundir.ParseMarker(b)
}

// clear removes the entries of the directory: every output of the earlier
// run, so that none survives into this one.
func (d *outDir) clear(ctx context.Context, entries []string) error {
	for _, e := range entries {
		var err error
		if isLocal(d.out) {
			err = os.RemoveAll(filepath.Join(d.out, e))
		} else {
			err = removeFile(ctx, corpus.Join(d.out, e))
		}
		if err != nil {
			return fmt.Errorf("clearing --out %s: %w", d.out, err)
		}
	}
	return nil
}

// removeFile removes one file, local or not.
func removeFile(ctx context.Context, path string) error {
	if isLocal(path) {
		return os.Remove(path)
	}
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fsys.Close()
	rm, ok := fsys.(filesystem.Remover)
	if !ok {
		return fmt.Errorf("cannot remove %s: the filesystem has no remove", path)
	}
	return rm.Remove(ctx, path)
}

// fileSize is the size of a file, -1 when it cannot be had (the run rejects
// its pair). A local file is not opened: Beam's local Size opens it, which
// blocks forever on a FIFO.
func fileSize(ctx context.Context, fsys filesystem.Interface, path string) int64 {
	if isLocal(path) {
		info, err := os.Stat(path)
		if err != nil {
			return -1
		}
		return info.Size()
	}
	size, err := fsys.Size(ctx, path)
	if err != nil {
		return -1
	}
	return size
}

// inputFingerprint fingerprints the corpora of cfg: the content of each
// pairs.tsv, and the names and sizes of the books and summaries.
func inputFingerprint(ctx context.Context, cfg pipelines.Config) (string, error) {
	var files []rundir.File
	for _, dir := range []string{cfg.Corpus, cfg.TestCorpus} {
		if dir == "" {
			continue
		}
		index := corpus.Layout{Dir: dir}.Pairs()
		b, err := transforms.ReadFile(ctx, index)
		if err != nil {
			return "", err
		}
		files = append(files, rundir.File{Path: index, Size: int64(len(b)), Content: b})
		for _, sub := range []string{"books", "summaries"} {
			fsys, err := filesystem.New(ctx, dir)
			if err != nil {
				return "", err
			}
			paths, err := fsys.List(ctx, corpus.Join(dir, sub+"/*"))
			if err == nil {
				for _, p := range paths {
					files = append(files, rundir.File{Path: p, Size: fileSize(ctx, fsys, p)})
				}
			}
			fsys.Close()
		}
	}
	return rundir.Fingerprint(files), nil
}

// isLocal reports whether p is a local path rather than a URL (gs://…).
func isLocal(p string) bool { return !strings.Contains(p, "://") }

// listTree lists the files under dir that match pattern, through Beam's
// filesystem of dir.
func listTree(ctx context.Context, dir, pattern string) ([]string, error) {
	fsys, err := filesystem.New(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	return fsys.List(ctx, dir+"/"+pattern)
}
