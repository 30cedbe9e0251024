package pipelines

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/rouge"
)

// writeRougeData writes a ROUGE data directory with a small stopword list
// and empty exception lists.
func writeRougeData(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range rouge.DataFiles() {
		data := ""
		if name == rouge.StopwordFile {
			data = strings.Join(strings.Fields("the of and to a in was he it that his said"), "\n") + "\n"
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestContentColumns runs the baselines with and without ROUGE data: with
// it, every method has content-word recall (ROUGE -s) in results.json,
// table.md and per_book.csv, and the content oracle runs; without it, no
// file has a content column and table.md says why.
func TestContentColumns(t *testing.T) {
	corpusDir := t.TempDir()
	if err := testcorpus.Good(3).WriteTo(corpusDir); err != nil {
		t.Fatal(err)
	}
	rougeData := writeRougeData(t)
	for _, tc := range []struct {
		name     string
		dataDir  string
		methods  []string
		content  bool
		tableHas string
	}{
		{"rouge data", rougeData, []string{"first1000", "oracle", "oracle-content", "names"}, true, "## Content words (ROUGE -s)"},
		{"no rouge data", "", []string{"first1000", "oracle", "names"}, false, "not measured: the run had no ROUGE data (--rouge-data)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			cfg := smallConfig(corpusDir, out)
			cfg.Methods, cfg.Rouge = tc.methods, rouge.Options{DataDir: tc.dataDir}
			runExperiment(t, prism.Execute, cfg)
			res := readResults(t, out)
			var names []string
			for _, m := range res.Methods {
				names = append(names, m.Name)
				if (m.ContentRecall != nil) != tc.content {
					t.Errorf("%s: content recall %+v, want it %v", m.Name, m.ContentRecall, tc.content)
				}
				for id, b := range m.PerBook {
					if (b.BookContentRecall != nil) != tc.content {
						t.Errorf("%s on %s: content recall %+v, want it %v", m.Name, id, b.BookContentRecall, tc.content)
					}
				}
				if p := m.PVsFirst1000; p != nil && (p.ContentPValues != nil) != tc.content {
					t.Errorf("%s: content p-values %+v, want them %v", m.Name, p.ContentPValues, tc.content)
				}
			}
			if !slices.Equal(names, tc.methods) || res.Books != 3 {
				t.Fatalf("methods %q on %d books, want %q on 3", names, res.Books, tc.methods)
			}
			tree := readTree(t, out)
			if table := string(tree["table.md"]); !strings.Contains(table, tc.tableHas) {
				t.Errorf("table.md lacks %q:\n%s", tc.tableHas, table)
			}
			header := strings.SplitN(string(tree["per_book.csv"]), "\n", 2)[0]
			if got := strings.HasSuffix(header, ",rouge_1_recall_content,rouge_2_recall_content,rouge_1_recall_content_nostem,rouge_2_recall_content_nostem"); got != tc.content {
				t.Errorf("per_book.csv header %q: content columns %v, want %v", header, got, tc.content)
			}
			if !strings.HasPrefix(header, "method,id,rouge_1_recall,rouge_2_recall,rouge_1_recall_nostem,rouge_2_recall_nostem") {
				t.Errorf("per_book.csv header %q lost the old columns", header)
			}
			if got := strings.Contains(string(tree["results.json"]), "_content"); got != tc.content {
				t.Errorf("results.json has content fields: %v, want %v", got, tc.content)
			}
			if !tc.content {
				return
			}
			if _, ok := tree["summaries/oracle-content/book-00.txt"]; !ok {
				t.Error("no summary of the content oracle")
			}
			// The content oracle is the ceiling of the content words: above
			// the heuristics that do not read the reference.
			byName := map[string]evaluate.MethodResult{}
			for _, m := range res.Methods {
				byName[m.Name] = m
			}
			sum := func(name string) float64 {
				c := byName[name].ContentRecall
				return c.Rouge1RecallContent + c.Rouge2RecallContent
			}
			for _, other := range []string{"first1000", "names"} {
				if sum("oracle-content") <= sum(other) {
					t.Errorf("content R1+R2: content oracle %.4f, %s %.4f", sum("oracle-content"), other, sum(other))
				}
			}
		})
	}
}

// TestContentOracleNeedsStopwords checks the content oracle without ROUGE
// data: refused when asked for by name, left out of the default methods
// otherwise.
func TestContentOracleNeedsStopwords(t *testing.T) {
	cfg := Config{Settings: config.Default()}
	cfg.Corpus, cfg.Out = "corpus", "out"
	if !slices.Contains(cfg.Methods, evaluate.MethodOracleContent) {
		t.Fatalf("the default methods %q lack the content oracle", cfg.Methods)
	}
	if err := cfg.Check(); err != nil {
		t.Errorf("the default methods without ROUGE data: %v", err)
	}
	run := cfg.RunnableMethods()
	if slices.Contains(run, evaluate.MethodOracleContent) || len(run) != len(cfg.Methods)-1 {
		t.Errorf("without ROUGE data the default methods run %q", run)
	}
	cfg.Methods = []string{"first1000", evaluate.MethodOracleContent}
	if err := cfg.Check(); !errors.Is(err, evaluate.ErrNeedsStopwords) {
		t.Errorf("content oracle asked for without ROUGE data: Check() = %v", err)
	}
	cfg.Rouge.DataDir = "rouge"
	if err := cfg.Check(); err != nil {
		t.Errorf("content oracle with ROUGE data: %v", err)
	}
	cfg.Methods = Methods
	if run := cfg.RunnableMethods(); !slices.Equal(run, Methods) {
		t.Errorf("with ROUGE data the default methods run %q", run)
	}
}
