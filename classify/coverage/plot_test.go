package coverage

import (
	"slices"
	"strings"
	"testing"
)

func TestParsePlot(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Plot
		ok   bool
	}{
		{"", 0, true},
		{"none", 0, true},
		{"names", PlotNames, true},
		{"names,spread,density", PlotNames | PlotSpread | PlotDensity, true},
		{" density , names", PlotNames | PlotDensity, true},
		{"names,names", PlotNames, true},
		{"link", PlotLink, true},
		{"names,spread,density,link", PlotNames | PlotSpread | PlotDensity | PlotLink, true},
		{"link,link", PlotLink, true},
		{"Link", 0, false},
		{"link=0.5", 0, false},
		{"names,", 0, false},
		{"NAMES", 0, false},
		{"none,names", 0, false},
		{"first", 0, false},
		{strings.Repeat("names,", 1e5) + "x", 0, false},
	} {
		got, err := ParsePlot(tc.in)
		if (err == nil) != tc.ok || (tc.ok && got != tc.want) {
			t.Errorf("ParsePlot(%.40q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
		if tc.ok {
			back, err := ParsePlot(got.String())
			if err != nil || back != got {
				t.Errorf("ParsePlot(%q) = %v, %v; want %v", got.String(), back, err, got)
			}
		}
	}
	if (Plot(1 << 4)).Valid() || !PlotLink.Valid() {
		t.Error("Valid: wrong on the link bit")
	}
	if (Plot(1 << 7)).Valid() || !(PlotNames | PlotDensity).Valid() {
		t.Error("Valid: wrong")
	}
	if s := Plot(1<<7 | 1).String(); s != "names,0x80" {
		t.Errorf("String = %q", s)
	}
}

// TestPlotKeys checks the plot fields of a small book's keys: the name
// ranks (by count, capitalised inside a sentence), the tenths each n-gram
// occurs in, the density per 100,000 tokens, and that without Plot the
// keys are the keys without these fields.
func TestPlotKeys(t *testing.T) {
	rows := []string{
		"The sea and Marlow talk.", "Then Marlow and Kurtz sail.", "A dull row of words.", "Another dull row here.",
		"More words to pass the time.", "Still the river runs.", "Marlow sees the river.", "Nothing happens at all here.",
		"The night is long and dark.", "At last Kurtz and Marlow speak.",
	}
	book := termsOf("", rows...)
	stop := []string{"and", "the"}
	train := testBooks(t, 12)
	s := statsOf(train, stop)
	g := NewGrams(book, stop)
	plain, plainBi := BookKeys(s, book, g, nil, false)
	s.Plot = PlotNames | PlotSpread | PlotDensity
	uni, bi := BookKeys(s, book, g, nil, false)
	id := func(w string) int {
		i, ok := slices.BinarySearch(book.Vocab, w)
		if !ok {
			t.Fatalf("no term %q", w)
		}
		return i
	}
	for _, tc := range []struct {
		term                string
		name, spread, dense int
	}{
		// Marlow: 4 of 50 tokens, rank 1, rows 0, 1, 6, 9: four tenths;
		// 4e5/50 = 8000 per 100,000: 1 + floor(log2 8000) = 13.
		{"marlow", 1, 3, 13},
		// Kurtz: rank 2, rows 1 and 9; 2e5/50 = 4000: 12.
		{"kurtz", 2, 2, 12},
		// river: no name, rows 5 and 6.
		{"river", 7, 2, 12},
		{"dull", 7, 2, 12},
		{"sea", 7, 1, 11},
	} {
		k := uni[id(tc.term)]
		if got := [3]int{keyName.get(k), keySpread.get(k), keyDensity.get(k)}; got != [3]int{tc.name, tc.spread, tc.dense} {
			t.Errorf("%s: name, spread, density bins %v, want %v", tc.term, got, [3]int{tc.name, tc.spread, tc.dense})
		}
	}
	for i := range uni {
		if mask := keyName.put(7) | keySpread.put(7) | keyDensity.put(15); uni[i]&^mask != plain[i] {
			t.Errorf("unigram %q: key %x without plot fields is not the plain key %x", book.Vocab[i], uni[i], plain[i])
		}
		if plain[i]&(keyName.put(7)|keySpread.put(7)|keyDensity.put(15)) != 0 {
			t.Errorf("unigram %q: plain key %x has plot fields", book.Vocab[i], plain[i])
		}
	}
	// A bigram takes the better name rank of its terms: "kurtz marlow"
	// (the content bigram of "Kurtz and Marlow") is rank 1.
	x := slices.Index(g.biTerms, [2]int32{int32(id("kurtz")), int32(id("marlow"))})
	if x < 0 {
		t.Fatal("no bigram kurtz marlow")
	}
	if n := keyName.get(bi[x]); n != 1 {
		t.Errorf("kurtz marlow: name bin %d, want 1", n)
	}
	if bi[x]&^(keyName.put(7)|keySpread.put(7)|keyDensity.put(15)) != plainBi[x] {
		t.Error("kurtz marlow: the plot key less its fields is not the plain key")
	}
	// The optional blocks add features only to keys with plot fields.
	if got, want := len(plain[id("marlow")].features(nil)), len(uni[id("marlow")].features(nil))-3; got != want {
		t.Errorf("features: %d without plot, want %d", got, want)
	}
}

func TestPlotBins(t *testing.T) {
	for _, tc := range []struct {
		rank int32
		want int
	}{{0, 7}, {-1, 7}, {1, 1}, {2, 2}, {3, 2}, {4, 3}, {7, 3}, {8, 4}, {16, 5}, {31, 5}, {32, 6}, {1 << 30, 6}} {
		if got := nameBin(tc.rank); got != tc.want {
			t.Errorf("nameBin(%d) = %d, want %d", tc.rank, got, tc.want)
		}
	}
	for _, tc := range []struct {
		mask uint16
		want int
	}{{0, 1}, {1, 1}, {3, 2}, {7, 3}, {0xf, 3}, {0x1f, 4}, {0x7f, 4}, {0xff, 5}, {0x1ff, 5}, {0x3ff, 6}} {
		if got := spreadBin(tc.mask); got != tc.want {
			t.Errorf("spreadBin(%b) = %d, want %d", tc.mask, got, tc.want)
		}
	}
	for _, tc := range []struct {
		count  int32
		tokens int
		want   int
	}{{0, 100, 1}, {1, 0, 1}, {1, 1e5, 1}, {1, 5e4, 2}, {1, 1, 15}, {1 << 30, 1, 15}, {3, 1e5, 2}, {4, 1e5, 3}} {
		if got := densityBin(tc.count, tc.tokens); got != tc.want {
			t.Errorf("densityBin(%d, %d) = %d, want %d", tc.count, tc.tokens, got, tc.want)
		}
	}
}
