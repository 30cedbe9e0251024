package rouge

import "slices"

// bigrams holds the distinct bigrams of the reference, grouped by first
// term: the bigrams (a, b) are (a, next[k]) for k in [start[a], start[a+1]),
// sorted by b, and (a, next[k]) occurs count[k] times.
type bigrams struct {
	start []int32
	next  []int32
	count []int32
}

// build collects the bigrams of ids, whose terms are below nTerms.
func (g *bigrams) build(ids []int32, nTerms int) {
	keys := make([]uint64, 0, max(len(ids)-1, 0))
	for i := 1; i < len(ids); i++ {
		keys = append(keys, uint64(ids[i-1])<<32|uint64(ids[i]))
	}
	slices.Sort(keys)
	g.start = make([]int32, nTerms+1)
	for i, k := range keys {
		if i > 0 && k == keys[i-1] {
			g.count[len(g.count)-1]++
			continue
		}
		g.start[k>>32+1]++
		g.next = append(g.next, int32(uint32(k)))
		g.count = append(g.count, 1)
	}
	for a := 1; a <= nTerms; a++ {
		g.start[a] += g.start[a-1]
	}
}

// index returns the index of the bigram (a, b) in next and count, or -1.
func (g *bigrams) index(a, b int32) int {
	lo, hi := int(g.start[a]), int(g.start[a+1])
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case g.next[m] < b:
			lo = m + 1
		case g.next[m] > b:
			hi = m
		default:
			return m
		}
	}
	return -1
}

// hits returns sum_g min(count_ref(g), count_cand(g)) over the bigrams g of
// the candidate terms ids, which are unknown (-1) where not in the
// reference.
//
// A candidate bigram is a hit while the reference has occurrences of it not
// yet matched, which adds up to the same sum.
func (g *bigrams) hits(sc *scratch, ids []int32) int {
	cand := sc.bi
	clear(cand)
	hits := 0
	for i := 1; i < len(ids); i++ {
		a, b := ids[i-1], ids[i]
		if a < 0 || b < 0 {
			continue
		}
		if k := g.index(a, b); k >= 0 {
			if cand[k] < g.count[k] {
				hits++
			}
			cand[k]++
		}
	}
	return hits
}
