package align

import "testing"

func TestNeighbourSpan(t *testing.T) {
	fit := &PassageFit{
		Passages: []Interval{{100, 200}, {500, 600}, {5000, 5100}},
		State:    []int{-1, 0, -1, 1, -1, -1, 2, -1},
	}
	tests := []struct {
		k    int
		want Interval
		ok   bool
	}{
		{0, Interval{100, 101}, true},   // no sentence before: the first token after
		{2, Interval{199, 501}, true},   // neighbours less than 1000 apart: the stretch
		{4, Interval{599, 600}, true},   // far apart: the token before
		{5, Interval{599, 600}, true},   // the nearest sentences with states, not the next one
		{7, Interval{5099, 5100}, true}, // no sentence after
	}
	for _, tt := range tests {
		if got, ok := fit.neighbourSpan(tt.k); got != tt.want || ok != tt.ok {
			t.Errorf("neighbourSpan(%d) = %v, %v, want %v, %v", tt.k, got, ok, tt.want, tt.ok)
		}
	}
	if _, ok := (&PassageFit{Passages: []Interval{{0, 10}}, State: []int{-1, -1}}).neighbourSpan(0); ok {
		t.Error("neighbourSpan with no state: ok")
	}
}
