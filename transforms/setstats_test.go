package transforms

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/internal/store"
)

// TestSetSums checks the one statistics path: each training set's sums
// in the work directory are the sums of its training books' Stats, words
// only without the coverage model and with their frequent bigrams with
// it, test books left out, a set with no book not emitted; the Stats each
// training book leaves where it is spilled are the book's; and a book
// whose Stats are missing or of another book fails the element.
func TestSetSums(t *testing.T) {
	ctx := context.Background()
	base := testBookData(t)
	// Three folds: set 0 holds folds 1 and 2, set 1 folds 0 and 2, set 2
	// folds 0 and 1, AllBooks all three; fold 2 has no book.
	plan := cv.Plan{Folds: 3, Fold: map[string]int{"a": 0, "b": 1, "c": 1}}
	sets := map[int][]string{0: {"b", "c"}, 1: {"a"}, 2: {"a", "b", "c"}, cv.AllBooks: {"a", "b", "c"}}
	// Two folds, every book in fold 0: set 0 (fold 1) has no book.
	onePlan := cv.Plan{Folds: 2, Fold: map[string]int{"a": 0, "b": 0, "c": 0}}
	oneSets := map[int][]string{1: {"a", "b", "c"}, cv.AllBooks: {"a", "b", "c"}}
	books := map[string]BookData{}
	var all coverage.BigramBooks
	all.Add(coverage.NewTermStats(&base.Book.Terms, nil).Bigrams)
	frequent := all.Frequent(1)[:1] // one bigram kept
	for _, terms := range []bool{false, true} {
		dir := t.TempDir()
		spill := &spillBookFn{Dir: dir, Terms: terms}
		var refs []BookRef
		var emitted [][]uint64
		for _, id := range []string{"a", "b", "c", "t"} {
			b := base
			b.ID, b.Book.ID, b.Test = id, id, id == "t"
			books[id] = b
			if err := spill.ProcessElement(ctx, b, func(r BookRef) { refs = append(refs, r) }, func(g []uint64) { emitted = append(emitted, g) }); err != nil {
				t.Fatal(err)
			}
		}
		if want := map[bool]int{false: 0, true: 3}[terms]; len(emitted) != want {
			t.Errorf("terms %v: bigrams of %d books emitted, want %d", terms, len(emitted), want)
		}
		for _, p := range []struct {
			plan cv.Plan
			sets map[int][]string
		}{{plan, sets}, {onePlan, oneSets}} {
			got := map[int]int{}
			f := &setSumsFn{Dir: dir, Terms: terms}
			frequentFile, err := (&writeFrequentFn{Dir: dir}).ProcessElement(ctx, 0, frequent)
			if err != nil {
				t.Fatal(err)
			}
			err = f.ProcessElement(ctx, 0, iterOf([]string{frequentFile}), iterOf(refs), iterOf([]cv.Plan{p.plan}), func(set, n int) { got[set] = n })
			if err != nil {
				t.Fatal(err)
			}
			for set, ids := range p.sets {
				var want features.Counts
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
				wantData, err := want.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				data, err := readSetSums(ctx, dir, set)
				if err != nil || !bytes.Equal(data, wantData) {
					t.Errorf("terms %v, %s: the sums are not those of books %v (%v)", terms, setName(set), ids, err)
				}
				if got[set] != len(ids) {
					t.Errorf("terms %v, %s: emitted with %d books, want %d", terms, setName(set), got[set], len(ids))
				}
			}
			if len(got) != len(p.sets) {
				t.Errorf("terms %v, %d folds: sets emitted %v, want those of %v (a set of no book left out)", terms, p.plan.Folds, got, p.sets)
			}
		}
		if _, err := readStats(ctx, dir, "t"); err == nil {
			t.Errorf("terms %v: a test book left its Stats", terms)
		}
	}

	// A training book without its Stats, or with another book's.
	dir := t.TempDir()
	spill := &spillBookFn{Dir: dir}
	var refs []BookRef
	for _, id := range []string{"a", "b", "c"} {
		b := base
		b.ID, b.Book.ID = id, id
		if err := spill.ProcessElement(ctx, b, func(r BookRef) { refs = append(refs, r) }, func([]uint64) {}); err != nil {
			t.Fatal(err)
		}
	}
	run := func() error {
		return (&setSumsFn{Dir: dir}).ProcessElement(ctx, 0, iterOf([]string{""}), iterOf(refs), iterOf([]cv.Plan{plan}), func(int, int) {})
	}
	other, err := store.ReadWritten(ctx, statsFile(dir, "a"))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.WriteFile(ctx, statsFile(dir, "b"), other); err != nil {
		t.Fatal(err)
	}
	if err := run(); err == nil || !strings.Contains(err.Error(), `holds book "a"`) {
		t.Errorf("another book's Stats: %v", err)
	}
	if err := store.WriteFile(ctx, statsFile(dir, "b"), []byte{1, 2, 3}); err != nil {
		t.Fatal(err)
	}
	if err := run(); err == nil {
		t.Errorf("broken Stats: no error")
	}
	if err := os.Remove(statsFile(dir, "b")); err != nil {
		t.Fatal(err)
	}
	if err := run(); err == nil {
		t.Errorf("missing Stats: no error")
	}
	if err := (&setSumsFn{Dir: dir}).ProcessElement(ctx, 0, iterOf([]string(nil)), iterOf(refs), iterOf([]cv.Plan(nil)), func(int, int) {}); err == nil {
		t.Errorf("no plan: no error")
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
