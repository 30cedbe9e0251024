package extract

import (
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

func TestNameScores(t *testing.T) {
	// "Scrooge" (non-initial twice), "Marley" and "Bob" and "Cratchit" (once)
	// are the names; "I" is never one. Row 1 holds Scrooge twice, Bob and
	// Cratchit: 4. Row 3 holds Marley and Scrooge: 2.
	raw := classifytest.Carol + "\nThen I saw Scrooge and I wept.\n"
	_, b := classifytest.Parse(t, "carol", raw)
	for _, tc := range []struct {
		n    int
		want []float64
	}{
		{0, []float64{1, 4, 0, 2, 1}},
		{1, []float64{0, 2, 0, 1, 1}}, // scrooge only
		{2, []float64{0, 3, 0, 1, 1}}, // scrooge, then bob first of the names seen once
	} {
		if got := NameScores(b, tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("NameScores(%d) = %v, want %v", tc.n, got, tc.want)
		}
	}
	// Budget 13: row 1 (10 words), then row 3 (3 words); row 0 no longer fits.
	if got, want := Names(b, 13), []int{2, 5}; !slices.Equal(got, want) {
		t.Errorf("Names = %v, want %v", got, want)
	}
}

func TestRandom(t *testing.T) {
	raw := strings.Repeat("The cat sat on the mat. A dog ran off. ", 100)
	_, b := classifytest.Parse(t, "mats", raw)
	_, other := classifytest.Parse(t, "mats-2", raw)
	a1, a2 := Random(b, 7, 50), Random(b, 7, 50)
	if !slices.Equal(a1, a2) {
		t.Errorf("same seed and book, different summaries: %v %v", a1, a2)
	}
	if slices.Equal(a1, Random(b, 8, 50)) {
		t.Errorf("seeds 7 and 8 give the same summary %v", a1)
	}
	if slices.Equal(a1, Random(other, 7, 50)) {
		t.Errorf("books of different ids give the same summary %v", a1)
	}
	words := 0
	for _, s := range a1 {
		r := slices.Index(b.Sentence, int32(s))
		if r < 0 {
			t.Fatalf("sentence %d is not a row", s)
		}
		words += int(b.Length[r])
	}
	if words > 50 || words < 45 || !slices.IsSorted(a1) {
		t.Errorf("summary %v of %d words for a budget of 50", a1, words)
	}
}
