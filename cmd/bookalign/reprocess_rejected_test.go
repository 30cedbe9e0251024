package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReprocessAllPairsRejected runs reprocess on a dump whose every pair
// the experiment rejects (books far below --min-book-words): it ends as
// `bookalign run` does, with exit 1 and one last line that says all the
// pairs were rejected and the commonest reasons, leaves the rejects in
// the work directory, and neither moves the outputs into place nor
// records the dump as processed, so a later run with other settings does
// the experiment again. The final counts it prints are read from the
// outputs.
func TestReprocessAllPairsRejected(t *testing.T) {
	f := newReprocessFixture(t)
	_, stderr, code := bookalign(t, append(f.args(), "--set", "min_book_words=10000000")...)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, stderr)
	}
	last := lastLine(stderr)
	for _, want := range []string{"bookalign reprocess: experiment of enwiki-20240101-pages-articles.xml.bz2:", "all 2 pairs were rejected",
		"2 at filter-by-length", "below the minimum of 10000000", "rejects.jsonl"} {
		if !strings.Contains(last, want) {
			t.Errorf("last line %q lacks %q", last, want)
		}
	}
	if !strings.Contains(stderr, "final counts") || !strings.Contains(strings.Join(strings.Fields(stderr), " "), "pairs_rejected 2") {
		t.Errorf("no final counts read from the outputs:\n%s", stderr)
	}
	work := filepath.Join(f.out, "20240101.partial")
	if rejects := readRejectsFile(t, filepath.Join(work, "results", "rejects.jsonl")); len(rejects) != 2 {
		t.Errorf("rejects.jsonl holds %d pairs, want 2: %v", len(rejects), rejects)
	}
	for _, path := range []string{filepath.Join(f.out, "20240101"), filepath.Join(f.state, "state.json")} {
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("%s: %v; want none, as the dump was not processed", path, err)
		}
	}
	if progress := readString(t, filepath.Join(work, "progress.json")); strings.Contains(progress, "experiment") {
		t.Errorf("the experiment is marked done:\n%s", progress)
	}

	// The same dump with settings that keep the books is processed.
	if _, stderr, code := bookalign(t, f.args()...); code != 0 {
		t.Fatalf("rerun with other settings: exit %d\n%s", code, stderr)
	}
}
