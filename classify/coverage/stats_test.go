package coverage

import (
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
		return rateBin(math.Log((max(S, 0) + prior*p0) / (max(B, 0) + prior)))
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

// TestBigramsOf checks the look-up of a book's bigrams in the statistics,
// walked in the order of their hashes, against a binary search of each:
// found, not found, keys before, between and after the table's, and a
// bucket holding several keys.
func TestBigramsOf(t *testing.T) {
	books := testBooks(t, 12)
	s := statsOf(books, nil)
	for i, b := range books {
		g := NewGrams(b, nil)
		counts, found := s.bigramsOf(g)
		hits := 0
		for x, h := range g.biHash {
			i, ok := slices.BinarySearch(s.Bigrams.Keys, h)
			if ok != found[x] || ok && counts[x] != s.Bigrams.Counts[i] || !ok && counts[x] != (TermCount{}) {
				t.Fatalf("book %d: bigram %d (hash %x): found %v %v, want %v", i, x, h, found[x], counts[x], ok)
			}
			hits += btoi(ok)
		}
		if hits == 0 || hits == len(g.biHash) {
			t.Errorf("book %d: %d of %d bigrams found: the test wants both kinds", i, hits, len(g.biHash))
		}
	}
	// Hand-made keys: two in one bucket, and hashes around them.
	top := func(b uint64) uint64 { return b << (64 - bigramBits) }
	st := &Stats{Bigrams: BigramTable{
		Keys:   []uint64{top(1) + 5, top(1) + 9, top(7)},
		Counts: []TermCount{{Books: 1}, {Books: 2}, {Books: 3}},
	}}
	g := &Grams{biHash: []uint64{top(7), top(1) + 9, 0, top(1) + 6, top(1) + 5, top(9)}}
	g.byHash = []int32{2, 4, 3, 1, 0, 5}
	counts, found := st.bigramsOf(g)
	want := []int32{3, 2, 0, 0, 1, 0}
	for x := range want {
		if counts[x].Books != want[x] || found[x] != (want[x] > 0) {
			t.Errorf("hash %x: %v %v, want books %d", g.biHash[x], counts[x], found[x], want[x])
		}
	}
}
