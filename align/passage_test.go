package align

import (
	"math"
	"reflect"
	"testing"
)

func TestFastExp(t *testing.T) {
	worst := 0.0
	for x := float64(sampleCutoff); x <= 0; x += 1e-3 {
		got, want := fastExp(x), math.Exp(x)
		worst = max(worst, math.Abs(got-want)/want)
	}
	if worst > 1e-7 {
		t.Errorf("fastExp: worst relative error %g, want ≤ 1e-7", worst)
	}
	t.Logf("worst relative error %g", worst)
}

// TestBoundaryLikelihood checks the O(1) recurrence against log L(i, j)
// computed from scratch, sum_ℓ q_ℓ log η_{i:j, t_ℓ}, up to the constant.
func TestBoundaryLikelihood(t *testing.T) {
	p, _ := planted{Passages: 4, Size: 60, Vocab: 8, Sentences: 3, Length: 5, Common: 5, Noise: 0.3, Seed: 9}.build(t)
	m := newPassageModel(p, 4, 3, 0.01)
	m.eStep()
	m.stateCounts()
	direct := func(s, i, j int) float64 { // tokens [i, j]
		m.start[s], m.end[s] = i, j+1
		m.logEmission(s)
		x := 0.0
		for l := range m.sents {
			x += m.post[l*m.k+s] * m.logEta[l*m.k+s]
		}
		return x
	}
	const s = 1
	lo, j := 30, 110 // move i over [lo, j] with j fixed
	c := m.boundaryLikelihood(s, j, lo, -1)
	got := c.values()
	for x := range got {
		i := j - x
		want := direct(s, i, j) - direct(s, j, j)
		if d := (got[x] - got[0]) - want; math.Abs(d) > 1e-9 {
			t.Fatalf("left boundary %d: recurrence %g, direct %g", i, got[x]-got[0], want)
		}
	}
	i, hi := 50, 200 // move j over [i, hi] with i fixed
	c = m.boundaryLikelihood(s, i, hi, +1)
	got = c.values()
	for x := range got {
		want := direct(s, i, i+x) - direct(s, i, i)
		if d := (got[x] - got[0]) - want; math.Abs(d) > 1e-9 {
			t.Fatalf("right boundary %d: recurrence %g, direct %g", i+x, got[x]-got[0], want)
		}
	}
}

func TestPassageDeterministic(t *testing.T) {
	p, _ := planted{Passages: 10, Size: 200, Vocab: 20, Sentences: 6, Length: 6, Common: 30, Noise: 0.3, Seed: 5}.build(t)
	fit := func(seed uint64) *PassageFit {
		f, err := (&PassageHMM{Seed: seed, Passages: 20, Iterations: 60}).Fit(p)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	a, b, c := fit(1), fit(1), fit(2)
	if !reflect.DeepEqual(a, b) {
		t.Error("the same seed gave different fits")
	}
	if reflect.DeepEqual(a.Left, c.Left) {
		t.Error("different seeds gave identical boundary samples")
	}
	for s := range a.Left {
		for _, h := range []Histogram{a.Left[s], a.Right[s]} {
			n := 0
			for _, bin := range h {
				n += bin.Count
			}
			if n != 60 {
				t.Fatalf("state %d: %d samples, want one per round, 60", s, n)
			}
		}
		if iv := a.Passages[s]; iv.Start >= iv.End || iv.Start < 0 || iv.End > len(p.Book.Words) {
			t.Errorf("state %d: bad final span %v", s, iv)
		}
	}
}

func TestPassageSettings(t *testing.T) {
	p, _ := planted{Passages: 2, Size: 20, Vocab: 5, Sentences: 2, Length: 3, Common: 3, Noise: 0, Seed: 1}.build(t)
	if _, err := (&PassageHMM{Iterations: -1}).Align(p); err == nil {
		t.Error("a negative setting was accepted")
	}
	// More states than tokens: one state per token.
	f, err := (&PassageHMM{Passages: 1000, Iterations: 3}).Fit(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Passages) != len(p.Book.Words) {
		t.Errorf("got %d states for %d tokens", len(f.Passages), len(p.Book.Words))
	}
}

// TestFinalPassagesDisjoint checks that final passages never overlap. The
// samples are chosen so that the separate modes of the left and right
// boundaries would overlap: state 0's right mode is 12
// while state 1's left mode is 6; so do the pair modes, (0, 12) and (6, 19).
func TestFinalPassagesDisjoint(t *testing.T) {
	rounds := [][2]Interval{
		{{0, 13}, {13, 20}},
		{{0, 13}, {13, 20}},
		{{0, 6}, {6, 20}},
		{{0, 5}, {6, 20}},
		{{0, 9}, {9, 20}},
	}
	b := newBoundarySamples(2, len(rounds))
	for _, r := range rounds {
		b.record([]int{r[0].Start, r[1].Start}, []int{r[0].End, r[1].End})
	}
	left, right := b.histograms()
	r0, _ := right[0].Mode(0)
	l1, _ := left[1].Mode(0)
	if r0 < l1 {
		t.Fatalf("test data: separate modes do not overlap (right of 0 = %d, left of 1 = %d)", r0, l1)
	}
	got := b.finalPassages(20)
	want := []Interval{{0, 13}, {13, 20}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("finalPassages = %v, want %v", got, want)
	}
}

// TestFinalPassagesFeasible checks that clipping keeps every passage
// non-empty and in order, even when the modes crowd the end of the book.
func TestFinalPassagesFeasible(t *testing.T) {
	b := newBoundarySamples(3, 1)
	b.record([]int{8, 9, 9}, []int{10, 10, 10})
	got := b.finalPassages(10)
	want := []Interval{{7, 8}, {8, 9}, {9, 10}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("finalPassages = %v, want %v", got, want)
	}
}

// TestPassageFitDisjoint checks the final passages of a fit on a planted
// pair: disjoint, in order, non-empty.
func TestPassageFitDisjoint(t *testing.T) {
	p, _ := planted{Passages: 10, Size: 200, Vocab: 20, Sentences: 6, Length: 6, Common: 30, Noise: 0.3, Seed: 5}.build(t)
	fit, err := (&PassageHMM{Seed: 3, Iterations: 50}).Fit(p)
	if err != nil {
		t.Fatal(err)
	}
	for s, iv := range fit.Passages {
		if iv.Len() < 1 || s > 0 && iv.Start < fit.Passages[s-1].End {
			t.Fatalf("passage %d = %v after %v", s, iv, fit.Passages[max(0, s-1)])
		}
	}
}

// TestPassageDefaults checks that zero settings mean the documented
// defaults: the zero-valued PassageHMM fits as one with them set.
func TestPassageDefaults(t *testing.T) {
	p, _ := planted{Passages: 5, Size: 80, Vocab: 10, Sentences: 4, Length: 5, Common: 10, Noise: 0.3, Seed: 3}.build(t)
	fit := func(h *PassageHMM) *PassageFit {
		f, err := h.Fit(p)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	zero := fit(&PassageHMM{Seed: 2, Iterations: 40})
	for _, tt := range []struct {
		name string
		h    *PassageHMM
	}{
		{"K = 100", &PassageHMM{Seed: 2, Iterations: 40, Passages: 100}},
		{"μ = 100", &PassageHMM{Seed: 2, Iterations: 40, Prior: 100}},
		{"λ = 0.01", &PassageHMM{Seed: 2, Iterations: 40, JumpPrior: 0.01}},
	} {
		if got := fit(tt.h); !reflect.DeepEqual(got, zero) {
			t.Errorf("%s: the fit differs from the zero settings'", tt.name)
		}
	}
	if got := fit(&PassageHMM{Seed: 2, Iterations: 40, Prior: 20}); reflect.DeepEqual(got, zero) {
		t.Errorf("μ = 20 fits as the zero settings: the test cannot tell priors apart")
	}
}
