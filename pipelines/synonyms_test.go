package pipelines

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/internal/testcorpus"
)

// TestSynonymsReadTheThesaurus checks that the default aligners do not read
// the thesaurus given to them (the Token HMM's synonyms are off), and that
// --synonyms and the paper's aligners do: with a thesaurus directory that
// does not exist, only the latter two fail.
func TestSynonymsReadTheThesaurus(t *testing.T) {
	files, _ := testcorpus.Bad(3)
	dir := t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(t.TempDir(), "no-thesaurus")
	for _, tc := range []struct {
		name      string
		opts      align.Settings
		wantError bool
	}{
		{"default", align.Settings{}, false},
		{"align.synonyms", align.Settings{Synonyms: true}, true},
		{"align.paper_aligners", align.Settings{PaperAligners: true}, true},
	} {
		cfg := smallConfig(dir, t.TempDir())
		cfg.Align = tc.opts
		cfg.Align.Extra, cfg.Align.Iterations, cfg.Thesaurus = []string{"token"}, 5, missing
		if err := cfg.Check(); err != nil {
			t.Fatal(err)
		}
		p, s := beam.NewPipelineWithRoot()
		Experiment(s, cfg)
		_, err := prism.Execute(context.Background(), p)
		if gotError := err != nil; gotError != tc.wantError {
			t.Errorf("%s: pipeline error %v, want an error: %v", tc.name, err, tc.wantError)
		} else if err != nil && !strings.Contains(err.Error(), "thesaurus") {
			t.Errorf("%s: the error does not name the thesaurus: %v", tc.name, err)
		}
	}
	for _, opts := range []align.Settings{{Synonyms: true}, {PaperAligners: true}} {
		cfg := smallConfig(dir, t.TempDir())
		cfg.Align = opts
		cfg.Align.Extra = []string{"token"}
		if err := cfg.Check(); err == nil || !strings.Contains(err.Error(), "--thesaurus") {
			t.Errorf("%+v without a thesaurus: Check() = %v, want an error naming --thesaurus", opts, err)
		}
	}
}
