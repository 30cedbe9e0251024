package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/pipelines"
)

// TestTooFewPairs checks the folds against the pairs of the corpus index:
// one pair cannot be cross-validated, and folds beyond the pairs are
// refused, naming the folds, the pairs and the range allowed.
func TestTooFewPairs(t *testing.T) {
	for _, tc := range []struct {
		pairs, folds int
		want         string // "" for no error
	}{
		{0, 10, ""}, // nothing to do: the run warns
		{1, 2, "the corpus c has 1 pair"},
		{4, 4, ""},
		{4, 2, ""},
		{4, 5, "folds 5 is out of range for the corpus c of 4 pairs: want 2 to 4"},
		{4, 60, "folds 60 is out of range"},
		{245, 1000, "want 2 to 245"},
	} {
		cfg := pipelines.Config{Settings: config.Default()}
		cfg.Corpus, cfg.Folds = "c", tc.folds
		err := tooFewPairs(cfg, tc.pairs)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%d pairs, %d folds: %v", tc.pairs, tc.folds, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%d pairs, %d folds: %v, want an error with %q", tc.pairs, tc.folds, err, tc.want)
		}
	}
}

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
