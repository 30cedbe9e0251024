package coverage

import "github.com/bookalign/bookalign/classify/internal/tables"

// SetCounts are the counts of a book's terms and bigrams in a training set's
// statistics: what BookKeys needs of the set. Stats.Look finds them in one
// set; an Index finds them in several, the book's terms and bigrams looked
// up once for all the sets.
type SetCounts struct {
	// Terms holds the counts of each term of the book (by term id), zero
	// for a term the set does not hold.
	Terms []TermCount
	// Bigrams holds the counts of each bigram of the book (by bigram id,
	// Grams), and Found whether the set holds it.
	Bigrams []TermCount
	Found   []bool
}

// Look returns the counts in s of the terms t and the bigrams g of a book.
func (s *Stats) Look(t *Terms, g *Grams) *SetCounts {
	bi, found := s.bigramsOf(g)
	return &SetCounts{Terms: s.Terms.countsOf(t.Vocab), Bigrams: bi, Found: found}
}

// An Index places the terms and the bigrams of several training sets'
// statistics in one sorted table each, their union, so that a book's terms
// and bigrams are found once for all the sets (Index.Place) and each set's
// counts are then read by place (Index.Look): what featurizing a training
// book under each of its training sets looks up. It is not modified by
// use and may be shared by goroutines.
type Index struct {
	stats   []*Stats
	terms   []string // the union of the sets' terms, sorted
	bigrams []uint64 // the union of the sets' bigram hashes, sorted
	// termAt[i] places the union's terms in stats[i]'s term table;
	// bigramAt the same of bigrams.
	termAt, bigramAt []tables.Subset
}

// NewIndex returns the index of the statistics of stats.
func NewIndex(stats []*Stats) *Index {
	x := &Index{stats: stats}
	terms, bigrams := make([][]string, len(stats)), make([][]uint64, len(stats))
	for i, s := range stats {
		terms[i], bigrams[i] = s.Terms.Terms, s.Bigrams.Keys
	}
	x.terms, x.bigrams = tables.UnionAll(terms), tables.UnionAll(bigrams)
	for _, s := range stats {
		x.termAt = append(x.termAt, tables.NewSubset(x.terms, s.Terms.Terms))
		x.bigramAt = append(x.bigramAt, tables.NewSubset(x.bigrams, s.Bigrams.Keys))
	}
	return x
}

// Places are a book's terms and bigrams placed in an Index's union
// tables (-1: in none of the sets).
type Places struct {
	terms, bigrams []int32
}

// Place finds the terms t and the bigrams g of a book in the index.
func (x *Index) Place(t *Terms, g *Grams) *Places {
	hashes := make([]uint64, len(g.byHash)) // increasing
	for i, id := range g.byHash {
		hashes[i] = g.biHash[id]
	}
	p := &Places{terms: tables.Places(x.terms, t.Vocab), bigrams: make([]int32, len(g.biHash))}
	for i, at := range tables.Places(x.bigrams, hashes) {
		p.bigrams[g.byHash[i]] = at
	}
	return p
}

// Look returns what stats[i].Look returns for the book placed at p.
func (x *Index) Look(i int, p *Places) *SetCounts {
	s := x.stats[i]
	l := &SetCounts{Terms: make([]TermCount, len(p.terms)), Bigrams: make([]TermCount, len(p.bigrams)), Found: make([]bool, len(p.bigrams))}
	termAt, bigramAt := x.termAt[i], x.bigramAt[i]
	for k, u := range p.terms {
		if u >= 0 {
			if at := termAt.Place(u); at >= 0 {
				l.Terms[k] = s.Terms.Counts[at]
			}
		}
	}
	for k, u := range p.bigrams {
		if u >= 0 {
			if at := bigramAt.Place(u); at >= 0 {
				l.Bigrams[k], l.Found[k] = s.Bigrams.Counts[at], true
			}
		}
	}
	return l
}
