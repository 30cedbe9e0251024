package classify

import (
	"errors"
	"fmt"
)

// A Recipe is how a summarizer is trained on one training set: the
// Collection of the set's Counts fixes the features, each training book is
// featurized under it and labelled by one alignment, and a Trainer fits the
// model, choosing lambda on an inner split of the set unless Lambda fixes it.
// Every model of an experiment (each method, each fold, and all books) is
// trained by the same recipe; TrainingSet applies it one book at a time, so
// that the books of a set need not be gathered as Books.
type Recipe struct {
	// Features configure the features.
	Features Settings `json:"features"`
	// Lambda fixes the L2 strength; zero chooses it on an inner split.
	Lambda float64 `json:"lambda"`
	// Seed seeds the inner split.
	Seed uint64 `json:"seed"`
	// Budget is the summary budget in words (Trainer.Budget).
	Budget int `json:"budget"`
}

// ErrMissingBook means a training set is trained before every book it
// counted was added.
var ErrMissingBook = errors.New("classify: a counted book was not added to its training set")

// A TrainingSet holds the labelled features of the books of one training
// set: the books whose Stats made its Counts.
type TrainingSet struct {
	recipe Recipe
	col    *Collection
	books  []*Features
	added  map[string]bool
}

// NewTrainingSet returns the empty training set of the books counted in c.
func (r Recipe) NewTrainingSet(c *Counts) (*TrainingSet, error) {
	col, err := c.Collection(r.Features)
	if err != nil {
		return nil, err
	}
	return &TrainingSet{recipe: r, col: col, added: make(map[string]bool, len(col.IDs))}, nil
}

// Collection returns the collection of the set.
func (t *TrainingSet) Collection() *Collection { return t.col }

// Add featurizes b under the set's collection and labels the rows of the
// document sentences in labelled. Only the features are kept. It returns
// an error if b was not counted in the set, or was added already.
func (t *TrainingSet) Add(b *Book, labelled []int) error {
	if !t.col.contains(b.ID) {
		return fmt.Errorf("classify: book %q is not in the training set", b.ID)
	}
	if t.added[b.ID] {
		return fmt.Errorf("%w: %q", ErrDuplicateBook, b.ID)
	}
	t.added[b.ID] = true
	x := t.col.Featurize(b)
	x.Label = b.Labels(labelled)
	t.books = append(t.books, x)
	return nil
}

// Train fits the model of the set with the recipe's Trainer, whose
// objective is evaluated by workers goroutines (the model does not depend
// on their number). It returns ErrMissingBook unless every counted book was
// added. The order books were added in does not matter.
func (t *TrainingSet) Train(workers int) (*Model, error) {
	if len(t.books) != t.col.Books() {
		return nil, fmt.Errorf("%w: %d of %d books", ErrMissingBook, len(t.books), t.col.Books())
	}
	tr := &Trainer{Lambda: t.recipe.Lambda, Seed: t.recipe.Seed, Budget: t.recipe.Budget, Workers: max(workers, 1)}
	return tr.Train(t.col, t.books)
}
