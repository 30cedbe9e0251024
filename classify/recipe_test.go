package classify

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// TestTrainingSet checks that a TrainingSet, fed one book at a time in any
// order, trains the model that counting, featurizing and Trainer.Train
// make by hand, and that it refuses books outside the set, twice, or
// missing.
func TestTrainingSet(t *testing.T) {
	texts := map[string]string{
		"carol": carol,
		"home":  home,
		"sea":   "The sea was grey. Scrooge saw a ship. The ship sank at night.\n\nNobody came. The gulls cried over the water.\n",
	}
	books := map[string]*Book{}
	var counts Counts
	for _, id := range []string{"carol", "home", "sea"} {
		_, b := parseBook(t, id, texts[id])
		books[id] = b
		if err := counts.Add(b.Stats()); err != nil {
			t.Fatal(err)
		}
	}
	labels := map[string][]int{"carol": {2}, "home": {0}, "sea": {1, 3}}
	r := Recipe{Lambda: 1e-3, Seed: 1}

	// By hand.
	col, err := counts.Collection(r.Features)
	if err != nil {
		t.Fatal(err)
	}
	var feats []*Features
	for _, id := range []string{"carol", "home", "sea"} {
		x := col.Featurize(books[id])
		x.Label = books[id].Labels(labels[id])
		feats = append(feats, x)
	}
	want, err := (&Trainer{Lambda: r.Lambda, Seed: r.Seed}).Train(col, feats)
	if err != nil {
		t.Fatal(err)
	}

	for _, order := range [][]string{{"carol", "home", "sea"}, {"sea", "carol", "home"}} {
		set, err := r.NewTrainingSet(&counts)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range order {
			if err := set.Add(books[id], labels[id]); err != nil {
				t.Fatal(err)
			}
		}
		got, err := set.Train(2)
		if err != nil {
			t.Fatal(err)
		}
		if modelJSON(t, got) != modelJSON(t, want) {
			t.Errorf("order %v: the model differs from the one trained by hand", order)
		}
	}

	set, err := r.NewTrainingSet(&counts)
	if err != nil {
		t.Fatal(err)
	}
	_, stranger := parseBook(t, "stranger", home)
	if err := set.Add(stranger, nil); err == nil {
		t.Error("a book outside the set was added")
	}
	if err := set.Add(books["home"], labels["home"]); err != nil {
		t.Fatal(err)
	}
	if err := set.Add(books["home"], labels["home"]); !errors.Is(err, ErrDuplicateBook) {
		t.Errorf("a book added twice: %v", err)
	}
	if _, err := set.Train(1); !errors.Is(err, ErrMissingBook) {
		t.Errorf("training with books missing: %v", err)
	}
	if _, err := r.NewTrainingSet(&Counts{}); !errors.Is(err, ErrNoBooks) {
		t.Errorf("an empty set: %v", err)
	}
}

// TestRecipeTrainer checks that a recipe's Trainer carries every setting
// of the recipe, and that a model's Logits of featurized rows are its
// Scores of the book.
func TestRecipeTrainer(t *testing.T) {
	for _, r := range []Recipe{
		{},
		{Lambda: 1e-4, Seed: 3},
		{Lambdas: []float64{1e-2, 1e-3}, Criterion: LogLoss, Seed: 1},
	} {
		got := r.Trainer()
		want := &Trainer{Lambda: r.Lambda, Lambdas: r.Lambdas, Criterion: r.Criterion, Seed: r.Seed}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Recipe %+v: Trainer %+v, want %+v", r, got, want)
		}
	}

	_, b := parseBook(t, "carol", carol)
	_, h := parseBook(t, "home", home)
	var counts Counts
	for _, x := range []*Book{b, h} {
		if err := counts.Add(x.Stats()); err != nil {
			t.Fatal(err)
		}
	}
	set, err := Recipe{Lambda: 1e-3}.NewTrainingSet(&counts)
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Add(b, []int{2}); err != nil {
		t.Fatal(err)
	}
	if err := set.Add(h, []int{0}); err != nil {
		t.Fatal(err)
	}
	m, err := set.Train(1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Logits(set.Collection().Featurize(b)), m.Scores(b); !slices.Equal(got, want) || len(got) != b.Rows() {
		t.Errorf("Logits %v, Scores %v", got, want)
	}
}
