package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/pprof/profile"
)

// TestHeapProfileErrors is the hostile round of --memprofile's path and of
// its pairing with --cpuprofile: each is refused before anything runs.
func TestHeapProfileErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, cpu, mem, want string
	}{
		{"a directory", "", dir, "is a directory"},
		{"a missing directory", "", filepath.Join(dir, "nope", "heap.pprof"), "no such file"},
		{"under a file", "", filepath.Join(file, "heap.pprof"), "not a directory"},
		{"the CPU profile's file", filepath.Join(dir, "p"), filepath.Join(dir, "p"), "name the same file"},
		{"the CPU profile's file by another path", filepath.Join(dir, "q"), filepath.Join(dir, ".", "x", "..", "q"), "name the same file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stop, err := startProfiles(tt.cpu, tt.mem)
			if err == nil {
				stop(false)
				t.Fatalf("no error; want one saying %q", tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q; want one saying %q", err, tt.want)
			}
		})
	}
	if _, err := startHeapProfile(filepath.Join(dir, "h"), 0); err == nil || !strings.Contains(err.Error(), "must be positive") {
		t.Errorf("interval 0: error %v", err)
	}
}

// TestHeapProfileNone checks that no paths profile nothing.
func TestHeapProfileNone(t *testing.T) {
	stop, err := startProfiles("", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := stop(true); err != nil {
		t.Fatal(err)
	}
}

// TestHeapProfilePeak checks that the profile in the file is the one taken
// at the largest live heap: a block held across a collection and dropped
// before the profiler stops is in the peak and in the profile.
func TestHeapProfilePeak(t *testing.T) {
	path := filepath.Join(t.TempDir(), "heap.pprof")
	stop, err := startHeapProfile(path, 5*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	const size = 64 << 20
	block := make([]byte, size)
	for i := range block {
		block[i] = byte(i)
	}
	runtime.GC()
	time.Sleep(50 * time.Millisecond)
	runtime.KeepAlive(block)
	block = nil
	runtime.GC()
	time.Sleep(50 * time.Millisecond)
	peak, err := stop()
	if err != nil {
		t.Fatal(err)
	}
	if peak.Live < size || peak.Goal < peak.Live {
		t.Errorf("peak %+v; want a live heap of at least %d bytes and a goal above it", peak, size)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	prof, err := profile.Parse(f)
	if err != nil {
		t.Fatalf("the file is not a profile: %v", err)
	}
	inuse := -1
	for i, st := range prof.SampleType {
		if st.Type == "inuse_space" {
			inuse = i
		}
	}
	if inuse < 0 {
		t.Fatalf("the profile has no inuse_space: %v", prof.SampleType)
	}
	var held int64
	for _, s := range prof.Sample {
		for _, loc := range s.Location {
			if len(loc.Line) > 0 && strings.HasSuffix(loc.Line[0].Function.Name, ".TestHeapProfilePeak") {
				held += s.Value[inuse]
			}
		}
	}
	if held < size {
		t.Errorf("the profile holds %d bytes in use by the test, want the block's %d: not the one at the peak", held, size)
	}
}

// TestMemprofileFlag is the hostile round of `bookalign run --memprofile`
// as a user meets it: a path that cannot be written is refused before the
// output directory is made; an empty one profiles nothing; beside a runner
// that is not in process the run says that the profile covers this
// process only.
func TestMemprofileFlag(t *testing.T) {
	corpusDir, root := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(corpusDir, "pairs.tsv"), []byte("id\ttitle\tauthor\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		extra []string
		code  int
		want  string
		file  bool // the profile is written
		out   bool // the output directory is made
	}{
		{"empty", []string{"--memprofile", ""}, 0, "no rows", false, true},
		{"a directory", []string{"--memprofile", root}, 1, "--memprofile: open " + root + ": is a directory", false, false},
		{"a missing directory", []string{"--memprofile", filepath.Join(root, "nope", "h.pprof")}, 1, "no such file or directory", false, false},
		{"the CPU profile's file", []string{"--memprofile", filepath.Join(root, "p"), "--cpuprofile", filepath.Join(root, "p")}, 1, "name the same file", false, false},
		{"no value", []string{"--memprofile"}, 2, "flag needs an argument", false, false},
		{"a profile", []string{"--memprofile", filepath.Join(root, "h.pprof")}, 0, "--memprofile " + filepath.Join(root, "h.pprof") + ": the heap at its largest live heap", true, true},
		{"with --quiet", []string{"--memprofile", filepath.Join(root, "q.pprof"), "--quiet"}, 0, "", true, true},
		{"beside a runner out of process", []string{"--memprofile", filepath.Join(root, "u.pprof"), "--runner", "universal"}, 1, "the workers run elsewhere", true, true},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(root, fmt.Sprintf("out%d", i))
			args := append([]string{"run", "--corpus", corpusDir, "--out", out, "--methods", "first1000", "--report=false"}, tt.extra...)
			_, stderr, code := bookalign(t, args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d mentioning %q", code, stderr, tt.code, tt.want)
			}
			if len(tt.extra) > 1 && tt.extra[1] != "" && tt.extra[1] != root {
				if _, err := os.Stat(tt.extra[1]); (err == nil) != tt.file {
					t.Errorf("profile %s: %v; want written %v", tt.extra[1], err, tt.file)
				}
			}
			if _, err := os.Stat(out); (err == nil) != tt.out {
				t.Errorf("--out %s: %v; want made %v", out, err, tt.out)
			}
		})
	}
}
