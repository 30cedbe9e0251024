package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"
)

// TestIndexRefusedBeforeRun checks that a pairs.tsv in UTF-16 or without
// its header is refused before the pipeline starts: one short message that
// names the file and the fix, no Beam error, and no run marker left in
// --out, so that the run with the index mended needs no --overwrite.
func TestIndexRefusedBeforeRun(t *testing.T) {
	good := "id\ttitle\tauthor\nbook-00\tA\tX\nbook-01\tB\tY\nbook-02\tC\tZ\n"
	for _, tc := range []struct {
		name, index, want string
	}{
		{"utf-16le with bom", "\xff\xfe" + string(utf16LE([]byte(good))), "is not UTF-8 text: it starts with a UTF-16 byte order mark"},
		{"utf-16le without bom", string(utf16LE([]byte(good))), "is not UTF-8 text: its first line holds NUL bytes"},
		{"no header", strings.SplitN(good, "\n", 2)[1], `must start with a header row whose first column is "id"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, out := t.TempDir(), filepath.Join(t.TempDir(), "out")
			files := testcorpus.Good(3)
			files["pairs.tsv"] = []byte(tc.index)
			if err := files.WriteTo(dir); err != nil {
				t.Fatal(err)
			}
			for _, methods := range []string{"first1000", "passage,first1000"} {
				_, stderr, code := bookalign(t, "run", "--quiet", "--corpus", dir, "--out", out, "--methods", methods)
				if code != 1 || !strings.Contains(stderr, filepath.Join(dir, "pairs.tsv")) || !strings.Contains(stderr, tc.want) {
					t.Errorf("--methods %s: exit %d, stderr %q; want exit 1 naming pairs.tsv and %q", methods, code, stderr, tc.want)
				}
				if len(stderr) > 400 || strings.Contains(stderr, "DoFn") || strings.Contains(stderr, "pipeline failed") {
					t.Errorf("--methods %s: %d bytes of stderr, want the one message:\n%s", methods, len(stderr), stderr)
				}
				if _, err := os.Stat(filepath.Join(out, "run.json")); !os.IsNotExist(err) {
					t.Errorf("--methods %s: run.json left in --out (%v)", methods, err)
				}
			}
			if err := os.WriteFile(filepath.Join(dir, "pairs.tsv"), []byte(good), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, stderr, code := bookalign(t, "run", "--quiet", "--corpus", dir, "--out", out, "--methods", "first1000", "--report=false", "--set", "min_book_words=300", "--set", "min_summary_words=20"); code != 0 {
				t.Errorf("the run with the index mended: exit %d\n%s", code, stderr)
			}
		})
	}
}
