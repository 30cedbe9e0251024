package report

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/browsertest"
)

// everyMethodBook is a book that every method of evaluate.Methods has data
// for: the aligners align each summary sentence (jing all but one) and every
// method picks sentences of its own.
func everyMethodBook() *Book {
	var book strings.Builder
	var starts []int
	for i := range 60 {
		starts = append(starts, book.Len())
		fmt.Fprintf(&book, "Paragraph %d tells how the river carried the ship past the town. The crew watched the shore.\n\n", i)
	}
	raw := book.String()
	sentence := func(i int) [2]int { return [2]int{starts[i], strings.Index(raw[starts[i]:], ".") + starts[i] + 1} }
	b := &Book{
		ID: "every-method", Title: "Every method", Raw: raw,
		Summary:    "The river carried the ship. The crew watched. The town passed by. The shore came near. The ship sailed on.",
		Alignments: map[string][]align.Record{}, Selections: map[string][][2]int{}, Scores: map[string]evaluate.BookRecall{},
	}
	for mi, m := range evaluate.Methods {
		for j := range 3 {
			b.Selections[m.Name] = append(b.Selections[m.Name], sentence((7*mi+13*j)%len(starts)))
		}
		b.Scores[m.Name] = evaluate.BookRecall{Rouge1Recall: 0.3, Rouge2Recall: 0.05}
	}
	for mi, m := range Aligners {
		for k := range 5 {
			if m == align.MethodJing && k == 2 {
				continue
			}
			span := sentence((12*k + 3*mi) % len(starts))
			b.Alignments[m] = append(b.Alignments[m], align.Record{Method: m, SummaryIndex: k, SpanBytes: &span, Confidence: 0.5})
		}
	}
	return b
}

// TestBookPageColoursEveryMethod renders a book page with every method and
// checks in headless Chromium that each has a colour of its own, a minimap
// lane whose marks show, highlights painted in its colour and a check box
// that marks its summary.
func TestBookPageColoursEveryMethod(t *testing.T) {
	page, err := RenderBook(everyMethodBook(), evaluate.NamesOf())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "every-method.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	b := browsertest.Start(t)
	p := b.Open(t, path)
	got := browsertest.CheckBook(t, p, len(Aligners))
	for _, m := range evaluate.NamesOf() {
		if !slices.Contains(got, m) {
			t.Errorf("the page does not name %s", m)
		}
	}
	p.Click(t, "#s1 .text")
	p.Eval(t, `document.querySelectorAll('.pick-toggle').forEach(b => b.click()), 0`)
	p.Screenshot(t, "every-method.png")
	b.CheckNoErrors(t, p)
}
