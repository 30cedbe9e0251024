package align

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
)

func TestBins(t *testing.T) {
	w := withinBins(1000)
	c := coarseBins()
	cases := []struct {
		name string
		bs   binSet
		d    int
		want [2]int // the bin's [lo, hi]
	}{
		{"within 0", w, 0, [2]int{0, 0}},
		{"within +1", w, 1, [2]int{1, 1}},
		{"within +2", w, 2, [2]int{2, 10}},
		{"within +10", w, 10, [2]int{2, 10}},
		{"within +11", w, 11, [2]int{11, 100}},
		{"within +1000", w, 1000, [2]int{101, 1000}},
		{"within -1", w, -1, [2]int{-1, -1}},
		{"within -57", w, -57, [2]int{-100, -11}},
		{"within -1000", w, -1000, [2]int{-1000, -101}},
		{"coarse 0", c, 0, [2]int{0, 0}},
		{"coarse +5", c, 5, [2]int{3, 9}},
		{"coarse -5", c, -5, [2]int{-9, -3}},
		{"coarse +40000", c, 40000, [2]int{31623, 99999}},
		{"coarse -2000000", c, -2000000, [2]int{-(1 << 40), -316228}},
	}
	for _, tc := range cases {
		b := tc.bs.of(tc.d)
		if b < 0 {
			t.Errorf("%s: no bin", tc.name)
			continue
		}
		if got := [2]int{tc.bs.lo[b], tc.bs.hi[b]}; got != tc.want {
			t.Errorf("%s: bin %v, want %v", tc.name, got, tc.want)
		}
	}
	if w.len() != 9 || c.len() != 25 {
		t.Errorf("got %d within and %d coarse bins, want 9 and 25", w.len(), c.len())
	}
	if b := w.of(1001); b != -1 {
		t.Errorf("a jump beyond τ has bin %d, want none", b)
	}
	if got := withinBins(50); got.of(50) < 0 || got.of(51) >= 0 || got.hi[got.len()-1] != 50 {
		t.Errorf("withinBins(50) = %+v", got)
	}
	// spread and gather need contiguous bins, bounded by edge.
	for _, bs := range []binSet{withinBins(0), withinBins(1), withinBins(7), withinBins(1000), withinBins(5000), coarseBins()} {
		if len(bs.edge) != bs.len()+1 {
			t.Fatalf("%+v: %d edges for %d bins", bs, len(bs.edge), bs.len())
		}
		for b := range bs.len() {
			if bs.edge[b] != bs.lo[b] || bs.edge[b+1] != bs.hi[b]+1 {
				t.Errorf("%+v: bin %d is [%d, %d], edges %d, %d", bs, b, bs.lo[b], bs.hi[b], bs.edge[b], bs.edge[b+1])
			}
		}
	}
}

// TestCoefs checks that the jumps out of every position sum to 1 - p0.
func TestCoefs(t *testing.T) {
	const n, p0 = 3000, 0.2
	for _, bs := range []binSet{withinBins(1000), coarseBins()} {
		theta := make([]float64, bs.len())
		for b := range theta {
			theta[b] = float64(b + 1)
		}
		s := 0.0
		for _, x := range theta {
			s += x
		}
		for b := range theta {
			theta[b] /= s
		}
		pos := []int32{0, 1, 500, 1500, 2999}
		coef := make([][]float64, bs.len())
		for b := range coef {
			coef[b] = make([]float64, len(pos))
		}
		bs.coefs(coef, theta, pos, n, p0)
		for k, x := range pos {
			total := 0.0
			for j := range n {
				if b := bs.of(j - int(x)); b >= 0 {
					total += theta[b] * coef[b][k]
				}
			}
			if d := total - (1 - p0); d > 1e-9 || d < -1e-9 {
				t.Errorf("jumps from %d sum to %g, want %g", x, total, 1-p0)
			}
		}
	}
}

func TestWindows(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 50 {
		a := randomValues(rng, 60, func() float64 { return rng.Float64() * float64(rng.IntN(3)) }) // ties and zeros
		n := len(a)
		var ws windowSum
		var wm windowMax
		ws.reset(a)
		wm.reset(a)
		lo, hi := 0, 0
		for range 40 {
			hi = min(n, hi+rng.IntN(4))
			lo = min(hi, lo+rng.IntN(4))
			want, wantMax := 0.0, -1
			for i := lo; i < hi; i++ {
				want += a[i]
				if wantMax < 0 || a[i] > a[wantMax] {
					wantMax = i
				}
			}
			if got := ws.move(lo, hi); got-want > 1e-12 || want-got > 1e-12 {
				t.Fatalf("trial %d: sum of [%d, %d) = %g, want %g", trial, lo, hi, got, want)
			}
			if got := wm.move(lo, hi); got != wantMax {
				t.Fatalf("trial %d: argmax of [%d, %d) = %d, want %d", trial, lo, hi, got, wantMax)
			}
		}
	}
}

func TestRangeMax(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var rm rangeMax
	for trial := range 30 {
		a := make([]float64, 1+rng.IntN(70))
		for i := range a {
			a[i] = float64(rng.IntN(10))
		}
		rm.reset(a)
		for range 50 {
			lo := rng.IntN(len(a) + 1)
			hi := lo + rng.IntN(len(a)-lo+1)
			got, v := rm.query(lo, hi)
			want := -1
			for i := lo; i < hi; i++ {
				if want < 0 || a[i] > a[want] {
					want = i
				}
			}
			if got != want || (got >= 0 && v != a[got]) {
				t.Fatalf("trial %d: max of [%d, %d) at %d, want %d", trial, lo, hi, got, want)
			}
		}
	}
}

func TestLowerBound(t *testing.T) {
	a := []int32{1, 3, 3, 7}
	for x, want := range map[int]int{0: 0, 1: 0, 2: 1, 3: 1, 4: 3, 7: 3, 8: 4} {
		if got := lowerBound(a, x); got != want {
			t.Errorf("lowerBound(%v, %d) = %d, want %d", a, x, got, want)
		}
	}
	if !slices.IsSorted(a) {
		t.Fatal("test slice not sorted")
	}
}

// stackSum is windowSum's two-stack sum as first written (every element
// up to hi added to the back stack, then discarded at a flip): move must
// give the same sums to the bit, since the Token HMM's alignments depend on
// them.
type stackSum struct {
	a, suf      []float64
	lo, mid, hi int
	back        float64
}

func (w *stackSum) move(lo, hi int) float64 {
	for ; w.hi < hi; w.hi++ {
		w.back += w.a[w.hi]
	}
	w.lo = lo
	if w.lo >= w.mid {
		s := 0.0
		for k := w.hi - 1; k >= w.lo; k-- {
			s += w.a[k]
			w.suf[k] = s
		}
		w.mid, w.back = w.hi, 0
	}
	if w.lo < w.mid {
		return w.suf[w.lo] + w.back
	}
	return w.back
}

// TestWindowSumBits checks windowSum against stackSum, bit for bit, on
// windows that jump, creep and stand still; and a plan of the same moves
// (planBuilder, runSums) against windowSum, over the elements or, every
// other trial, over the products a[k]·c[k] that runSums makes as it reads
// them, against windowSum over the products made beforehand.
func TestWindowSumBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		draw := func() float64 { return rng.ExpFloat64() * math.Pow(10, float64(rng.IntN(30)-15)) }
		a := randomValues(rng, 200, draw)
		n := len(a)
		elems, c := a, []float64(nil)
		if trial%2 == 1 {
			c = make([]float64, n)
			for k := range c {
				c[k] = draw()
			}
			elems = make([]float64, n)
			floats.MulTo(elems, a, c)
		}
		var ws windowSum
		ws.reset(elems)
		ref := stackSum{a: elems, suf: make([]float64, n)}
		var plan planBuilder
		plan.reset()
		var want []float64
		lo, hi := 0, 0
		for range 60 {
			step := 1 + rng.IntN(3)
			if rng.IntN(4) == 0 {
				step = rng.IntN(40)
			}
			hi = min(n, hi+step)
			lo = min(hi, lo+rng.IntN(step+1))
			if lo == hi {
				continue // the callers never ask for an empty window
			}
			got, sum := ws.move(lo, hi), ref.move(lo, hi)
			if math.Float64bits(got) != math.Float64bits(sum) {
				t.Fatalf("trial %d: sum of [%d, %d) = %v, want %v", trial, lo, hi, got, sum)
			}
			plan.add(len(want), lo, hi)
			want = append(want, got)
		}
		sums := runSums(nil, plan.ops, a, c)
		for r, w := range plan.win {
			if got := sums[w.sum] + sums[w.back]; math.Float64bits(got) != math.Float64bits(want[r]) {
				t.Fatalf("trial %d, window %d: planned sum %v, want %v", trial, r, got, want[r])
			}
		}
	}
}

// TestEdgePointers checks edgePointers against a search from the start,
// for thresholds that creep, jump and straddle runs of equal values.
func TestEdgePointers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	edge := withinBins(1000).edge
	for trial := range 100 {
		a := make([]int32, rng.IntN(50))
		for i := range a {
			a[i] = int32(rng.IntN(3000))
		}
		slices.Sort(a)
		ptr, thr := make([]int, len(edge)), make([]int, len(edge))
		base := -1500
		for range 80 {
			base += rng.IntN(200)
			for e := range thr {
				thr[e] = edge[e]
			}
			empty := edgePointers(ptr, a, base, thr)
			for e, p := range ptr {
				if want := lowerBound(a, base+thr[e]); p != want {
					t.Fatalf("trial %d, base %d, edge %d: pointer %d, want %d", trial, base, e, p, want)
				}
			}
			if want := ptr[0] == ptr[len(ptr)-1]; empty != want {
				t.Fatalf("trial %d, base %d: empty %v, want %v", trial, base, empty, want)
			}
		}
	}
}

// randomValues returns 1 to most values drawn by draw.
func randomValues(rng *rand.Rand, most int, draw func() float64) []float64 {
	a := make([]float64, 1+rng.IntN(most))
	for i := range a {
		a[i] = draw()
	}
	return a
}
