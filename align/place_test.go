package align

import (
	"math"
	"slices"
	"testing"
)

func TestBestWindow(t *testing.T) {
	tests := []struct {
		name   string
		mass   []float64
		reach  int
		center int
		sum    float64
	}{
		{"one chunk", []float64{2}, 1, 0, 2},
		{"spread beats a peak", []float64{0.5, 0, 0, 0, 0.3, 0.3, 0}, 1, 4, 0.6},
		{"peak beats a thin spread", []float64{0.9, 0, 0, 0.2, 0.2, 0.2, 0}, 1, 0, 0.9},
		{"earlier on ties", []float64{0, 1, 0, 0, 0, 1, 0}, 1, 0, 1},
		{"no reach", []float64{0.5, 0, 0, 0.3, 0.3}, 0, 0, 0.5},
		{"clipped at the end", []float64{0, 0, 0, 0, 1}, 2, 2, 1},
	}
	for _, tt := range tests {
		c, s := bestWindow(tt.mass, tt.reach)
		if c != tt.center || math.Abs(s-tt.sum) > 1e-12 {
			t.Errorf("%s: bestWindow = %d, %g; want %d, %g", tt.name, c, s, tt.center, tt.sum)
		}
	}
}

func TestPlaceState(t *testing.T) {
	// Passages of a book of 2,500 counted tokens (ten chunks of 250).
	ps := []Interval{{10, 20}, {300, 320}, {1500, 1510}, {1600, 1620}, {1700, 1710}, {2400, 2500}}
	tests := []struct {
		name  string
		q     []float64
		state int
		mass  float64
	}{
		{"the most probable state when it leads its place", []float64{0.7, 0.1, 0.1, 0.1, 0, 0}, 0, 0.8},
		{"three near states outweigh one far", []float64{0.4, 0, 0.2, 0.25, 0.15, 0}, 3, 0.6},
		{"a last passage", []float64{0, 0, 0, 0, 0, 1}, 5, 1},
	}
	for _, tt := range tests {
		s, m := placeState(tt.q, ps, 2500)
		if s != tt.state || math.Abs(m-tt.mass) > 1e-12 {
			t.Errorf("%s: placeState = %d, %g; want %d, %g", tt.name, s, m, tt.state, tt.mass)
		}
	}
}

// TestPlacePath checks the Token HMM's place decoding on posteriors set by
// hand: a book of 2,000 counted tokens in eight null chunks of 250.
func TestPlacePath(t *testing.T) {
	type obs struct {
		cand  []int32
		q     []float64 // posterior of each candidate
		nullQ []float64 // posterior of each null state
	}
	none := make([]float64, 8)
	null := func(c int, q float64) []float64 { x := make([]float64, 8); x[c] = q; return x }
	tests := []struct {
		name     string
		sentence []int32 // sentence of each observation
		obs      []obs
		path     []int32
		conf     []float64
	}{
		{
			name:     "the mass of one place beats each token's peak elsewhere",
			sentence: []int32{0, 0},
			obs: []obs{
				{[]int32{10, 1600, 1610}, []float64{0.4, 0.3, 0.3}, none},
				{[]int32{20, 1620}, []float64{0.45, 0.55}, none},
			},
			path: []int32{1600, 1620},
			conf: []float64{0.575, 0.575},
		},
		{
			name:     "a null state in the place beats a weak real state there",
			sentence: []int32{0, 0},
			obs: []obs{
				{[]int32{1600}, []float64{0.9}, null(0, 0.1)},
				{[]int32{20, 1620}, []float64{0.5, 0.1}, null(6, 0.4)},
			},
			path: []int32{1600, -1},
			conf: []float64{0.7, 0.7},
		},
		{
			name:     "each sentence has its own place",
			sentence: []int32{0, 1},
			obs: []obs{
				{[]int32{10, 1600}, []float64{0.6, 0.4}, none},
				{[]int32{10, 1600}, []float64{0.4, 0.6}, none},
			},
			path: []int32{10, 1600},
			conf: []float64{0.6, 0.6},
		},
	}
	for _, tt := range tests {
		m := &tokenModel{n: 2000, chunk: 250, nb: 8, off: []int{0}}
		for i, o := range tt.obs {
			m.obs = append(m.obs, observation{word: int32(i), sentence: tt.sentence[i]})
			m.obsW = append(m.obsW, int32(i))
			m.cand = append(m.cand, o.cand)
			m.off = append(m.off, m.off[i]+len(o.cand))
			m.alpha = append(m.alpha, o.q...)
			m.alphaN = append(m.alphaN, o.nullQ...)
		}
		m.beta, m.betaN = ones(len(m.alpha)), ones(len(m.alphaN))
		path, _, conf := m.placePath(1)
		if !slices.Equal(path, tt.path) {
			t.Errorf("%s: path %v, want %v", tt.name, path, tt.path)
		}
		for i := range conf {
			if math.Abs(conf[i]-tt.conf[i]) > 1e-12 {
				t.Errorf("%s: confidence %v, want %v", tt.name, conf, tt.conf)
				break
			}
		}
	}
}

func ones(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = 1
	}
	return x
}

func TestInterpolateContext(t *testing.T) {
	ps := []Interval{{0, 10}, {200, 210}, {400, 410}, {600, 610}, {800, 810}}
	tests := []struct {
		name    string
		state   []int
		context []int // want
	}{
		{"one between", []int{0, -1, 4}, []int{-1, 2, -1}},
		{"three between", []int{0, -1, -1, -1, 4}, []int{-1, 1, 2, 3, -1}},
		{"backwards", []int{4, -1, 0}, []int{-1, 2, -1}},
		{"no neighbour after: unchanged", []int{0, -1}, []int{-1, 7}},
		{"no neighbour before: unchanged", []int{-1, 3}, []int{7, -1}},
	}
	for _, tt := range tests {
		fit := &PassageFit{Passages: ps, State: tt.state}
		fit.Context, fit.Posterior = make([]int, len(tt.state)), make([]float64, len(tt.state))
		for l, s := range tt.state {
			fit.Context[l] = -1
			if s < 0 {
				fit.Context[l] = 7 // the Context before
			}
		}
		post := make([]float64, len(tt.state)*len(ps))
		for i := range post {
			post[i] = float64(i)
		}
		fit.interpolateContext(post)
		if !slices.Equal(fit.Context, tt.context) {
			t.Errorf("%s: Context %v, want %v", tt.name, fit.Context, tt.context)
		}
		for l, s := range fit.Context {
			if tt.state[l] < 0 && s != 7 && fit.Posterior[l] != post[l*len(ps)+s] {
				t.Errorf("%s: sentence %d: posterior %g, want %g", tt.name, l, fit.Posterior[l], post[l*len(ps)+s])
			}
		}
	}
}

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
