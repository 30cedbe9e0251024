package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// TestPipelinesLeaveNoTempFile runs wiki-extract (a prism job, run, like
// every pipeline of the command, by beamrun.Run) with $TMPDIR pointing at
// an empty directory: nothing is left in it, where Beam alone leaves a
// beamloopbackworker-* file per job.
func TestPipelinesLeaveNoTempFile(t *testing.T) {
	dump := sharedtest.Path(t, "wikidump", "enwiki-book-pages-sample.xml")
	out := t.TempDir()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	if _, stderr, code := bookalign(t, "wiki-extract", "--dump", dump, "--out", filepath.Join(out, "extract")); code != 0 {
		t.Fatalf("wiki-extract: exit %d\n%s", code, stderr)
	}
	entries, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if len(left) > 0 {
		t.Errorf("left in $TMPDIR: %s", strings.Join(left, ", "))
	}
}
