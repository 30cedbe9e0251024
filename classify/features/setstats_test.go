package features

import (
	"bytes"
	"testing"

	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestFoldStats checks that the Counts of every training set of a plan,
// made from the folds' Counts by FoldStats (the sum, the sum without one
// fold, or the folds added up), are byte for byte those of merging the
// set's folds, with folds missing (no counted book) and without.
func TestFoldStats(t *testing.T) {
	books := classifytest.CoverageBooks(t, 8)
	for _, tc := range []struct {
		name    string
		folds   int
		missing []int // folds without a counted book
	}{
		{"two folds", 2, nil},
		{"four folds", 4, nil},
		{"four folds, one empty", 4, []int{2}},
		{"five folds, two empty", 5, []int{0, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			folds := map[int]*Counts{}
			for i, b := range books {
				f := i % tc.folds
				for _, m := range tc.missing {
					if f == m {
						f = -2
					}
				}
				if f < 0 {
					continue
				}
				if folds[f] == nil {
					folds[f] = &Counts{}
				}
				if err := folds[f].Add(b.StatsWithStopwords(nil)); err != nil {
					t.Fatal(err)
				}
			}
			sums, err := NewFoldStats(folds)
			if err != nil {
				t.Fatal(err)
			}
			plan := &cv.Plan{Folds: tc.folds}
			for _, set := range plan.Sets() {
				var want Counts
				for _, f := range plan.FoldsOf(set) {
					if folds[f] != nil {
						if err := want.Merge(folds[f]); err != nil {
							t.Fatal(err)
						}
					}
				}
				got, err := sums.Set(plan.FoldsOf(set))
				if err != nil {
					t.Fatal(err)
				}
				gotData, err1 := got.MarshalBinary()
				wantData, err2 := want.MarshalBinary()
				if err1 != nil || err2 != nil || !bytes.Equal(gotData, wantData) {
					t.Errorf("set %d: %d books, want %d (%v, %v)", set, len(got.IDs), len(want.IDs), err1, err2)
				}
			}
		})
	}
}

// TestFoldStatsDuplicate checks that a book counted in two folds is
// refused, naming the fold.
func TestFoldStatsDuplicate(t *testing.T) {
	b := classifytest.CoverageBooks(t, 1)[0]
	folds := map[int]*Counts{0: {}, 1: {}}
	for f := range folds {
		if err := folds[f].Add(b.Stats()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := NewFoldStats(folds); err == nil || err.Error() != `fold 1: features: book counted twice: "`+b.ID+`"` {
		t.Errorf("a book in two folds: %v", err)
	}
}
