package cv

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// TestPlan checks which books form which training set: under
// cross-validation, set f is every book outside fold f and AllBooks every
// book, each book is summarized by its own fold's model, and the folds are
// those of Folds; with test books, one set of every training book.
func TestPlan(t *testing.T) {
	ids := make([]string, 23)
	for i := range ids {
		ids[i] = fmt.Sprintf("b%02d", i)
	}
	for _, tc := range []struct {
		name      string
		folds     int
		test      bool
		sets      []int
		foldsOf   map[int][]int
		setsOf    map[int][]int
		ranked    []int
		testSetOf map[int]int // fold → set that summarizes its books
	}{
		{
			name: "3 folds", folds: 3,
			sets:      []int{0, 1, 2, AllBooks},
			foldsOf:   map[int][]int{0: {1, 2}, 1: {0, 2}, 2: {0, 1}, AllBooks: {0, 1, 2}},
			setsOf:    map[int][]int{0: {1, 2, AllBooks}, 1: {0, 2, AllBooks}, 2: {0, 1, AllBooks}},
			ranked:    []int{0, 1, 2},
			testSetOf: map[int]int{0: 0, 1: 1, 2: 2},
		},
		{
			name: "2 folds", folds: 2,
			sets:      []int{0, 1, AllBooks},
			foldsOf:   map[int][]int{0: {1}, 1: {0}, AllBooks: {0, 1}},
			setsOf:    map[int][]int{0: {1, AllBooks}, 1: {0, AllBooks}},
			ranked:    []int{0, 1},
			testSetOf: map[int]int{0: 0, 1: 1},
		},
		{
			name: "test books", folds: 10, test: true,
			sets:      []int{AllBooks},
			foldsOf:   map[int][]int{AllBooks: {0}},
			setsOf:    map[int][]int{0: {AllBooks}},
			ranked:    []int{AllBooks},
			testSetOf: map[int]int{0: AllBooks},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := NewPlan(7, tc.folds, ids, nil, tc.test)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Sets(); !slices.Equal(got, tc.sets) {
				t.Errorf("Sets() = %v, want %v", got, tc.sets)
			}
			ranked := RankedSets(p.Sets())
			for _, s := range p.Sets() {
				if got := p.FoldsOf(s); !slices.Equal(got, tc.foldsOf[s]) {
					t.Errorf("FoldsOf(%d) = %v, want %v", s, got, tc.foldsOf[s])
				}
			}
			if !slices.Equal(ranked, tc.ranked) {
				t.Errorf("ranked sets %v, want %v", ranked, tc.ranked)
			}
			for f, want := range tc.setsOf {
				if got := p.SetsOf(f); !slices.Equal(got, want) {
					t.Errorf("SetsOf(%d) = %v, want %v", f, got, want)
				}
			}
			for f, want := range tc.testSetOf {
				if got := p.testSet(f, false); got != want {
					t.Errorf("TestSet(%d) = %d, want %d", f, got, want)
				}
			}
			for _, id := range ids {
				set, ok := p.Summarizer(id, false)
				if ok == tc.test || ok && set != p.testSet(p.Fold[id], false) {
					t.Errorf("training book %s summarized by set %d (%v)", id, set, ok)
				}
			}
			if set, ok := p.Summarizer("a test book", true); !ok || set != AllBooks {
				t.Errorf("a test book summarized by set %d (%v)", set, ok)
			}
			if got := p.testSet(0, true); got != AllBooks {
				t.Errorf("a test book goes to set %d, want AllBooks", got)
			}
			// The folds are those of Folds; each training set holds the
			// books of its folds.
			if !tc.test {
				want, _ := Folds(7, tc.folds, ids)
				for _, id := range ids {
					if p.Fold[id] != want[id] {
						t.Errorf("%s in fold %d, Folds says %d", id, p.Fold[id], want[id])
					}
				}
			}
			for _, s := range p.Sets() {
				n := 0
				for _, id := range ids {
					in := slices.Contains(p.FoldsOf(s), p.Fold[id])
					if in {
						n++
					}
					if got := p.holds(s, id); got != in {
						t.Errorf("Holds(%d, %s) = %v, want %v", s, id, got, in)
					}
					if got := p.testSet(p.Fold[id], false) == s; !tc.test && got == in {
						t.Errorf("set %d both trains on and summarizes %s, or neither", s, id)
					}
				}
				if p.holds(s, "not-a-book") {
					t.Errorf("set %d holds a book outside the plan", s)
				}
				if s == AllBooks && n != len(ids) || s != AllBooks && (n == 0 || n == len(ids)) {
					t.Errorf("set %d holds %d of %d books", s, n, len(ids))
				}
			}
		})
	}
	if got := SelectionFold(AllBooks); got != 0 {
		t.Errorf("SelectionFold(AllBooks) = %d", got)
	}
}

func TestPlanErrors(t *testing.T) {
	if _, err := NewPlan(1, 3, nil, nil, false); !errors.Is(err, ErrNoBooks) {
		t.Errorf("no books: %v", err)
	}
	if _, err := NewPlan(1, 0, []string{"a"}, nil, false); err == nil {
		t.Error("0 folds accepted")
	}
	for _, test := range []bool{false, true} {
		if _, err := NewPlan(1, 3, []string{"a", "b", "a"}, nil, test); !errors.Is(err, ErrDuplicateBook) {
			t.Errorf("test %v: repeated id: %v", test, err)
		}
	}
}

// TestCheckBooks checks the rule of how many training books a plan needs
// and the message a user sees when there are too few: one book with test
// books, two distinct texts under cross-validation, however many folds.
func TestCheckBooks(t *testing.T) {
	for _, tc := range []struct {
		books, distinct, folds int
		test                   bool
		want                   string // "" when enough
	}{
		{0, 0, 1, true, "no book to train on: every pair of the training corpus (--corpus) was rejected"},
		{1, 1, 1, true, ""},
		{0, 0, 10, false, "too few books for cross-validation: 0 usable books once the rejected pairs are set aside, where --folds 10 needs at least 2 books with distinct texts, one to hold out and one to train on"},
		{1, 1, 2, false, "too few books for cross-validation: 1 usable book once the rejected pairs are set aside, where --folds 2 needs at least 2 books with distinct texts, one to hold out and one to train on"},
		{2, 1, 2, false, "too few books for cross-validation: 2 usable books with 1 distinct text once the rejected pairs are set aside, where --folds 2 needs at least 2 books with distinct texts, one to hold out and one to train on"},
		{5, 1, 10, false, "too few books for cross-validation: 5 usable books with 1 distinct text once the rejected pairs are set aside, where --folds 10 needs at least 2 books with distinct texts, one to hold out and one to train on"},
		{2, 2, 10, false, ""},
		{3, 2, 2, false, ""},
	} {
		err := CheckBooks(tc.books, tc.distinct, tc.folds, tc.test)
		var tooFew *TooFewBooksError
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%d books, %d texts, %d folds, test %v: %v, want enough", tc.books, tc.distinct, tc.folds, tc.test, err)
		case tc.want != "" && (!errors.As(err, &tooFew) || err.Error() != tc.want):
			t.Errorf("%d books, %d texts, %d folds, test %v:\n got %v\nwant %s", tc.books, tc.distinct, tc.folds, tc.test, err, tc.want)
		case tc.want != "" && (tooFew.Books != tc.books || tooFew.Distinct != tc.distinct || tooFew.Folds != tc.folds):
			t.Errorf("%d books: error holds %+v", tc.books, *tooFew)
		}
	}
}
