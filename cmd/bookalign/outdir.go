package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/bookalign/bookalign/internal/store"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/rundir"
)

// outDir is the output directory of `bookalign run` while the run owns it:
// locked, cleared as the rules of --out say (rundir.Decide), and marked in
// OUT/run.json as started, then as complete or failed.
type outDir struct {
	out    string
	marker rundir.Marker
	locked bool
	// disk writes the marker on a local disk, and stderr hears what the
	// run could not record in it; zero values mean osDisk and os.Stderr.
	// Tests replace them to inject a failure.
	disk   localDisk
	stderr io.Writer
}

// openOutDir refuses inputs of cfg that lie in its --out, locks out,
// applies the rules of --out to what it holds for a run of cfg, and writes
// the marker of a run that has started. say, when not nil, is told what
// was done to the directory.
func openOutDir(ctx context.Context, cfg pipelines.Config, overwrite bool, say func(string)) (*outDir, error) {
	if err := checkOutside(cfg); err != nil {
		return nil, err
	}
	settings := cfg
	settings.Out = ""
	set, err := json.Marshal(settings)
	if err != nil {
		return nil, err
	}
	files, err := inputFiles(ctx, cfg)
	if err != nil {
		return nil, err
	}
	inputs := rundir.Fingerprint(files)
	d := &outDir{out: cfg.Out, marker: rundir.Marker{Format: rundir.FormatVersion, Command: "run", Settings: set, Inputs: inputs, InputFiles: rundir.NewListing(files)}}
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
				if note := plan.KeptNote(); note != "" {
					say(note)
				}
			}
			err = d.clear(ctx, plan.Remove)
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
// directory. The marker is the run's last write. When it cannot be
// written for a run that failed, stderr is told, as the caller reports
// runErr alone.
func (d *outDir) finish(ctx context.Context, runErr error) error {
	defer d.unlock(ctx)
	d.marker.Finished = now()
	if runErr != nil {
		d.marker.Error = runErr.Error()
	}
	d.marker.Complete = runErr == nil
	err := d.writeMarker(ctx)
	if err != nil && runErr != nil {
		fmt.Fprintf(d.errOut(), "bookalign run: could not record in %s that the run failed: %v\n", layout.Out{Dir: d.out}.Marker(), err)
	}
	return err
}

// writeMarker writes run.json. A marker that is not complete leaves room
// at its end (rundir.MarkerSlack), so that the final one can be written
// over it in place when the disk is full.
func (d *outDir) writeMarker(ctx context.Context) error {
	b, err := d.marker.JSON()
	if err != nil {
		return err
	}
	if !d.marker.Complete && d.marker.Finished == "" {
		b = rundir.Pad(b, rundir.MarkerSlack)
	}
	path := layout.Out{Dir: d.out}.Marker()
	if !isLocal(path) {
		return writeRemote(ctx, path, b)
	}
	return d.writeLocal(path, b)
}

// writeRemote writes a file through Beam's filesystem, removing the
// temporary file a failed write leaves.
func writeRemote(ctx context.Context, path string, b []byte) error {
	err := store.WriteFile(ctx, path, b)
	if err != nil {
		if ok, _ := store.Exists(ctx, path+tmpSuffix); ok {
			_ = removeFile(ctx, path+tmpSuffix)
		}
	}
	return err
}

// tmpSuffix ends the name of the temporary file a write replaces a file
// with (store.WriteFile).
const tmpSuffix = ".tmp"

// writeLocal replaces the marker at path by a new file holding b. When
// that fails (a full disk), it removes the temporary file and rewrites the
// marker in place, shortened to the size of the one there when it can be:
// rewriting a file's own blocks needs no room on the disk.
func (d *outDir) writeLocal(path string, b []byte) error {
	disk := d.diskOps()
	tmp := path + tmpSuffix
	err := disk.writeFile(tmp, b)
	if err == nil {
		err = disk.rename(tmp, path)
	}
	if err == nil {
		return nil
	}
	err = fmt.Errorf("writing the run marker: %w", err)
	if rerr := disk.remove(tmp); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
		err = fmt.Errorf("%w (and removing %s: %v)", err, tmp, rerr)
	}
	size, serr := disk.size(path)
	if serr != nil {
		return err
	}
	fit, ferr := d.marker.JSONWithin(int(size))
	if ferr != nil {
		return err
	}
	if oerr := disk.overwrite(path, fit); oerr != nil {
		return fmt.Errorf("%w; rewriting it in place: %v", err, oerr)
	}
	fmt.Fprintf(d.errOut(), "bookalign run: %v; rewrote %s in place instead\n", err, path)
	return nil
}

// localDisk are the file operations that write the run marker on a local
// disk.
type localDisk struct {
	// writeFile creates or truncates a file and writes data to it.
	writeFile func(name string, data []byte) error
	rename    func(from, to string) error
	remove    func(name string) error
	// overwrite writes data over the start of an existing file and cuts
	// the file to its length.
	overwrite func(name string, data []byte) error
	size      func(name string) (int64, error)
}

// osDisk is localDisk on the operating system's files.
var osDisk = localDisk{
	writeFile: func(name string, data []byte) error { return os.WriteFile(name, data, 0o644) },
	rename:    os.Rename,
	remove:    os.Remove,
	overwrite: overwriteFile,
	size: func(name string) (int64, error) {
		info, err := os.Stat(name)
		if err != nil {
			return 0, err
		}
		return info.Size(), nil
	},
}

// overwriteFile writes data over the start of the existing file name and
// truncates it to the length of data, without allocating a new file.
func overwriteFile(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteAt(data, 0)
	if err == nil {
		err = f.Truncate(int64(len(data)))
	}
	if err == nil {
		err = f.Sync()
	}
	return errors.Join(err, f.Close())
}

// diskOps is the disk the marker is written on: d.disk, or osDisk.
func (d *outDir) diskOps() localDisk {
	if d.disk.writeFile == nil {
		return osDisk
	}
	return d.disk
}

// errOut is where the run says what it could not record: d.stderr, or
// os.Stderr.
func (d *outDir) errOut() io.Writer {
	if d.stderr == nil {
		return os.Stderr
	}
	return d.stderr
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
			if err = errors.Join(err, f.Close()); err != nil {
				// An empty lock (a full disk) would stop every later run.
				_ = os.Remove(path)
			}
			return nil, err
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	} else if ok, err := store.Exists(ctx, path); err != nil {
		return nil, err
	} else if !ok {
		return nil, store.WriteFile(ctx, path, mine)
	}
	b, err := store.ReadFile(ctx, path)
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
// marker. A local directory's entries are its names, a subdirectory's
// with a final '/'.
func (d *outDir) state(ctx context.Context) (rundir.State, error) {
	var st rundir.State
	var names []string
	if isLocal(d.out) {
		entries, err := os.ReadDir(d.out)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return st, err
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() {
				name += "/"
			}
			names = append(names, name)
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
	b, err := store.ReadFile(ctx, layout.Out{Dir: out}.Marker())
	if err != nil {
		return nil, err
	}
	return rundir.ParseMarker(b)
}

// clear removes entries of the directory: every output of the earlier
// run (rundir.Plan.Remove), so that none survives into this one.
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

// inputFiles lists the input files of the corpora of cfg, which the run
// marker fingerprints and records: the test corpus's files are named
// behind rundir.TestCorpusPrefix.
func inputFiles(ctx context.Context, cfg pipelines.Config) ([]rundir.File, error) {
	files, err := corpusFiles(ctx, cfg.Corpus, "")
	if err != nil || cfg.TestCorpus == "" {
		return files, err
	}
	test, err := corpusFiles(ctx, cfg.TestCorpus, rundir.TestCorpusPrefix)
	return append(files, test...), err
}

// corpusFiles lists a corpus's input files: its pairs.tsv with its content,
// and its books and summaries with their sizes. Each is named by its path
// in the corpus, behind prefix.
func corpusFiles(ctx context.Context, dir, prefix string) ([]rundir.File, error) {
	if dir == "" {
		return nil, nil
	}
	index := corpus.Layout{Dir: dir}.Pairs()
	b, err := store.ReadFile(ctx, index)
	if err != nil {
		return nil, err
	}
	files := []rundir.File{{Path: index, Name: prefix + path.Base(index), Size: int64(len(b)), Content: b}}
	fsys, err := filesystem.New(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	for _, sub := range []string{"books", "summaries"} {
		paths, err := fsys.List(ctx, corpus.Join(dir, sub+"/*"))
		if err != nil {
			continue
		}
		for _, p := range paths {
			files = append(files, rundir.File{Path: p, Name: prefix + sub + "/" + path.Base(filepath.ToSlash(p)), Size: fileSize(ctx, fsys, p)})
		}
	}
	return files, nil
}

// checkOutside refuses the input directories of cfg that lie inside its
// --out, are it, or hold it: clearing the earlier outputs would delete
// them. It runs before the directory is touched.
func checkOutside(cfg pipelines.Config) error {
	var inputs []rundir.Input
	for _, in := range []struct{ flag, dir string }{
		{"--corpus", cfg.Corpus}, {"--test-corpus", cfg.TestCorpus},
		{"--rouge-data", cfg.Rouge.DataDir}, {"--thesaurus", cfg.Thesaurus},
	} {
		if in.dir != "" && !(in.flag == "--rouge-data" && in.dir == rouge.BuiltinDir) {
			inputs = append(inputs, rundir.Input{Flag: in.flag, Path: in.dir, Resolved: resolvePath(in.dir)})
		}
	}
	return rundir.CheckOutside(rundir.Input{Flag: "--out", Path: cfg.Out, Resolved: resolvePath(cfg.Out)}, inputs)
}

// resolvePath is a local path made absolute, with the symbolic links of
// its longest part that exists followed, so that two names of one
// directory compare equal; a URL is returned as it is.
func resolvePath(p string) string {
	if !isLocal(p) {
		return p
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(dir) == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
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

// outFlag returns the directory --out names, without its final '/'. It
// refuses, saying why, the root directory (however named: "/", "//",
// "/..", a link to it), which holds every input and files bookalign
// did not write, so the rules of --out could never let a run use it, and
// a URL without a bucket ("gs://"), which would otherwise become a local
// directory named "gs:".
func outFlag(value string) (string, error) {
	dir := dirFlag(value)
	scheme, rest, isURL := strings.Cut(value, "://")
	switch {
	case value != "" && !isURL && resolvePath(value) == string(filepath.Separator):
		return "", fmt.Errorf("--out %s is the root directory, which cannot hold a run's outputs: --out must be a new, empty or earlier run's directory and must not hold the corpus; choose one such as --out ./out", value)
	case isURL && strings.Trim(rest, "/") == "":
		return "", fmt.Errorf("--out %s names no bucket: give one such as --out %s://BUCKET/out", value, scheme)
	}
	return dir, nil
}

// dirFlag is the value of a directory flag without its final '/', the
// root directory kept as "/": trimmed to nothing, it would read as a flag
// not given (--test-corpus / would silently cross-validate instead).
func dirFlag(value string) string {
	dir := strings.TrimRight(value, "/")
	if dir == "" && value != "" {
		return "/"
	}
	return dir
}
