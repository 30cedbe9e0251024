package report

import (
	"strings"
	"testing"

	"github.com/bookalign/bookalign/evaluate"
)

// TestIndexContent checks the results table of the index for the content
// words (ROUGE -s): shown, with intervals and p-values, for the methods
// that have them; absent, and the page unchanged, for a run without them
// (TestIndexGolden).
func TestIndexContent(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content bool
	}{{"measured", true}, {"not measured", false}} {
		t.Run(tc.name, func(t *testing.T) {
			ix := goldenIndex()
			r := ix.Results
			if tc.content {
				r.Rouge.Exceptions = true
				for i := range r.Methods {
					m := &r.Methods[i]
					m.ContentRecall = &evaluate.ContentRecall{Rouge1RecallContent: 0.3 + 0.01*float64(i), Rouge2RecallContent: 0.05,
						Rouge1RecallContentNoStem: 0.28, Rouge2RecallContentNoStem: 0.045,
						Rouge1RecallContentCI95: [2]float64{0.25, 0.35}, Rouge2RecallContentCI95: [2]float64{0.04, 0.06}}
				}
				r.Methods[0].PVsFirst1000.ContentPValues = &evaluate.ContentPValues{Rouge1Content: 0.02, Rouge2Content: 0.7}
			}
			page, err := RenderIndex(ix)
			if err != nil {
				t.Fatal(err)
			}
			s := string(page)
			if got := strings.Contains(s, "Content words (ROUGE -s)"); got != tc.content {
				t.Fatalf("content table shown %v, want %v", got, tc.content)
			}
			if !tc.content {
				return
			}
			for _, want := range []string{
				"stemmed (-m, with the WordNet 2.0 exception table)",
				`<span class="swatch m-passage"></span>Block HMM (passage)</th><td>30.0</td><td>5.0</td><td>[25.0, 35.0]</td><td>[4.0, 6.0]</td>
      <td>28.0</td><td>4.5</td><td>0.020 / 0.700</td><td>–</td><td>–</td><td>2</td></tr>`,
				`<span class="swatch m-names"></span>Names</th><td>32.0</td>`,
			} {
				if !strings.Contains(s, want) {
					t.Errorf("index lacks %q", want)
				}
			}
			// The content table follows the main one, in the results section.
			main, content, figs := strings.Index(s, `<table class="results">`), strings.Index(s, `id="content-title"`), strings.Index(s, `id="figures-title"`)
			if !(main < content && content < figs) {
				t.Errorf("content table at %d, main table at %d, figures at %d", content, main, figs)
			}
		})
	}
}
