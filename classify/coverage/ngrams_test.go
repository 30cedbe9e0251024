package coverage

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBigramHash checks that a book's bigram hashes are the plain FNV-1a hash of the
// terms (bigramHash), computed from each first term's state.
func TestBigramHash(t *testing.T) {
	vocab := []string{"", "a", "ab", "b", "scrooge"}
	h := newBigramHasher(vocab)
	seen := map[uint64]bool{}
	for i, a := range vocab {
		for j, b := range vocab {
			g := h.hash(int32(i), int32(j))
			if want := bigramHash(a, b); g != want {
				t.Errorf("hash(%q, %q) = %x, want %x", a, b, g, want)
			}
			seen[g] = true
		}
	}
	// "a"+"b" and "ab"+"" must differ: the zero byte separates them.
	if len(seen) != len(vocab)*len(vocab) {
		t.Errorf("%d distinct hashes of %d bigrams", len(seen), len(vocab)*len(vocab))
	}
}

// TestEachBigram checks the bigrams the coverage model counts: the
// consecutive tokens without stopwords; with them, the consecutive tokens
// one of which is a stopword and the content tokens made consecutive by
// taking the stopwords out (ROUGE -s), a token outside the vocabulary (-1)
// in none and parting the content tokens.
func TestEachBigram(t *testing.T) {
	stop := []bool{false, false, true, true} // terms 2 and 3 are stopwords
	for _, tc := range []struct {
		name string
		seq  []int32
		stop []bool
		want [][2]int
	}{
		{"plain", []int32{0, 2, 1}, nil, [][2]int{{0, 1}, {1, 2}}},
		{"plain gap", []int32{0, -1, 1, 0}, nil, [][2]int{{2, 3}}},
		{"content pair", []int32{0, 1}, stop, [][2]int{{0, 1}}},
		{"skip", []int32{0, 2, 3, 1}, stop, [][2]int{{0, 1}, {1, 2}, {2, 3}, {0, 3}}},
		{"stopwords only", []int32{2, 3, 2}, stop, [][2]int{{0, 1}, {1, 2}}},
		{"gap parts content", []int32{0, 2, -1, 3, 1}, stop, [][2]int{{0, 1}, {3, 4}}},
		{"empty", nil, stop, nil},
	} {
		var got [][2]int
		eachBigram(tc.seq, tc.stop, func(x, y int) { got = append(got, [2]int{x, y}) })
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
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
