package cv

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
)

// Errors of making folds and plans.
var (
	// ErrDuplicateBook means a book ID is given twice.
	ErrDuplicateBook = errors.New("cv: book given twice")
	// ErrNoBooks means a plan was asked of no training books.
	ErrNoBooks = errors.New("cv: no training books")
)

// Folds assigns each book to one of n folds for cross-validation. The books
// are ranked by a hash of the seed and their ID (ties, which need a hash
// collision, by ID), and the book of rank r goes to fold r mod n, so fold
// sizes differ by at most one. The assignment depends on the seed and the
// set of IDs only, not on their order; a book's fold changes only when books
// are added or removed. It returns an error when n < 1 or an ID repeats.
func Folds(seed uint64, n int, ids []string) (map[string]int, error) {
	if n < 1 {
		return nil, fmt.Errorf("cv: %d folds", n)
	}
	type keyed struct {
		key uint64
		id  string
	}
	ks := make([]keyed, len(ids))
	for i, id := range ids {
		ks[i] = keyed{foldKey(seed, id), id}
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		switch {
		case a.key < b.key:
			return -1
		case a.key > b.key:
			return 1
		case a.id < b.id:
			return -1
		case a.id > b.id:
			return 1
		}
		return 0
	})
	out := make(map[string]int, len(ids))
	for r, k := range ks {
		if r > 0 && k.id == ks[r-1].id {
			return nil, fmt.Errorf("%w: %q", ErrDuplicateBook, k.id)
		}
		out[k.id] = r % n
	}
	return out, nil
}

// foldKey is the rank key of a book: a hash of the seed and its ID.
func foldKey(seed uint64, id string) uint64 {
	return mix64(seed ^ mix64(hashString(id)))
}

// hashString returns the 64-bit FNV-1a hash of s.
func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// mix64 is the finaliser of SplitMix64, a bijection that spreads every input
// bit over the output.
func mix64(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
