package classify

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// TestBigramHash checks that a book's bigram hashes are BigramHash of the
// terms, computed from each first term's state.
func TestBigramHash(t *testing.T) {
	vocab := []string{"", "a", "ab", "b", "scrooge"}
	h := newBigramHasher(vocab)
	seen := map[uint64]bool{}
	for i, a := range vocab {
		for j, b := range vocab {
			g := h.hash(int32(i), int32(j))
			if want := BigramHash(a, b); g != want {
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

// TestTermStats checks a small book's term statistics: its terms, its
// distinct in-row bigrams, which of them the summary holds, and that
// KeepBigrams keeps the totals.
func TestTermStats(t *testing.T) {
	_, b := parseBook(t, "home", home) // "Scrooge went home. The night was cold."
	b.SetReference("Scrooge went out; the night was cold. Home went Scrooge.")
	s := b.TermStats(nil)
	full, words := b.Stats(), b.WordStats()
	if !reflect.DeepEqual(full.Terms, s) || words.Terms.Terms != nil {
		t.Error("Stats does not hold TermStats, or WordStats holds terms")
	}
	full.Terms = TermStats{}
	if !reflect.DeepEqual(full, words) {
		t.Errorf("WordStats %+v, Stats without terms %+v", words, full)
	}
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
		g := BigramHash(p[0], p[1])
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
		keep = append(keep, bigramPrefix(BigramHash(p[0], p[1])))
	}
	slices.Sort(keep)
	s.KeepBigrams(keep)
	if len(s.Bigrams) != 2 || len(s.BigramInSummary) != 2 || s.BigramTypes != 5 || s.BigramTypesInSummary != 4 {
		t.Errorf("after KeepBigrams: %x %v, totals %d %d", s.Bigrams, s.BigramInSummary, s.BigramTypes, s.BigramTypesInSummary)
	}
	if none := (&Book{}).TermStats(nil); none.Terms != nil || none.Bigrams != nil || none.InSummary != nil {
		t.Errorf("a book without terms has term statistics %+v", none)
	}
}

// TestTermCounts checks that term counts add up the same in any order and
// survive the binary forms of Stats and Counts, and that BigramBooks
// counts books and finds the frequent bigrams.
func TestTermCounts(t *testing.T) {
	_, carolBook := parseBook(t, "carol", carol)
	_, homeBook := parseBook(t, "home", home)
	_, knewBook := parseBook(t, "knew", "Scrooge knew the night was cold.\n")
	carolBook.SetReference("Scrooge knew Marley was dead.")
	knewBook.SetReference("The night was cold.")
	stats := []*Stats{carolBook.Stats(), homeBook.Stats(), knewBook.Stats()}
	var ab, ba, merged Counts
	for _, s := range stats {
		if err := ab.Add(s); err != nil {
			t.Fatal(err)
		}
	}
	for i := range stats {
		if err := ba.Add(stats[len(stats)-1-i]); err != nil {
			t.Fatal(err)
		}
	}
	var one, two Counts
	one.Add(stats[0])
	two.Add(stats[1])
	two.Add(stats[2])
	merged = one
	if err := merged.Merge(&two); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Counts{&ba, &merged} {
		if !reflect.DeepEqual(c.Terms, ab.Terms) {
			t.Errorf("term counts depend on the order:\n%+v\n%+v", c.Terms, ab.Terms)
		}
	}
	if got := ab.Terms.Terms["scrooge"]; got != (TermCount{Books: 3, Summaries: 1}) {
		t.Errorf("scrooge counted %+v, want 3 books, 1 summary", got)
	}
	if got := ab.Terms.Bigrams[BigramHash("the", "night")]; got != (TermCount{Books: 2, Summaries: 1}) {
		t.Errorf("\"the night\" counted %+v, want 2 books, 1 summary", got)
	}
	// Binary forms.
	for _, s := range stats {
		data, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got Stats
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Terms, s.Terms) {
			t.Errorf("%s: term stats round trip\n got %+v\nwant %+v", s.ID, got.Terms, s.Terms)
		}
		for cut := range len(data) {
			if err := new(Stats).UnmarshalBinary(data[:cut]); !errors.Is(err, ErrBookEncoding) {
				t.Errorf("%s cut to %d bytes: error %v", s.ID, cut, err)
			}
		}
	}
	data, err := ab.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got Counts
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Terms, ab.Terms) {
		t.Errorf("term counts round trip\n got %+v\nwant %+v", got.Terms, ab.Terms)
	}
	// BigramBooks.
	var bb, bb2 BigramBooks
	bb.Add(stats[0].Terms.Bigrams)
	bb2.Add(stats[1].Terms.Bigrams)
	bb2.Add(stats[2].Terms.Bigrams)
	bb.Merge(&bb2)
	var want []uint32
	for _, p := range [][2]string{{"scrooge", "knew"}, {"the", "night"}, {"night", "was"}, {"was", "cold"}} {
		want = append(want, bigramPrefix(BigramHash(p[0], p[1])))
	}
	slices.Sort(want)
	if f := bb.Frequent(2); !slices.Equal(f, want) {
		t.Errorf("bigrams of two books %x, want %x", f, want)
	}
	data, err = bb.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var bbGot BigramBooks
	if err := bbGot.UnmarshalBinary(data); err != nil || !reflect.DeepEqual(bbGot, bb) {
		t.Errorf("bigram books round trip: %v", err)
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
