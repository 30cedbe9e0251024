package cv

import (
	"fmt"
	"slices"
)

// Books that share their text (one text under two IDs) must stay on one
// side of every split, or a fold tests on what it trained on. So books are
// grouped by the fingerprint of their text (classify.Book.Fingerprint), a group is named
// by its smallest ID (Groups), and folds are assigned to groups
// (GroupFolds). In a corpus without shared texts every book is its own
// group and the folds are those of Folds.

// Groups returns, for the books ids[i] with fingerprints prints[i], the
// group of each book that shares its fingerprint with another: a map from
// its ID to the smallest ID among the books of the same fingerprint. A
// book whose fingerprint is its own is not in the map (its group is
// itself), so the map is empty for a corpus of distinct texts.
func Groups(ids []string, prints []uint64) map[string]string {
	first := make(map[uint64]string, len(ids))
	for i, id := range ids {
		if f, ok := first[prints[i]]; !ok || id < f {
			first[prints[i]] = id
		}
	}
	groups := map[string]string{}
	for i, id := range ids {
		if f := first[prints[i]]; f != id {
			groups[id] = f
		}
	}
	return groups
}

// GroupFolds assigns books to n folds as Folds does, keeping each group of
// books in one fold: groups[i] names the group of ids[i] (the smallest ID
// of the group, Groups), "" a book that is its own group. Folds rank the
// groups by their names, so a corpus with no shared text gets exactly the
// folds of Folds, and a corpus replicated under new IDs (larger than the
// originals') gets the originals' folds for every copy. Folds hold as
// many groups as each other, give or take one, so their books differ by
// the sizes of the groups. groups may be nil.
func GroupFolds(seed uint64, n int, ids, groups []string) (map[string]int, error) {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = id
		if groups != nil && groups[i] != "" {
			names[i] = groups[i]
		}
	}
	distinct := slices.Clone(names)
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	f, err := Folds(seed, n, distinct)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(ids))
	for i, id := range ids {
		if _, dup := out[id]; dup {
			return nil, fmt.Errorf("%w: %q", ErrDuplicateBook, id)
		}
		out[id] = f[names[i]]
	}
	return out, nil
}

// InnerSplit is the split of a training set's books on which a lambda (or
// any other setting) is chosen: the books are assigned to folds folds
// (GroupFolds with seed: groups[i] names the group of ids[i], "" or a nil
// groups a book of its own), fold 0 is held out and the others fit. It
// returns the indices into ids of the books that fit and of those held
// out, in the order of ids.
func InnerSplit(seed uint64, folds int, ids, groups []string) (fit, held []int, err error) {
	f, err := GroupFolds(seed, folds, ids, groups)
	if err != nil {
		return nil, nil, err
	}
	for i, id := range ids {
		if f[id] == 0 {
			held = append(held, i)
		} else {
			fit = append(fit, i)
		}
	}
	return fit, held, nil
}
