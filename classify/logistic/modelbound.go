package logistic

import (
	"github.com/bookalign/bookalign/classify/features"
)

// Bounded returns m with at most maxBigrams bigrams in its coverage
// statistics (coverage.Stats.Bounded): m itself when it holds no more, else
// a copy that shares all else with m, which is not changed. A new book
// summarized with the copy sees a bigram it left out as unseen, as one of
// fewer than coverage.MinBigramBooks books; every other bigram, term and
// feature as m does.
func (m *Model) Bounded(maxBigrams int) *Model {
	c := m.Collection
	if c == nil || c.Coverage == nil {
		return m
	}
	s := c.Coverage.Bounded(maxBigrams)
	if s == c.Coverage {
		return m
	}
	out := *m
	out.Collection = &features.Collection{Settings: c.Settings, Stopwords: c.Stopwords, IDs: c.IDs, Vocabulary: c.Vocabulary, DF: c.DF, Summaries: c.Summaries, Coverage: s}
	return &out
}
