package classify

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/text"
)

// TestTopRanks checks the ranks against a full sort of the candidates, with
// ties, zero scores and k below, at and above their number.
func TestTopRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{0, 1, 2, 5, 50, 3000} {
		scores := make([]float64, n)
		for i := range scores {
			scores[i] = float64(rng.IntN(40)) // many ties, some zeros
		}
		var cand []int
		for i, s := range scores {
			if s > 0 {
				cand = append(cand, i)
			}
		}
		slices.SortStableFunc(cand, func(a, b int) int { return cmp.Compare(scores[b], scores[a]) })
		for _, k := range []int{0, 1, 3, 100, 1000, 5000} {
			want := make([]int32, n)
			for i := range want {
				want[i] = -1
			}
			for r, i := range cand[:min(k, len(cand))] {
				want[i] = int32(r)
			}
			if got := topRanks(n, k, func(i int) float64 { return scores[i] }); !slices.Equal(got, want) {
				t.Fatalf("n %d k %d: ranks differ", n, k)
			}
		}
	}
}

// TestStatsOf checks the galloping look-up of a book's words against the
// collection's maps, for training books and one the collection does not
// hold, with a vocabulary smaller than the words.
func TestStatsOf(t *testing.T) {
	books := coverageBooks(t, 6)
	col := collectionOf(t, books[:4], Settings{Events: true, Vocabulary: 50})
	vocab := map[string]int32{}
	for i, w := range col.Vocabulary {
		vocab[w] = int32(i)
	}
	for _, b := range books {
		for k, got := range col.statsOf(b.Words) {
			w := b.Words[k]
			want := wordStats{df: col.DF[w], summaries: col.Summaries[w], vocab: -1, stop: text.IsStopword(w)}
			if v, ok := vocab[w]; ok {
				want.vocab = v
			}
			if got != want {
				t.Fatalf("%s, %q: %+v, want %+v", b.ID, w, got, want)
			}
		}
	}
}
