package coverage

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/bookalign/bookalign/classify/internal/tables"
)

// MinBigramBooks is the number of other training books that must hold a
// bigram for the coverage model to use its statistics: a pipeline keeps,
// of each book's bigrams, those that this many books of the corpus hold.
const MinBigramBooks = 5

// TermCount is the count of one term or bigram over a set of books: in how
// many books it occurs, and how many of their summaries hold it too. Its
// JSON form is [books, summaries].
type TermCount struct {
	Books, Summaries int32
}

// TermCounts add up the TermStats of a training set's books
// (features.Counts.Terms).
type TermCounts struct {
	Terms   map[string]TermCount `json:"terms,omitempty"`
	Bigrams map[uint64]TermCount `json:"bigrams,omitempty"`
	// BigramTypes and BigramTypesInSummary add up the books' totals.
	BigramTypes          int64 `json:"bigram_types,omitempty"`
	BigramTypesInSummary int64 `json:"bigram_types_in_summary,omitempty"`
}

// Add counts the term statistics of one book.
func (c *TermCounts) Add(s *TermStats) {
	for k, w := range s.Terms {
		addCount(&c.Terms, w, TermCount{1, int32(btoi(k < len(s.InSummary) && s.InSummary[k]))})
	}
	for k, g := range s.Bigrams {
		addCount(&c.Bigrams, g, TermCount{1, int32(btoi(k < len(s.BigramInSummary) && s.BigramInSummary[k]))})
	}
	c.BigramTypes += int64(s.BigramTypes)
	c.BigramTypesInSummary += int64(s.BigramTypesInSummary)
}

// Merge adds o to c.
func (c *TermCounts) Merge(o *TermCounts) {
	for w, n := range o.Terms {
		addCount(&c.Terms, w, n)
	}
	for g, n := range o.Bigrams {
		addCount(&c.Bigrams, g, n)
	}
	c.BigramTypes += o.BigramTypes
	c.BigramTypesInSummary += o.BigramTypesInSummary
}

// Without returns c less o's counts (features.Counts.Without).
func (c *TermCounts) Without(o *TermCounts) (TermCounts, error) {
	minus := func(a, b TermCount) (TermCount, bool) {
		d := TermCount{Books: a.Books - b.Books, Summaries: a.Summaries - b.Summaries}
		return d, d.Books >= 0 && d.Summaries >= 0
	}
	terms, err := tables.Without(c.Terms, o.Terms, minus)
	if err != nil {
		return TermCounts{}, err
	}
	bigrams, err := tables.Without(c.Bigrams, o.Bigrams, minus)
	if err != nil {
		return TermCounts{}, err
	}
	return TermCounts{Terms: terms, Bigrams: bigrams, BigramTypes: c.BigramTypes - o.BigramTypes, BigramTypesInSummary: c.BigramTypesInSummary - o.BigramTypesInSummary}, nil
}

// addCount adds n to the count of k in *m, making the map if need be.
func addCount[K comparable](m *map[K]TermCount, k K, n TermCount) {
	if *m == nil {
		*m = make(map[K]TermCount)
	}
	tc := (*m)[k]
	tc.Books += n.Books
	tc.Summaries += n.Summaries
	(*m)[k] = tc
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Stats are what the coverage model needs of a training set's books: every
// term's counts, the counts of the bigrams that MinBigramBooks of them
// hold, and the sums that give the base rates.
type Stats struct {
	// Terms hold every term of the training books.
	Terms TermTable `json:"terms"`
	// Bigrams hold the bigrams of at least MinBigramBooks books, or of at
	// least BigramMinBooks when that is set.
	Bigrams BigramTable `json:"bigrams"`
	// BigramMinBooks, when not zero, says that Bigrams were bounded for a
	// saved model (Bounded): they hold only the bigrams of at least this
	// many books, and a bigram of fewer counts as unseen.
	BigramMinBooks int32 `json:"bigram_min_books,omitempty"`
	// TermPairs is the number of (training book, term of the book) pairs
	// and TermPairsInSummary the number of those whose summary holds the
	// term; BigramPairs and BigramPairsInSummary the same of bigrams. Their
	// ratios are the base rates p0.
	TermPairs            int64 `json:"term_pairs"`
	TermPairsInSummary   int64 `json:"term_pairs_in_summary"`
	BigramPairs          int64 `json:"bigram_pairs"`
	BigramPairsInSummary int64 `json:"bigram_pairs_in_summary"`
	// Plot says which plot properties the keys of a book's n-grams hold
	// (features.Settings.CoveragePlot); none by default.
	Plot Plot `json:"plot,omitempty"`

	bucketOnce sync.Once
	bucket     []int32 // bigramBuckets+1 offsets into Bigrams.Keys by their top bits
}

// TermTable holds term counts by term, in increasing order.
type TermTable struct {
	Terms  []string
	Counts []TermCount
}

// countsOf returns the counts of each of terms, which are sorted, and zero
// counts for a term the table does not hold (tables.LookupSorted).
func (t *TermTable) countsOf(terms []string) []TermCount {
	return tables.LookupSorted(t.Terms, t.Counts, terms, TermCount{})
}

// BigramTable holds bigram counts by bigram hash (bigramHasher), in
// increasing order.
type BigramTable struct {
	Keys   []uint64    `json:"keys"`
	Counts []TermCount `json:"counts"`
}

// NewStats returns the coverage statistics of a training set's term counts
// c.
func NewStats(c *TermCounts) *Stats {
	t := countTables{types: c.BigramTypes, typesIn: c.BigramTypesInSummary}
	for w := range c.Terms {
		t.terms.Terms = append(t.terms.Terms, w)
	}
	slices.Sort(t.terms.Terms)
	t.terms.Counts = make([]TermCount, len(t.terms.Terms))
	for i, w := range t.terms.Terms {
		t.terms.Counts[i] = c.Terms[w]
	}
	for g, n := range c.Bigrams {
		if n.Books >= MinBigramBooks {
			t.bigrams.Keys = append(t.bigrams.Keys, g)
		}
	}
	slices.Sort(t.bigrams.Keys)
	t.bigrams.Counts = make([]TermCount, len(t.bigrams.Keys))
	for i, g := range t.bigrams.Keys {
		t.bigrams.Counts[i] = c.Bigrams[g]
	}
	return newStatsOf(t)
}

// newStatsOf returns the coverage statistics of a training set's counts t,
// whose bigrams of fewer than MinBigramBooks books it drops (the kept ones
// copied out, so that the statistics do not hold every bigram's room).
// A table with no entries has nil keys and empty counts, as NewStats has
// always made them (the form of saved models).
func newStatsOf(t countTables) *Stats {
	s := &Stats{Terms: t.terms, BigramPairs: t.types, BigramPairsInSummary: t.typesIn}
	if len(s.Terms.Terms) == 0 {
		s.Terms = TermTable{Counts: []TermCount{}}
	}
	for _, n := range s.Terms.Counts {
		s.TermPairs += int64(n.Books)
		s.TermPairsInSummary += int64(n.Summaries)
	}
	keep := 0
	for i, g := range t.bigrams.Keys {
		if n := t.bigrams.Counts[i]; n.Books >= MinBigramBooks {
			t.bigrams.Keys[keep], t.bigrams.Counts[keep] = g, n
			keep++
		}
	}
	s.Bigrams = BigramTable{Keys: slices.Clone(t.bigrams.Keys[:keep]), Counts: slices.Clone(t.bigrams.Counts[:keep])}
	if keep == 0 {
		s.Bigrams = BigramTable{Counts: []TermCount{}}
	}
	return s
}

// bigramBits is the number of top bits of a bigram hash that pick its
// bucket: a book's bigrams are looked up in every training set that holds
// it, and a bucket of a few keys is found in one step where a binary search
// of the whole table takes about twenty.
const bigramBits = 16

// buckets returns the offsets of the buckets into Bigrams.Keys, made once.
func (s *Stats) buckets() []int32 {
	s.bucketOnce.Do(func() {
		s.bucket = make([]int32, 1<<bigramBits+1)
		k := 0
		for b := range 1 << bigramBits {
			for k < len(s.Bigrams.Keys) && s.Bigrams.Keys[k]>>(64-bigramBits) == uint64(b) {
				k++
			}
			s.bucket[b+1] = int32(k)
		}
	})
	return s.bucket
}

// bigramsOf returns the counts of the bigrams of g, by bigram id, and
// whether each is in the statistics. It visits them in the order of their
// hashes, as the keys are sorted, so that the look-ups walk the table
// forwards instead of jumping about it.
func (s *Stats) bigramsOf(g *Grams) ([]TermCount, []bool) {
	bucket, keys := s.buckets(), s.Bigrams.Keys
	counts, found := make([]TermCount, len(g.biHash)), make([]bool, len(g.biHash))
	k := int32(0)
	for _, x := range g.byHash {
		h := g.biHash[x]
		b := h >> (64 - bigramBits)
		k = max(k, bucket[b])
		for hi := bucket[b+1]; k < hi && keys[k] < h; k++ {
		}
		if k < bucket[b+1] && keys[k] == h {
			counts[x], found[x] = s.Bigrams.Counts[k], true
		}
	}
	return counts, found
}

// base returns the base rate of pairs of which inSummary are in their
// summaries, leaving out a training book's own ownPairs and ownIn.
func base(pairs, inSummary, ownPairs, ownIn int64) float64 {
	pairs, inSummary = pairs-ownPairs, inSummary-ownIn
	if pairs <= 0 || inSummary < 0 {
		return 0
	}
	return float64(inSummary) / float64(pairs)
}

// Validate checks the statistics of books training books, read from a
// model file.
func (s *Stats) Validate(books int) error {
	ok := func(n TermCount) bool {
		return n.Books >= 1 && int(n.Books) <= books && n.Summaries >= 0 && n.Summaries <= n.Books
	}
	if !s.Plot.Valid() {
		return fmt.Errorf("unknown plot properties %v", s.Plot)
	}
	if len(s.Terms.Terms) != len(s.Terms.Counts) {
		return errors.New("term table of unequal lengths")
	}
	for i, n := range s.Terms.Counts {
		if i > 0 && s.Terms.Terms[i] <= s.Terms.Terms[i-1] {
			return errors.New("term table not sorted")
		}
		if !ok(n) {
			return fmt.Errorf("term %q counted in %d books and %d summaries of %d", s.Terms.Terms[i], n.Books, n.Summaries, books)
		}
	}
	t := &s.Bigrams
	if len(t.Keys) != len(t.Counts) {
		return errors.New("bigram table of unequal lengths")
	}
	for i, n := range t.Counts {
		if i > 0 && t.Keys[i] <= t.Keys[i-1] {
			return errors.New("bigram table not increasing")
		}
		if !ok(n) {
			return fmt.Errorf("bigram counted in %d books and %d summaries of %d", n.Books, n.Summaries, books)
		}
	}
	if err := s.validateBound(books); err != nil {
		return err
	}
	if s.TermPairs < 0 || s.TermPairsInSummary < 0 || s.TermPairsInSummary > s.TermPairs ||
		s.BigramPairs < 0 || s.BigramPairsInSummary < 0 || s.BigramPairsInSummary > s.BigramPairs {
		return errors.New("pair counts out of range")
	}
	return nil
}
