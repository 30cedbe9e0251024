package rundir

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/bookalign/bookalign/internal/gcstest"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/fsouza/fake-gcs-server/fakestorage"
)

// markerOf reads OUT/run.json.
func markerOf(t *testing.T, out string) *Marker {
	t.Helper()
	m, err := ReadMarker(context.Background(), out)
	if err != nil {
		t.Fatalf("run marker: %v", err)
	}
	return m
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// startedDir is a Dir of a run that has written its first marker
// in a new directory.
func startedDir(t *testing.T) *Dir {
	t.Helper()
	d := &Dir{out: t.TempDir(), stderr: io.Discard, Marker: Marker{Format: FormatVersion, Command: "run", Settings: json.RawMessage(`{"Seed":1}`), Started: now()}}
	if err := d.writeMarker(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestMarkerSurvivesFailedWrite checks that a failed run is recorded as
// failed even when its marker cannot be replaced by a new file (here,
// because a directory is in the way of the temporary file).
func TestMarkerSurvivesFailedWrite(t *testing.T) {
	d := startedDir(t)
	d.stderr = io.Discard
	blocker := filepath.Join(d.out, "run.json.tmp", "x")
	if err := os.MkdirAll(blocker, 0o755); err != nil {
		t.Fatal(err)
	}
	d.Finish(context.Background(), errors.New("pipeline failed: no space left on device"))
	if m := markerOf(t, d.out); m.Complete || !strings.Contains(m.Error, "no space left") {
		t.Errorf("run marker of a run that failed: %v", m)
	}
}

// failingDisk is the local disk with a full disk injected: writing a new
// file leaves it empty and fails, and rewriting a file in place fails
// when fail is set or when the new content is longer than the file.
func failingDisk(failInPlace bool) localDisk {
	full := &fs.PathError{Op: "write", Err: syscall.ENOSPC}
	disk := osDisk
	disk.writeFile = func(name string, _ []byte) error {
		if err := os.WriteFile(name, nil, 0o644); err != nil {
			return err
		}
		full.Path = name
		return full
	}
	disk.overwrite = func(name string, data []byte) error {
		info, err := os.Stat(name)
		if err != nil {
			return err
		}
		if failInPlace || int64(len(data)) > info.Size() {
			full.Path = name
			return full
		}
		return osDisk.overwrite(name, data)
	}
	return disk
}

// TestMarkerWriteFailures checks the marker write on a full disk: no
// temporary file stays, the final marker is rewritten in place (its error
// shortened to fit), and when even that fails, stderr says so.
func TestMarkerWriteFailures(t *testing.T) {
	long := "pipeline failed: " + strings.Repeat("a stage said something long; ", 200) + "no space left on device"
	tests := []struct {
		name        string
		runErr      string
		failInPlace bool
		wantErr     bool
		error       string
		stderr      string
	}{
		{"failed run, rewritten in place", "pipeline failed: no space left on device", false, false, "pipeline failed: no space left on device", "in place"},
		{"long error shortened to fit", long, false, false, "pipeline failed: a stage said", "in place"},
		{"finished run, rewritten in place", "", false, false, "", "in place"},
		{"even in place fails", "pipeline failed: no space left on device", true, true, "", "could not record"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := startedDir(t)
			var stderr bytes.Buffer
			d.disk, d.stderr = failingDisk(tt.failInPlace), &stderr
			var runErr error
			if tt.runErr != "" {
				runErr = errors.New(tt.runErr)
			}
			err := d.Finish(context.Background(), runErr)
			if (err != nil) != tt.wantErr {
				t.Errorf("finish: error %v, want one: %v", err, tt.wantErr)
			}
			if exists(filepath.Join(d.out, "run.json.tmp")) {
				t.Error("run.json.tmp left behind")
			}
			if !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("stderr %q, want it to say %q", stderr.String(), tt.stderr)
			}
			m := markerOf(t, d.out)
			switch {
			case tt.wantErr:
				if m.Finished != "" || m.Error != "" {
					t.Errorf("marker %v changed by a write that failed", m)
				}
			case tt.runErr == "":
				if !m.Complete {
					t.Errorf("marker %v of a finished run", m)
				}
			default:
				if m.Complete || m.Finished == "" || !strings.HasPrefix(m.Error, tt.error) {
					t.Errorf("marker %v, want error %q…", m, tt.error)
				}
			}
		})
	}
}

// TestDirOnGCS runs the lifecycle on a gs:// --out of a fake GCS server:
// a run locks, marks and finishes; a rerun of the same settings clears
// the earlier outputs object by object, and keeps what bookalign did not
// write; a second run while the first holds the lock is refused.
func TestDirOnGCS(t *testing.T) {
	srv := gcstest.Start(t)
	srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "b"})
	ctx, out := context.Background(), "gs://b/run"
	corpusDir, err := filepath.Abs("../sample")
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Command: "run", Out: out, Settings: json.RawMessage(`{"Seed":1}`), Corpus: corpusDir, Stderr: io.Discard}
	d, err := Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, opts); err == nil || !strings.Contains(err.Error(), "another bookalign run") {
		t.Errorf("a second run while the first holds the lock: %v", err)
	}
	for _, name := range []string{"results.json", "summaries/passage/a.txt", "notes.txt"} {
		if err := store.WriteFile(ctx, out+"/"+name, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.Finish(ctx, nil); err != nil {
		t.Fatal(err)
	}
	var said []string
	opts.Say = func(s string) { said = append(said, s) }
	d, err = Open(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Finish(ctx, nil)
	for name, want := range map[string]bool{"results.json": false, "summaries/passage/a.txt": false, "notes.txt": true, "run.lock": true} {
		if ok, err := store.Exists(ctx, out+"/"+name); ok != want || err != nil {
			t.Errorf("after the rerun opened, %s exists %v (%v), want %v", name, ok, err, want)
		}
	}
	if len(said) == 0 {
		t.Error("the rerun said nothing of what it cleared")
	}
}
