package classify

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
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
