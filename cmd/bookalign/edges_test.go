package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"
)

// TestSettingsAtTheirEdges runs the experiment with every floating-point
// setting at an edge of its range (config.Check): the arithmetic stays
// finite, the run ends without error, and no output holds NaN or an
// infinity.
func TestSettingsAtTheirEdges(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the pipeline twice")
	}
	corpus := t.TempDir()
	if err := testcorpus.Good(4).WriteTo(corpus); err != nil {
		t.Fatal(err)
	}
	for name, sets := range map[string][]string{
		"high": {"align.passage_prior=1e12", "lambda=1000", "summarizer.coverage_bigram=1e6", "summarizer.coverage_prior=1e6", "summarizer.coverage_function=1"},
		"low":  {"align.passage_prior=1e-6", "lambda_tolerance=0.999", "summarizer.coverage_bigram=0", "summarizer.coverage_prior=5e-324", "summarizer.coverage_function=0"},
	} {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := []string{"run", "--corpus", corpus, "--out", out, "--methods", "passage,jing,first1000", "--folds", "2", "--quiet", "--report=false",
				"--set", "align.iterations=10", "--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200"}
			for _, kv := range sets {
				args = append(args, "--set", kv)
			}
			if _, stderr, code := bookalign(t, args...); code != 0 {
				t.Fatalf("exit %d:\n%s", code, stderr)
			}
			err := filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() || strings.HasSuffix(path, ".svg") {
					return err
				}
				b, err := os.ReadFile(path)
				for _, bad := range []string{"NaN", "+Inf", "-Inf"} {
					if bytes.Contains(b, []byte(bad)) {
						t.Errorf("%s holds %s", path, bad)
					}
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
