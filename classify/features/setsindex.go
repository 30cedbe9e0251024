package features

import (
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/internal/tables"
	"github.com/bookalign/bookalign/text"
)

// A SetsIndex featurizes a training book under each of several
// collections, its training sets, looking the book's words, terms and
// bigrams up once for all of them: it places the collections' words (and,
// with coverage extraction, their terms and bigrams, coverage.Index) in one
// sorted table, their union (the largest collection's own when it holds
// the others'), and reads each collection's statistics by place. What it returns is what each Collection.FeaturizeGrams returns.
// It is not modified by use and may be shared by goroutines.
type SetsIndex struct {
	cols  []*Collection
	words []string // the union of the collections' words, sorted
	// wordAt[i] places the union's words in cols[i]'s word table
	// (Collection.wordIndex).
	wordAt []tables.Subset
	// cover indexes the collections' coverage statistics when every
	// collection has them; nil otherwise.
	cover *coverage.Index
}

// NewSetsIndex returns the index of cols.
func NewSetsIndex(cols []*Collection) *SetsIndex {
	x := &SetsIndex{cols: cols}
	stats := make([]*coverage.Stats, 0, len(cols))
	words := make([][]string, len(cols))
	for i, c := range cols {
		words[i] = c.wordIndex().words
		if c.Coverage != nil {
			stats = append(stats, c.Coverage)
		}
	}
	x.words = tables.UnionAll(words)
	for _, w := range words {
		x.wordAt = append(x.wordAt, tables.NewSubset(x.words, w))
	}
	if len(cols) > 0 && len(stats) == len(cols) {
		x.cover = coverage.NewIndex(stats)
	}
	return x
}

// BookPlaces are a book's words, terms and bigrams placed in a SetsIndex
// (SetsIndex.Place).
type BookPlaces struct {
	g     *coverage.Grams
	words []int32
	stop  []bool           // whether each word is a stopword
	rows  *wordRows        // the rows of each word
	cover *coverage.Places // nil without the book's n-grams
}

// Place finds the words of b, and its terms and the n-grams g (nil: none
// counted yet), in the index: once a book, for all the collections.
func (x *SetsIndex) Place(b *classify.Book, g *coverage.Grams) *BookPlaces {
	p := &BookPlaces{g: g, words: tables.Places(x.words, b.Words), stop: make([]bool, len(b.Words)), rows: newWordRows(b)}
	for k, w := range b.Words {
		p.stop[k] = text.IsStopword(w)
	}
	if x.cover != nil && g != nil {
		p.cover = x.cover.Place(&b.Terms, g)
	}
	return p
}

// FeaturizeGrams returns what the i-th collection's FeaturizeGrams returns
// for b, whose words, terms and n-grams p placed.
func (x *SetsIndex) FeaturizeGrams(i int, b *classify.Book, p *BookPlaces) *Features {
	c := x.cols[i]
	t, at := c.wordIndex(), x.wordAt[i]
	stats := make([]wordStats, len(p.words))
	for k, u := range p.words {
		stats[k] = wordStats{vocab: -1}
		if u >= 0 {
			if j := at.Place(u); j >= 0 {
				stats[k] = t.stats[j]
			}
		}
		stats[k].stop = p.stop[k]
	}
	var looked *coverage.SetCounts
	if p.cover != nil && c.Coverage != nil && c.Contains(b.ID) && b.Terms.Reference != nil {
		looked = x.cover.Look(i, p.cover)
	}
	return c.featurize(b, p.g, stats, p.rows, looked)
}
