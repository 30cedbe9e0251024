package cv

import (
	"fmt"
	"slices"
)

// AllBooks is the key of the training set of every training book: the set of
// the model that is saved (models/<method>.json) and, with a separate test
// corpus, of the model that summarizes the test books.
const AllBooks = -1

// A Plan says which books train which models and which model summarizes each
// book, for one experiment. Under cross-validation (Folds >= 1, no test
// books) every training book is in one fold, the training set of fold f is
// the books of every other fold, and the model of set f summarizes the books
// of fold f; the set AllBooks, every training book, trains the saved model.
// With a separate test corpus (Test) there is one training set, AllBooks,
// whose model summarizes the test books.
//
// A pipeline routes each book by its Plan: a training book to the training
// sets that hold its fold (Fold, SetsOf, FoldsOf), a book to summarize to
// the model of one set (TestSet).
type Plan struct {
	// Folds is the number of cross-validation folds; 1 when Test.
	Folds int `json:"folds"`
	// Test says that test books are summarized by the model of all
	// training books, without cross-validation.
	Test bool `json:"test"`
	// Fold holds the fold of every training book (0 when Test).
	Fold map[string]int `json:"fold"`
	// Group maps each training book that shares its text with another to
	// the smallest ID among them (Groups); such books share a fold, and
	// Features.Group carries the name into the inner split. Empty for a
	// corpus of distinct texts.
	Group map[string]string `json:"group,omitempty"`
}

// NewPlan makes the plan of training books trainIDs: with test books, one
// training set of all of them; without, folds-fold cross-validation with
// the seeded assignment of GroupFolds, books that share their text kept in
// one fold. groups is the output of Groups for the training books (nil or
// empty when their texts are distinct). It returns an error when there is
// no training book, when folds < 1 without test books, or when an ID
// repeats.
func NewPlan(seed uint64, folds int, trainIDs []string, groups map[string]string, test bool) (*Plan, error) {
	if len(trainIDs) == 0 {
		return nil, ErrNoBooks
	}
	var group map[string]string
	if len(groups) > 0 {
		group = groups
	}
	if test {
		p := &Plan{Folds: 1, Test: true, Fold: make(map[string]int, len(trainIDs)), Group: group}
		for _, id := range trainIDs {
			if _, dup := p.Fold[id]; dup {
				return nil, fmt.Errorf("%w: %q", ErrDuplicateBook, id)
			}
			p.Fold[id] = 0
		}
		return p, nil
	}
	names := make([]string, len(trainIDs))
	for i, id := range trainIDs {
		names[i] = group[id]
	}
	f, err := GroupFolds(seed, folds, trainIDs, names)
	if err != nil {
		return nil, err
	}
	return &Plan{Folds: folds, Fold: f, Group: group}, nil
}

// Sets returns the keys of the training sets, one model per method each:
// 0 … Folds-1 and AllBooks under cross-validation with two folds or more;
// AllBooks alone with test books; fold 0 alone with one fold (whose
// training set is empty, which training reports).
func (p *Plan) Sets() []int {
	if p.Test {
		return []int{AllBooks}
	}
	sets := make([]int, 0, p.Folds+1)
	for f := range p.Folds {
		sets = append(sets, f)
	}
	if p.Folds > 1 {
		sets = append(sets, AllBooks)
	}
	return sets
}

// SetsOf returns the training sets that hold the training books of fold f,
// in the order of Sets.
func (p *Plan) SetsOf(f int) []int {
	var out []int
	for _, s := range p.Sets() {
		if slices.Contains(p.FoldsOf(s), f) {
			out = append(out, s)
		}
	}
	return out
}

// FoldsOf returns the folds whose training books make training set s.
func (p *Plan) FoldsOf(s int) []int {
	var out []int
	for f := range p.Folds {
		if s == AllBooks || s != f {
			out = append(out, f)
		}
	}
	return out
}

// holds reports whether training set s holds the training book id: every
// training book for AllBooks, those outside fold s for a fold's set. A
// book that is not a training book of the plan is in no set.
func (p *Plan) holds(s int, id string) bool {
	f, ok := p.Fold[id]
	return ok && (s == AllBooks || f != s)
}

// Summarizer returns the training set whose model summarizes a book (a
// test book when test), and false for a book no model summarizes: with
// test books, the training books.
func (p *Plan) Summarizer(id string, test bool) (set int, ok bool) {
	switch {
	case test:
		return AllBooks, true
	case p.Test:
		return 0, false
	}
	f, ok := p.Fold[id]
	return f, ok
}

// testSet returns the training set whose model summarizes a book: its own
// fold's under cross-validation (fold is Fold[id]), AllBooks for a test
// book.
func (p *Plan) testSet(fold int, test bool) int {
	if p.Test || test {
		return AllBooks
	}
	return fold
}

// RankedSets returns, of the training sets whose models were trained, the
// ones whose features are rank-averaged (logistic.TopFeatures), in the given order:
// the fold sets under cross-validation, leaving out all books; the one set
// otherwise (all books, with test books).
func RankedSets(sets []int) []int {
	if len(sets) <= 1 {
		return slices.Clone(sets)
	}
	return slices.DeleteFunc(slices.Clone(sets), func(s int) bool { return s == AllBooks })
}

// SelectionFold is the fold a summary made by the model of set s is
// reported under: s itself under cross-validation, 0 otherwise.
func SelectionFold(s int) int {
	return max(s, 0)
}

// TooFewBooksError says that the training books left once the rejected
// pairs are set aside cannot make a plan (CheckBooks).
type TooFewBooksError struct {
	// Books is the number of training books.
	Books int
	// Distinct is the number of distinct texts among them (books that
	// share a text share a fold, Groups).
	Distinct int
	// Folds is the number of cross-validation folds asked for.
	Folds int
	// Test says that the books to summarize are test books: one training
	// book is enough.
	Test bool
	// Corpus, when set, is the corpus whose index counts Books pairs,
	// before any is read: the message names it and its pairs, rather than
	// the books left once the rejected pairs are set aside.
	Corpus string
}

func (e *TooFewBooksError) Error() string {
	if e.Test {
		return "no book to train on: every pair of the training corpus (--corpus) was rejected"
	}
	const needs = "where --folds %d needs at least 2 books with distinct texts, one to hold out and one to train on"
	if e.Corpus != "" {
		pairs := fmt.Sprintf("%d pair", e.Books)
		if e.Books != 1 {
			pairs += "s"
		}
		return fmt.Sprintf("too few books for cross-validation: the corpus %s has %s, "+needs, e.Corpus, pairs, e.Folds)
	}
	usable := fmt.Sprintf("%d usable book", e.Books)
	if e.Books != 1 {
		usable += "s"
	}
	if e.Distinct != e.Books {
		usable += fmt.Sprintf(" with %d distinct text", e.Distinct)
	}
	return fmt.Sprintf("too few books for cross-validation: %s once the rejected pairs are set aside, "+needs, usable, e.Folds)
}

// CheckBooks returns a *TooFewBooksError unless books training books, of
// distinct distinct texts, can make a plan of folds folds (NewPlan): with
// test books, one book at least to train on; under cross-validation, two
// distinct texts at least, so that every book is held out of a training
// set that is not empty. Fewer books than folds are enough: the folds
// beyond them are empty, and each book is held out on its own.
func CheckBooks(books, distinct, folds int, test bool) error {
	if (test && books == 0) || (!test && distinct < 2) {
		return &TooFewBooksError{Books: books, Distinct: distinct, Folds: folds, Test: test}
	}
	return nil
}
