package report

import (
	"strings"
	"testing"

	"github.com/bookalign/bookalign/evaluate"
)

// TestIndexPeers checks the index's table of p-values against the
// unsupervised peers: present, with every column, when LexRank ran, and
// absent otherwise.
func TestIndexPeers(t *testing.T) {
	r := testResults()
	r.Methods = append(r.Methods, evaluate.MethodResult{Name: evaluate.MethodLexRank, Books: 2})
	r.Methods[0].PVsLexRank = &evaluate.PValues{Rouge1: 0.001, Rouge2: 0.02, Rouge1NoStem: 0.003, Rouge2NoStem: 0.04, Rounds: 1000,
		ContentPValues: &evaluate.ContentPValues{Rouge1Content: 0.005, Rouge2Content: 0.06, Rouge1ContentNoStem: 0.007, Rouge2ContentNoStem: 0.08}}
	page, err := RenderIndex(&Index{Results: r})
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	for _, want := range []string{"Against the unsupervised peers", `<span class="swatch m-lexrank"></span>LexRank</td>`,
		"<td>0.001 / 0.020</td><td>0.003 / 0.040</td><td>0.005 / 0.060</td><td>0.007 / 0.080</td>"} {
		if !strings.Contains(html, want) {
			t.Errorf("index lacks %q", want)
		}
	}
	page, err = RenderIndex(&Index{Results: testResults()})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(page), "unsupervised peers") {
		t.Error("index without LexRank or TextRank has a table of the peers")
	}
}
