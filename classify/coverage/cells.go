package coverage

import (
	"slices"

	"github.com/bookalign/bookalign/text"
)

// BookKeys returns the key of every unigram (by term id) and bigram (by
// bigram id) of a book, whose terms are t and n-grams g, under the
// training set's statistics s; self says that the book is one of the
// training books, which then leaves itself out of them. l holds the counts
// of the book's terms and bigrams in s (Stats.Look, Index.Look), or is nil
// to look them up here. Only the rate fields depend on the set: the rest
// of each key is made once a book (Grams.keys), for all its sets.
func BookKeys(s *Stats, t *Terms, g *Grams, l *SetCounts, self bool) (uni, bi []Key) {
	if l == nil {
		l = s.Look(t, g)
	}
	fixed := g.keys(t, s.Plot)
	// The book's own summary, when it is a training book.
	var refUni, refBi []int32
	var ownTerms, ownTermsIn, ownBigrams, ownBigramsIn int64
	if self {
		ownTerms, ownBigrams = int64(len(t.Vocab)), int64(len(g.bi))
	}
	if self && t.Reference != nil {
		refUni, refBi = fixed.refUni, g.biRef
		ownTermsIn, ownBigramsIn = fixed.termsIn, fixed.bigramsIn
	}
	termBase := base(s.TermPairs, s.TermPairsInSummary, ownTerms, ownTermsIn)
	bigramBase := base(s.BigramPairs, s.BigramPairsInSummary, ownBigrams, ownBigramsIn)
	termRates, bigramRates := newRateMemo(termBase), newRateMemo(bigramBase)
	termRate := make([]uint8, len(t.Vocab))
	uni = make([]Key, len(t.Vocab))
	termCounts := l.Terms
	for id := range uni {
		rate := termRates.bin(termCounts[id], self, refUni != nil && refUni[id] > 0)
		termRate[id] = uint8(rate)
		uni[id] = fixed.uni[id] | keyRate.put(rate)
	}
	bi = make([]Key, len(g.bi))
	counts, found := l.Bigrams, l.Found
	for x, pair := range g.biTerms {
		n, ok := counts[x], found[x]
		own := self
		if !ok || int(n.Books)-btoi(self) < MinBigramBooks {
			n, own = TermCount{}, false // unseen, or too few other books
		}
		rate := bigramRates.bin(n, own, refBi != nil && refBi[x] > 0)
		bi[x] = keyRate.put(rate) | keyRate1.put(int(termRate[pair[0]])) | keyRate2.put(int(termRate[pair[1]]))
	}
	for x, k := range fixed.bi {
		bi[x] |= k
	}
	return uni, bi
}

// ownKeys are the fields of a book's n-gram keys that do not depend on
// the training set (Grams.keys): the count, capital, stopword and plot
// fields, and the bigram flag; and what the book's reference summary holds.
type ownKeys struct {
	plot    Plot
	uni, bi []Key
	// refUni counts each term in the reference (nil without one); termsIn
	// and bigramsIn are the book's terms and bigrams the reference holds.
	refUni             []int32
	termsIn, bigramsIn int64
}

// keys returns the set-independent fields of the keys of the book whose
// terms are t, under the plot properties p: made on first use and kept
// for that p (a training run has one), made again for another.
func (g *Grams) keys(t *Terms, p Plot) *ownKeys {
	g.keysOnce.Do(func() { g.ownKeys = newOwnKeys(t, g, p) })
	if g.ownKeys.plot != p {
		return newOwnKeys(t, g, p)
	}
	return g.ownKeys
}

// newOwnKeys makes Grams.keys.
func newOwnKeys(t *Terms, g *Grams, p Plot) *ownKeys {
	o := &ownKeys{plot: p, uni: make([]Key, len(t.Vocab)), bi: make([]Key, len(g.bi))}
	common := func(st *ngramStat) Key {
		return keyCount.put(countBin(st.count)) | keyCap.put(capBin(st.caps, st.count))
	}
	stop := make([]bool, len(t.Vocab))
	for id, w := range t.Vocab {
		stop[id] = text.IsStopword(w)
		o.uni[id] = common(&g.uni[id])
		if stop[id] {
			o.uni[id] |= keyStop.put(1)
		}
	}
	for x, pair := range g.biTerms {
		k := bigramFlag | common(&g.bi[x])
		if stop[pair[0]] {
			k |= keyStop.put(1)
		}
		if stop[pair[1]] {
			k |= keyStop.put(keyStop.get(k) | 2)
		}
		o.bi[x] = k
	}
	if p != 0 {
		addPlotKeys(p, t, g, o.uni, o.bi)
	}
	if t.Reference != nil {
		o.refUni = make([]int32, len(t.Vocab))
		for _, id := range t.Reference {
			if id >= 0 {
				o.refUni[id]++
			}
		}
		for _, n := range o.refUni {
			o.termsIn += int64(btoi(n > 0))
		}
		for _, n := range g.biRef {
			o.bigramsIn += int64(btoi(n > 0))
		}
	}
	return o
}

// addPlotKeys adds the plot fields of p to the keys uni and bi of the
// book whose terms are t and n-grams g; a bigram takes the better name
// rank of its terms.
func addPlotKeys(p Plot, t *Terms, g *Grams, uni, bi []Key) {
	ps := g.plot(t)
	for id := range uni {
		uni[id] |= plotKey(p, ps.uni[id], g.uni[id].count, ps.rank[id], ps.tokens)
	}
	for x, pair := range g.biTerms {
		r1, r2 := ps.rank[pair[0]], ps.rank[pair[1]]
		rank := max(r1, r2)
		if r1 > 0 && r2 > 0 {
			rank = min(r1, r2)
		}
		bi[x] |= plotKey(p, ps.bi[x], g.bi[x].count, rank, ps.tokens)
	}
}

// Cells are a training book's n-grams grouped by key: the number of the
// book's n-grams of each key and how often, in all, its reference summary
// holds them. They are the coverage model's training data
// (features.Features.Cover), and add up over books.
type Cells struct {
	Keys   []uint32 `json:"keys"`   // increasing
	NGrams []int32  `json:"ngrams"` // n-grams of each key
	Hits   []int32  `json:"hits"`   // their summed reference counts
}

// NewCells returns the cells of a book with a reference, whose terms are t
// and n-grams g, under the training set's statistics s, whose counts of
// them l holds or nil (BookKeys).
func NewCells(s *Stats, t *Terms, g *Grams, l *SetCounts, self bool) *Cells {
	uni, bi := BookKeys(s, t, g, l, self)
	var cells cellTable
	refUni := g.keys(t, s.Plot).refUni
	for id, k := range uni {
		var hits int32
		if refUni != nil {
			hits = refUni[id]
		}
		cells.add(k, hits)
	}
	for x, k := range bi {
		cells.add(k, g.biRef[x])
	}
	return cells.cells()
}

// A cellTable groups n-gram keys into cells: the number of n-grams of
// each key and their hits.
type cellTable struct {
	t openTable[[2]int32]
}

// add counts one n-gram of key k and hits reference occurrences.
func (c *cellTable) add(k Key, hits int32) {
	v, _ := c.t.at(uint64(k))
	v[0]++
	v[1] += hits
}

// cells returns the table's cells, by increasing key.
func (c *cellTable) cells() *Cells {
	slots := make([]uint64, 0, c.t.n) // key << 32 | slot: sorted by key
	for i, k := range c.t.keys {
		if k != emptySlot {
			slots = append(slots, k<<32|uint64(i))
		}
	}
	slices.Sort(slots)
	out := &Cells{Keys: make([]uint32, len(slots)), NGrams: make([]int32, len(slots)), Hits: make([]int32, len(slots))}
	for i, ks := range slots {
		v := c.t.vals[uint32(ks)]
		out.Keys[i], out.NGrams[i], out.Hits[i] = uint32(ks>>32), v[0], v[1]
	}
	return out
}
