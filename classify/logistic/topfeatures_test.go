package logistic

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify/cv"
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

// TestFeatureReport checks that the feature table is over the fold models
// in fold order, whatever order they come in, leaving out the model of all
// books under cross-validation and keeping it alone with test books.
func TestFeatureReport(t *testing.T) {
	m := func(w float64) *Model { return &Model{Features: []string{"a", "b"}, Weights: []float64{w, 0}} }
	for _, tc := range []struct {
		name   string
		sets   []int
		models []*Model
		splits int
		first  string // the strongest feature
	}{
		// The model of all books (b strongest) is left out; the two fold
		// models make a strongest.
		{"folds", []int{1, cv.AllBooks, 0}, []*Model{m(1), m(-5), m(2)}, 2, "a"},
		{"test books", []int{cv.AllBooks}, []*Model{m(-5)}, 1, "b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			md, js, err := FeatureReport("passage", tc.sets, tc.models, 25)
			if err != nil {
				t.Fatal(err)
			}
			head := fmt.Sprintf("# Strongest features: passage\n\nThe 25 features with the largest weights, rank-averaged over %d training splits (the paper's Table 3).\n\n| Rank | Feature |", tc.splits)
			if !strings.HasPrefix(string(md), head) || !strings.Contains(string(md), "| 1 | "+tc.first+" |") {
				t.Errorf("page:\n%s", md)
			}
			var top []RankedFeature
			if err := json.Unmarshal(js, &top); err != nil || len(top) != 2 || top[0].Name != tc.first || !strings.HasSuffix(string(js), "]\n") {
				t.Errorf("JSON %s (%v)", js, err)
			}
		})
	}
	// The fold models' order does not matter.
	a, _, _ := FeatureReport("m", []int{0, 1, 2}, []*Model{m(1), m(2), m(3)}, 25)
	b, _, _ := FeatureReport("m", []int{2, 0, 1}, []*Model{m(3), m(1), m(2)}, 25)
	if string(a) != string(b) {
		t.Errorf("order changed the table:\n%s\n%s", a, b)
	}
	if _, _, err := FeatureReport("m", []int{0}, nil, 25); err == nil {
		t.Error("a set without a model accepted")
	}
}
