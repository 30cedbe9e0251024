package classify

import (
	"math"
	"strings"
	"testing"
)

func TestTopFeatures(t *testing.T) {
	model := func(names []string, weights ...float64) *Model {
		return &Model{Features: names, Weights: weights}
	}
	// c is missing from the second model, which ranks it 4 (its 3 features
	// + 1): c's mean rank is (1 + 4) / 2 = 2.5.
	models := []*Model{
		model([]string{"a", "b", "c"}, 0.5, -1, 2),
		model([]string{"a", "b", "d"}, 1, 0.5, 0.5),
	}
	got := TopFeatures(models, 0)
	want := []RankedFeature{
		{"a", 1.5, 0.75, 2},  // ranks 2, 1
		{"b", 2.5, -0.25, 2}, // ranks 3, 2 (tie with d broken by name)
		{"c", 2.5, 2, 1},     // ranks 1, 4
		{"d", 3.5, 0.5, 1},   // ranks 4, 3
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Name != w.Name || math.Abs(g.MeanRank-w.MeanRank) > 1e-12 || math.Abs(g.MeanWeight-w.MeanWeight) > 1e-12 || g.Models != w.Models {
			t.Errorf("%d: got %+v, want %+v", i, g, w)
		}
	}
	if top := TopFeatures(models, 2); len(top) != 2 || top[0].Name != "a" {
		t.Errorf("TopFeatures(2) = %v", top)
	}
	table := FeatureTable(got[:2])
	if !strings.Contains(table, "| 1 | a | 1.5 | 0.750 |") || !strings.HasPrefix(table, "| Rank | Feature |") {
		t.Errorf("table:\n%s", table)
	}
}
