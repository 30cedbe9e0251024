// Package tables holds the generic helpers of the count tables that
// classify/features and classify/coverage share: a map of counts less
// another, the look-up of sorted words in a sorted table, and the ranks of
// the top k of n scored items (TopRanks, SelectTop), which the features and
// the Names baseline (classify/extract) use.
package tables

import (
	"cmp"
	"errors"
	"math/bits"
	"slices"
)

// Without returns a copy of the counts m less those of o, leaving out the
// keys whose counts fall to zero; nil when m is nil. minus subtracts one
// count from another and says whether none fell below zero; Without returns
// an error if one did, or if o counts a key m does not.
func Without[K, V comparable](m, o map[K]V, minus func(a, b V) (V, bool)) (map[K]V, error) {
	if m == nil {
		if len(o) > 0 {
			return nil, errors.New("tables: counts taken away that were not counted")
		}
		return nil, nil
	}
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	var zero V
	for k, v := range o {
		have, ok := out[k]
		if !ok {
			return nil, errors.New("tables: counts taken away that were not counted")
		}
		left, ok := minus(have, v)
		switch {
		case !ok:
			return nil, errors.New("tables: more counts taken away than were counted")
		case left == zero:
			delete(out, k)
		default:
			out[k] = left
		}
	}
	return out, nil
}

// LookupSorted returns the value of each of words, which are sorted: vals[i]
// for the word keys[i] (keys are sorted), or miss for a word keys does not
// hold (Places).
func LookupSorted[V any](keys []string, vals []V, words []string, miss V) []V {
	out := make([]V, len(words))
	for k, at := range Places(keys, words) {
		if at >= 0 {
			out[k] = vals[at]
		} else {
			out[k] = miss
		}
	}
	return out
}

// Places returns the place in keys (sorted, distinct) of each of words
// (sorted), or -1 for a word keys does not hold. It walks keys forwards,
// looking 1, 2, 4, … places past the last word found and binary-searching
// the last step: a book's words are a few per cent of a collection's,
// spread over all of it, and a hash look-up of each missed the cache.
func Places[K cmp.Ordered](keys, words []K) []int32 {
	out := make([]int32, len(words))
	lo := 0
	for k, w := range words {
		step := 1
		for lo+step < len(keys) && keys[lo+step] < w {
			step *= 2
		}
		i, found := slices.BinarySearch(keys[lo:min(lo+step+1, len(keys))], w)
		lo += i
		if found {
			out[k] = int32(lo)
		} else {
			out[k] = -1
		}
	}
	return out
}

// Union returns the keys of a or b (each sorted, distinct), sorted and
// distinct; a itself when b adds none.
func Union[K cmp.Ordered](a, b []K) []K {
	out := make([]K, 0, max(len(a), len(b)))
	i, j, added := 0, 0, false
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case b[j] < a[i]:
			out = append(out, b[j])
			j, added = j+1, true
		default:
			out = append(out, a[i])
			i, j = i+1, j+1
		}
	}
	if !added && j == len(b) {
		return a
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// UnionAll returns the union of tables (Union), begun from the largest:
// when it holds all the others, as the table of all training books holds
// each fold's, it is returned itself and nothing is copied.
func UnionAll[K cmp.Ordered](tables [][]K) []K {
	var out []K
	largest := 0
	for i, t := range tables {
		if len(t) > len(tables[largest]) {
			largest = i
		}
	}
	if len(tables) > 0 {
		out = tables[largest]
	}
	for i, t := range tables {
		if i != largest {
			out = Union(out, t)
		}
	}
	return out
}

// A Subset marks which keys of a union a table holds and gives their
// places in the table: a bit per key of the union and, for each 64 keys,
// how many are marked before them (rank): a twentieth of the memory of a
// place per key.
type Subset struct {
	bits   []uint64
	before []int32
}

// NewSubset returns the subset of union (sorted, distinct) that keys
// (sorted, distinct, all of them in union) are: one forward walk.
func NewSubset[K cmp.Ordered](union, keys []K) Subset {
	s := Subset{bits: make([]uint64, (len(union)+63)/64), before: make([]int32, (len(union)+63)/64)}
	j := 0
	for u, k := range union {
		if u%64 == 0 {
			s.before[u/64] = int32(j)
		}
		if j < len(keys) && keys[j] == k {
			s.bits[u/64] |= 1 << (u % 64)
			j++
		}
	}
	return s
}

// Place returns the place in the table of the union's key u, or -1 when
// the table does not hold it.
func (s Subset) Place(u int32) int32 {
	w, bit := u/64, uint64(1)<<(u%64)
	if s.bits[w]&bit == 0 {
		return -1
	}
	return s.before[w] + int32(bits.OnesCount64(s.bits[w]&(bit-1)))
}

// TopRanks returns, for each of n items, its rank (0 is the highest) by
// score among the top k items of positive score, or -1 for the others. Ties
// go to the lower index.
func TopRanks(n, k int, score func(i int) float64) []int32 {
	rank := make([]int32, n)
	var cand []int32
	scores := make([]float64, n)
	for i := range n {
		rank[i] = -1
		if s := score(i); s > 0 {
			scores[i] = s
			cand = append(cand, int32(i))
		}
	}
	before := func(a, b int32) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	}
	top := SelectTop(cand, k, before)
	slices.SortFunc(top, before)
	for r, i := range top {
		rank[i] = int32(r)
	}
	return rank
}

// SelectTop reorders xs so that its first min(k, len(xs)) elements are the
// smallest under the strict order cmp, in some order, and returns them:
// quickselect, so that ranking the top thousand of twenty thousand words
// sorts a thousand.
func SelectTop(xs []int32, k int, cmp func(a, b int32) int) []int32 {
	if k >= len(xs) {
		return xs
	}
	lo, hi := 0, len(xs) // the k-th smallest is in xs[lo:hi]
	for hi-lo > 1 {
		// Median of three as the pivot, moved to lo.
		mid := lo + (hi-lo)/2
		if cmp(xs[mid], xs[lo]) < 0 {
			xs[mid], xs[lo] = xs[lo], xs[mid]
		}
		if cmp(xs[hi-1], xs[lo]) < 0 {
			xs[hi-1], xs[lo] = xs[lo], xs[hi-1]
		}
		if cmp(xs[hi-1], xs[mid]) < 0 {
			xs[hi-1], xs[mid] = xs[mid], xs[hi-1]
		}
		xs[lo], xs[mid] = xs[mid], xs[lo]
		p := lo
		for i := lo + 1; i < hi; i++ {
			if cmp(xs[i], xs[lo]) < 0 {
				p++
				xs[p], xs[i] = xs[i], xs[p]
			}
		}
		xs[lo], xs[p] = xs[p], xs[lo] // the pivot, at its place
		switch {
		case p == k:
			return xs[:k]
		case p < k:
			lo = p + 1
		default:
			hi = p
		}
	}
	return xs[:k]
}
