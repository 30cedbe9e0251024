package align

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// stepModel returns a tokenModel of one step, from the candidates prev
// (observation 0) to next (observation 1), in a book of n tokens with null
// chunks of chunk tokens, by the within bins of tau, or by the coarse bins
// when cross.
func stepModel(prev, next []int32, n, chunk, tau int, cross bool) *tokenModel {
	m := &tokenModel{n: n, chunk: chunk, nb: (n + chunk - 1) / chunk,
		cand: [][]int32{prev, next}, obsW: []int32{0, 1}, cross: []bool{false, cross},
		within: withinBins(tau), coarse: coarseBins()}
	for c := range m.nb {
		m.centers = append(m.centers, int32(min(c*chunk+chunk/2, n-1)))
	}
	m.spreadAt, m.gatherAt = make([]stepWindows, 2), make([]stepWindows, 2)
	m.spreadMade, m.gatherMade = map[windowKey]*binWindows{}, map[windowKey]*binWindows{}
	m.win = make([]windowSum, m.coarse.len())
	return m
}

// randomStep returns the model of a random step between up to most
// candidates each way, in a book of up to 3,000 tokens, with its
// candidates and bins; a nil model when either side has none. One step in
// two keeps its windows wide (narrowLimit).
func randomStep(rng *rand.Rand, most int) (m *tokenModel, prev, next []int32, bins binSet) {
	narrowLimit = 1 << 16
	if rng.IntN(2) == 0 {
		narrowLimit = 0
	}
	n := 1 + rng.IntN(3000)
	prev, next = randomPositions(rng, n, most), randomPositions(rng, n, most)
	if len(prev) == 0 || len(next) == 0 {
		return nil, nil, nil, bins
	}
	m = stepModel(prev, next, n, 1+rng.IntN(300), 1+rng.IntN(1200), rng.IntN(5) == 0)
	bins, _, _ = m.step(1)
	return m, prev, next, bins
}

// eachRandomStep calls f with trials random steps of up to most
// candidates each way (randomStep), leaving out those with none, and
// restores narrowLimit at the end of the test.
func eachRandomStep(t *testing.T, rng *rand.Rand, trials, most int, f func(trial int, m *tokenModel, prev, next []int32, bins binSet)) {
	t.Cleanup(func() { narrowLimit = 1 << 16 })
	for trial := range trials {
		if m, prev, next, bins := randomStep(rng, most); m != nil {
			f(trial, m, prev, next, bins)
		}
	}
}

// randomPositions returns up to most distinct sorted positions in [0, n).
func randomPositions(rng *rand.Rand, n, most int) []int32 {
	var p []int32
	for range rng.IntN(most + 1) {
		p = append(p, int32(rng.IntN(n)))
	}
	slices.Sort(p)
	return slices.Compact(p)
}

// inBin returns the indices [lo, hi) of the sorted a whose d(a[k]) lies in
// bin b, by looking at every one; d must be monotone in a[k].
func inBin(a []int32, bins binSet, b int, d func(int32) int) (lo, hi int) {
	lo, hi = -1, -1
	for k, x := range a {
		if v := d(x); bins.lo[b] <= v && v <= bins.hi[b] {
			if lo < 0 {
				lo = k
			}
			hi = k + 1
		}
	}
	return lo, hi
}

// wantWindows lists, by the definition, each bin's non-empty windows of
// the rows by over the sorted a: for spread (rows are targets) the sources
// k with by[x] - a[k] in the bin, for gather (rows are sources) the targets
// x with a[x] - by[k] in it.
func wantWindows(by, a []int32, bins binSet, spread bool) [][]int32 {
	want := make([][]int32, bins.len())
	for b := range bins.len() {
		for r, j := range by {
			d := func(x int32) int { return int(x) - int(j) }
			if spread {
				d = func(x int32) int { return int(j) - int(x) }
			}
			if lo, hi := inBin(a, bins, b, d); lo >= 0 {
				want[b] = append(want[b], int32(r), int32(lo), int32(hi))
			}
		}
	}
	return want
}

// TestBinWindows checks the windows of spread and gather, from the real
// and the null states, against their definition.
func TestBinWindows(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	eachRandomStep(t, rng, 300, 40, func(trial int, m *tokenModel, prev, next []int32, bins binSet) {
		sw, gw := m.spreadWindows(1), m.gatherWindows(1)
		for _, c := range []struct {
			name   string
			got    *binWindows
			by, a  []int32
			spread bool
		}{
			{"spread", sw.real, next, prev, true},
			{"spread from null", sw.null, next, m.centers, true},
			{"gather", gw.real, prev, next, false},
			{"gather from null", gw.null, m.centers, next, false},
		} {
			want := wantWindows(c.by, c.a, bins, c.spread)
			for b := range bins.len() {
				if got := triples(c.got, b); !slices.Equal(got, want[b]) {
					t.Fatalf("trial %d, %s, bin %d: windows %v, want %v", trial, c.name, b, got, want[b])
				}
			}
		}
	})
}

// TestSpreadGatherBits checks spread and gather, bit for bit, against the
// sums of §3.2 taken a row at a time, every bin of a row in bin order, as
// the Token HMM took them before the bins were taken one after the other:
//
//	spread: dst[x] += θ_b S_b(x),  S_b(x) = sum_{k: tpos[x] - spos[k] in b} v[k] coef[b][k]
//	gather: dst[k] += θ_b coef[b][k] G_b(k),  G_b(k) = sum_{x: tpos[x] - spos[k] in b} e[x],
//	        ξ_b += sum_k θ_b coef[b][k] G_b(k) v[k]
//
// with one window sum per bin moving along the rows.
func TestSpreadGatherBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	draw := func() float64 { return rng.ExpFloat64() * math.Pow(10, float64(rng.IntN(20)-10)) }
	eachRandomStep(t, rng, 200, 60, func(trial int, m *tokenModel, prev, next []int32, bins binSet) {
		theta, v, e := make([]float64, bins.len()), make([]float64, len(prev)), make([]float64, len(next))
		coef := make([][]float64, bins.len())
		zeros := trial%2 == 1 // some zeros, as when 1 - p0 is 0; gather must skip them
		for b := range coef {
			theta[b] = draw()
			coef[b] = make([]float64, len(prev))
			for k := range coef[b] {
				if !zeros || rng.IntN(10) > 0 {
					coef[b][k] = draw()
				}
			}
		}
		for k := range v {
			v[k] = draw()
		}
		for x := range e {
			e[x] = draw()
		}

		got, want := make([]float64, len(next)), make([]float64, len(next))
		m.spread(got, m.spreadWindows(1).real, theta, v, coef)
		wins := make([]windowSum, bins.len())
		for b := range wins {
			prod := make([]float64, len(v))
			for k := range prod {
				prod[k] = v[k] * coef[b][k]
			}
			wins[b].reset(prod)
		}
		for x, j := range next {
			for b := range bins.len() {
				if lo, hi := inBin(prev, bins, b, func(i int32) int { return int(j) - int(i) }); lo >= 0 {
					want[x] += theta[b] * wins[b].move(lo, hi)
				}
			}
		}
		if !bitsEqual(got, want) {
			t.Fatalf("trial %d: spread %v, want %v", trial, got, want)
		}

		got, want = make([]float64, len(prev)), make([]float64, len(prev))
		gotXi, wantXi := make([]float64, bins.len()), make([]float64, bins.len())
		m.gather(got, m.gatherWindows(1).real, theta, coef, zeros, e, v, gotXi)
		acc := make([]float64, bins.len())
		for b := range wins {
			wins[b].reset(e)
		}
		for k, i := range prev {
			for b := range bins.len() {
				lo, hi := inBin(next, bins, b, func(x int32) int { return int(x) - int(i) })
				if lo < 0 || coef[b][k] == 0 {
					continue
				}
				g := theta[b] * coef[b][k] * wins[b].move(lo, hi)
				want[k] += g
				acc[b] += g * v[k]
			}
		}
		for b := range acc {
			wantXi[b] += acc[b]
		}
		if !bitsEqual(got, want) || !bitsEqual(gotXi, wantXi) {
			t.Fatalf("trial %d: gather %v, ξ %v, want %v, %v", trial, got, gotXi, want, wantXi)
		}
	})
}

// TestSpreadMaxPlan checks spreadMax from the windows' plans against
// windowMax moved window by window: the same maxima and the same sources,
// the leftmost on ties, with ties, -Inf and values over 60 orders of
// magnitude among the weights.
func TestSpreadMaxPlan(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	eachRandomStep(t, rng, 200, 60, func(trial int, m *tokenModel, prev, next []int32, bins binSet) {
		m.wmax = make([]windowMax, bins.len())
		theta, w := make([]float64, bins.len()), make([][]float64, bins.len())
		for b := range w {
			theta[b] = rng.Float64()
			w[b] = make([]float64, len(prev))
			for k := range w[b] {
				switch rng.IntN(4) {
				case 0:
					w[b][k] = float64(rng.IntN(3)) // ties
				case 1:
					w[b][k] = math.Inf(-1)
				default:
					w[b][k] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(60)-30))
				}
			}
		}
		ws := m.spreadWindows(1).real
		for _, null := range []int{0, -1} {
			got, want := make([]float64, len(next)), make([]float64, len(next))
			gotBp, wantBp := make([]int32, len(next)), make([]int32, len(next))
			for x := range got {
				got[x], want[x] = math.Inf(-1), math.Inf(-1)
				gotBp[x], wantBp[x] = -7, -7
			}
			m.spreadMax(got, gotBp, ws, theta, w, false, null)
			m.spreadMax(want, wantBp, ws, theta, w, true, null)
			if !bitsEqual(got, want) || !slices.Equal(gotBp, wantBp) {
				t.Fatalf("trial %d: maxima %v from %v, want %v from %v", trial, got, gotBp, want, wantBp)
			}
		}
	})
}

// triples returns bin b's windows of w as (row, lo, hi) triples, given
// back by replay.
func triples(w *binWindows, b int) []int32 {
	if w.isWide {
		return replayed(w, w.wide, b)
	}
	return replayed(w, w.narrow, b)
}

func replayed[T windowIndex](w *binWindows, p windowPlan[T], b int) []int32 {
	var t []int32
	for row, win := range replay(w, p, b) {
		t = append(t, int32(row), int32(win.lo), int32(win.hi))
	}
	return t
}

// bitsEqual reports whether a and b hold the same float64s, bit for bit.
func bitsEqual(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) })
}
