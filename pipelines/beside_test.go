package pipelines

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/transforms"
)

// TestBesidePaper runs the trained summarizers with the paper's settings
// beside the default ones in one run, and checks it against two separate
// runs on the same corpus and seed: the default's files are those of the
// default run, and every file of a paper variant ("passage-paper": its
// alignments, summaries, selections, model, feature table and scores) is
// the same as the file of the method in a run of the paper's settings
// alone: the same labels, folds and models. results.json tests each
// variant against its default, and table.md shows the two side by side.
func TestBesidePaper(t *testing.T) {
	dir := t.TempDir()
	if err := testcorpus.Good(6).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	config := func(out string) Config {
		c := smallConfig(dir, out)
		c.Methods = []string{"passage", "token", "jing", "first1000"}
		c.Folds, c.Align.Iterations = 3, 10
		return c
	}
	// The paper preset's settings (cmd/bookalign: applyPaperPreset).
	paperConfig := func(out string) Config {
		c := config(out)
		c.Align.WholeSpans, c.Align.PaperAligners = true, true
		c.Features = classify.Settings{MinBooks: c.Features.MinBooks, Vocabulary: c.Features.Vocabulary, Names: c.Features.Names}
		return c
	}
	besideOut, ownOut, paperOut := t.TempDir(), t.TempDir(), t.TempDir()
	beside := config(besideOut)
	beside.Beside = []Variant{VariantOf("paper", paperConfig(""))}
	counters := wikiCounters(runExperiment(t, prism.Execute, beside))
	runExperiment(t, prism.Execute, config(ownOut))
	runExperiment(t, prism.Execute, paperConfig(paperOut))

	if counters["models_trained"] != 2*3*4 {
		t.Errorf("%d models trained, want 2 variants × 3 methods × (3 folds + all books)", counters["models_trained"])
	}
	res, own, paper := readResults(t, besideOut), readResults(t, ownOut), readResults(t, paperOut)
	var names []string
	for _, m := range res.Methods {
		names = append(names, m.Name)
	}
	if want := []string{"passage", "passage-paper", "token", "token-paper", "jing", "jing-paper", "first1000"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("methods %q, want %q", names, want)
	}
	byName := func(r evaluate.Results) map[string]evaluate.MethodResult {
		out := map[string]evaluate.MethodResult{}
		for _, m := range r.Methods {
			out[m.Name] = m
		}
		return out
	}
	got, wantOwn, wantPaper := byName(res), byName(own), byName(paper)
	for _, m := range []string{"passage", "token", "jing", "first1000"} {
		if !reflect.DeepEqual(got[m].PerBook, wantOwn[m].PerBook) {
			t.Errorf("%s: %v beside the paper variant, %v alone", m, got[m].PerBook, wantOwn[m].PerBook)
		}
	}
	for _, m := range []string{"passage", "token", "jing"} {
		v := got[evaluate.VariantName(m, "paper")]
		if v.Books != 6 || !reflect.DeepEqual(v.PerBook, wantPaper[m].PerBook) || v.Rouge2RecallNoStem != wantPaper[m].Rouge2RecallNoStem {
			t.Errorf("%s-paper: %v, the paper's settings alone %v", m, v.PerBook, wantPaper[m].PerBook)
		}
		if v.PVsDefault == nil || got[m].PVsDefault != nil {
			t.Errorf("%s-paper has p vs default %+v, %s %+v", m, v.PVsDefault, m, got[m].PVsDefault)
		}
	}

	tree, ownTree, paperTree := readTree(t, besideOut), readTree(t, ownOut), readTree(t, paperOut)
	scores := map[string]bool{"results.json": true, "table.md": true, "per_book.csv": true}
	for name, data := range ownTree {
		if !scores[name] && !bytes.Equal(tree[name], data) {
			t.Errorf("%s differs from the default run's", name)
		}
	}
	variants := 0
	for name, data := range paperTree {
		renamed, ok := variantFile(name, "paper")
		if !ok {
			continue
		}
		variants++
		if strings.HasPrefix(name, "selections/") { // a selection names its method
			m := strings.Split(name, "/")[1]
			data = bytes.Replace(data, []byte(`"method":"`+m+`"`), []byte(`"method":"`+evaluate.VariantName(m, "paper")+`"`), 1)
		}
		if !bytes.Equal(tree[renamed], data) {
			t.Errorf("%s differs from %s of the paper's settings alone", renamed, name)
		}
	}
	// 6 books × (alignment, summary, selection) and a model and a feature
	// table, for each of 3 methods.
	if variants != 3*(6*3+2) {
		t.Errorf("compared %d files of the paper variant, want %d", variants, 3*(6*3+2))
	}
	for name := range tree {
		if _, inOwn := ownTree[name]; !inOwn && !strings.Contains(name, "-paper") {
			t.Errorf("%s is neither the default run's nor a variant's", name)
		}
	}
	table := string(tree["table.md"])
	if !strings.Contains(table, "## Beside the paper preset") || !strings.Contains(table, "| Block HMM (paper) |") {
		t.Errorf("table.md lacks the paper variant:\n%s", table)
	}
	if _, err := os.Stat(transforms.WorkDir(besideOut)); !os.IsNotExist(err) {
		t.Errorf("the work directory is still there after the run (%v)", err)
	}
}

// variantFile returns the name a variant's run files a trained method's
// file under (alignments/passage/x.jsonl → alignments/passage-paper/x.jsonl,
// models/passage.json → models/passage-paper.json), and false for a file
// that is not a trained method's, or a feature table's Markdown, whose
// title names the method.
func variantFile(name, variant string) (string, bool) {
	dir, rest, ok := strings.Cut(name, "/")
	if !ok || strings.HasSuffix(rest, ".md") {
		return "", false
	}
	for _, m := range Aligners {
		switch {
		case strings.HasPrefix(rest, m+"/"):
			return dir + "/" + evaluate.VariantName(m, variant) + strings.TrimPrefix(rest, m), true
		case strings.HasPrefix(rest, m+"."):
			return dir + "/" + evaluate.VariantName(m, variant) + strings.TrimPrefix(rest, m), true
		}
	}
	return "", false
}

// TestBesideTestCorpus runs a variant with a separate test corpus: it is
// trained on all of the training corpus, like the run's own summarizers,
// and scored on every test book.
func TestBesideTestCorpus(t *testing.T) {
	trainDir, testDir, out := t.TempDir(), t.TempDir(), t.TempDir()
	if err := testcorpus.Good(4).WriteTo(trainDir); err != nil {
		t.Fatal(err)
	}
	if err := testcorpus.Good(3).WriteTo(testDir); err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig(trainDir, out)
	cfg.Methods = []string{"passage", "jing"}
	cfg.TestCorpus = testDir
	cfg.Align.Iterations = 10
	cfg.Beside = []Variant{{Name: "paper", WholeSpans: true, PaperAligners: true}}
	runExperiment(t, prism.Execute, cfg)
	res := readResults(t, out)
	if len(res.Methods) != 4 {
		t.Fatalf("%d methods, want passage, jing and their paper variants", len(res.Methods))
	}
	for _, m := range res.Methods {
		if m.Books != 3 {
			t.Errorf("%s scored on %d books, want 3", m.Name, m.Books)
		}
	}
	got := readTree(t, out)
	for _, f := range []string{"models/passage-paper.json", "models/jing-paper.json", "summaries/jing-paper/book-02.txt", "alignments/passage-paper/book-03.jsonl"} {
		if len(got[f]) == 0 {
			t.Errorf("%s missing", f)
		}
	}
}

// TestBesideReusesAligners runs a variant that changes only the features:
// its aligners' settings are the run's, so they are not run again (Beam's
// align_ms distribution counts one alignment per pair and aligner), and
// its alignments are the run's, filed under its name.
func TestBesideReusesAligners(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	if err := testcorpus.Good(4).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig(dir, out)
	cfg.Methods = []string{"passage", "jing"}
	cfg.Folds, cfg.Align.Iterations = 2, 10
	cfg.Beside = []Variant{VariantOf("plain", cfg)}
	cfg.Beside[0].Features = classify.Settings{}
	res := runExperiment(t, prism.Execute, cfg)
	aligned, labelled := int64(0), int64(0)
	for _, d := range res.Metrics().AllMetrics().Distributions() {
		switch d.Key.Name {
		case "align_ms":
			aligned += d.Result().Count
		case "labelled_sentences":
			labelled += d.Result().Count
		}
	}
	if aligned != 4*2 || labelled != 4*2*2 {
		t.Errorf("%d alignments made and %d labelled, want 4 pairs × 2 aligners made, and labelled for 2 variants", aligned, labelled)
	}
	tree := readTree(t, out)
	for _, m := range cfg.Methods {
		for _, id := range []string{"book-00", "book-03"} {
			own, plain := tree["alignments/"+m+"/"+id+".jsonl"], tree["alignments/"+m+"-plain/"+id+".jsonl"]
			if len(own) == 0 || !bytes.Equal(own, plain) {
				t.Errorf("%s-plain's alignment of %s is not %s's", m, id, m)
			}
		}
	}
	if len(readResults(t, out).Methods) != 4 {
		t.Error("the variant's summarizers were not scored")
	}
}
