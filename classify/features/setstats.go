package features

import (
	"fmt"
	"maps"
	"slices"
)

// FoldStats holds the Counts of the training books of each fold of a plan
// and their sum, from which it makes the Counts of every training set
// (cv.Plan.FoldsOf): a set that holds every fold is the sum itself, a set
// that holds all but one is the sum without that one (Counts.Without, a
// fraction of the work of adding up the others), any other set is added up
// from its folds.
type FoldStats struct {
	all     Counts
	folds   map[int]*Counts
	present []int // the folds of folds, increasing
}

// NewFoldStats adds up the Counts of the folds, keyed by fold, once. A
// fold with no counted book may be missing. The FoldStats reads the folds'
// Counts from then on: the caller must not change them.
func NewFoldStats(folds map[int]*Counts) (*FoldStats, error) {
	s := &FoldStats{folds: folds, present: slices.Sorted(maps.Keys(folds))}
	for _, f := range s.present {
		if err := s.all.Merge(folds[f]); err != nil {
			return nil, fmt.Errorf("fold %d: %w", f, err)
		}
	}
	return s, nil
}

// Set returns the Counts of the training set of the folds setFolds. It may
// return the sum of every fold or a fold's own Counts: the caller must not
// change them. Set may be called from several goroutines at once.
func (s *FoldStats) Set(setFolds []int) (*Counts, error) {
	var held []int // the present folds the set holds
	for _, f := range setFolds {
		if _, ok := s.folds[f]; ok {
			held = append(held, f)
		}
	}
	switch len(s.present) - len(held) {
	case 0:
		return &s.all, nil
	case 1:
		for _, f := range s.present {
			if !slices.Contains(held, f) {
				return s.all.Without(s.folds[f])
			}
		}
	}
	var c Counts
	for _, f := range held {
		if err := c.Merge(s.folds[f]); err != nil {
			return nil, err
		}
	}
	return &c, nil
}
