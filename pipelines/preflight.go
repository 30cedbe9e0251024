package pipelines

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/transforms"
)

// PreflightResult is what Preflight found out about a run before any pipeline.
type PreflightResult struct {
	// Methods are the methods that run (Config.Runnable).
	Methods []string
	// Pairs and TestPairs are the usable rows of the corpus's index and
	// of the test corpus's (0 without one).
	Pairs, TestPairs int
	// Note, when set, is worth telling the user about the settings
	// (ResolveContent).
	Note string
}

// Preflight checks a run of cfg once, before any pipeline is built, and
// resolves what the run reads at its start: the settings (Config.Check), the
// input directories (CheckInputs), the corpora (checkCorpora), the methods
// that run (Runnable) and the function words of coverage extraction
// (ResolveContent, which sets them in cfg). `bookalign run` and each dump
// of `bookalign reprocess` go through it alike.
func Preflight(ctx context.Context, cfg *Config) (PreflightResult, error) {
	var c PreflightResult
	if err := cfg.Check(); err != nil {
		return c, err
	}
	if err := CheckInputs(ctx, *cfg); err != nil {
		return c, err
	}
	train, test, err := checkCorpora(ctx, *cfg)
	if err != nil {
		return c, err
	}
	c.Pairs, c.TestPairs = len(train), len(test)
	if c.Note, err = ResolveContent(ctx, cfg); err != nil {
		return c, err
	}
	c.Methods = cfg.RunnableMethods()
	return c, nil
}

// Runnable returns the methods of c that can run with its ROUGE data
// (evaluate.Runnable): without a stopword list, the methods that need one
// are left out of the default list, which note says. A method asked for
// by name that cannot run is an error.
func (c Config) Runnable() (methods []string, note string, err error) {
	return evaluate.Runnable(c.Methods, c.Rouge.HasStopwords(), slices.Equal(c.Methods, Methods))
}

// RunnableMethods are the methods of c that run (Runnable), or c.Methods
// as they are when one cannot: Check refuses such a configuration.
func (c Config) RunnableMethods() []string {
	methods, _, err := c.Runnable()
	if err != nil {
		return c.Methods
	}
	return methods
}

// CheckInputs turns a missing corpus, thesaurus or ROUGE data directory
// of cfg into a clear error before any pipeline starts. An empty
// directory is not checked: reprocess checks its settings before a dump
// has made its corpus.
func CheckInputs(ctx context.Context, cfg Config) error {
	for _, dir := range []string{cfg.Corpus, cfg.TestCorpus} {
		if dir == "" {
			continue
		}
		index := corpus.Layout{Dir: dir}.Pairs()
		if ok, err := store.Exists(ctx, index); err != nil || !ok {
			return fmt.Errorf("no corpus index at %s (is %q a corpus directory?)%s", index, dir, errSuffix(err))
		}
		if err := store.CheckInput(index, "", true); err != nil {
			return fmt.Errorf("the corpus index: %w", err)
		}
	}
	if cfg.Thesaurus != "" {
		path := corpus.Join(cfg.Thesaurus, align.ThesaurusFile)
		if ok, err := store.Exists(ctx, path); err != nil || !ok {
			return fmt.Errorf("thesaurus %s missing (--thesaurus %q)%s; %s", path, cfg.Thesaurus, errSuffix(err), align.ThesaurusHint)
		}
		// Parse it as the aligners will, so that an empty or foreign file
		// is refused before the run, not by a worker within it.
		if cfg.AlignOptions().ReadsThesaurus() {
			if _, err := transforms.ReadThesaurus(ctx, cfg.Thesaurus); err != nil {
				return fmt.Errorf("thesaurus %s (--thesaurus %q): %w; %s", path, cfg.Thesaurus, err, align.ThesaurusHint)
			}
		}
	}
	if cfg.Rouge.DataDir != "" && cfg.Rouge.DataDir != rouge.BuiltinDir {
		for _, name := range transforms.RougeDataFiles {
			path := corpus.Join(cfg.Rouge.DataDir, name)
			if ok, err := store.Exists(ctx, path); err != nil || !ok {
				return fmt.Errorf("ROUGE data file %s missing (--rouge-data %q)%s%s", path, cfg.Rouge.DataDir, errSuffix(err), rouge.BuiltinHint(cfg.Rouge.DataDir))
			}
		}
		// Read them as the scorers will, so that a file that does not
		// parse is refused before the run, not by a worker within it.
		if _, err := transforms.ReadRougeData(ctx, cfg.Rouge); err != nil {
			return fmt.Errorf("--rouge-data %q: %w", cfg.Rouge.DataDir, err)
		}
	}
	return nil
}

// errSuffix is ": " and err's message, or nothing without an error.
func errSuffix(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}

// checkCorpora refuses, before anything runs, corpora that cannot make the
// experiment asked for: an index that is not UTF-8 or has no header (the
// pipeline would fail on it after it had started), a corpus of one pair to
// cross-validate or folds beyond its pairs (tooFewPairs), and a test
// corpus that overlaps the training corpus (checkTestCorpus). It returns
// the usable pairs of both indexes.
func checkCorpora(ctx context.Context, cfg Config) (train, test []corpus.Pair, err error) {
	if cfg.Corpus == "" {
		return nil, nil, nil
	}
	if train, err = ReadIndex(ctx, cfg.Corpus); err != nil {
		return nil, nil, err
	}
	if cfg.TestCorpus != "" {
		if test, err = ReadIndex(ctx, cfg.TestCorpus); err != nil {
			return nil, nil, err
		}
	}
	if len(cfg.trained()) == 0 {
		return train, test, nil // nothing is trained, nor cross-validated
	}
	if cfg.TestCorpus == "" {
		return train, test, tooFewPairs(cfg, len(train))
	}
	return train, test, checkTestCorpus(cfg, train, test)
}

// ReadIndex returns the usable pairs of the index of the corpus at dir
// (the rejected rows are the pipeline's to report).
func ReadIndex(ctx context.Context, dir string) ([]corpus.Pair, error) {
	path := corpus.Layout{Dir: dir}.Pairs()
	b, err := store.ReadFile(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("the corpus index: %w", err)
	}
	pairs, _, err := corpus.ParsePairs(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return pairs, nil
}

// tooFewPairs refuses to cross-validate a corpus of one pair, a book needs
// another to train on (cv.CheckBooks, counting each pair of the
// index a book of its own), and folds beyond the corpus's pairs, which
// would only train the models of empty folds again. A corpus of more
// pairs may still have too few once some are rejected, which the fold
// assignment reports; one of no pairs runs, with a warning that there was
// nothing to do.
func tooFewPairs(cfg Config, pairs int) error {
	if pairs == 0 {
		return nil
	}
	var tooFew *cv.TooFewBooksError
	if err := cv.CheckBooks(pairs, pairs, cfg.Folds, false); errors.As(err, &tooFew) {
		tooFew.Corpus = cfg.Corpus
		return tooFew
	}
	if cfg.Folds > pairs {
		return fmt.Errorf("folds %d is out of range for the corpus %s of %d pairs: want 2 to %d, each fold holding out one book at least (--folds, or folds in the settings)", cfg.Folds, cfg.Corpus, pairs, pairs)
	}
	return nil
}
