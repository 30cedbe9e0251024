package config

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/bounds"
)

// The bounds of the settings' numbers beyond classify's (features.MaxNames,
// MaxVocabulary, MaxBookWords, MaxCoverageWeight), each from what the
// setting means, as the comment of each says.
const (
	// MaxFolds bounds folds whatever the corpus: each fold trains a model
	// per trained method, so 1000 folds cost a hundred times the paper's
	// ten. A run refuses folds beyond its corpus's pairs too.
	MaxFolds = 1000
	// MaxLambda bounds lambda: the gradient of the mean log-loss on a
	// weight is at most 1, so at λ = 1000 every weight is at most 0.001
	// and the model is its bias; a larger λ changes nothing but the
	// arithmetic's range.
	MaxLambda = 1000
)

// Check checks s before any work: every number against its range
// ("words -1 is out of range: want 1 to 33554432"), named as the settings
// file and --set name it, and settings that cancel each other. A run that
// does not cross-validate has no folds to refuse (pipelines.Config.Check);
// one that does checks them against its corpus too.
func (s Settings) Check() error {
	checks := []bounds.Check{
		bounds.Int("words", s.Words, 1, classify.MaxBookWords, ""),
		bounds.Int("min_book_words", s.MinBookWords, 0, classify.MaxBookWords, ""),
		bounds.Int("min_summary_words", s.MinSummaryWords, 0, classify.MaxBookWords, ""),
		bounds.Float("lambda", s.Lambda, 0, MaxLambda, "0: chosen on an inner split of each training set"),
		bounds.Below("lambda_tolerance", s.LambdaTolerance, 0, 1, "0: the final fit's, 1e-5; at 1 or more the fits that choose lambda stop before their first step"),
		bounds.Int("folds", s.Folds, 2, MaxFolds, "cross-validation holds out each fold in turn and trains on the others"),
	}
	if err := bounds.First("", checks...); err != nil {
		return err
	}
	if err := s.Align.Check(); err != nil {
		return err
	}
	if err := bounds.First("summarizer", s.Summarizer.Ranges()...); err != nil {
		return err
	}
	if err := s.checkNames(); err != nil {
		return err
	}
	return s.checkCancelling()
}

// checkNames checks the settings that name things: the methods (one at
// least, each known, none twice) and the book of Figure 3, a pair id.
func (s Settings) checkNames() error {
	if len(s.Methods) == 0 {
		return fmt.Errorf("no method to run: methods is empty")
	}
	if err := bounds.KnownOnce("method", "methods", s.Methods, evaluate.NamesOf()); err != nil {
		return err
	}
	if s.FigureBook != "" {
		if err := corpus.ValidID(s.FigureBook); err != nil {
			return fmt.Errorf("figure_book %s: %w", bounds.Quote(s.FigureBook), err)
		}
	}
	return nil
}

// checkCancelling refuses settings that cancel each other: coverage
// extraction with a zero prior weight, where the trained summarizers'
// models are never used and every trained method gives the same summaries.
func (s Settings) checkCancelling() error {
	trained := slices.DeleteFunc(slices.Clone(s.Methods), func(m string) bool { return !slices.Contains(evaluate.NamesOf(evaluate.Trained), m) })
	if s.Summarizer.Coverage && s.Summarizer.CoveragePrior == 0 && len(trained) > 0 {
		return fmt.Errorf("summarizer.coverage_prior 0 with summarizer.coverage true: coverage extraction would ignore the trained models, so the summaries of %s would not depend on their training; want summarizer.coverage_prior above 0 (default %g), or summarizer.coverage false",
			strings.Join(trained, ", "), CoveragePrior)
	}
	return nil
}
