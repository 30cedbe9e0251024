package main

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

func TestMain(m *testing.M) { ptest.Main(m) }

// TestGreedyIsThePipelinesOracle checks that the harness's "Greedy
// (oracle-content)" column is the pipeline's oracle-content: on two books
// of the sample corpus, the content recall the harness computes for the
// greedy extract equals the one `bookalign run` reports for the method.
func TestGreedyIsThePipelinesOracle(t *testing.T) {
	rougeDir := sharedtest.Path(t, "rouge")
	sample := filepath.Join("..", "..", "sample")
	index, err := os.ReadFile(filepath.Join(sample, "pairs.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(index), "\n")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pairs.tsv"), []byte(strings.Join(lines[:3], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, line := range lines[1:3] {
		id, _, _ := strings.Cut(line, "\t")
		ids = append(ids, id)
		for _, sub := range []string{"books", "summaries"} {
			b, err := os.ReadFile(filepath.Join(sample, sub, id+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, sub, id+".txt"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}

	out := t.TempDir()
	cfg := pipelines.Config{Settings: config.Default()}
	cfg.Corpus, cfg.Out, cfg.Methods = dir, out, []string{evaluate.MethodOracleContent}
	cfg.Rouge = rouge.Options{DataDir: rougeDir}
	if err := cfg.Check(); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	pipelines.Experiment(s, cfg)
	if _, err := prism.Execute(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(out, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res evaluate.Results
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Methods) != 1 || res.Methods[0].Books != 2 {
		t.Fatalf("results: %+v", res.Methods)
	}

	data, err := rouge.ReadData(rougeDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	content := rouge.NewScorers(data, true).Stem
	for _, id := range ids {
		raw, _ := os.ReadFile(filepath.Join(dir, "books", id+".txt"))
		ref, _ := os.ReadFile(filepath.Join(dir, "summaries", id+".txt"))
		doc, err := text.ParseBook(string(raw))
		if err != nil {
			t.Fatal(err)
		}
		book := classify.NewBook(id, doc)
		greedy, err := extract.Oracle(doc, book, string(ref), content, cfg.Words)
		if err != nil {
			t.Fatal(err)
		}
		ls, err := newSearch(doc, book, string(ref), content, cfg.Words)
		if err != nil {
			t.Fatal(err)
		}
		got := ls.exact(greedy)
		want := res.Methods[0].PerBook[id]
		// The pipeline rounds a score to five decimals, as ROUGE-1.5.5 prints it.
		if want.BookContentRecall == nil || math.Abs(got[0]-want.Rouge1RecallContent) > 5e-6 || math.Abs(got[1]-want.Rouge2RecallContent) > 5e-6 {
			t.Errorf("%s: the harness's greedy row %v, the pipeline's oracle-content %+v", id, got, want.BookContentRecall)
		}
	}
}
