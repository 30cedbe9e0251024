package extract

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
)

// lengthsBook returns a book whose rows have the given lengths and whose
// document sentence of row i is 2i (as if a heading preceded each).
func lengthsBook(lengths ...int32) *classify.Book {
	b := &classify.Book{ID: "b", Start: make([]int32, len(lengths)+1), Length: lengths}
	for i := range lengths {
		b.Sentence = append(b.Sentence, int32(2*i))
	}
	return b
}

func TestExtract(t *testing.T) {
	nan := math.NaN()
	for _, tc := range []struct {
		name    string
		lengths []int32
		scores  []float64
		budget  int
		want    []int // rows
	}{
		{"best first, book order", []int32{3, 3, 3}, []float64{0.1, 0.9, 0.5}, 6, []int{1, 2}},
		{"overflow skipped", []int32{5, 8, 2}, []float64{0.9, 0.8, 0.1}, 7, []int{0, 2}},
		{"exact fit", []int32{4, 6}, []float64{1, 2}, 10, []int{0, 1}},
		{"ties to the earlier row", []int32{1, 1, 1, 1}, []float64{0.5, 0.7, 0.7, 0.7}, 2, []int{1, 2}},
		{"NaN lowest", []int32{1, 1, 1}, []float64{nan, 0.1, -5}, 2, []int{1, 2}},
		{"empty rows never", []int32{0, 2, 0}, []float64{9, 1, 9}, 5, []int{1}},
		{"nothing fits", []int32{5, 6}, []float64{1, 2}, 4, nil},
		{"zero budget", []int32{1}, []float64{1}, 0, nil},
		{"no rows", nil, nil, 10, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := lengthsBook(tc.lengths...)
			got := Top(b, tc.scores, tc.budget)
			var want []int
			for _, r := range tc.want {
				want = append(want, 2*r)
			}
			if !slices.Equal(got, want) {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}

// TestExtractRandom checks, on random books, that a summary never exceeds
// the budget, is in book order, and that every row left out either did not
// fit when its turn came or ranks below the last row that fitted.
func TestExtractRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + rng.IntN(300)
		lengths := make([]int32, n)
		scores := make([]float64, n)
		for i := range n {
			lengths[i] = int32(rng.IntN(60))
			scores[i] = float64(rng.IntN(20)) // many ties
		}
		budget := rng.IntN(1200)
		got := extractRows(lengths, scores, budget)
		total := 0
		for _, r := range got {
			total += int(lengths[r])
		}
		if total > budget || !slices.IsSorted(got) {
			t.Fatalf("trial %d: %d words for budget %d, rows %v", trial, total, budget, got)
		}
		// Replay the greedy walk: a left-out row with words was too long
		// for what was left when its turn came.
		in := map[int]bool{}
		for _, r := range got {
			in[r] = true
		}
		left := budget
		for _, r := range rankRows(scores) {
			l := int(lengths[r])
			switch {
			case in[r]:
				left -= l
			case l > 0 && l <= left:
				t.Fatalf("trial %d: row %d (%d words) left out with %d words left", trial, r, l, left)
			}
		}
	}
}
