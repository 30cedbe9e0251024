package logistic

import (
	"math"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify/features"
)

// TestTrainGroupedCopies checks that training on every book twice, each
// copy grouped with its original, scores the candidate lambdas on the
// inner split as training on the originals does (the mean loss of two
// copies is the loss of one), and chooses the same lambda; ungrouped, the
// copies of fitted books leak into the held-out fold and flatter it.
func TestTrainGroupedCopies(t *testing.T) {
	const dim = 8
	w := []float64{2, -1.5, 1, -0.5, 0, 0.75, -2, 1.25}
	books := synthetic(13, 12, 200, dim, 0.3, w, -2, false)
	train := func(copies []*features.Features) *Model {
		t.Helper()
		all := append(slices.Clone(books), copies...)
		m, err := trainOne(&Trainer{Seed: 5, Lambdas: []float64{1e-1, 1e-2, 1e-3, 1e-4}}, syntheticCollection(dim, all), all)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	copies := func(grouped bool) []*features.Features {
		var out []*features.Features
		for _, b := range books {
			x := *b
			x.ID = b.ID + "-x1"
			if grouped {
				x.Group = b.ID
			}
			out = append(out, &x)
		}
		return out
	}
	base, grouped, leaked := train(nil), train(copies(true)), train(copies(false))
	if grouped.Lambda != base.Lambda || len(grouped.Selection) != len(base.Selection) {
		t.Fatalf("grouped copies chose %v from %+v, the originals %v from %+v", grouped.Lambda, grouped.Selection, base.Lambda, base.Selection)
	}
	for i, s := range base.Selection {
		if g := grouped.Selection[i].Score; math.Abs(g-s.Score) > 1e-6*s.Score {
			t.Errorf("lambda %v: held-out score %v with grouped copies, %v without copies", s.Lambda, g, s.Score)
		}
	}
	if l := leaked.Selection[0].Score; !(l < base.Selection[0].Score*(1-1e-3)) {
		t.Errorf("ungrouped copies: held-out score %v, not below the originals' %v (the test cannot see a leak)", l, base.Selection[0].Score)
	}
}
