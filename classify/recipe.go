package classify

import (
	"errors"
	"fmt"
	"reflect"
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
	// Lambdas are the candidates of the choice; nil means DefaultLambdas.
	Lambdas []float64 `json:"lambdas,omitempty"`
	// Criterion scores a candidate lambda on the inner split.
	Criterion Criterion `json:"criterion,omitempty"`
	// SelectTolerance is the Trainer's: the gradient threshold of the
	// fits that choose lambda; zero means the final fit's.
	SelectTolerance float64 `json:"select_tolerance,omitempty"`
	// Seed seeds the inner split.
	Seed uint64 `json:"seed"`
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

// Trainer returns the Trainer of the recipe: its lambda (or candidates and
// criterion) and seed, with the Trainer's defaults for the rest (Workers
// and Warn are left for the caller).
func (r Recipe) Trainer() *Trainer {
	return &Trainer{Lambda: r.Lambda, Lambdas: r.Lambdas, Criterion: r.Criterion, Seed: r.Seed, SelectTolerance: r.SelectTolerance}
}

// Collection returns the collection that the books counted in c define
// under the recipe's feature settings: what their features are made with.
func (r Recipe) Collection(c *Counts) (*Collection, error) {
	return c.Collection(r.Features)
}

// NewTrainingSet returns the empty training set of the books counted in c.
func (r Recipe) NewTrainingSet(c *Counts) (*TrainingSet, error) {
	col, err := r.Collection(c)
	if err != nil {
		return nil, err
	}
	return r.TrainingSetOf(col), nil
}

// TrainingSetOf returns the empty training set of the books of col. Several
// training sets (one per alignment method) may share col.
func (r Recipe) TrainingSetOf(col *Collection) *TrainingSet {
	return &TrainingSet{recipe: r, col: col, added: make(map[string]bool, len(col.IDs))}
}

// Collection returns the collection the set's books are featurized under.
func (t *TrainingSet) Collection() *Collection { return t.col }

// Add featurizes one book of the set and adds it with the rows of the
// labelled sentences (document sentence indices, Book.Labels) as positives.
func (t *TrainingSet) Add(b *Book, labelled []int) error {
	x := t.col.Featurize(b)
	x.Label = b.Labels(labelled)
	return t.AddFeatures(x)
}

// AddFeatures adds one book of the set, featurized under the set's
// Collection elsewhere (Collection.Featurize) and labelled. The set keeps x
// and does not modify it, so books may share their feature slices across
// training sets of the same collection.
func (t *TrainingSet) AddFeatures(x *Features) error {
	if !t.col.contains(x.ID) {
		return fmt.Errorf("classify: book %q is not in the training set", x.ID)
	}
	if t.added[x.ID] {
		return fmt.Errorf("%w: %q", ErrDuplicateBook, x.ID)
	}
	t.added[x.ID] = true
	t.books = append(t.books, x)
	return nil
}

// Train fits the model of the set with the recipe's Trainer, whose
// objective is evaluated by workers goroutines (the model does not depend
// on their number). It returns ErrMissingBook unless every counted book was
// added. The order books were added in does not matter. A fallback to a
// fixed lambda is not logged: it is in the model's LambdaNote, for the
// caller to report.
func (t *TrainingSet) Train(workers int) (*Model, error) {
	models, err := TrainTogether(workers, t)
	if err != nil {
		return nil, err
	}
	return models[0], nil
}

// TrainTogether fits the model of each of sets, which share their recipe
// and collection and hold the same books with the same features, labelled
// by different methods: each model is the one its set's Train fits, to the
// bit, and the fits share their passes over the rows (Trainer.TrainEach).
func TrainTogether(workers int, sets ...*TrainingSet) ([]*Model, error) {
	if len(sets) == 0 {
		return nil, ErrNoBooks
	}
	books := make([][]*Features, len(sets))
	for i, t := range sets {
		if t.col != sets[0].col || !reflect.DeepEqual(t.recipe, sets[0].recipe) {
			return nil, fmt.Errorf("%w: another recipe or collection", ErrDifferentBooks)
		}
		if len(t.books) != t.col.Books() {
			return nil, fmt.Errorf("%w: %d of %d books", ErrMissingBook, len(t.books), t.col.Books())
		}
		books[i] = t.books
	}
	tr := sets[0].recipe.Trainer()
	tr.Workers, tr.Warn = max(workers, 1), func(string) {}
	return tr.TrainEach(sets[0].col, books)
}
