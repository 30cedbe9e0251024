package pipelines

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/rouge"
)

// sharedSubset are real pairs of ../shared/corpus: raw Gutenberg files with
// header and licence (heart-of-darkness, mary-barton with its 1990s header)
// and already-stripped ones.
var sharedSubset = []string{"heart-of-darkness", "mary-barton", "a-christmas-carol", "a-crystal-age", "a-laodicean"}

// TestSharedCorpusSubset runs First-1000 on a few real books with the real
// ROUGE data at the paper's thresholds, and checks that the scores are in the
// range the whole corpus gives (about 44–47 ROUGE-1 and 8 ROUGE-2 recall) and
// that no summary starts inside Gutenberg boilerplate.
func TestSharedCorpusSubset(t *testing.T) {
	src := sharedtest.Path(t, "corpus")
	rougeData := sharedtest.Path(t, "rouge")
	dir, out := t.TempDir(), t.TempDir()
	index, err := os.ReadFile(filepath.Join(src, "pairs.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(index), "\n")
	kept := []string{lines[0]}
	for _, l := range lines[1:] {
		id, _, _ := strings.Cut(l, "\t")
		for _, want := range sharedSubset {
			if id == want {
				kept = append(kept, l)
				copyFile(t, filepath.Join(src, "books", id+".txt"), filepath.Join(dir, "books", id+".txt"))
				copyFile(t, filepath.Join(src, "summaries", id+".txt"), filepath.Join(dir, "summaries", id+".txt"))
			}
		}
	}
	if len(kept) != len(sharedSubset)+1 {
		t.Fatalf("found %d of %d pairs in pairs.tsv", len(kept)-1, len(sharedSubset))
	}
	if err := os.WriteFile(filepath.Join(dir, "pairs.tsv"), []byte(strings.Join(kept, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Settings: config.Default()}
	cfg.Corpus, cfg.Out = dir, out
	cfg.Rouge = rouge.Options{DataDir: rougeData}
	runExperiment(t, prism.Execute, cfg)

	res := readResults(t, out)
	if res.Books != len(sharedSubset) || res.Rejected != 0 || !res.Rouge.Exceptions {
		t.Fatalf("results: %d books, %d rejected, rouge %+v", res.Books, res.Rejected, res.Rouge)
	}
	m := res.Methods[0]
	t.Logf("first1000 on %d books: ROUGE-1 %.4f [%.4f, %.4f], ROUGE-2 %.4f; unstemmed %.4f / %.4f",
		m.Books, m.Rouge1Recall, m.Rouge1RecallCI95[0], m.Rouge1RecallCI95[1], m.Rouge2Recall, m.Rouge1RecallNoStem, m.Rouge2RecallNoStem)
	if m.Rouge1Recall < 0.30 || m.Rouge1Recall > 0.60 || m.Rouge2Recall < 0.03 || m.Rouge2Recall > 0.15 {
		t.Errorf("first1000 recall %.4f / %.4f is outside the plausible range", m.Rouge1Recall, m.Rouge2Recall)
	}
	if m.Rouge1RecallNoStem > m.Rouge1Recall {
		t.Errorf("unstemmed ROUGE-1 %.4f above stemmed %.4f", m.Rouge1RecallNoStem, m.Rouge1Recall)
	}
	for _, id := range sharedSubset {
		b, err := os.ReadFile(filepath.Join(out, "summaries", "first1000", id+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(strings.ToLower(string(b)), "project gutenberg") {
			t.Errorf("first1000 summary of %s holds Gutenberg boilerplate:\n%.300s", id, b)
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
