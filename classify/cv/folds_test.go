package cv

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestFolds(t *testing.T) {
	ids := make([]string, 245)
	for i := range ids {
		ids[i] = fmt.Sprintf("book-%03d", i)
	}
	for _, tc := range []struct {
		n    int
		seed uint64
	}{{10, 1}, {10, 2}, {3, 1}, {1, 1}, {245, 9}, {300, 1}} {
		t.Run(fmt.Sprintf("n=%d seed=%d", tc.n, tc.seed), func(t *testing.T) {
			folds, err := Folds(tc.seed, tc.n, ids)
			if err != nil {
				t.Fatal(err)
			}
			size := make([]int, tc.n)
			for _, id := range ids {
				f, ok := folds[id]
				if !ok || f < 0 || f >= tc.n {
					t.Fatalf("%s in fold %d (ok %v)", id, f, ok)
				}
				size[f]++
			}
			lo, hi := len(ids)/tc.n, (len(ids)+tc.n-1)/tc.n
			for f, s := range size {
				if s < lo || s > hi {
					t.Errorf("fold %d has %d books, want %d to %d", f, s, lo, hi)
				}
			}
			// The order of the ids does not matter.
			shuffled := append([]string(nil), ids...)
			rand.New(rand.NewPCG(tc.seed, 3)).Shuffle(len(shuffled), func(i, j int) {
				shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
			})
			again, err := Folds(tc.seed, tc.n, shuffled)
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(folds, again) {
				t.Errorf("shuffling the ids changes the folds")
			}
		})
	}
	a, _ := Folds(1, 10, ids)
	b, _ := Folds(2, 10, ids)
	if maps.Equal(a, b) {
		t.Errorf("seeds 1 and 2 give the same folds")
	}
}

func TestFoldsErrors(t *testing.T) {
	if _, err := Folds(1, 0, []string{"a"}); err == nil {
		t.Errorf("0 folds: no error")
	}
	if _, err := Folds(1, 2, []string{"a", "b", "a"}); !errors.Is(err, ErrDuplicateBook) {
		t.Errorf("repeated id: %v, want ErrDuplicateBook", err)
	}
	if f, err := Folds(1, 2, nil); err != nil || len(f) != 0 {
		t.Errorf("no ids: %v, %v", f, err)
	}
}

// TestInnerSplit checks that the inner split holds out fold 0 of Folds,
// keeps the order of ids, and fails as Folds does.
func TestInnerSplit(t *testing.T) {
	ids := make([]string, 17)
	for i := range ids {
		ids[i] = fmt.Sprintf("book%02d", 16-i)
	}
	for _, tc := range []struct {
		seed  uint64
		folds int
		held  int // books held out
	}{
		{1, 5, 4}, {2, 5, 4}, {1, 2, 9}, {3, 17, 1}, {1, 1, 17},
	} {
		fit, held, err := InnerSplit(tc.seed, tc.folds, ids, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Folds(tc.seed, tc.folds, ids)
		if len(held) != tc.held || len(fit)+len(held) != len(ids) {
			t.Errorf("seed %d, %d folds: %d fit, %d held, want %d held of %d", tc.seed, tc.folds, len(fit), len(held), tc.held, len(ids))
		}
		for _, part := range []struct {
			idx  []int
			fold bool // in fold 0
		}{{fit, false}, {held, true}} {
			if !slices.IsSorted(part.idx) {
				t.Errorf("seed %d: indices %v out of order", tc.seed, part.idx)
			}
			for _, i := range part.idx {
				if (want[ids[i]] == 0) != part.fold {
					t.Errorf("seed %d: %s (fold %d) on the wrong side", tc.seed, ids[i], want[ids[i]])
				}
			}
		}
	}
	if _, _, err := InnerSplit(1, 0, ids, nil); err == nil {
		t.Error("0 folds accepted")
	}
	if _, _, err := InnerSplit(1, 5, []string{"a", "a"}, nil); !errors.Is(err, ErrDuplicateBook) {
		t.Errorf("repeated id: %v", err)
	}
}
