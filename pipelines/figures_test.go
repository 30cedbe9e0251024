package pipelines

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/transforms"
)

// tableOfContents is a summary that passes the length filter but holds no
// prose to align: the summary of the heart-of-darkness pair.
func tableOfContents() []byte {
	var lines []string
	for i := 1; i <= 40; i++ {
		lines = append(lines, fmt.Sprintf("Chapter %d ........ %d", i, 7*i))
	}
	return []byte(strings.Join(lines, "\n") + "\n")
}

// TestFigureNeverFailsRun makes the Figure 3 book a pair whose summary has
// no prose: the run must finish with results for the other books, the pair
// rejected by the aligners as usual, and a note saying why Figure 3 is
// missing.
func TestFigureNeverFailsRun(t *testing.T) {
	files := testcorpus.Good(5)
	files["summaries/book-00.txt"] = tableOfContents()
	dir, out := t.TempDir(), t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig(dir, out)
	cfg.Methods = []string{"passage", "first1000"}
	cfg.Folds, cfg.Align.Iterations = 2, 10
	cfg.FigureBook = "book-00"
	runExperiment(t, prism.Execute, cfg)

	res := readResults(t, out)
	if res.Books != 4 || res.Rejected != 1 {
		t.Errorf("books %d, rejected %d; want 4 and 1", res.Books, res.Rejected)
	}
	got := readTree(t, out)
	if _, ok := got["figures/boundary_density.svg"]; ok {
		t.Error("Figure 3 drawn for a summary without prose")
	}
	var note transforms.FigureNote
	if err := json.Unmarshal(got["figures/boundary_density.skipped.json"], &note); err != nil {
		t.Fatalf("no note on the skipped figure: %v", err)
	}
	if note.Book != "book-00" || !strings.Contains(note.Reason, "no countable token") {
		t.Errorf("note %+v", note)
	}
	if len(got["figures/length_ratios.svg"]) == 0 {
		t.Error("Figure 1 missing")
	}
}

// TestFigureBook draws Figure 3 for the book asked for, and none when no
// book is named.
func TestFigureBook(t *testing.T) {
	dir := t.TempDir()
	if err := testcorpus.Good(4).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	for _, book := range []string{"book-02", ""} {
		out := t.TempDir()
		cfg := smallConfig(dir, out)
		cfg.Methods = []string{"jing"}
		cfg.Folds, cfg.Align.Iterations = 2, 10
		cfg.FigureBook = book
		runExperiment(t, prism.Execute, cfg)
		svg, ok := readTree(t, out)["figures/boundary_density.svg"]
		if ok != (book != "") || book != "" && !strings.Contains(string(svg), book) {
			t.Errorf("figure book %q: Figure 3 written %v", book, ok)
		}
	}
}
