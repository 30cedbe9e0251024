package text

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden parses the small books in testdata (written for these tests)
// and compares each sentence, with its kind and paragraph, with the
// .golden file beside it. Run "go test -run Golden -update" after a
// deliberate change, and read the diff.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := ParseBook(string(raw))
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "body %d-%d of %d bytes\n", doc.Body.Start, doc.Body.End, len(raw))
			for _, s := range doc.Sentences {
				fmt.Fprintf(&b, "%-9s p%-2d %q\n", s.Kind, s.Paragraph, doc.Str(s.Span))
			}
			golden := strings.TrimSuffix(path, ".txt") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.String(); got != string(want) {
				t.Errorf("sentences of %s differ from %s:\ngot:\n%s\nwant:\n%s", path, golden, got, want)
			}
		})
	}
}
