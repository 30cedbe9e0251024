package coverage

import (
	"encoding/binary"
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
	if a.Count[7] != 200 || b.Count[7] != 255 {
		t.Errorf("counts %d and %d, want 200 and 255", a.Count[7], b.Count[7])
	}
	a.Merge(&b)
	if a.Count[7] != 255 {
		t.Errorf("merged count %d, want 255", a.Count[7])
	}
	if f := a.Frequent(255); !slices.Equal(f, []uint32{7}) {
		t.Errorf("frequent %v", f)
	}
}

// TestBigramBooksForm pins BigramBooks' binary form: the prefixes in
// increasing order as differences, each followed by its count, whatever
// the map's order; a count of 255 and a prefix past 2^31 included.
func TestBigramBooksForm(t *testing.T) {
	bb := BigramBooks{Count: map[uint32]uint8{300: 5, 1: 255, 1 << 31: 2, 3: 1}}
	want := []byte{bigramBooksFormat, 4, 1, 255, 2, 1, 0xa9, 0x02, 5}
	want = binary.AppendUvarint(want, 1<<31-300)
	want = append(want, 2)
	for range 5 { // map order varies between calls
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
	bb := BigramBooks{Count: make(map[uint32]uint8, 2_000_000)}
	for len(bb.Count) < 2_000_000 {
		bb.Count[r.Uint32()] = uint8(1 + r.IntN(20))
	}
	for b.Loop() {
		if _, err := bb.MarshalBinary(); err != nil {
			b.Fatal(err)
		}
	}
}
