package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"
)

// TestFewBooksWarning runs `bookalign run` on corpora of 1, 5 and 6 books:
// under 6 the run warns, on stderr and in run.json, that its intervals
// and p-values mean nothing, and says how many books it had; at 6 it
// does not. (TestRunningReprocessExample checks reprocess's warning, in
// its output and in state.json.)
func TestFewBooksWarning(t *testing.T) {
	tests := []struct {
		books int
		want  string // "" for no warning
	}{
		{1, "only 1 book was evaluated, fewer than 6"},
		{5, "only 5 books were evaluated, fewer than 6"},
		{6, ""},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.books), func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "corpus")
			if err := testcorpus.Good(tt.books).WriteTo(dir); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(root, "out")
			_, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", out, "--methods", "first1000", "--words", "200",
				"--set", "min_book_words=100", "--set", "min_summary_words=10")
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, stderr)
			}
			warnings := fmt.Sprint(runMarker(t, out)["warnings"])
			if tt.want == "" {
				if strings.Contains(stderr, "were evaluated, fewer than") || strings.Contains(warnings, "fewer than") {
					t.Errorf("a warning with %d books:\n%s\nrun.json: %s", tt.books, stderr, warnings)
				}
				return
			}
			if !strings.Contains(stderr, "bookalign run: warning: "+tt.want) || !strings.Contains(stderr, "0.05 needs 6 books") {
				t.Errorf("stderr lacks %q:\n%s", tt.want, stderr)
			}
			if !strings.Contains(warnings, tt.want) {
				t.Errorf("run.json's warnings %s lack %q", warnings, tt.want)
			}
		})
	}
}
