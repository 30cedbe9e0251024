package pipelines

import (
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/internal/testcorpus"
)

// TestTinyCorpus runs the trained summarizers on 3 books with 2 folds: a
// training fold of one book cannot choose lambda on an inner split, so the
// trainer falls back to a fixed lambda and the run finishes with results
// for every book.
func TestTinyCorpus(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	if err := testcorpus.Good(3).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig(dir, out)
	cfg.Methods = []string{"passage", "jing"}
	cfg.Folds, cfg.Align.Iterations = 2, 10
	runExperiment(t, prism.Execute, cfg)
	res := readResults(t, out)
	if res.Books != 3 || len(res.Methods) != 2 {
		t.Fatalf("books %d, %d methods; want 3 books, 2 methods", res.Books, len(res.Methods))
	}
	for _, m := range res.Methods {
		if m.Books != 3 {
			t.Errorf("%s scored on %d books", m.Name, m.Books)
		}
	}
}
