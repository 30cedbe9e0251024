package coverage

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestCellTable checks the grouping of keys into cells against a map's,
// for no keys, one, keys that collide in the hash's slots (they differ
// only in high bits), and more distinct keys than the first table holds.
func TestCellTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 1))
	for _, tc := range []struct {
		name     string
		n        int
		distinct func() Key
	}{
		{"none", 0, nil},
		{"one", 1, func() Key { return 0 }},
		{"high bits", 5000, func() Key { return Key(rng.IntN(64)) << 24 }},
		{"many", 50000, func() Key { return Key(rng.Uint32()) & keyBits }},
		{"few, many times", 100000, func() Key { return bigramFlag | Key(rng.IntN(300)) }},
	} {
		var c cellTable
		want := map[uint32][2]int32{}
		for range tc.n {
			k, hits := tc.distinct(), int32(rng.IntN(3))
			c.add(k, hits)
			v := want[uint32(k)]
			want[uint32(k)] = [2]int32{v[0] + 1, v[1] + hits}
		}
		got := c.cells()
		if !slices.IsSorted(got.Keys) || len(got.Keys) != len(want) {
			t.Fatalf("%s: %d keys (sorted %v), want %d", tc.name, len(got.Keys), slices.IsSorted(got.Keys), len(want))
		}
		for i, k := range got.Keys {
			if w := want[k]; got.NGrams[i] != w[0] || got.Hits[i] != w[1] {
				t.Fatalf("%s: key %#x: %d n-grams, %d hits, want %v", tc.name, k, got.NGrams[i], got.Hits[i], w)
			}
		}
	}
}

// TestBookKeysShareGrams checks that the keys of books whose n-grams are
// counted once and keyed under several training sets, plots and
// self marks (Grams.keys made once, for the first plot) are those of
// n-grams counted afresh for each.
func TestBookKeysShareGrams(t *testing.T) {
	books := testBooks(t, 8)
	stop := []string{"a", "the"}
	plotted := statsOf(books[2:], stop)
	plotted.Plot = plotAll
	sets := []*Stats{statsOf(books[1:], stop), statsOf(books[2:], stop), plotted}
	for _, b := range books[:3] {
		shared := NewGrams(b, stop)
		for _, s := range sets {
			for _, self := range []bool{false, true} {
				uni, bi := BookKeys(s, b, shared, nil, self)
				wantUni, wantBi := BookKeys(s, b, NewGrams(b, stop), nil, self)
				if !slices.Equal(uni, wantUni) || !slices.Equal(bi, wantBi) {
					t.Fatalf("plot %v, self %v: keys differ from fresh n-grams'", s.Plot, self)
				}
				got, want := NewCells(s, b, shared, nil, self), NewCells(s, b, NewGrams(b, stop), nil, self)
				if !slices.Equal(got.Keys, want.Keys) || !slices.Equal(got.NGrams, want.NGrams) || !slices.Equal(got.Hits, want.Hits) {
					t.Fatalf("plot %v, self %v: cells differ from fresh n-grams'", s.Plot, self)
				}
			}
		}
	}
}

// TestOpenTable checks the table's values and look-ups against a map's,
// keys absent, added twice and past several growths, 0 among them.
func TestOpenTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	var tab openTable[int]
	if _, ok := tab.get(3); ok {
		t.Fatal("the empty table holds a key")
	}
	tab.reserve(5000)
	if len(tab.keys) < 10000 {
		t.Fatalf("room for 5,000 keys: %d slots", len(tab.keys))
	}
	want := map[uint64]int{}
	for i := range 20000 {
		k := rng.Uint64N(30000) << uint(rng.IntN(30))
		v, added := tab.at(k)
		if _, had := want[k]; had == added {
			t.Fatalf("key %d: added %v, held before %v", k, added, had)
		}
		*v += i
		want[k] += i
	}
	if tab.n != len(want) {
		t.Fatalf("%d keys, want %d", tab.n, len(want))
	}
	for k, w := range want {
		if v, ok := tab.get(k); !ok || v != w {
			t.Fatalf("key %d: %d %v, want %d", k, v, ok, w)
		}
	}
	for range 1000 {
		k := rng.Uint64() | 1<<62
		if _, ok := tab.get(k); ok != (want[k] != 0) {
			t.Fatalf("key %d absent, found", k)
		}
	}
}
