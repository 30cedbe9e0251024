package pipelines

import (
	"strings"
	"testing"

	"github.com/bookalign/bookalign/config"
)

// TestTooFewPairs checks the folds against the pairs of the corpus index:
// one pair cannot be cross-validated, and folds beyond the pairs are
// refused, naming the folds, the pairs and the range allowed.
func TestTooFewPairs(t *testing.T) {
	for _, tc := range []struct {
		pairs, folds int
		want         string // "" for no error
	}{
		{0, 10, ""}, // nothing to do: the run warns
		{1, 2, "the corpus c has 1 pair"},
		{4, 4, ""},
		{4, 2, ""},
		{4, 5, "folds 5 is out of range for the corpus c of 4 pairs: want 2 to 4"},
		{4, 60, "folds 60 is out of range"},
		{245, 1000, "want 2 to 245"},
	} {
		cfg := Config{Settings: config.Default()}
		cfg.Corpus, cfg.Folds = "c", tc.folds
		err := tooFewPairs(cfg, tc.pairs)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%d pairs, %d folds: %v", tc.pairs, tc.folds, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%d pairs, %d folds: %v, want an error with %q", tc.pairs, tc.folds, err, tc.want)
		}
	}
}
