package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"
)

// TestFoldsBeyondPairs runs more folds than the corpus has pairs: the run
// is refused before anything is written, on one line.
func TestFoldsBeyondPairs(t *testing.T) {
	dir, out := t.TempDir(), filepath.Join(t.TempDir(), "out")
	if err := testcorpus.Good(3).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	for _, folds := range []string{"4", "1000"} {
		_, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", out, "--methods", "passage,first1000", "--folds", folds, "--quiet")
		if want := "folds " + folds + " is out of range for the corpus " + dir + " of 3 pairs: want 2 to 3"; code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("--folds %s: exit %d, %q, want 1 and %q", folds, code, stderr, want)
		}
		if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("--folds %s: more than one line:\n%s", folds, stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("--folds %s: %s was made", folds, out)
		}
	}
}
