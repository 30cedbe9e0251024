package coverage

import (
	"fmt"
	"slices"
)

// SavedBigrams is the most bigrams the coverage statistics of a saved model
// carry (logistic.Model.Bounded). A training set's bigram table grows
// with its books, every bigram that MinBigramBooks of them hold; a model
// saved for new books keeps the bigrams of the most books, so that its
// file stops growing with the corpus (every bigram of at least 5 books is
// about 490,000 for 245 books, 5.8 MB of a 10 MB model file, some 12 bytes
// each, so 2^20 of them take at most 12–13 MB). Up to this many, the saved
// model is the trained one.
const SavedBigrams = 1 << 20

// Bounded returns s with at most limit bigrams: those held by at least
// some number of training books, the least number that leaves no more,
// recorded as BigramMinBooks. Every bigram of one count is kept or none,
// so that which are kept depends on the counts alone, not on their hashes.
// It returns s itself when s holds limit bigrams or fewer; a negative
// limit keeps none.
func (s *Stats) Bounded(limit int) *Stats {
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
	least := max(books[len(books)-limit-1]+1, MinBigramBooks+1)
	out := &Stats{Terms: s.Terms, BigramMinBooks: least, Plot: s.Plot,
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
// above MinBigramBooks, at most books+1 (a table bounded to no bigram at
// all), that every bigram reaches.
func (s *Stats) validateBound(books int) error {
	least := s.BigramMinBooks
	if least == 0 {
		return nil
	}
	if least <= MinBigramBooks || int(least) > books+1 {
		return fmt.Errorf("bigram_min_books %d is not between %d and %d, one more than the training books", least, MinBigramBooks+1, books+1)
	}
	for _, n := range s.Bigrams.Counts {
		if n.Books < least {
			return fmt.Errorf("bigram_min_books is %d, but the bigram table holds a bigram of %d books", least, n.Books)
		}
	}
	return nil
}
