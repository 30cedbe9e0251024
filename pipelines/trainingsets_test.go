package pipelines

import (
	"testing"

	"github.com/bookalign/bookalign/config"
)

// TestTrainingSets checks the count of training sets, and the progress
// line's total of models made from it.
func TestTrainingSets(t *testing.T) {
	for _, c := range []struct {
		name    string
		folds   int
		test    string
		methods []string
		want    int
	}{
		{"ten folds", 10, "", nil, 11},
		{"two folds", 2, "", nil, 3},
		{"a test corpus", 10, "/test", nil, 1},
		{"baselines only", 10, "", []string{"first1000", "lexrank"}, 0},
	} {
		cfg := Config{Settings: config.Default()}
		cfg.Folds, cfg.TestCorpus = c.folds, c.test
		if c.methods != nil {
			cfg.Methods = c.methods
		}
		if got := cfg.TrainingSets(); got != c.want {
			t.Errorf("%s: TrainingSets() = %d, want %d", c.name, got, c.want)
		}
		trained := len(cfg.trained())
		if got := cfg.ProgressTotals(245, 20)["train"]; got != c.want*trained {
			t.Errorf("%s: progress total of models %d, want %d sets × %d methods", c.name, got, c.want, trained)
		}
	}
}
