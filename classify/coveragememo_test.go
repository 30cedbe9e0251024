package classify

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestRateMemo checks that the remembered rate bins are the bins of the
// formula, for counts seen once and again, colliding in the table, and
// beyond its keys.
func TestRateMemo(t *testing.T) {
	direct := func(n TermCount, own, inSummary bool, p0 float64) int {
		B, S := float64(n.Books), float64(n.Summaries)
		if own {
			B--
			if inSummary {
				S--
			}
		}
		return rateBin(math.Log((max(S, 0) + coveragePrior*p0) / (max(B, 0) + coveragePrior)))
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, p0 := range []float64{0, 1e-4, 0.013, 0.2, 1} {
		m := newRateMemo(p0)
		for range 200000 {
			b := int32(rng.IntN(300))
			n := TermCount{Books: b, Summaries: int32(rng.IntN(int(b) + 2))}
			if rng.IntN(100) == 0 {
				n.Books += 1 << 15
			}
			own, in := rng.IntN(2) == 0, rng.IntN(2) == 0
			if got, want := m.bin(n, own, in), direct(n, own, in, p0); got != want {
				t.Fatalf("p0 %v, %+v own %v in summary %v: bin %d, want %d", p0, n, own, in, got, want)
			}
		}
	}
}

// TestTermCountsOf checks the galloping look-up against a binary search of
// each term, on tables and books of every density.
func TestTermCountsOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, size := range []int{0, 1, 2, 7, 1000, 20000} {
		var table TermTable
		for i := range size {
			table.Terms = append(table.Terms, strconv.Itoa(1000000+3*i))
			table.Counts = append(table.Counts, TermCount{Books: int32(i + 1), Summaries: int32(i % 7)})
		}
		for _, share := range []float64{0, 0.01, 0.3, 1} {
			var terms []string
			for i := range 3*size + 3 {
				if rng.Float64() < share || i == 0 || i == 3*size+2 {
					terms = append(terms, strconv.Itoa(1000000+i-1))
				}
			}
			slices.Sort(terms)
			got := table.countsOf(terms)
			for i, w := range terms {
				var want TermCount
				if k, ok := slices.BinarySearch(table.Terms, w); ok {
					want = table.Counts[k]
				}
				if got[i] != want {
					t.Fatalf("size %d share %v: term %q counts %+v, want %+v", size, share, w, got[i], want)
				}
			}
		}
	}
}

// TestSortByHash checks the radix sort against a comparison sort of the
// indices by (hash, index), with repeated hashes and hashes that differ
// only in their top or bottom bits.
func TestSortByHash(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 2, 3, 255, 256, 257, 5000} {
		hash := make([]uint64, n)
		for i := range hash {
			switch i % 4 {
			case 0:
				hash[i] = rng.Uint64()
			case 1:
				hash[i] = uint64(rng.IntN(4)) << 62
			case 2:
				hash[i] = uint64(rng.IntN(4))
			default:
				hash[i] = hash[rng.IntN(i)]
			}
		}
		want := make([]int32, n)
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortFunc(want, func(a, b int32) int {
			return cmp.Or(cmp.Compare(hash[a], hash[b]), cmp.Compare(a, b))
		})
		if got := sortByHash(hash); !slices.Equal(got, want) {
			t.Fatalf("n %d: order %v, want %v", n, got[:min(n, 10)], want[:min(n, 10)])
		}
	}
}

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
			want := wordStats{df: col.DF[w], summaries: col.Summaries[w], vocab: -1}
			if v, ok := vocab[w]; ok {
				want.vocab = v
			}
			if got != want {
				t.Fatalf("%s, %q: %+v, want %+v", b.ID, w, got, want)
			}
		}
	}
}
