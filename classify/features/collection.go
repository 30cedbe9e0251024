package features

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sync"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/internal/tables"
	"github.com/bookalign/bookalign/text"
)

// Errors of building a Collection.
var (
	// ErrDuplicateBook means a book was counted twice.
	ErrDuplicateBook = errors.New("features: book counted twice")
	// ErrNoBooks means a Collection was asked of no books.
	ErrNoBooks = errors.New("features: no training books")
	// ErrMissingBook means Counts.Without was asked to take away a book
	// that is not counted.
	ErrMissingBook = errors.New("features: a book taken away is not counted")
)

// Counts accumulate the Stats of training books: how often each word occurs
// and in how many books. Its zero value is empty and ready to use. Add and
// Merge commute, so Counts can be combined in any order (a Beam CombineFn's
// accumulator); the Collection they make does not depend on the order.
type Counts struct {
	// IDs are the books counted, sorted.
	IDs []string `json:"ids"`
	// Words holds the counts of every word.
	Words map[string]WordCount `json:"words"`
	// Terms hold the counts of the books' terms and term bigrams, for the
	// coverage model (coverage.TermCounts).
	Terms coverage.TermCounts `json:"terms"`
}

// WordCount is the count of one word over a set of books.
type WordCount struct {
	// Freq is the number of occurrences.
	Freq int64 `json:"freq"`
	// Books is the number of books it occurs in: its document frequency.
	Books int32 `json:"books"`
	// Summaries is the number of those books whose summary holds the word
	// too (classify.Stats.InSummary); zero when no summary was given.
	Summaries int32 `json:"summaries,omitempty"`
}

// Add counts the words of one book. It returns ErrDuplicateBook, and counts
// nothing, if a book of the same ID was counted already.
func (c *Counts) Add(s *classify.Stats) error {
	i, found := slices.BinarySearch(c.IDs, s.ID)
	if found {
		return fmt.Errorf("%w: %q", ErrDuplicateBook, s.ID)
	}
	c.IDs = slices.Insert(c.IDs, i, s.ID)
	if c.Words == nil {
		c.Words = make(map[string]WordCount, len(s.Words))
	}
	for k, w := range s.Words {
		wc := c.Words[w]
		wc.Freq += int64(s.Count[k])
		wc.Books++
		if k < len(s.InSummary) && s.InSummary[k] {
			wc.Summaries++
		}
		c.Words[w] = wc
	}
	c.Terms.Add(&s.Terms)
	return nil
}

// Merge adds the counts of o to c. It returns ErrDuplicateBook, and merges
// nothing, if c and o share a book.
func (c *Counts) Merge(o *Counts) error {
	ids := make([]string, 0, len(c.IDs)+len(o.IDs))
	ids = append(append(ids, c.IDs...), o.IDs...)
	slices.Sort(ids)
	for i := 1; i < len(ids); i++ {
		if ids[i] == ids[i-1] {
			return fmt.Errorf("%w: %q", ErrDuplicateBook, ids[i])
		}
	}
	c.IDs = ids
	if c.Words == nil {
		c.Words = make(map[string]WordCount, len(o.Words))
	}
	for w, n := range o.Words {
		wc := c.Words[w]
		wc.Freq += n.Freq
		wc.Books += n.Books
		wc.Summaries += n.Summaries
		c.Words[w] = wc
	}
	c.Terms.Merge(&o.Terms)
	return nil
}

// Without returns the counts of c's books that are not o's, with o's
// counts taken away: what merging the counts of the other books would give,
// the words, terms and bigrams that only o's books hold left out. It
// returns ErrMissingBook if some book of o is not one of c's, and an error
// if o counts more of something than c does.
func (c *Counts) Without(o *Counts) (*Counts, error) {
	out := &Counts{IDs: make([]string, 0, max(len(c.IDs)-len(o.IDs), 0))}
	for _, id := range c.IDs {
		if _, found := slices.BinarySearch(o.IDs, id); !found {
			out.IDs = append(out.IDs, id)
		}
	}
	if len(out.IDs)+len(o.IDs) != len(c.IDs) {
		return nil, ErrMissingBook
	}
	var err error
	if out.Words, err = tables.Without(c.Words, o.Words, func(a, b WordCount) (WordCount, bool) {
		d := WordCount{Freq: a.Freq - b.Freq, Books: a.Books - b.Books, Summaries: a.Summaries - b.Summaries}
		return d, d.Freq >= 0 && d.Books >= 0 && d.Summaries >= 0
	}); err != nil {
		return nil, err
	}
	if out.Terms, err = c.Terms.Without(&o.Terms); err != nil {
		return nil, err
	}
	return out, nil
}

// Collection returns the features that the counted books define under set
// and, with coverage extraction (Settings.Coverage), the function words
// stop (sorted; none: every n-gram counts alike), which a pipeline takes
// from ROUGE's -s list (rouge.Data.Stopwords):
// the vocabulary (the set.Vocabulary most frequent words that are not
// stopwords, most frequent first, ties in byte order) and the document
// frequency of every word that is not a stopword. It returns ErrNoBooks
// when nothing was counted.
func (c *Counts) Collection(set Settings, stop []string) (*Collection, error) {
	if len(c.IDs) == 0 {
		return nil, ErrNoBooks
	}
	if err := checkStopwords(set, stop); err != nil {
		return nil, err
	}
	words := slices.Sorted(maps.Keys(c.Words))
	counts := make([]WordCount, len(words))
	for i, w := range words {
		counts[i] = c.Words[w]
	}
	var cover *coverage.Stats
	if set.Coverage {
		cover = coverage.NewStats(&c.Terms)
	}
	return collectionOfWords(set, stop, slices.Clone(c.IDs), words, counts, cover), nil
}

// NewCollection returns the Collection of the books whose stats are given,
// under set and stop: what adding them to Counts (Counts.Add) and asking
// for its Collection returns.
func NewCollection(set Settings, stop []string, stats ...*classify.Stats) (*Collection, error) {
	var c Counts
	for _, s := range stats {
		if err := c.Add(s); err != nil {
			return nil, err
		}
	}
	return c.Collection(set, stop)
}

// collectionOfWords returns the collection of the books ids under set and
// stop, whose words (distinct, in byte order) are counted in counts and
// whose coverage statistics are cover (with Settings.Coverage): what
// Counts.Collection returns. It makes the collection's word table
// (wordIndex) from the sorted words, without a map.
func collectionOfWords(set Settings, stop, ids, words []string, counts []WordCount, cover *coverage.Stats) *Collection {
	col := &Collection{Settings: set, Stopwords: stop, IDs: ids, DF: make(map[string]int32, len(words))}
	kept := make([]int32, 0, len(words)) // the words that are not stopwords
	for i, w := range words {
		if text.IsStopword(w) {
			continue
		}
		n := counts[i]
		col.DF[w] = n.Books
		if set.Events && n.Summaries > 0 {
			if col.Summaries == nil {
				col.Summaries = map[string]int32{}
			}
			col.Summaries[w] = n.Summaries
		}
		kept = append(kept, int32(i))
	}
	// The vocabulary: the most frequent, ties in byte order (the words').
	before := func(a, b int32) int {
		if c := cmp.Compare(counts[b].Freq, counts[a].Freq); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	}
	top := tables.SelectTop(slices.Clone(kept), set.vocabulary(), before)
	slices.SortFunc(top, before)
	col.Vocabulary = make([]string, len(top))
	vocab := make([]int32, len(words)) // 1 + the vocabulary index of each word, 0 for none
	for v, i := range top {
		col.Vocabulary[v], vocab[i] = words[i], int32(v)+1
	}
	if set.Coverage {
		col.Coverage = cover
		col.Coverage.Plot, _ = set.plot() // checked by checkStopwords
	}
	col.wordsOnce.Do(func() {
		col.words.words, col.words.stats = make([]string, len(kept)), make([]wordStats, len(kept))
		for j, i := range kept {
			st := wordStats{df: counts[i].Books, vocab: vocab[i] - 1}
			if set.Events && counts[i].Summaries > 0 {
				st.summaries = counts[i].Summaries
			}
			col.words.words[j], col.words.stats[j] = words[i], st
		}
	})
	return col
}

// A Collection holds what the features of a book need from the training
// books: the vocabulary and the document frequencies that give IDF. It is
// saved inside a logistic.Model, so that a new book can be featurized as the training
// books were. A Collection is not modified by use and may be shared by
// goroutines; it must not be copied after first use.
type Collection struct {
	// Settings are the settings it was built with.
	Settings Settings `json:"settings"`
	// Stopwords are, with Settings.Coverage, the function words of
	// coverage extraction (sorted), saved inside the settings object
	// (collectioncodec.go) as coverage_stopwords; none: every n-gram
	// counts alike.
	Stopwords []string `json:"-"`
	// IDs are the training books, sorted.
	IDs []string `json:"ids"`
	// Vocabulary holds the words of the lexical features, in feature order.
	Vocabulary []string `json:"vocabulary"`
	// DF is the number of training books each word occurs in, for every word
	// of the training books that is not a stopword.
	DF map[string]int32 `json:"df"`
	// Summaries is, with Settings.Events, the number of training books
	// whose summary holds each word that is not a stopword (only the words
	// with at least one).
	Summaries map[string]int32 `json:"summaries,omitempty"`
	// Coverage holds, with Settings.Coverage, the term statistics of the
	// coverage model.
	Coverage *coverage.Stats `json:"coverage,omitempty"`

	wordsOnce sync.Once
	words     wordTable // what featurizing needs of each word

	baseOnce sync.Once
	base     float64 // EventBase
}

// wordStats are what featurizing needs of a word, found with one look-up:
// its DF and Summaries counts, its index in Vocabulary (-1 when it is not
// a vocabulary word), and whether it is a stopword (text.IsStopword), which
// statsOf and SetsIndex.Place mark.
type wordStats struct {
	df, summaries, vocab int32
	stop                 bool
}

// wordTable holds the wordStats of words, sorted.
type wordTable struct {
	words []string
	stats []wordStats
}

// wordIndex returns the wordStats of every word of DF or Vocabulary, by
// word.
func (c *Collection) wordIndex() *wordTable {
	c.wordsOnce.Do(func() {
		byWord := make(map[string]wordStats, len(c.DF))
		for w, df := range c.DF {
			byWord[w] = wordStats{df: df, summaries: c.Summaries[w], vocab: -1}
		}
		for i, w := range c.Vocabulary {
			s, ok := byWord[w]
			if !ok {
				s = wordStats{summaries: c.Summaries[w]}
			}
			s.vocab = int32(i)
			byWord[w] = s
		}
		c.words.words = slices.Sorted(maps.Keys(byWord))
		c.words.stats = make([]wordStats, len(c.words.words))
		for i, w := range c.words.words {
			c.words.stats[i] = byWord[w]
		}
	})
	return &c.words
}

// statsOf returns the wordStats of each of words, which are sorted (zero
// counts and vocabulary index -1 for a word the collection does not know).
func (c *Collection) statsOf(words []string) []wordStats {
	t := c.wordIndex()
	stats := tables.LookupSorted(t.words, t.stats, words, wordStats{vocab: -1})
	for k, w := range words {
		stats[k].stop = text.IsStopword(w)
	}
	return stats
}

// Validate checks that c is consistent, as a collection read back from a
// model file must be: its settings (Settings.Validate) and stopwords, its
// training books sorted and distinct, its vocabulary within its setting
// and without repeats, every document frequency in [1, Books] and every
// summary count in [1, DF], and its coverage statistics there just when
// Settings.Coverage asks for them, of the settings' plot properties.
func (c *Collection) Validate() error {
	s := c.Settings
	if s.Vocabulary < 0 || s.Names < 0 {
		return errors.New("negative setting")
	}
	if len(c.IDs) == 0 {
		return errors.New("no training books")
	}
	for i := 1; i < len(c.IDs); i++ {
		if c.IDs[i] <= c.IDs[i-1] {
			return errors.New("training book ids not sorted and distinct")
		}
	}
	if len(c.Vocabulary) > s.vocabulary() {
		return errors.New("vocabulary larger than its setting")
	}
	seen := make(map[string]bool, len(c.Vocabulary))
	for _, w := range c.Vocabulary {
		if seen[w] {
			return fmt.Errorf("vocabulary word %q repeated", w)
		}
		seen[w] = true
	}
	for w, df := range c.DF {
		if df < 1 || int(df) > len(c.IDs) {
			return fmt.Errorf("document frequency %d of %q out of range", df, w)
		}
	}
	for w, n := range c.Summaries {
		if n < 1 || n > c.DF[w] {
			return fmt.Errorf("summary count %d of %q out of range", n, w)
		}
	}
	if err := checkStopwords(s, c.Stopwords); err != nil {
		return err
	}
	if s.Coverage != (c.Coverage != nil) {
		return errors.New("coverage model and statistics must go with Settings.Coverage")
	}
	if s.Coverage {
		if err := c.Coverage.Validate(len(c.IDs)); err != nil {
			return err
		}
		if plot, _ := s.plot(); c.Coverage.Plot != plot {
			return errors.New("the coverage statistics' plot properties are not Settings.CoveragePlot")
		}
	}
	return nil
}

// Books returns the number of training books.
func (c *Collection) Books() int { return len(c.IDs) }

// Contains reports whether the book id is one of the training books.
func (c *Collection) Contains(id string) bool {
	_, ok := slices.BinarySearch(c.IDs, id)
	return ok
}

// IDF returns the inverse document frequency of a word for a book,
//
//	idf(w) = log((1 + N) / (1 + df(w)))
//
// where N is the number of training books and df(w) the number that hold w,
// both counted without the book itself when it is a training book ("in
// comparison with the rest of the data", §4.2). So a training book and a new
// book see their own words alike: a name found only in the book has
// df = 0 either way. self says whether the book is a training book.
func (c *Collection) IDF(w string, self bool) float64 {
	return c.idf(c.DF[w], self)
}

// idf is IDF of a word held by df training books.
func (c *Collection) idf(d int32, self bool) float64 {
	n, df := c.Books(), int(d)
	if self {
		n--
		df = max(df-1, 0)
	}
	return math.Log(float64(1+n) / float64(1+df))
}
