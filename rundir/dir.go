package rundir

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
)

// Options say what run is to own an output directory (Open).
type Options struct {
	// Command is the bookalign command of the run ("run"): the marker
	// records it, and the messages of the run begin with it.
	Command string
	// Out is the output directory, local or gs://.
	Out string
	// Settings are the run's configuration as JSON, Out left out.
	Settings json.RawMessage
	// Differ says in which settings the run would differ from a finished
	// run in Out (Decide); nil means TopLevel, equal JSON values.
	Differ Differ
	// Dirs are the run's input directories, by their flag: none may lie
	// inside Out, be it or hold it (CheckDirs).
	Dirs []Input
	// Corpus and TestCorpus are the corpora whose files the marker
	// fingerprints and lists (InputFiles).
	Corpus, TestCorpus string
	// Overwrite lets a run clear an unfinished run or one of other
	// settings (Decide).
	Overwrite bool
	// Say, when not nil, is told what was done to the directory.
	Say func(string)
	// Stderr hears what the run could not record, or did to the lock;
	// nil means os.Stderr.
	Stderr io.Writer
}

// Dir is the output directory of a run while the run owns it: locked,
// cleared as the rules of --out say (Decide), and marked in OUT/run.json as
// started, then as complete or failed (Finish).
type Dir struct {
	out string
	// Marker is the run's marker; the run adds its Warnings before
	// Finish.
	Marker Marker
	locked bool
	// disk writes the marker on a local disk, and stderr hears what the
	// run could not record in it; a zero disk means osDisk. Tests replace
	// them to inject a failure.
	disk   localDisk
	stderr io.Writer
}

// Open refuses input directories of o that lie in its Out, locks Out,
// applies the rules of --out to what it holds for a run of o's settings,
// and writes the marker of a run that has started.
func Open(ctx context.Context, o Options) (*Dir, error) {
	if err := CheckDirs(o.Out, o.Dirs); err != nil {
		return nil, err
	}
	files, err := InputFiles(ctx, o.Corpus, o.TestCorpus)
	if err != nil {
		return nil, err
	}
	inputs := Fingerprint(files)
	d := &Dir{out: o.Out, stderr: o.Stderr, Marker: Marker{Format: FormatVersion, Command: o.Command, Settings: o.Settings, Inputs: inputs, InputFiles: NewListing(files)}}
	if d.stderr == nil {
		d.stderr = os.Stderr
	}
	if err := d.lock(ctx); err != nil {
		return nil, err
	}
	st, err := d.state(ctx)
	if err == nil {
		var plan Plan
		if plan, err = Decide(st, o.Settings, inputs, o.Overwrite, o.Differ); err != nil {
			err = fmt.Errorf("--out %s: %w", d.out, err)
		} else if plan.Clear {
			if o.Say != nil {
				o.Say(plan.Note)
				if note := plan.KeptNote(); note != "" {
					o.Say(note)
				}
			}
			err = d.clear(ctx, plan.Remove)
		}
	}
	if err == nil {
		d.Marker.Started = now()
		err = d.writeMarker(ctx)
	}
	if err != nil {
		d.unlock(ctx)
		return nil, err
	}
	return d, nil
}

// Finish marks the run complete, or failed with runErr, and unlocks the
// directory. The marker is the run's last write. When it cannot be
// written for a run that failed, stderr is told, as the caller reports
// runErr alone.
func (d *Dir) Finish(ctx context.Context, runErr error) error {
	defer d.unlock(ctx)
	d.Marker.Finished = now()
	if runErr != nil {
		d.Marker.Error = runErr.Error()
	}
	d.Marker.Complete = runErr == nil
	err := d.writeMarker(ctx)
	if err != nil && runErr != nil {
		d.warn("could not record in %s that the run failed: %v", layout.Out{Dir: d.out}.Marker(), err)
	}
	return err
}

// warn tells stderr, as the command of the run.
func (d *Dir) warn(format string, args ...any) {
	fmt.Fprintf(d.stderr, "bookalign %s: %s\n", d.Marker.Command, fmt.Sprintf(format, args...))
}

func now() string { return time.Now().UTC().Format(time.RFC3339) }

// state lists what the directory holds, the lock excepted, and reads its
// marker.
func (d *Dir) state(ctx context.Context) (State, error) {
	var st State
	names, err := store.Entries(ctx, d.out)
	if err != nil {
		return st, err
	}
	for _, n := range names {
		if n != LockFile {
			st.Entries = append(st.Entries, n)
		}
	}
	for _, n := range st.Entries {
		if n == MarkerFile {
			st.Marker, st.MarkerErr = ReadMarker(ctx, d.out)
		}
	}
	return st, nil
}

// ReadMarker reads OUT/run.json.
func ReadMarker(ctx context.Context, out string) (*Marker, error) {
	b, err := store.ReadFile(ctx, layout.Out{Dir: out}.Marker())
	if err != nil {
		return nil, err
	}
	return ParseMarker(b)
}

// clear removes entries of the directory: every output of the earlier
// run (Plan.Remove), so that none survives into this one.
func (d *Dir) clear(ctx context.Context, entries []string) error {
	for _, e := range entries {
		if err := store.RemoveAll(ctx, corpus.Join(d.out, e)); err != nil {
			return fmt.Errorf("clearing --out %s: %w", d.out, err)
		}
	}
	return nil
}
