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
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/rundir"
)

// quickRun are the flags of a fast run on a testcorpus corpus.
var quickRun = []string{"--methods", "first1000", "--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200", "--quiet", "--report=false"}

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

// TestFailedRunSaysWhy checks that a run that fails once it has started
// (every pair rejected, as too short) records why in its run marker.
func TestFailedRunSaysWhy(t *testing.T) {
	dir := t.TempDir()
	if err := testcorpus.Good(3).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if stderr, code := runInto(t, dir, out, "--set", "min_book_words=10000000"); code != 1 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m := runMarker(t, out)
	if m["complete"] != false || !strings.Contains(fmt.Sprint(m["error"]), "all 3 pairs were rejected") {
		t.Errorf("run marker of a failed run: %v", m)
	}
}

// loudRun are the flags of quickRun without --quiet, for tests of what a
// run says.
func loudRun() []string {
	var flags []string
	for _, f := range quickRun {
		if f != "--quiet" {
			flags = append(flags, f)
		}
	}
	return flags
}

// writeCorpus writes the corpus of testcorpus.Good(3) to dir.
func writeCorpus(t *testing.T, dir string) {
	t.Helper()
	if err := testcorpus.Good(3).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
}

// TestOutRefusesCorpusInside checks that a corpus inside --out is refused
// before anything is touched: clearing the earlier outputs would delete it.
func TestOutRefusesCorpusInside(t *testing.T) {
	elsewhere := t.TempDir()
	writeCorpus(t, elsewhere)
	out := filepath.Join(t.TempDir(), "out")
	if stderr, code := runInto(t, elsewhere, out); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	inside := filepath.Join(out, "corpus")
	writeCorpus(t, inside)
	stderr, code := runInto(t, inside, out, "--overwrite")
	if code != 1 || !strings.Contains(stderr, inside) || !strings.Contains(stderr, "inside --out") {
		t.Errorf("corpus inside --out: exit %d, want 1 with an error naming %s: %s", code, inside, stderr)
	}
	if !exists(filepath.Join(inside, "pairs.tsv")) || !exists(filepath.Join(inside, "books", "book-00.txt")) {
		t.Fatal("the corpus inside --out was deleted")
	}
	if m := runMarker(t, out); m["complete"] != true {
		t.Errorf("the earlier run's marker was touched: %v", m)
	}
}

// TestOutKeepsUserFiles checks that a rerun clears only what a run writes:
// files the user put in --out stay, and the run says so.
func TestOutKeepsUserFiles(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir)
	out := filepath.Join(t.TempDir(), "out")
	if stderr, code := runInto(t, dir, out); code != 0 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	notes := filepath.Join(out, "analysis-notes.txt")
	figure := filepath.Join(out, "my-figures", "fig.svg")
	stale := filepath.Join(out, "summaries", "first1000", "gone-book.txt")
	for _, f := range []string{notes, figure, stale} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, extra := range [][]string{nil, {"--seed", "2", "--overwrite"}} {
		args := append([]string{"run", "--corpus", dir, "--out", out}, loudRun()...)
		_, stderr, code := bookalign(t, append(args, extra...)...)
		if code != 0 {
			t.Fatalf("rerun %v: exit %d: %s", extra, code, stderr)
		}
		if !exists(notes) || !exists(figure) {
			t.Errorf("rerun %v removed files bookalign did not write", extra)
		}
		if exists(stale) {
			t.Errorf("rerun %v: a summary of the earlier run survived", extra)
		}
		if !strings.Contains(stderr, "kept 2 entries") || !strings.Contains(stderr, "analysis-notes.txt, my-figures/") {
			t.Errorf("rerun %v does not say what it kept:\n%s", extra, stderr)
		}
	}
}

// TestOutCheckOutside checks the refusal of input directories inside
// --out on real paths: through symbolic links, relative, not yet made.
func TestOutCheckOutside(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real")
	if err := os.MkdirAll(filepath.Join(real, "corpus"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	t.Chdir(root)
	tests := []struct {
		name string
		cfg  pipelines.Config
		err  string
	}{
		{"apart", pipelines.Config{Out: "out", Corpus: "real/corpus"}, ""},
		{"corpus through a link to --out", pipelines.Config{Out: link, Corpus: filepath.Join(real, "corpus")}, "lies inside --out " + link},
		{"--out through a link, not made yet", pipelines.Config{Out: "link/new/out", Corpus: "real/new/out/corpus"}, "--corpus real/new/out/corpus"},
		{"relative and absolute", pipelines.Config{Out: "real", Corpus: "x", TestCorpus: filepath.Join(real, "corpus")}, "--test-corpus"},
		{"thesaurus is --out", pipelines.Config{Out: "real/", Corpus: "x", Thesaurus: link}, "--thesaurus " + link},
		{"--out inside the ROUGE data", pipelines.Config{Out: "real/corpus/out", Corpus: "x", Rouge: rouge.Options{DataDir: "link"}}, "lies inside --rouge-data link"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := rundir.CheckDirs(tt.cfg.Out, runDirs(tt.cfg))
			if tt.err == "" {
				if err != nil {
					t.Errorf("error %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want one saying %q", err, tt.err)
			}
		})
	}
}

// TestOutFlagRefusesRoot checks that --out naming the root directory is
// refused (rundir.CheckOut) before anything else is checked, and that
// other values lose only their final '/'.
func TestOutFlagRefusesRoot(t *testing.T) {
	for _, tc := range []struct {
		value, dir, err string
	}{
		{"/", "", "--out / is the root directory, which cannot hold a run's outputs"},
		{"gs://", "", "--out gs:// names no bucket"},
		{"gs://bucket/run/", "gs://bucket/run", ""},
		{"out/", "out", ""},
		{"/tmp/out//", "/tmp/out", ""},
		{"", "", ""},
	} {
		dir, err := outFlag(tc.value)
		if tc.err == "" && (err != nil || dir != tc.dir) || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("outFlag(%q) = %q, %v; want %q, an error saying %q", tc.value, dir, err, tc.dir, tc.err)
		}
	}
	// The command says so before it looks at the corpus, which is missing.
	_, stderr, code := bookalign(t, "run", "--corpus", filepath.Join(t.TempDir(), "none"), "--out", "/")
	if code != 1 || !strings.Contains(stderr, "--out / is the root directory") {
		t.Errorf("run --out /: exit %d: %s", code, stderr)
	}
}

// TestRerunMethodsAsSet checks that --methods is a set for the rules of
// --out: another order reruns the finished run, other methods are refused,
// and a method given twice is refused whatever --out holds; a setting no
// method of the run uses is no difference, and a refusal names the
// settings that differ as the user gives them.
func TestRerunMethodsAsSet(t *testing.T) {
	dir := t.TempDir()
	if err := testcorpus.Good(3).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--methods", "first1000,random"}, 0, ""},
		{[]string{"--methods", "random,first1000"}, 0, ""},
		{[]string{"--methods", "random,first1000", "--folds", "2", "--set", "align.iterations=3", "--set", "summarizer.coverage=false"}, 0, ""},
		{[]string{"--methods", "first1000,random,first1000"}, 1, `methods lists "first1000" twice`},
		{[]string{"--methods", "random"}, 1, "a finished run of other settings (methods was first1000,random, now random): rerun with --overwrite to replace it, or choose another --out"},
		{[]string{"--methods", "random", "--words", "100", "--folds", "2"}, 1, "(methods was first1000,random, now random; words was 200, now 100)"},
	} {
		stderr, code := runInto(t, dir, out, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, want %d saying %q: %s", tc.args, code, tc.code, tc.want, stderr)
		}
	}
}

// TestDirFlagKeepsRoot checks that --corpus / and --test-corpus / name the
// root directory, which is not a corpus, rather than reading as flags not
// given: --test-corpus / would otherwise cross-validate on --corpus.
func TestDirFlagKeepsRoot(t *testing.T) {
	for _, tc := range []struct{ value, want string }{
		{"/", "/"}, {"///", "/"}, {"corpus/", "corpus"}, {"gs://b/c/", "gs://b/c"}, {"", ""},
	} {
		if got := dirFlag(tc.value); got != tc.want {
			t.Errorf("dirFlag(%q) = %q, want %q", tc.value, got, tc.want)
		}
	}
	sample := filepath.Join("..", "..", "sample")
	for _, args := range [][]string{
		{"--corpus", "/"},
		{"--corpus", sample, "--test-corpus", "/"},
	} {
		out := filepath.Join(t.TempDir(), "out")
		_, stderr, code := bookalign(t, append([]string{"run", "--out", out, "--methods", "first1000", "--quiet"}, args...)...)
		if code != 1 || !strings.Contains(stderr, "no corpus index at /pairs.tsv") || exists(out) {
			t.Errorf("run %q: exit %d, out written %v: %s", args, code, exists(out), stderr)
		}
	}
}
