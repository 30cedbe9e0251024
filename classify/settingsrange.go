package classify

import "github.com/bookalign/bookalign/internal/bounds"

// The upper bounds of Settings' counts and weights. A saved model whose
// settings exceed them does not load (Model.validate calls Validate), so a
// run refuses them before it trains one.
const (
	// MaxNames bounds Names: each salient name rank is a feature, so the
	// names make a dense share of every model's weights and feature names.
	MaxNames = 1 << 20
	// MaxVocabulary bounds Vocabulary: each word is two features, and a
	// feature's index must fit the int32 of Features.Index with the
	// names beside it.
	MaxVocabulary = 1 << 20
	// MaxBookWords is the most words a book can hold: a book file is at
	// most 64 MiB, and a word takes a letter and a separator at least. It
	// bounds CoverageMinWords, and the budget and length thresholds of a
	// run (config.Settings).
	MaxBookWords = 1 << 25
	// MaxCoverageWeight bounds CoverageBigram and CoveragePrior. A
	// sentence's expected hits per word are at most a few units and a
	// row's log-probability is finite, so a weight of 1e6 already lets
	// its term decide every choice; beyond it only the arithmetic's range
	// is at stake.
	MaxCoverageWeight = 1e6
)

// Ranges checks every number of s against its range, naming each by its
// JSON key ("names", "coverage_bigram"); bounds.First with a section adds
// the section's name.
func (s Settings) Ranges() []bounds.Check {
	return []bounds.Check{
		bounds.Int("vocabulary", s.Vocabulary, 0, MaxVocabulary, "0: 10000"),
		bounds.Int("names", s.Names, 0, MaxNames, "0: 100"),
		bounds.Float("coverage_bigram", s.CoverageBigram, 0, MaxCoverageWeight, ""),
		bounds.Float("coverage_prior", s.CoveragePrior, 0, MaxCoverageWeight, ""),
		bounds.Float("coverage_function", s.CoverageFunction, 0, 1, ""),
		bounds.Int("coverage_min_words", s.CoverageMinWords, 0, MaxBookWords, ""),
	}
}
