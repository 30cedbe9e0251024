package pipelines

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/text"
)

// TestCoverageStatistics runs the experiment with coverage extraction (the
// default) on prism and checks that the coverage statistics of the model
// of all books, which the pipeline counts in two passes (the bigrams of at
// least coverage.MinBigramBooks books over the corpus first, then
// those of each training set), equal the statistics classify computes from
// the books' whole term statistics at once; and that the books' bigrams
// were cut to the frequent ones, or the check would prove nothing.
func TestCoverageStatistics(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	files := testcorpus.Good(9)
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig(dir, out)
	cfg.Methods = []string{"passage"}
	cfg.Folds = 3
	cfg.Align.Iterations = 10
	if !cfg.Summarizer.Coverage {
		t.Fatal("coverage extraction is not the default")
	}
	// The stopwords of a run without ROUGE data (NLTK's): the bigrams
	// are counted with the content bigrams of ROUGE -s.
	if _, err := ResolveContent(context.Background(), &cfg); err != nil {
		t.Fatal(err)
	}
	res := runExperiment(t, prism.Execute, cfg)
	if c := wikiCounters(res); c["models_trained"] != 4 {
		t.Fatalf("%d models trained, want 4", c["models_trained"])
	}
	f, err := os.Open(filepath.Join(out, "models", "passage.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := logistic.ReadModel(f)
	if err != nil {
		t.Fatal(err)
	}
	if m.Coverage == nil {
		t.Fatal("the model has no coverage model")
	}
	var counts features.Counts
	distinct := map[uint64]bool{}
	for i := range 9 {
		id := "book-0" + string(rune('0'+i))
		doc, err := text.ParseBook(string(files["books/"+id+".txt"]))
		if err != nil {
			t.Fatal(err)
		}
		raw := string(files["summaries/"+id+".txt"])
		sdoc, err := text.ParseSummary(raw)
		if err != nil {
			t.Fatal(err)
		}
		b := classify.NewBook(id, doc)
		b.SetSummary(classify.SummaryWords(sdoc))
		b.SetReference(raw)
		st := b.StatsWithStopwords(cfg.CoverageStopwords)
		for _, g := range st.Terms.Bigrams {
			distinct[g] = true
		}
		if err := counts.Add(st); err != nil {
			t.Fatal(err)
		}
	}
	col, err := counts.Collection(cfg.Summarizer, cfg.CoverageStopwords)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m.Collection.Coverage, col.Coverage) {
		t.Errorf("the pipeline's coverage statistics differ from classify's: %d bigrams and %d terms, want %d and %d",
			len(m.Collection.Coverage.Bigrams.Keys), len(m.Collection.Coverage.Terms.Terms), len(col.Coverage.Bigrams.Keys), len(col.Coverage.Terms.Terms))
	}
	if kept := len(col.Coverage.Bigrams.Keys); kept == 0 || kept == len(distinct) {
		t.Errorf("%d of %d bigrams kept: the threshold is not tested", kept, len(distinct))
	}
}
