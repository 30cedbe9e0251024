package transforms

import (
	"bytes"
	"context"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
)

// TestFoldSums checks the one statistics path's fold sums: each fold's are
// the sums of its training books' Stats, words only without the coverage
// model and with their frequent bigrams with it, test books left out.
func TestFoldSums(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	base := testBookData(t)
	plan := classify.Plan{Folds: 2, Fold: map[string]int{"a": 0, "b": 1, "c": 1}}
	var refs []BookRef
	books := map[string]BookData{}
	for _, id := range []string{"a", "b", "c", "t"} {
		b := base
		b.ID, b.Book.ID, b.Test = id, id, id == "t"
		books[id] = b
		if err := (&spillBookFn{Dir: dir}).ProcessElement(ctx, b, func(r BookRef) { refs = append(refs, r) }, func([]uint64) {}); err != nil {
			t.Fatal(err)
		}
	}
	var all coverage.BigramBooks
	all.Add(coverage.NewTermStats(&base.Book.Terms, nil).Bigrams)
	frequent := all.Frequent(1)[:1] // one bigram kept
	for _, terms := range []bool{false, true} {
		f := &foldSumsFn{Dir: dir, Terms: terms}
		got := map[int][]byte{}
		err := f.ProcessElement(ctx, 0, iterOf([][]uint32{frequent}), iterOf(refs), iterOf([]classify.Plan{plan}), func(fs FoldSums) { got[fs.Fold] = fs.Sums })
		if err != nil {
			t.Fatal(err)
		}
		for fold, ids := range map[int][]string{0: {"a"}, 1: {"b", "c"}} {
			var want classify.Counts
			for _, id := range ids {
				b := books[id]
				st := b.Book.WordStats()
				if terms {
					st = b.Book.StatsWithStopwords(nil)
					st.Terms.KeepBigrams(frequent)
				}
				if err := want.Add(st); err != nil {
					t.Fatal(err)
				}
			}
			data, err := want.MarshalBinary()
			if err != nil || !bytes.Equal(got[fold], data) {
				t.Errorf("terms %v, fold %d: the sums are not those of books %v (%v)", terms, fold, ids, err)
			}
		}
		if len(got) != 2 {
			t.Errorf("terms %v: sums of %d folds, want 2", terms, len(got))
		}
	}
}

// iterOf returns a Beam iterator over values.
func iterOf[T any](values []T) func(*T) bool {
	return func(v *T) bool {
		if len(values) == 0 {
			return false
		}
		*v, values = values[0], values[1:]
		return true
	}
}
