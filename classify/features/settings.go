package features

import (
	"cmp"
	"errors"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/internal/bounds"
)

// Defaults of Settings, the paper's values (§4.2).
const (
	DefaultVocabulary = 10000
	DefaultNames      = 100
)

// Settings say which features a Collection defines. The zero value is the
// paper's: a vocabulary of the 10,000 most frequent words and 100 salient
// names.
type Settings struct {
	// Vocabulary is the number of words x with features "contains x" and
	// "contains the first mention of x"; zero means DefaultVocabulary.
	Vocabulary int `json:"vocabulary"`
	// Names is the number of salient names of a book; zero means
	// DefaultNames.
	Names int `json:"names"`
	// Counts adds features beyond the paper's, which are all presence
	// features: NAMES>=k, the row holds at least k capitalised occurrences
	// of the book's salient names (k = 2, 3, 5, 8), and LENGTH>=k, the row
	// has at least k budget words (k = 10, 20, 40, 80).
	Counts bool `json:"counts,omitempty"`

	// Events adds the event-word features (EventBase): how often each
	// word of a training book occurs in that book's summary
	// (WordCount.Summaries), turned into row features.
	Events bool `json:"events,omitempty"`

	// Coverage changes extraction: the training set also fits the coverage
	// model (package classify/coverage), and logistic.Model.Summarize
	// picks, one after another, the row of at least CoverageMinWords budget
	// words that adds the most expected ROUGE hits per word, a bigram hit
	// weighing CoverageBigram unigram hits, plus CoveragePrior times the
	// row's log-probability under the logistic model (coverage.Book.Extract).
	Coverage         bool    `json:"coverage,omitempty"`
	CoverageBigram   float64 `json:"coverage_bigram,omitempty"`
	CoveragePrior    float64 `json:"coverage_prior,omitempty"`
	CoverageMinWords int     `json:"coverage_min_words,omitempty"`
	// CoverageFunction (0 to 1) is the weight of an expected hit on a
	// unigram or bigram that holds a function word, one of the
	// collection's stopwords (Counts.Collection), against 1 for a content
	// n-gram. Without a stopword list every n-gram counts alike and
	// CoverageFunction is not used.
	CoverageFunction float64 `json:"coverage_function,omitempty"`
	// CoveragePlot lists the plot properties of an n-gram that the
	// coverage model's keys hold beside its counts and rates
	// (coverage.ParsePlot: "names", "spread", "density", comma-separated;
	// empty or "none": none): the rank of the book's character it names,
	// how many tenths of the book it occurs in, and its count per 100,000
	// tokens of the book.
	CoveragePlot string `json:"coverage_plot,omitempty"`
}

// ErrCoverageOff refuses coverage settings, or a stopword list
// (Counts.Collection), without coverage extraction.
var ErrCoverageOff = errors.New("coverage settings (coverage_bigram, coverage_prior, coverage_min_words, coverage_function, coverage_plot, the stopwords) set without coverage: they apply to coverage extraction only")

// Validate reports a setting out of range (Ranges: "names -3 is out of
// range: want 0 to 1048576 (0: 100)"), or coverage settings that do not go
// together (CheckCombinations): what a model file read back must pass. A
// run's settings have their ranges checked where they are resolved
// (config.Check) and their combinations by the pipeline (CheckCombinations).
func (s Settings) Validate() error {
	if err := bounds.First("", s.Ranges()...); err != nil {
		return err
	}
	return s.CheckCombinations()
}

// CheckCombinations refuses settings that cancel each other: coverage
// weights without coverage extraction, which would never be used.
func (s Settings) CheckCombinations() error {
	if !s.Coverage {
		if s.CoverageBigram != 0 || s.CoveragePrior != 0 || s.CoverageMinWords != 0 || s.CoverageFunction != 0 || s.CoveragePlot != "" {
			return ErrCoverageOff
		}
	}
	return nil
}

// plot returns the plot properties of CoveragePlot, which Ranges checks.
func (s Settings) plot() (coverage.Plot, error) { return coverage.ParsePlot(s.CoveragePlot) }

func (s Settings) vocabulary() int { return cmp.Or(s.Vocabulary, DefaultVocabulary) }
func (s Settings) names() int      { return cmp.Or(s.Names, DefaultNames) }

// The upper bounds of Settings' counts and weights. A saved model whose
// settings exceed them does not load (logistic.ReadModel calls Validate), so a
// run refuses them before it trains one.
const (
	// MaxNames bounds Names: each salient name rank is a feature, so the
	// names make a dense share of every model's weights and feature names.
	MaxNames = 1 << 20
	// MaxVocabulary bounds Vocabulary: each word is two features, and a
	// feature's index must fit the int32 of Features.Index with the
	// names beside it.
	MaxVocabulary = 1 << 20
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
	_, plotErr := s.plot()
	return []bounds.Check{
		bounds.Int("vocabulary", s.Vocabulary, 0, MaxVocabulary, "0: 10000"),
		bounds.Int("names", s.Names, 0, MaxNames, "0: 100"),
		bounds.Float("coverage_bigram", s.CoverageBigram, 0, MaxCoverageWeight, ""),
		bounds.Float("coverage_prior", s.CoveragePrior, 0, MaxCoverageWeight, ""),
		bounds.Float("coverage_function", s.CoverageFunction, 0, 1, ""),
		bounds.Int("coverage_min_words", s.CoverageMinWords, 0, classify.MaxBookWords, ""),
		bounds.Listed("coverage_plot", s.CoveragePlot, plotErr == nil, coverage.PlotWant),
	}
}
