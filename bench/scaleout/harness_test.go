package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// smallCorpus makes a corpus of the rows ids of the shared corpus: its own
// pairs.tsv, and the shared books/ and summaries/ linked.
func smallCorpus(t *testing.T, ids ...string) string {
	t.Helper()
	src := sharedtest.Path(t, "corpus")
	rows, err := os.ReadFile(filepath.Join(src, "pairs.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(rows), "\n")
	out := lines[:1]
	for _, l := range lines[1:] {
		id, _, _ := strings.Cut(l, "\t")
		if slices.Contains(ids, id) {
			out = append(out, l)
		}
	}
	if len(out) != len(ids)+1 {
		t.Fatalf("found %d of the rows of %v", len(out)-1, ids)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pairs.tsv"), []byte(strings.Join(out, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"books", "summaries"} {
		if err := os.Symlink(filepath.Join(src, sub), filepath.Join(dir, sub)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestRun measures two of the shortest books with the real aligners and
// checks the table: every stage, two
// elements in each per-book stage, and both books in the list of the
// longest alignments.
func TestRun(t *testing.T) {
	dir := smallCorpus(t, "vera-or-the-nihilists", "daisy-miller")
	for _, workers := range []int{1, 1 << 20} { // more workers than books: one a book
		var out bytes.Buffer
		if err := run(&out, dir, workers); err != nil {
			t.Fatal(err)
		}
		checkTable(t, out.String())
	}
}

func checkTable(t *testing.T, got string) {
	t.Helper()
	for _, want := range []string{
		"2 books, 20621 counted tokens; the derived stages are the profile's CPU-s (12.5 M counted tokens) times 0.002.",
		"| load (parse), per book | measured | 2 |",
		"| align (3 aligners), per book | measured | 2 |",
		"| fold plan and set statistics | derived | 0 |",
		"| featurize the training sets, per book | derived | 2 |",
		"| train and summarize, set keys | derived | 11 |",
		"| train and summarize, (method, set) keys | derived | 33 |",
		"| – | – | not run |",
		"| baselines, per book | derived | 2 |",
		"| **job** | | 19 |",
		"- 128 workers: ",
		"\n| vera-or-the-nihilists | ",
		"\n| daisy-miller | ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the output lacks %q:\n%s", want, got)
		}
	}
}

// TestRunRejects is the hostile round of the command's inputs.
func TestRunRejects(t *testing.T) {
	empty := t.TempDir()
	if err := os.WriteFile(filepath.Join(empty, "pairs.tsv"), []byte("id\ttitle\tauthor\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	missingBook := t.TempDir()
	if err := os.WriteFile(filepath.Join(missingBook, "pairs.tsv"), []byte("id\ttitle\tauthor\nnobook\tT\tA\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	emptyBook := t.TempDir()
	for file, data := range map[string]string{
		"pairs.tsv":       "id\ttitle\tauthor\nblank\tT\tA\n",
		"books/blank.txt": "", "summaries/blank.txt": "",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(emptyBook, file)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(emptyBook, file), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	badRow := t.TempDir()
	if err := os.WriteFile(filepath.Join(badRow, "pairs.tsv"), []byte("id\ttitle\tauthor\n\tT\tA\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, corpus string
		workers      int
		want         string
	}{
		{"zero workers", empty, 0, "-workers 0"},
		{"negative workers", empty, -3, "-workers -3"},
		{"no corpus", filepath.Join(empty, "nowhere"), 2, "no such file"},
		{"header only", empty, 2, "no pairs"},
		{"book missing", missingBook, 2, "nobook"},
		{"empty book and summary", emptyBook, 2, "blank"},
		{"row without an id", badRow, 2, "bad rows"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(&out, tc.corpus, tc.workers)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
			if out.Len() > 0 {
				t.Errorf("a table despite the error:\n%s", out.String())
			}
		})
	}
}
