package features_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/classify/logistic"
)

// TestModelOfFeatures checks that a model trained with the features beyond
// the paper's (event words, counts) saves, loads, and scores a new book as
// before it was saved.
func TestModelOfFeatures(t *testing.T) {
	events, eventTest := features.EventBooks(t)
	_, carol := classifytest.Parse(t, "carol", classifytest.Carol)
	_, home := classifytest.Parse(t, "home", classifytest.Home)
	for _, tc := range []struct {
		name  string
		set   features.Settings
		books []*classify.Book
		rows  []int // the labelled row of each book
		test  *classify.Book
	}{
		{"events", features.Settings{Vocabulary: 2, Names: 2, Events: true}, events, []int{0, 0, 0}, eventTest},
		{"counts", features.Settings{Vocabulary: 3, Names: 2, Counts: true}, []*classify.Book{carol, home}, []int{1, 0}, home},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := features.NewCollection(tc.set, nil, classifytest.Stats(tc.books)...)
			if err != nil {
				t.Fatal(err)
			}
			var xs []*features.Features
			for i, b := range tc.books {
				xs = append(xs, features.WithLabels(c.Featurize(b), tc.rows[i]))
			}
			models, err := (&logistic.Trainer{Lambda: 1e-3}).Train(c, xs)
			if err != nil {
				t.Fatal(err)
			}
			m := models[0]
			var buf bytes.Buffer
			if err := m.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			if m2, err := logistic.ReadModel(&buf); err != nil {
				t.Errorf("ReadModel: %v", err)
			} else if !slices.Equal(m2.Scores(tc.test), m.Scores(tc.test)) {
				t.Error("the loaded model scores a new book differently")
			}
		})
	}
}
