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
// method's colour, with its scores, feature table and picked sentences.
func TestBuildWithVariant(t *testing.T) {
	r := testResults()
	v := r.Methods[0]
	v.Name, v.Rouge1Recall = evaluate.VariantName("passage", "paper"), 0.41
	v.PVsDefault = &evaluate.PValues{Rouge1: 0.02, Rouge2: 0.3}
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
	for _, want := range []string{`<span class="swatch m-passage"></span>Block HMM (paper)</th><td>41.0</td>`, "PAPER_ONLY"} {
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
