package classify

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestExtractSpreadZero checks that the zero Spread is the paper's rule.
func TestExtractSpreadZero(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 200 {
		n := 1 + rng.IntN(60)
		lengths := make([]int32, n)
		scores := make([]float64, n)
		for i := range n {
			lengths[i], scores[i] = int32(rng.IntN(30)), float64(rng.IntN(5))
		}
		b := lengthsBook(lengths...)
		budget := rng.IntN(200)
		if got, want := b.ExtractSpread(scores, budget, Spread{}), b.Extract(scores, budget); !slices.Equal(got, want) {
			t.Fatalf("lengths %v scores %v budget %d: %v, want %v", lengths, scores, budget, got, want)
		}
	}
}

func TestExtractSpreadQuota(t *testing.T) {
	// Ten rows of 10 words; the best scores are all in the first half.
	b := lengthsBook(10, 10, 10, 10, 10, 10, 10, 10, 10, 10)
	scores := []float64{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
	for _, tc := range []struct {
		name   string
		quota  []float64
		budget int
		want   []int // rows
	}{
		{"no quota", nil, 40, []int{0, 1, 2, 3}},
		{"halves", []float64{0.5, 0.5}, 40, []int{0, 1, 5, 6}},
		// Part 0 may overrun its share by the one row that starts while
		// some of the share is left.
		{"overrun by one row", []float64{0.3, 0.7}, 40, []int{0, 1, 5, 6}},
		{"empty part gets nothing in the first pass", []float64{0, 1}, 30, []int{5, 6, 7}},
		// The second pass fills what the quotas leave by score.
		// Parts of rows 0-2, 3-4, 5-7, 8-9; part 3 cannot use its share.
		{"fill", []float64{0.1, 0.1, 0.1, 0.7}, 60, []int{0, 1, 3, 5, 8, 9}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := b.ExtractSpread(scores, tc.budget, Spread{Quota: tc.quota})
			want := make([]int, len(tc.want))
			for i, r := range tc.want {
				want[i] = 2 * r
			}
			if !slices.Equal(got, want) {
				t.Errorf("got sentences %v, want %v", got, want)
			}
		})
	}
}

func TestExtractSpreadRedundancy(t *testing.T) {
	// Rows 0 and 1 say the same thing; row 2 is a little less likely and
	// says something else.
	_, b := parseBook(t, "r", "Marley was dead as a door nail. Marley was dead as a door nail indeed. Scrooge signed the register of his burial.")
	scores := []float64{3, 2.9, 2.5}
	budget := int(b.Length[0] + b.Length[1])
	if got := b.ExtractSpread(scores, budget, Spread{}); !slices.Equal(got, []int{0, 1}) {
		t.Fatalf("without redundancy: %v", got)
	}
	for _, tc := range []struct {
		r    float64
		want []int
	}{{0.1, []int{0, 1}}, {1, []int{0, 2}}, {5, []int{0, 2}}} {
		if got := b.ExtractSpread(scores, budget, Spread{Redundancy: tc.r}); !slices.Equal(got, tc.want) {
			t.Errorf("redundancy %v: %v, want %v", tc.r, got, tc.want)
		}
	}
}

func TestCosine(t *testing.T) {
	for _, tc := range []struct {
		a, b []int32
		want float64
	}{
		{nil, []int32{1}, 0},
		{[]int32{1, 2}, []int32{1, 2}, 1},
		{[]int32{1, 2}, []int32{3, 4}, 0},
		{[]int32{1, 2, 3, 4}, []int32{2}, 0.5},
	} {
		if got := cosine(tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("cosine(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

func TestLearnQuota(t *testing.T) {
	book := func(labels ...bool) *Features {
		f := &Features{Start: make([]int32, len(labels)+1), Length: make([]int32, len(labels)), Label: labels}
		for i := range f.Length {
			f.Length[i] = 10
		}
		return f
	}
	for _, tc := range []struct {
		name     string
		books    []*Features
		segments int
		want     []float64
	}{
		{"all in the first half", []*Features{book(true, true, false, false)}, 2, []float64{0.95, 0.05}},
		{"books weigh alike", []*Features{book(true, false, false, false), book(false, false, false, false, true, true, true, true)}, 2,
			[]float64{0.9*0.5 + 0.05, 0.9*0.5 + 0.05}},
		{"no labels: uniform", []*Features{book(false, false)}, 4, []float64{0.25, 0.25, 0.25, 0.25}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := LearnQuota(tc.books, tc.segments)
			if err != nil {
				t.Fatal(err)
			}
			var sum float64
			for i := range got {
				sum += got[i]
				if math.Abs(got[i]-tc.want[i]) > 1e-12 {
					t.Errorf("got %v, want %v", got, tc.want)
					break
				}
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("shares sum to %v", sum)
			}
		})
	}
	if _, err := LearnQuota(nil, 0); err == nil {
		t.Error("0 segments: no error")
	}
}

// TestModelSpread trains a model with Segments and Redundancy: it learns a
// quota, saves and loads it, and summarizes with it.
func TestModelSpread(t *testing.T) {
	_, a := parseBook(t, "carol", carol)
	_, b := parseBook(t, "home", home)
	c, err := NewCollection([]*Stats{a.Stats(), b.Stats()}, Settings{Vocabulary: 5, Names: 3, Segments: 2, Redundancy: 1})
	if err != nil {
		t.Fatal(err)
	}
	fa, fb := c.Featurize(a), c.Featurize(b)
	fa.Label, fb.Label = a.Labels([]int{2}), b.Labels([]int{0})
	m, err := (&Trainer{Lambda: 0.01}).Train(c, []*Features{fa, fb})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Quota) != 2 || math.Abs(m.Quota[0]-0.95) > 1e-12 || math.Abs(m.Quota[1]-0.05) > 1e-12 {
		t.Fatalf("Quota = %v, want [0.95 0.05]", m.Quota)
	}
	sp := m.Spread()
	if !slices.Equal(sp.Quota, m.Quota) || sp.Redundancy != 1 {
		t.Errorf("Spread = %+v", sp)
	}
	if got, want := m.Summarize(a, 10), a.ExtractSpread(m.Scores(a), 10, sp); !slices.Equal(got, want) {
		t.Errorf("Summarize = %v, ExtractSpread = %v", got, want)
	}
	var buf bytes.Buffer
	m.WriteJSON(&buf)
	got, err := ReadModel(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Quota, m.Quota) {
		t.Errorf("loaded quota %v", got.Quota)
	}
	for _, bad := range []string{
		strings.Replace(buf.String(), `"segments": 2`, `"segments": 3`, 1),
		strings.Replace(buf.String(), `"redundancy": 1`, `"redundancy": -1`, 1),
		strings.Replace(buf.String(), "0.95", "1.95", 1),
	} {
		if _, err := ReadModel(strings.NewReader(bad)); err == nil {
			t.Errorf("bad model read without error")
		}
	}
	if _, err := NewCollection([]*Stats{a.Stats()}, Settings{Segments: -1}); err == nil {
		t.Error("negative segments: no error")
	}
}
