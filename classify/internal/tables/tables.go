// Package tables holds the generic helpers of the count tables that
// classify and classify/coverage share: a map of counts less another, and
// the look-up of sorted words in a sorted table.
package tables

import (
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
// hold. It walks keys forwards, looking 1, 2, 4, … places past the last
// word found and binary-searching the last step: a book's words are a few
// per cent of a collection's, spread over all of it, and a hash look-up of
// each missed the cache.
func LookupSorted[V any](keys []string, vals []V, words []string, miss V) []V {
	out := make([]V, len(words))
	lo := 0
	for k, w := range words {
		step := 1
		for lo+step < len(keys) && keys[lo+step] < w {
			step *= 2
		}
		i, found := slices.BinarySearch(keys[lo:min(lo+step+1, len(keys))], w)
		lo += i
		if found {
			out[k] = vals[lo]
		} else {
			out[k] = miss
		}
	}
	return out
}
