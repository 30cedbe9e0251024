package coverage

import (
	"fmt"
	"slices"
	"testing"
)

// TestBoundedKeepsMostBooks checks which bigrams a bound keeps: those of
// the most books, every bigram of one count or none, the least count kept
// recorded; the statistics bounded are not changed.
func TestBoundedKeepsMostBooks(t *testing.T) {
	books := []int32{5, 9, 7, 9, 6, 12, 7}
	s := &Stats{BigramPairs: 100, BigramPairsInSummary: 3}
	for i, n := range books {
		s.Bigrams.Keys = append(s.Bigrams.Keys, uint64(10*i+1))
		s.Bigrams.Counts = append(s.Bigrams.Counts, TermCount{Books: n, Summaries: 1})
	}
	for _, tc := range []struct {
		max   int
		keys  []uint64
		least int32
	}{
		{max: 7, keys: []uint64{1, 11, 21, 31, 41, 51, 61}},
		{max: 100, keys: []uint64{1, 11, 21, 31, 41, 51, 61}},
		{max: 6, keys: []uint64{11, 21, 31, 41, 51, 61}, least: 6},
		{max: 5, keys: []uint64{11, 21, 31, 51, 61}, least: 7},
		{max: 4, keys: []uint64{11, 31, 51}, least: 8}, // the two of 7 books go together
		{max: 3, keys: []uint64{11, 31, 51}, least: 8},
		{max: 1, keys: []uint64{51}, least: 10},
		{max: 0, keys: nil, least: 13},
		{max: -1, keys: nil, least: 13},
	} {
		t.Run(fmt.Sprint(tc.max), func(t *testing.T) {
			b := s.Bounded(tc.max)
			if !slices.Equal(b.Bigrams.Keys, tc.keys) || b.BigramMinBooks != tc.least {
				t.Errorf("kept %v, least %d; want %v, %d", b.Bigrams.Keys, b.BigramMinBooks, tc.keys, tc.least)
			}
			for i, g := range b.Bigrams.Keys {
				if want := books[g/10]; b.Bigrams.Counts[i].Books != want {
					t.Errorf("bigram %d: %d books, want %d", g, b.Bigrams.Counts[i].Books, want)
				}
			}
			if b.BigramPairs != 100 || b.BigramPairsInSummary != 3 {
				t.Errorf("base rate counts %d, %d changed", b.BigramPairs, b.BigramPairsInSummary)
			}
			if err := b.Validate(12); err != nil {
				t.Errorf("bounded statistics invalid: %v", err)
			}
			if len(s.Bigrams.Keys) != len(books) || s.BigramMinBooks != 0 {
				t.Error("bounding changed the statistics bounded")
			}
		})
	}
}

// TestBoundedAboveTheMinimum checks that a table holding bigrams of fewer
// books than the pipeline keeps, as a file may, is bounded above them.
func TestBoundedAboveTheMinimum(t *testing.T) {
	s := &Stats{Bigrams: BigramTable{Keys: []uint64{1, 2, 3, 4}, Counts: []TermCount{{Books: 1}, {Books: 2}, {Books: 3}, {Books: 9}}}}
	b := s.Bounded(3)
	if !slices.Equal(b.Bigrams.Keys, []uint64{4}) || b.BigramMinBooks != MinBigramBooks+1 {
		t.Errorf("kept %v, least %d; want [4], %d", b.Bigrams.Keys, b.BigramMinBooks, MinBigramBooks+1)
	}
	if err := b.Validate(9); err != nil {
		t.Errorf("bounded statistics invalid: %v", err)
	}
}

// TestBoundedKeys checks that a new book's keys under bounded statistics
// are those under the full statistics but for the bigrams left out, which
// are unseen.
func TestBoundedKeys(t *testing.T) {
	books := testBooks(t, 12)
	full := statsOf(books[1:], nil)
	bounded := full.Bounded(len(full.Bigrams.Keys) / 3)
	least := bounded.BigramMinBooks
	book := books[0] // not a training book
	g := NewGrams(book, nil)
	_, want := BookKeys(full, book, g, nil, false)
	_, got := BookKeys(bounded, book, g, nil, false)
	_, unseen := BookKeys(&Stats{Terms: full.Terms, TermPairs: full.TermPairs, TermPairsInSummary: full.TermPairsInSummary,
		BigramPairs: full.BigramPairs, BigramPairsInSummary: full.BigramPairsInSummary}, book, g, nil, false)
	counts, found := full.bigramsOf(g)
	var kept, dropped int
	for x := range g.biHash {
		switch {
		case found[x] && counts[x].Books >= least:
			kept++
			if got[x] != want[x] {
				t.Errorf("bigram %d of %d books: key %x, want the full statistics' %x", x, counts[x].Books, got[x], want[x])
			}
		default:
			dropped += btoi(found[x])
			if got[x] != unseen[x] {
				t.Errorf("bigram %d left out: key %x, want unseen %x", x, got[x], unseen[x])
			}
		}
	}
	if kept == 0 || dropped == 0 {
		t.Errorf("the new book has %d bigrams kept and %d left out: the test compares nothing", kept, dropped)
	}
}
