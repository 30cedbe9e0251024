package logistic

import (
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// coverageSettings are count features with coverage extraction.
var coverageSettings = features.Settings{Counts: true, Coverage: true, CoverageBigram: 3, CoveragePrior: 0.03, CoverageMinWords: 5}

// collectionOf returns the Collection of books under set.
func collectionOf(tb testing.TB, books []*classify.Book, set features.Settings) *features.Collection {
	tb.Helper()
	col, err := features.NewCollection(set, nil, classifytest.Stats(books)...)
	if err != nil {
		tb.Fatal(err)
	}
	return col
}

// labelledFeatures returns the collection of the training books train
// under set and their features, labelled by their overlap labels.
func labelledFeatures(tb testing.TB, train []*classifytest.Pair, set features.Settings) (*features.Collection, []*features.Features) {
	tb.Helper()
	var c features.Counts
	for _, p := range train {
		if err := c.Add(p.Book.Stats()); err != nil {
			tb.Fatal(err)
		}
	}
	col, err := c.Collection(set, nil)
	if err != nil {
		tb.Fatal(err)
	}
	feats := make([]*features.Features, len(train))
	for i, p := range train {
		feats[i] = col.Featurize(p.Book)
		feats[i].Label = p.Labels
	}
	return col, feats
}
