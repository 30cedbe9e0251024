package fetch_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bookalign/bookalign/fetch"
)

// TestLinkBooks: a corpus book that holds the same bytes as its download
// becomes a hard link to it; one that differs, or whose download is gone,
// is left as it is. Running it again changes nothing.
func TestLinkBooks(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"matches.jsonl": `{"id":"same","summaries_line":1,"gutenberg_id":7}` + "\n" +
			`{"id":"changed","summaries_line":2,"gutenberg_id":8}` + "\n" +
			`{"id":"no-download","summaries_line":3,"gutenberg_id":9}` + "\n",
		"books/same.txt":          "the text of seven\n",
		"sources/gutenberg/7.txt": "the text of seven\n",
		"books/changed.txt":       "the text of eight, re-encoded\n",
		"sources/gutenberg/8.txt": "the text of eight\n",
		"books/no-download.txt":   "the text of nine\n",
	}
	for rel, body := range files {
		name := filepath.Join(dir, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(name), 0o755)
		if err := os.WriteFile(name, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for run := 1; run <= 2; run++ {
		linked, err := fetch.LinkBooks(dir)
		if err != nil {
			t.Fatal(err)
		}
		if linked != 1 {
			t.Errorf("run %d: %d linked, want 1", run, linked)
		}
		tests := []struct {
			book, download string
			same           bool
		}{
			{"books/same.txt", "sources/gutenberg/7.txt", true},
			{"books/changed.txt", "sources/gutenberg/8.txt", false},
		}
		for _, tc := range tests {
			a, _ := os.Stat(filepath.Join(dir, tc.book))
			b, _ := os.Stat(filepath.Join(dir, tc.download))
			if a == nil || b == nil || os.SameFile(a, b) != tc.same {
				t.Errorf("run %d: %s and %s: same file %v, want %v", run, tc.book, tc.download, a != nil && b != nil && os.SameFile(a, b), tc.same)
			}
		}
		for rel, body := range files {
			if got, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel))); string(got) != body {
				t.Errorf("run %d: %s now holds %q", run, rel, got)
			}
		}
		if entries, _ := os.ReadDir(filepath.Join(dir, "books")); len(entries) != 3 {
			t.Errorf("run %d: books/ holds %d files, want 3", run, len(entries))
		}
	}
}
