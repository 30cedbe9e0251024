package features

import (
	"bytes"
	"errors"
	"testing"

	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestCountsWithout checks that taking a fold's counts away from those of
// every fold gives, byte for byte, the merge of the other folds' counts,
// with the coverage model's term statistics and without, and that taking
// away books that were not counted is refused.
func TestCountsWithout(t *testing.T) {
	books := classifytest.CoverageBooks(t, 9)
	for _, terms := range []bool{false, true} {
		folds := make([]Counts, 3)
		for i, b := range books {
			st := b.Stats()
			if terms {
				st = b.StatsWithStopwords(nil)
			}
			if err := folds[i%3].Add(st); err != nil {
				t.Fatal(err)
			}
		}
		var all Counts
		for f := range folds {
			if err := all.Merge(&folds[f]); err != nil {
				t.Fatal(err)
			}
		}
		for f := range folds {
			var others Counts
			for g := range folds {
				if g != f {
					if err := others.Merge(&folds[g]); err != nil {
						t.Fatal(err)
					}
				}
			}
			got, err := all.Without(&folds[f])
			if err != nil {
				t.Fatal(err)
			}
			gotData, err1 := got.MarshalBinary()
			wantData, err2 := others.MarshalBinary()
			if err1 != nil || err2 != nil || !bytes.Equal(gotData, wantData) {
				t.Errorf("terms %v, fold %d: the counts without it differ from the other folds' (%v, %v)", terms, f, err1, err2)
			}
		}
		if _, err := folds[0].Without(&folds[1]); !errors.Is(err, ErrMissingBook) {
			t.Errorf("terms %v: taking away books not counted: %v, want ErrMissingBook", terms, err)
		}
	}
	var one Counts
	if err := one.Add(books[0].Stats()); err != nil {
		t.Fatal(err)
	}
	more := Counts{Words: map[string]WordCount{}}
	for w, n := range one.Words {
		n.Books++
		more.Words[w] = n
		break
	}
	if _, err := one.Without(&more); err == nil {
		t.Error("more of a word taken away than was counted: no error")
	}
	other := Counts{Words: map[string]WordCount{"not-a-word-of-the-book": {Freq: 1, Books: 1}}}
	if _, err := one.Without(&other); err == nil {
		t.Error("a word taken away that was not counted: no error")
	}
}
