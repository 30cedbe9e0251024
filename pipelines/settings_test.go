package pipelines

import (
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/config"
)

// TestSettingsCorpusName checks that the results name the corpus by
// CorpusName when it is set (reprocess's final place of the corpus) and by
// Corpus otherwise.
func TestSettingsCorpusName(t *testing.T) {
	cfg := Config{Settings: config.Default()}
	cfg.Corpus = "out/20240101.partial/corpus"
	if got := cfg.settings().Corpus; got != cfg.Corpus {
		t.Errorf("settings name the corpus %q, want %q", got, cfg.Corpus)
	}
	cfg.CorpusName = "out/20240101/corpus"
	if got := cfg.settings().Corpus; got != cfg.CorpusName {
		t.Errorf("settings name the corpus %q, want %q", got, cfg.CorpusName)
	}
}

// TestMethodKinds checks the method lists derived from evaluate.Methods:
// the trained summarizers are exactly the aligners, and the baselines and
// first1000 are the rest.
func TestMethodKinds(t *testing.T) {
	cfg := Config{Settings: config.Default()}
	cfg.Methods = Methods
	if got := cfg.trained(); !slices.Equal(got, Aligners) {
		t.Errorf("trained %q, want the aligners %q", got, Aligners)
	}
	if got, want := cfg.baselines(), []string{"oracle", "oracle-content", "random", "names", "lexrank", "textrank"}; !slices.Equal(got, want) {
		t.Errorf("baselines %q, want %q", got, want)
	}
	if len(Methods) != len(Aligners)+len(cfg.baselines())+1 {
		t.Errorf("methods %q are not the aligners, the baselines and first1000", Methods)
	}
}

// TestCheckCoverage checks that a configuration with coverage weights
// without coverage, or a negative weight, is refused before a pipeline is
// built.
func TestCheckCoverage(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(c *Config)
		ok   bool
	}{
		{"default", func(*Config) {}, true},
		{"no coverage, no weights", func(c *Config) {
			c.Summarizer.Coverage, c.Summarizer.CoverageBigram, c.Summarizer.CoveragePrior, c.Summarizer.CoverageMinWords, c.Summarizer.CoverageFunction, c.Summarizer.CoveragePlot = false, 0, 0, 0, 0, ""
		}, true},
		{"plot properties without coverage", func(c *Config) {
			c.Summarizer.Coverage, c.Summarizer.CoverageBigram, c.Summarizer.CoveragePrior, c.Summarizer.CoverageMinWords, c.Summarizer.CoverageFunction = false, 0, 0, 0, 0
		}, false},
		{"weights without coverage", func(c *Config) { c.Summarizer.Coverage = false }, false},
		{"negative prior", func(c *Config) { c.Summarizer.CoveragePrior = -1 }, false},
		{"zero prior with trained methods", func(c *Config) { c.Summarizer.CoveragePrior = 0 }, false},
	} {
		cfg := Config{Settings: config.Default()}
		cfg.Corpus, cfg.Out = "corpus", "out"
		tc.edit(&cfg)
		if err := cfg.Check(); (err == nil) != tc.ok {
			t.Errorf("%s: Check() = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}

// TestCheckQuotesShort: an error about a string setting quotes at most
// a short prefix of a long value, and names the setting as the user
// writes it.
func TestCheckQuotesShort(t *testing.T) {
	long := strings.Repeat("x", 60<<20)
	for _, tc := range []struct {
		name string
		edit func(c *Config)
		want string
	}{
		{"figure_book", func(c *Config) { c.FigureBook = long }, `figure_book "xxxx`},
		{"a method", func(c *Config) { c.Methods = []string{long} }, `unknown method "xxxx`},
		{"an extra aligner", func(c *Config) { c.Align.Extra = []string{long} }, `unknown aligner "xxxx`},
	} {
		cfg := Config{Settings: config.Default()}
		cfg.Corpus, cfg.Out = "corpus", "out"
		tc.edit(&cfg)
		err := cfg.Check()
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "(62914560 bytes)") || len(err.Error()) > 400 {
			t.Errorf("%s: %.400v", tc.name, err)
		}
	}
}

// TestCheckFolds: folds are refused out of range only when the run
// cross-validates: not with a test corpus, nor without a trained method.
func TestCheckFolds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(c *Config)
		folds int
		want  string // "" for no error
	}{
		{"cross-validated", func(*Config) {}, 1, "folds 1 is out of range: want 2 to 1000"},
		{"cross-validated, too many", func(*Config) {}, 1001, "folds 1001 is out of range: want 2 to 1000"},
		{"cross-validated, in range", func(*Config) {}, 2, ""},
		{"test corpus", func(c *Config) { c.TestCorpus = "test" }, 1, ""},
		{"baselines only", func(c *Config) { c.Methods = []string{"first1000", "random"} }, 0, ""},
	} {
		cfg := Config{Settings: config.Default()}
		cfg.Corpus, cfg.Out, cfg.Folds = "corpus", "out", tc.folds
		tc.edit(&cfg)
		err := cfg.Check()
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: Check() = %v, want %q", tc.name, err, tc.want)
		}
	}
}
