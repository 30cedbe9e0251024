package classify

import (
	"fmt"
	"slices"
)

// SavedBigrams is the most bigrams the coverage statistics of a saved model
// carry (Model.Bounded). A training set's bigram table grows with its
// books: every bigram that coverageMinBigramBooks of them hold, about
// 490,000 of the 245 books of the shared corpus (5.8 MB of a 10 MB model
// file), 920,000 for those books twice over. A model saved for new books
// keeps the bigrams of the most books, about 12 bytes each in the file: a
// table of at most 12 to 13 MB, whatever the number of books. Up to this
// many, the saved model is the trained one.
const SavedBigrams = 1 << 20

// Bounded returns m with at most maxBigrams bigrams in its coverage
// statistics (CoverageStats.bounded): m itself when it holds no more, else
// a copy that shares all else with m, which is not changed. A new book
// summarized with the copy sees a bigram it left out as unseen, as one of
// fewer than coverageMinBigramBooks books; every other bigram, term and
// feature as m does.
func (m *Model) Bounded(maxBigrams int) *Model {
	c := m.Collection
	if c == nil || c.Coverage == nil {
		return m
	}
	s := c.Coverage.bounded(maxBigrams)
	if s == c.Coverage {
		return m
	}
	out := *m
	out.Collection = &Collection{Settings: c.Settings, IDs: c.IDs, Vocabulary: c.Vocabulary, DF: c.DF, Summaries: c.Summaries, Coverage: s}
	return &out
}

// bounded returns s with at most limit bigrams: those held by at least
// some number of training books, the least number that leaves no more,
// recorded as BigramMinBooks. Every bigram of one count is kept or none,
// so that which are kept depends on the counts alone, not on their hashes.
// It returns s itself when s holds limit bigrams or fewer; a negative
// limit keeps none.
func (s *CoverageStats) bounded(limit int) *CoverageStats {
	t := &s.Bigrams
	limit = max(limit, 0)
	if len(t.Keys) <= limit {
		return s
	}
	books := make([]int32, len(t.Counts))
	for i, n := range t.Counts {
		books[i] = n.Books
	}
	slices.Sort(books)
	// The least count whose bigrams, with those of higher counts, number
	// limit or fewer: the count after the one at position len-limit-1 in
	// increasing order; and above the table's own minimum (a table read
	// from a file may hold bigrams of fewer books, which count as unseen).
	least := max(books[len(books)-limit-1]+1, coverageMinBigramBooks+1)
	out := &CoverageStats{Terms: s.Terms, BigramMinBooks: least,
		TermPairs: s.TermPairs, TermPairsInSummary: s.TermPairsInSummary,
		BigramPairs: s.BigramPairs, BigramPairsInSummary: s.BigramPairsInSummary}
	for i, n := range t.Counts {
		if n.Books >= least {
			out.Bigrams.Keys = append(out.Bigrams.Keys, t.Keys[i])
			out.Bigrams.Counts = append(out.Bigrams.Counts, n)
		}
	}
	return out
}

// validateBound checks BigramMinBooks of statistics of books training
// books read from a file: zero (the table was not bounded), or a count
// above coverageMinBigramBooks, at most books+1 (a table bounded to no
// bigram at all), that every bigram reaches.
func (s *CoverageStats) validateBound(books int) error {
	least := s.BigramMinBooks
	if least == 0 {
		return nil
	}
	if least <= coverageMinBigramBooks || int(least) > books+1 {
		return fmt.Errorf("bigram_min_books %d is not between %d and %d, one more than the training books", least, coverageMinBigramBooks+1, books+1)
	}
	for _, n := range s.Bigrams.Counts {
		if n.Books < least {
			return fmt.Errorf("bigram_min_books is %d, but the bigram table holds a bigram of %d books", least, n.Books)
		}
	}
	return nil
}
