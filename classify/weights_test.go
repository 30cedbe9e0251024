package classify

import (
	"math"
	"slices"
	"testing"
)

func TestRowWeights(t *testing.T) {
	for _, c := range []struct {
		name  string
		label []bool
		score []float64
		floor float64
		want  []float32
	}{
		{"no positives", []bool{false, false}, []float64{5, 5}, 0.1, []float32{1, 1}},
		{"mean one", []bool{true, false, true}, []float64{1, 9, 3}, 0.1, []float32{0.5, 1, 1.5}},
		{"floor", []bool{true, true, true}, []float64{0, 1, 2}, 0.25, []float32{0.25, 1, 2}},
		{"all zero", []bool{true, true}, []float64{0, 0}, 0.1, []float32{1, 1}},
		{"not finite", []bool{true, true}, []float64{math.NaN(), math.Inf(1)}, 0.1, []float32{1, 1}},
		{"negative score", []bool{true, true}, []float64{-1, 2}, 0.1, []float32{0.1, 2}},
	} {
		if got := RowWeights(c.label, c.score, c.floor); !slices.Equal(got, c.want) {
			t.Errorf("%s: RowWeights = %v, want %v", c.name, got, c.want)
		}
	}
}
