package coverage

import (
	"encoding/binary"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestTermStats checks a small book's term statistics: its terms, its
// distinct in-row bigrams, which of them the summary holds, and that
// KeepBigrams keeps the totals.
func TestTermStats(t *testing.T) {
	terms := termsOf("Scrooge went out; the night was cold. Home went Scrooge.", "Scrooge went home.", "The night was cold.")
	s := NewTermStats(terms, nil)
	if want := []string{"cold", "home", "night", "scrooge", "the", "was", "went"}; !slices.Equal(s.Terms, want) {
		t.Fatalf("terms %q, want %q", s.Terms, want)
	}
	if want := []bool{true, true, true, true, true, true, true}; !slices.Equal(s.InSummary, want) {
		t.Errorf("in summary %v, want %v", s.InSummary, want)
	}
	// Book bigrams: scrooge went, went home, the night, night was, was
	// cold. The summary holds all but "went home" ("home went" is not it).
	pairs := [][2]string{{"scrooge", "went"}, {"went", "home"}, {"the", "night"}, {"night", "was"}, {"was", "cold"}}
	var want []uint64
	in := map[uint64]bool{}
	for _, p := range pairs {
		g := bigramHash(p[0], p[1])
		want = append(want, g)
		in[g] = p != [2]string{"went", "home"}
	}
	slices.Sort(want)
	if !slices.Equal(s.Bigrams, want) {
		t.Fatalf("bigrams %x, want %x", s.Bigrams, want)
	}
	for k, g := range s.Bigrams {
		if s.BigramInSummary[k] != in[g] {
			t.Errorf("bigram %x in summary %v, want %v", g, s.BigramInSummary[k], in[g])
		}
	}
	if s.BigramTypes != 5 || s.BigramTypesInSummary != 4 {
		t.Errorf("totals %d, %d, want 5, 4", s.BigramTypes, s.BigramTypesInSummary)
	}
	var keep []uint32
	for _, p := range [][2]string{{"went", "home"}, {"was", "cold"}, {"x", "y"}} {
		keep = append(keep, bigramPrefix(bigramHash(p[0], p[1])))
	}
	slices.Sort(keep)
	s.KeepBigrams(keep)
	if len(s.Bigrams) != 2 || len(s.BigramInSummary) != 2 || s.BigramTypes != 5 || s.BigramTypesInSummary != 4 {
		t.Errorf("after KeepBigrams: %x %v, totals %d %d", s.Bigrams, s.BigramInSummary, s.BigramTypes, s.BigramTypesInSummary)
	}
	if none := NewTermStats(&Terms{}, nil); none.Terms != nil || none.Bigrams != nil || none.InSummary != nil {
		t.Errorf("a book without terms has term statistics %+v", none)
	}
}

// TestBigramBooks checks that BigramBooks counts books, finds the frequent
// bigrams and survives its binary form.
func TestBigramBooks(t *testing.T) {
	var stats []TermStats
	for _, rows := range [][]string{
		{"Scrooge knew Marley was dead.", "The night was cold."},
		{"Scrooge went home.", "The night was cold."},
		{"Scrooge knew the night was cold."},
	} {
		stats = append(stats, NewTermStats(termsOf("", rows...), nil))
	}
	var bb, bb2 BigramBooks
	bb.Add(stats[0].Bigrams)
	bb2.Add(stats[1].Bigrams)
	bb2.Add(stats[2].Bigrams)
	bb.Merge(&bb2)
	var want []uint32
	for _, p := range [][2]string{{"scrooge", "knew"}, {"the", "night"}, {"night", "was"}, {"was", "cold"}} {
		want = append(want, bigramPrefix(bigramHash(p[0], p[1])))
	}
	slices.Sort(want)
	if f := bb.Frequent(2); !slices.Equal(f, want) {
		t.Errorf("bigrams of two books %x, want %x", f, want)
	}
	data, err := bb.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var bbGot BigramBooks
	if err := bbGot.UnmarshalBinary(data); err != nil || !reflect.DeepEqual(bbGot, bb) {
		t.Errorf("bigram books round trip: %v", err)
	}
}

// TestBigramBooksSaturate checks that a prefix count stops at 255, in Add
// and in Merge, and that two bigrams sharing a prefix count as one.
func TestBigramBooksSaturate(t *testing.T) {
	var a, b BigramBooks
	g, h := uint64(7)<<32|1, uint64(7)<<32|2 // one prefix
	for range 200 {
		a.Add([]uint64{g})
		b.Add([]uint64{g, h})
	}
	if f := a.Frequent(200); !slices.Equal(f, []uint32{7}) || len(a.Frequent(201)) != 0 {
		t.Errorf("200 books: frequent in 200 %v, in 201 %v", f, a.Frequent(201))
	}
	if f := b.Frequent(255); !slices.Equal(f, []uint32{7}) {
		t.Errorf("400 bigrams of one prefix: frequent in 255 %v", f)
	}
	a.Merge(&b)
	if !slices.Equal(a.counted, []uint64{7<<8 | 255}) {
		t.Errorf("merged counts %x, want 7 counted 255", a.counted)
	}
	if f := a.Frequent(255); !slices.Equal(f, []uint32{7}) {
		t.Errorf("frequent %v", f)
	}
}

// TestBigramBooksForm pins BigramBooks' binary form: the prefixes in
// increasing order as differences, each followed by its count, whatever
// the order the books came in; a count of 255 and a prefix past 2^31
// included.
func TestBigramBooksForm(t *testing.T) {
	var bb BigramBooks
	for p, n := range map[uint32]int{300: 5, 1: 300, 1 << 31: 2, 3: 1} {
		for range n {
			bb.Add([]uint64{uint64(p) << 32})
		}
	}
	want := []byte{bigramBooksFormat, 4, 1, 255, 2, 1, 0xa9, 0x02, 5}
	want = binary.AppendUvarint(want, 1<<31-300)
	want = append(want, 2)
	for range 5 { // counted once, then encoded again
		got, err := bb.MarshalBinary()
		if err != nil || !slices.Equal(got, want) {
			t.Fatalf("form %x (%v), want %x", got, err, want)
		}
	}
}

// BenchmarkBigramBooksMarshal encodes a corpus-sized accumulator: the
// lifted combine's partial counts are encoded once a bundle.
func BenchmarkBigramBooksMarshal(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	var bb BigramBooks
	for bb.Len() < 2_000_000 {
		g := make([]uint64, 1_000_000)
		for i := range g {
			g[i] = uint64(r.Uint32()) << 32
		}
		bb.Add(g)
	}
	for b.Loop() {
		if _, err := bb.MarshalBinary(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBigramBooksCounts holds BigramBooks to the counts a map makes (each
// prefix's books, stopping at 255), whatever way the books are split
// between accumulators, whether their prefixes are counted between books
// (Len) or only at the end, and in which order the accumulators merge: the
// frequent prefixes and the binary form are the same.
func TestBigramBooksCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	books := make([][]uint64, 300)
	want := map[uint32]int{}
	for i := range books {
		seen := map[uint64]bool{}
		for range r.IntN(400) {
			g := uint64(r.IntN(600))<<32 | uint64(r.IntN(3)) // prefixes shared within a book too
			if !seen[g] {
				seen[g] = true
				books[i] = append(books[i], g)
				want[bigramPrefix(g)]++
			}
		}
		slices.Sort(books[i])
	}
	var wantForm BigramBooks
	wantForm.counted = []uint64{}
	for _, p := range slices.Sorted(maps.Keys(want)) {
		wantForm.counted = append(wantForm.counted, uint64(p)<<8|uint64(min(want[p], 255)))
	}
	wantData, _ := wantForm.MarshalBinary()
	for _, parts := range []int{1, 2, 7} {
		for _, countEarly := range []bool{false, true} {
			acc := make([]BigramBooks, parts)
			for i, b := range books {
				acc[i%parts].Add(b)
				if countEarly && i%5 == 0 {
					acc[i%parts].Len()
				}
			}
			for i := parts - 1; i > 0; i-- { // the last into the one before
				acc[i-1].Merge(&acc[i])
			}
			got, _ := acc[0].MarshalBinary()
			if !slices.Equal(got, wantData) {
				t.Errorf("%d parts, counted early %v: form differs", parts, countEarly)
			}
			for _, m := range []int{1, 5, 200, 255} {
				var f []uint32
				for _, p := range slices.Sorted(maps.Keys(want)) {
					if min(want[p], 255) >= m {
						f = append(f, p)
					}
				}
				if g := acc[0].Frequent(m); !slices.Equal(g, f) {
					t.Errorf("%d parts, counted early %v: frequent in %d: %d prefixes, want %d", parts, countEarly, m, len(g), len(f))
				}
			}
		}
	}
	var empty, other BigramBooks
	empty.Merge(&other)
	if empty.Len() != 0 || empty.Frequent(1) != nil {
		t.Errorf("empty counts: %d prefixes", empty.Len())
	}
}

// TestBigramShards checks that counting the books' bigrams in shards and
// putting the shards' frequent prefixes together gives the frequent
// prefixes of one count over all, whatever the number of shards and the
// order the shards come in.
func TestBigramShards(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	books := make([][]uint64, 40)
	for i := range books {
		for range 200 + rng.IntN(300) {
			// Few prefixes, so that many reach the threshold; bigrams of one
			// prefix in one book, too.
			books[i] = append(books[i], uint64(rng.IntN(500))<<32|uint64(rng.Uint32()))
		}
	}
	var all BigramBooks
	for _, b := range books {
		all.Add(b)
	}
	want := all.Frequent(MinBigramBooks)
	if len(want) == 0 {
		t.Fatal("no frequent prefix: the test checks nothing")
	}
	for _, n := range []int{1, 2, 7, 64} {
		shards := make([]BigramBooks, n)
		for _, b := range books {
			parts := make([][]uint64, n)
			for _, g := range b {
				k := BigramShard(g, n)
				parts[k] = append(parts[k], g)
			}
			for k := range parts {
				shards[k].Add(parts[k])
			}
		}
		var got []uint32
		for _, k := range rng.Perm(n) {
			got = MergeFrequent(got, shards[k].Frequent(MinBigramBooks))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%d shards: %d frequent prefixes, want %d", n, len(got), len(want))
		}
	}
}

func TestMergeFrequent(t *testing.T) {
	for _, c := range []struct{ a, b, want []uint32 }{
		{nil, nil, []uint32{}},
		{[]uint32{1, 4}, nil, []uint32{1, 4}},
		{nil, []uint32{2}, []uint32{2}},
		{[]uint32{1, 4, 9}, []uint32{2, 4, 10}, []uint32{1, 2, 4, 9, 10}},
	} {
		if got := MergeFrequent(c.a, c.b); !slices.Equal(got, c.want) {
			t.Errorf("MergeFrequent(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
