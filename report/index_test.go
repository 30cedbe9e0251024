package report

import (
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/internal/golden"
)

// goldenIndex is the index of testdata/index.golden.html, which the report
// wrote before the comparison with a --beside variant was added to it: a
// run without a variant keeps exactly that page.
func goldenIndex() *Index {
	return &Index{
		Results:  testResults(),
		Features: map[string][]classify.RankedFeature{"passage": {{Name: "DECILE_0", MeanRank: 1, MeanWeight: 0.9, Models: 10}}},
		Figures:  []Figure{{Title: "Figure 1", Caption: "Length ratios.", SVG: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)}},
		Titles:   map[string]string{"hostile": "Hostile"},
	}
}

// TestIndexWithoutVariant checks that the index of a run without --beside
// is byte for byte the page the report wrote before it could show one.
func TestIndexWithoutVariant(t *testing.T) {
	page, err := RenderIndex(goldenIndex())
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "index.golden.html", page)
}
