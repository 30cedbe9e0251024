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
// to look them up here.
func BookKeys(s *Stats, t *Terms, g *Grams, l *Looked, self bool) (uni, bi []Key) {
	if l == nil {
		l = s.Look(t, g)
	}
	// The book's own summary, when it is a training book.
	var refUni []bool
	var ownTerms, ownTermsIn, ownBigrams, ownBigramsIn int64
	if self {
		ownTerms, ownBigrams = int64(len(t.Vocab)), int64(len(g.bi))
	}
	refBi := g.biRef // its reference's count of each bigram of the book
	if self && t.Reference != nil {
		refUni = make([]bool, len(t.Vocab))
		for _, id := range t.Reference {
			if id >= 0 {
				refUni[id] = true
			}
		}
		for _, in := range refUni {
			ownTermsIn += int64(btoi(in))
		}
		for _, n := range refBi {
			ownBigramsIn += int64(btoi(n > 0))
		}
	} else {
		refBi = nil
	}
	termBase := base(s.TermPairs, s.TermPairsInSummary, ownTerms, ownTermsIn)
	bigramBase := base(s.BigramPairs, s.BigramPairsInSummary, ownBigrams, ownBigramsIn)
	termRates, bigramRates := newRateMemo(termBase), newRateMemo(bigramBase)
	common := func(st *ngramStat) Key {
		return keyCount.put(countBin(st.count)) | keyCap.put(capBin(st.caps, st.count))
	}
	termRate := make([]int, len(t.Vocab))
	uni = make([]Key, len(t.Vocab))
	stop := make([]bool, len(t.Vocab))
	termCounts := l.Terms
	for id, w := range t.Vocab {
		inSummary := refUni != nil && refUni[id]
		termRate[id] = termRates.bin(termCounts[id], self, inSummary)
		stop[id] = text.IsStopword(w)
		k := common(&g.uni[id]) | keyRate.put(termRate[id])
		if stop[id] {
			k |= keyStop.put(1)
		}
		uni[id] = k
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
		k := bigramFlag | common(&g.bi[x]) | keyRate.put(rate) | keyRate1.put(termRate[pair[0]]) | keyRate2.put(termRate[pair[1]])
		if stop[pair[0]] {
			k |= keyStop.put(1)
		}
		if stop[pair[1]] {
			k |= keyStop.put(keyStop.get(k) | 2)
		}
		bi[x] = k
	}
	if s.Plot != 0 {
		addPlotKeys(s.Plot, t, g, uni, bi)
	}
	return uni, bi
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
// holds them. They are the coverage model's training data (classify's
// Features.Cover), and add up over books.
type Cells struct {
	Keys   []uint32 `json:"keys"`   // increasing
	NGrams []int32  `json:"ngrams"` // n-grams of each key
	Hits   []int32  `json:"hits"`   // their summed reference counts
}

// NewCells returns the cells of a book with a reference, whose terms are t
// and n-grams g, under the training set's statistics s, whose counts of
// them l holds or nil (BookKeys).
func NewCells(s *Stats, t *Terms, g *Grams, l *Looked, self bool) *Cells {
	uni, bi := BookKeys(s, t, g, l, self)
	refUni := make([]int32, len(t.Vocab))
	for _, id := range t.Reference {
		if id >= 0 {
			refUni[id]++
		}
	}
	cells := make(map[uint32][2]int32)
	for id, k := range uni {
		v := cells[uint32(k)]
		cells[uint32(k)] = [2]int32{v[0] + 1, v[1] + refUni[id]}
	}
	for x, k := range bi {
		v := cells[uint32(k)]
		cells[uint32(k)] = [2]int32{v[0] + 1, v[1] + g.biRef[x]}
	}
	out := &Cells{Keys: make([]uint32, 0, len(cells))}
	for k := range cells {
		out.Keys = append(out.Keys, k)
	}
	slices.Sort(out.Keys)
	out.NGrams, out.Hits = make([]int32, len(out.Keys)), make([]int32, len(out.Keys))
	for i, k := range out.Keys {
		out.NGrams[i], out.Hits[i] = cells[k][0], cells[k][1]
	}
	return out
}
