// Package tables holds the generic helpers of the count tables that
// classify and classify/coverage share: a map of counts less another, and
// the look-up of sorted words in a sorted table.
package tables

import (
	"cmp"
	"errors"
	"slices"
)

// Without returns a copy of the counts m less those of o, leaving out the
// keys whose counts fall to zero; nil when m is nil. minus subtracts one
// count from another and says whether none fell below zero; Without returns
// an error if one did, or if o counts a key m does not.
func Without[K, V comparable](m, o map[K]V, minus func(a, b V) (V, bool)) (map[K]V, error) {
	if m == nil {
		if len(o) > 0 {
			return nil, errors.New("classify: counts taken away that were not counted")
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
			return nil, errors.New("classify: counts taken away that were not counted")
		}
		left, ok := minus(have, v)
		switch {
		case !ok:
			return nil, errors.New("classify: more counts taken away than were counted")
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

// PlacesIn returns, for each key of union (sorted, distinct), its place in
// keys (sorted, distinct, all of them in union), or -1: one forward walk.
func PlacesIn[K cmp.Ordered](union, keys []K) []int32 {
	out := make([]int32, len(union))
	j := 0
	for u, k := range union {
		if j < len(keys) && keys[j] == k {
			out[u] = int32(j)
			j++
		} else {
			out[u] = -1
		}
	}
	return out
}
