package pipelines

import (
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime/graphx"
	pipepb "github.com/apache/beam/sdks/v2/go/pkg/beam/model/pipeline_v1"
	"google.golang.org/protobuf/proto"

	"github.com/bookalign/bookalign/config"
)

// TestNoRowCodersReachTheRunner builds every pipeline as a runner receives
// it and checks that no PCollection is declared with Beam's standard row
// coder: a runner in Java decodes those with its own row coder, which does
// not read the Go SDK's rows (the Flink batch job hung in RowCoder.decode),
// so every struct that crosses a stage has an opaque coder
// (transforms.registerOpaque). A struct added to a pipeline without one
// fails here, naming its fields.
func TestNoRowCodersReachTheRunner(t *testing.T) {
	paper, err := config.Preset("paper")
	if err != nil {
		t.Fatal(err)
	}
	experiment := func(settings config.Settings, test bool) func(beam.Scope) {
		return func(s beam.Scope) {
			cfg := Config{Settings: settings}
			cfg.Corpus, cfg.Out = "corpus", "out"
			if test {
				cfg.TestCorpus = "test-corpus"
			}
			Experiment(s, cfg)
		}
	}
	builds := []struct {
		name  string
		build func(beam.Scope)
	}{
		{"experiment", experiment(config.Default(), false)},
		{"experiment --preset paper", experiment(paper, false)},
		{"experiment --test-corpus", experiment(config.Default(), true)},
		{"wiki-extract", func(s beam.Scope) { WikiExtract(s, WikiConfig{Dump: "dump.xml", Out: "out"}) }},
		{"wiki-extract --index", func(s beam.Scope) {
			WikiExtract(s, WikiConfig{Dump: "dump.xml.bz2", Index: "index.txt.bz2", Out: "out"})
		}},
		{"match", func(s beam.Scope) {
			Match(s, MatchConfig{Summaries: "summaries.tsv", Catalog: "pg_catalog.csv", Books: "mirror", Out: "out"})
		}},
	}
	for _, b := range builds {
		t.Run(b.name, func(t *testing.T) {
			p, s := beam.NewPipelineWithRoot()
			b.build(s)
			edges, _, err := p.Build()
			if err != nil {
				t.Fatal(err)
			}
			pp, err := graphx.Marshal(edges, &graphx.Options{Environment: &pipepb.Environment{Urn: "beam:env:process:v1"}})
			if err != nil {
				t.Fatal(err)
			}
			for id, c := range pp.GetComponents().GetCoders() {
				if c.GetSpec().GetUrn() != "beam:coder:row:v1" {
					continue
				}
				var schema pipepb.Schema
				if err := proto.Unmarshal(c.GetSpec().GetPayload(), &schema); err != nil {
					t.Fatalf("coder %s: %v", id, err)
				}
				var fields []string
				for _, f := range schema.GetFields() {
					fields = append(fields, f.GetName())
				}
				t.Errorf("coder %s is a schema row of fields %v: register its struct with transforms.registerOpaque", id, fields)
			}
		})
	}
}
