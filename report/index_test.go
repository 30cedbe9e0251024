package report

import (
	"testing"

	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/internal/golden"
)

// goldenIndex is the index of testdata/index.golden.html.
func goldenIndex() *Index {
	return &Index{
		Results:  testResults(),
		Features: map[string][]logistic.RankedFeature{"passage": {{Name: "DECILE_0", MeanRank: 1, MeanWeight: 0.9, Models: 10}}},
		Figures:  []Figure{{Title: "Figure 1", Caption: "Length ratios.", SVG: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)}},
		Titles:   map[string]string{"hostile": "Hostile"},
	}
}

// TestIndexGolden checks the index page byte for byte against its golden
// file.
func TestIndexGolden(t *testing.T) {
	page, err := RenderIndex(goldenIndex())
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "index.golden.html", page)
}
