package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"
)

// quickRun are the flags of a fast run on a testcorpus corpus.
var quickRun = []string{"--methods", "first1000", "--min-book-words", "300", "--min-summary-words", "20", "--words", "200", "--quiet", "--report=false"}

func runInto(t *testing.T, corpusDir, out string, extra ...string) (stderr string, code int) {
	t.Helper()
	args := append([]string{"run", "--corpus", corpusDir, "--out", out}, quickRun...)
	_, stderr, code = bookalign(t, append(args, extra...)...)
	return stderr, code
}

// runMarker reads OUT/run.json as the user would.
func runMarker(t *testing.T, out string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "run.json"))
	if err != nil {
		t.Fatalf("no run marker: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("run.json: %v\n%s", err, b)
	}
	return m
}

func setMarker(t *testing.T, out string, key string, value any) {
	t.Helper()
	m := runMarker(t, out)
	m[key] = value
	b, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(out, "run.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// TestOutRules checks the rules of --out: a run marker written last, a
// rerun of the same settings leaving nothing stale, refusals of a directory
// holding another run or a run that did not finish, --overwrite, and
// `bookalign report` refusing an unfinished run.
func TestOutRules(t *testing.T) {
	dir := t.TempDir()
	if err := testcorpus.Good(3).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if stderr, code := runInto(t, dir, out); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	m := runMarker(t, out)
	if m["complete"] != true || m["started"] == "" || m["inputs"] == "" || m["settings"] == nil {
		t.Errorf("run marker %v", m)
	}
	if exists(filepath.Join(out, "run.lock")) {
		t.Error("run.lock left after the run")
	}

	// A rerun of the same settings is allowed and leaves nothing stale.
	stale := filepath.Join(out, "summaries", "first1000", "gone-book.txt")
	if err := os.WriteFile(stale, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if stderr, code := runInto(t, dir, out); code != 0 {
		t.Fatalf("rerun: exit %d: %s", code, stderr)
	}
	if exists(stale) {
		t.Error("a summary of the earlier run survived the rerun")
	}

	// Other settings: refused, then --overwrite.
	if stderr, code := runInto(t, dir, out, "--seed", "2"); code != 1 || !strings.Contains(stderr, "other settings") || !strings.Contains(stderr, "bookalign run:") {
		t.Errorf("other settings: exit %d: %s", code, stderr)
	}
	if stderr, code := runInto(t, dir, out, "--seed", "2", "--overwrite"); code != 0 {
		t.Errorf("--overwrite: exit %d: %s", code, stderr)
	}

	// A run killed midway leaves an unfinished marker: run and report refuse.
	setMarker(t, out, "complete", false)
	if stderr, code := runInto(t, dir, out, "--seed", "2"); code != 1 || !strings.Contains(stderr, "did not finish") {
		t.Errorf("unfinished run: exit %d: %s", code, stderr)
	}
	if _, stderr, code := bookalign(t, "report", "--out", out); code != 1 || !strings.Contains(stderr, "did not finish") {
		t.Errorf("report of an unfinished run: exit %d: %s", code, stderr)
	}
	if exists(filepath.Join(out, "report")) {
		t.Error("report built from an unfinished run")
	}

	// A directory bookalign did not write is never cleared.
	foreign := t.TempDir()
	if err := os.WriteFile(filepath.Join(foreign, "thesis.tex"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, extra := range [][]string{nil, {"--overwrite"}} {
		if stderr, code := runInto(t, dir, foreign, extra...); code != 1 || !exists(filepath.Join(foreign, "thesis.tex")) {
			t.Errorf("foreign directory %v: exit %d: %s", extra, code, stderr)
		}
	}
}

// TestOutLock checks the lock against two runs into one --out: a lock of a
// live process refuses the run, one left by a dead process is taken over.
func TestOutLock(t *testing.T) {
	dir := t.TempDir()
	if err := testcorpus.Good(3).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skip("no true command to get a dead pid:", err)
	}
	for _, tt := range []struct {
		pid  int
		code int
	}{{os.Getpid(), 1}, {dead.Process.Pid, 0}} {
		out := t.TempDir()
		lock := fmt.Sprintf(`{"pid":%d,"host":%q,"started":"2026-01-01T00:00:00Z"}`, tt.pid, host)
		if err := os.WriteFile(filepath.Join(out, "run.lock"), []byte(lock), 0o644); err != nil {
			t.Fatal(err)
		}
		stderr, code := runInto(t, dir, out)
		if code != tt.code {
			t.Errorf("lock of pid %d: exit %d, want %d: %s", tt.pid, code, tt.code, stderr)
		}
		if tt.code == 1 && !strings.Contains(stderr, "another bookalign run") {
			t.Errorf("live lock: %s", stderr)
		}
		if tt.code == 0 && exists(filepath.Join(out, "run.lock")) {
			t.Error("stale lock left in place")
		}
	}
}

// TestFailedRunSaysWhy checks that a run that fails records why in its
// run marker.
func TestFailedRunSaysWhy(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pairs.tsv"), []byte("title\tauthor\nx\ty\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if stderr, code := runInto(t, dir, out); code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m := runMarker(t, out)
	if m["complete"] != false || !strings.Contains(fmt.Sprint(m["error"]), "header") {
		t.Errorf("run marker of a failed run: %v", m)
	}
}
