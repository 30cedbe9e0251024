package tables

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestUnionPlaces checks Union, UnionAll, Subset and Places on tables that
// overlap, nest, are empty or disjoint.
func TestUnionPlaces(t *testing.T) {
	for _, tc := range []struct {
		name     string
		a, b     []string
		union    []string
		aIn, bIn []int32
	}{
		{"overlap", []string{"b", "d", "f"}, []string{"a", "d", "g"}, []string{"a", "b", "d", "f", "g"}, []int32{-1, 0, 1, 2, -1}, []int32{0, -1, 1, -1, 2}},
		{"b inside a", []string{"a", "b", "c"}, []string{"b"}, []string{"a", "b", "c"}, []int32{0, 1, 2}, []int32{-1, 0, -1}},
		{"a inside b", []string{"b"}, []string{"a", "b", "c"}, []string{"a", "b", "c"}, []int32{-1, 0, -1}, []int32{0, 1, 2}},
		{"a empty", nil, []string{"x"}, []string{"x"}, []int32{-1}, []int32{0}},
		{"both empty", nil, nil, nil, []int32{}, []int32{}},
		{"disjoint", []string{"c", "d"}, []string{"a", "b"}, []string{"a", "b", "c", "d"}, []int32{-1, -1, 0, 1}, []int32{0, 1, -1, -1}},
	} {
		u := Union(tc.a, tc.b)
		if !slices.Equal(u, tc.union) {
			t.Errorf("%s: union %q, want %q", tc.name, u, tc.union)
		}
		if got := placesIn(u, tc.a); !slices.Equal(got, tc.aIn) {
			t.Errorf("%s: places of the union in a %v, want %v", tc.name, got, tc.aIn)
		}
		if got := placesIn(u, tc.b); !slices.Equal(got, tc.bIn) {
			t.Errorf("%s: places of the union in b %v, want %v", tc.name, got, tc.bIn)
		}
		if all := UnionAll([][]string{tc.a, tc.b}); !slices.Equal(all, tc.union) {
			t.Errorf("%s: union of all %q, want %q", tc.name, all, tc.union)
		}
		// Places is the inverse look-up: each key of a found in the union.
		for i, at := range Places(u, tc.a) {
			if at < 0 || u[at] != tc.a[i] {
				t.Errorf("%s: %q placed at %d of the union", tc.name, tc.a[i], at)
			}
		}
	}
	if got := Places([]uint64{2, 4, 8, 16}, []uint64{1, 4, 5, 16, 17}); !slices.Equal(got, []int32{-1, 1, -1, 3, -1}) {
		t.Errorf("places of numbers %v", got)
	}
}

// placesIn returns the place in keys of each key of union through a Subset.
func placesIn(union, keys []string) []int32 {
	s := NewSubset(union, keys)
	out := make([]int32, len(union))
	for u := range union {
		out[u] = s.Place(int32(u))
	}
	return out
}

// TestSubsetLarge checks Subset's ranks across many 64-key words: every
// third key of 1,000 held.
func TestSubsetLarge(t *testing.T) {
	var union, keys []uint64
	for k := range uint64(1000) {
		union = append(union, 2*k)
		if k%3 == 0 {
			keys = append(keys, 2*k)
		}
	}
	s := NewSubset(union, keys)
	for u := range union {
		want := int32(-1)
		if u%3 == 0 {
			want = int32(u / 3)
		}
		if got := s.Place(int32(u)); got != want {
			t.Fatalf("key %d placed at %d, want %d", u, got, want)
		}
	}
	if all := UnionAll([][]uint64{keys, union}); &all[0] != &union[0] {
		t.Error("the union of a table and its subset is a copy")
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
			if got := TopRanks(n, k, func(i int) float64 { return scores[i] }); !slices.Equal(got, want) {
				t.Fatalf("n %d k %d: ranks differ", n, k)
			}
		}
	}
}
