package main

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlainLog checks the form of Beam's and the runner's log records on
// the terminal: warnings as plain lines of the command, the runner's
// "[SDK] " dropped, attributes after the message; nothing below warning,
// and no error (the command reports a failed run itself).
func TestPlainLog(t *testing.T) {
	var buf bytes.Buffer
	l := slog.New(newPlainLog(&buf, "run"))
	l.Info("bundle done")
	l.Warn("[SDK] pairs.tsv has a header but no rows")
	l.Error("process bundle failed for instruction inst003 using plan stage-004")
	l.With("job", "j1").WithGroup("sdk").Warn("slow", "stage", 3)
	want := "bookalign run: warning: pairs.tsv has a header but no rows\n" +
		"bookalign run: warning: slow (job: j1, sdk.stage: 3)\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestWarningsPlain runs a run whose pipeline warns (a test corpus with a
// header and no rows) and checks the warning comes as a plain line, not in
// slog's time=… level=WARN form.
func TestWarningsPlain(t *testing.T) {
	empty := t.TempDir()
	if err := os.WriteFile(filepath.Join(empty, "pairs.tsv"), []byte("id\ttitle\tauthor\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := bookalign(t, "run", "--quiet", "--corpus", empty, "--out", filepath.Join(t.TempDir(), "out"), "--methods", "first1000", "--report=false")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "bookalign run: warning: "+filepath.Join(empty, "pairs.tsv")+" has a header but no rows") || strings.Contains(stderr, "level=") {
		t.Errorf("stderr:\n%s\nwant the warning as a plain line of bookalign run", stderr)
	}
}
