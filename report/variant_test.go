package report

import (
	"context"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/evaluate"
)

// TestBuildWithVariant builds a report of a run with a variant of a
// trained summarizer (bookalign run --beside paper): the variant is a
// method like the others, named as the paper's with the variant, in its
// method's colour, with its scores, feature table and picked sentences;
// and the index compares it with its method under the run's own settings,
// as table.md does, with the p-values results.json holds.
func TestBuildWithVariant(t *testing.T) {
	r := testResults()
	v := r.Methods[0]
	v.Name, v.Rouge1Recall = evaluate.VariantName("passage", "paper"), 0.41
	r.Methods[0].Rouge1RecallNoStem, r.Methods[0].Rouge2RecallNoStem = 0.38, 0.07
	v.Rouge1RecallNoStem, v.Rouge2RecallNoStem = 0.395, 0.065
	// The randomization found no round as extreme for ROUGE-1: p is its floor.
	v.PVsDefault = &evaluate.PValues{Rouge1: 1.0 / 10001, Rouge2: 0.3, Rouge1NoStem: 0.0123, Rouge2NoStem: 1, Rounds: 10000}
	r.Methods = append(r.Methods[:1], append([]evaluate.MethodResult{v}, r.Methods[1:]...)...)
	m := runFiles(t, r)
	m.files["out/alignments/passage-paper/hostile.jsonl"] = m.files["out/alignments/passage/hostile.jsonl"]
	m.files["out/selections/passage-paper/hostile.json"] = []byte(`{"id":"hostile","method":"passage-paper","sentences":[2],"spans":[[114,138]]}`)
	m.files["out/features/passage-paper.json"] = []byte(`[{"name":"PAPER_ONLY","mean_rank":1,"mean_weight":0.9,"models":10}]`)
	built, err := Build(context.Background(), m.Files(), Options{Out: "out", Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if built.Pages != 1 {
		t.Fatalf("built %+v", built)
	}
	index, book := string(m.files["out/report/index.html"]), string(m.files["out/report/books/hostile.html"])
	for _, want := range []string{`<span class="swatch m-passage"></span>Block HMM (paper)</th><td>41.0</td>`, "PAPER_ONLY",
		`<h2 id="variant-paper-title">Beside the paper preset</h2>`,
		`<tr><th scope="row"><span class="swatch m-passage"></span>Block HMM</th><td>40.0 / 8.0</td><td>41.0 / 8.0</td><td>-1.0 / &#43;0.0</td><td>&lt; 0.0001 / 0.300</td>
      <td>38.0 / 7.0</td><td>39.5 / 6.5</td><td>-1.5 / &#43;0.5</td><td>0.012 / 1.000</td></tr>`,
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index lacks %q", want)
		}
	}
	for _, want := range []string{`class="pick-toggle" value="passage-paper"`, `class="m-passage">Block HMM (paper)</th>`} {
		if !strings.Contains(book, want) {
			t.Errorf("book page lacks %q", want)
		}
	}
}
