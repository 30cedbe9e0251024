package features

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/classify/internal/tables"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

func TestCollection(t *testing.T) {
	_, a := classifytest.Parse(t, "carol", classifytest.Carol)
	_, b := classifytest.Parse(t, "home", classifytest.Home)
	for _, tc := range []struct {
		name string
		set  Settings
		want []string
	}{
		{"paper", Settings{Vocabulary: 3}, []string{"scrooge", "marley", "night"}},
		{"default size", Settings{}, []string{"scrooge", "marley", "night", "bob", "came", "cold",
			"cratchit", "cried", "dead", "ghost", "home", "knew", "old", "said", "went"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := NewCollection(tc.set, nil, a.Stats(), b.Stats())
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(c.Vocabulary, tc.want) {
				t.Errorf("Vocabulary = %v, want %v", c.Vocabulary, tc.want)
			}
		})
	}
}

func TestCountsOrder(t *testing.T) {
	_, a := classifytest.Parse(t, "carol", classifytest.Carol)
	_, b := classifytest.Parse(t, "home", classifytest.Home)
	var ab, ba, merged, other Counts
	ab.Add(a.Stats())
	ab.Add(b.Stats())
	ba.Add(b.Stats())
	ba.Add(a.Stats())
	merged.Add(b.Stats())
	other.Add(a.Stats())
	if err := merged.Merge(&other); err != nil {
		t.Fatal(err)
	}
	var cols []string
	for _, c := range []*Counts{&ab, &ba, &merged} {
		col, err := c.Collection(Settings{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		js, err := json.Marshal(col)
		if err != nil {
			t.Fatal(err)
		}
		cols = append(cols, string(js))
	}
	if cols[0] != cols[1] || cols[0] != cols[2] {
		t.Errorf("collections differ by order of counting:\n%s\n%s\n%s", cols[0], cols[1], cols[2])
	}
	if err := merged.Merge(&other); !errors.Is(err, ErrDuplicateBook) {
		t.Errorf("merging a book twice: %v, want ErrDuplicateBook", err)
	}
	if err := ab.Add(a.Stats()); !errors.Is(err, ErrDuplicateBook) {
		t.Errorf("adding a book twice: %v, want ErrDuplicateBook", err)
	}
	if _, err := (&Counts{}).Collection(Settings{}, nil); !errors.Is(err, ErrNoBooks) {
		t.Errorf("empty counts: %v, want ErrNoBooks", err)
	}
}

func TestIDF(t *testing.T) {
	_, a := classifytest.Parse(t, "carol", classifytest.Carol)
	_, b := classifytest.Parse(t, "home", classifytest.Home)
	c, _ := NewCollection(Settings{}, nil, a.Stats(), b.Stats())
	for _, tc := range []struct {
		word string
		self bool
		want float64
	}{
		{"scrooge", false, math.Log(3.0 / 3)},
		{"marley", false, math.Log(3.0 / 2)},
		{"unseen", false, math.Log(3.0 / 1)},
		{"scrooge", true, math.Log(2.0 / 2)},
		{"marley", true, math.Log(2.0 / 1)}, // only in the book itself
	} {
		if got := c.IDF(tc.word, tc.self); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("IDF(%q, %v) = %v, want %v", tc.word, tc.self, got, tc.want)
		}
	}
}

// TestFeaturize checks every feature of the rows of carol, worked out by
// hand in the comments.
func TestFeaturize(t *testing.T) {
	_, a := classifytest.Parse(t, "carol", classifytest.Carol)
	_, b := classifytest.Parse(t, "home", classifytest.Home)
	c, _ := NewCollection(Settings{Vocabulary: 3, Names: 2}, nil, a.Stats(), b.Stats())
	// Layout: DECILE_0-9 0-9, IS_NAME 10, name_rank=1,2 11-12, TF-IDF<10,
	// <100, <1000 13-15, word= 16-18 and first= 19-21 of scrooge, marley,
	// night.
	names := c.FeatureNames()
	if len(names) != 22 || names[10] != "IS_NAME" || names[12] != "name_rank=2" ||
		names[13] != "TF-IDF<10" || names[17] != "word=marley" || names[21] != "first=night" {
		t.Fatalf("FeatureNames = %v", names)
	}
	// carol is a training book, so its idf is against home alone: 0 for
	// scrooge and night, log 2 for the rest. The salient names are bob and
	// cratchit (name tf 1 each, first in byte order among equals with
	// marley); scrooge has idf 0. Every row holds one of the top 10 TF-IDF
	// words.
	f := c.Featurize(a)
	want := [][]int32{
		{0, 13, 14, 15, 17, 20},             // Old Marley was dead.
		{2, 10, 11, 12, 13, 14, 15, 16, 19}, // Scrooge knew it, and Scrooge said so to Bob Cratchit.
		{5, 13, 14, 15, 18, 21},             // The ghost came at night.
		{7, 13, 14, 15, 16, 17},             // "Marley!" cried Scrooge.
	}
	if f.Rows() != len(want) {
		t.Fatalf("%d rows, want %d", f.Rows(), len(want))
	}
	for i, w := range want {
		if got := f.Row(i); !slices.Equal(got, w) {
			t.Errorf("row %d: got %v, want %v", i, got, w)
		}
	}
	if !slices.Equal(f.Length, a.Length) {
		t.Errorf("Length = %v, want %v", f.Length, a.Length)
	}
}

// TestFeaturizeCounts checks the count features of Settings.Counts, which
// follow all others.
func TestFeaturizeCounts(t *testing.T) {
	_, a := classifytest.Parse(t, "carol", classifytest.Carol)
	_, b := classifytest.Parse(t, "home", classifytest.Home)
	c, _ := NewCollection(Settings{Vocabulary: 3, Names: 2, Counts: true}, nil, a.Stats(), b.Stats())
	// As in TestFeaturize, then NAMES>=2,3,5,8 22-25 and LENGTH>=10,20,40,80
	// 26-29.
	names := c.FeatureNames()
	if len(names) != 30 || c.Dim() != 30 || names[21] != "first=night" || names[22] != "NAMES>=2" ||
		names[25] != "NAMES>=8" || names[26] != "LENGTH>=10" || names[29] != "LENGTH>=80" {
		t.Fatalf("FeatureNames = %v", names)
	}
	f := c.Featurize(a)
	want := [][]int32{
		{0, 13, 14, 15, 17, 20},
		{2, 10, 11, 12, 13, 14, 15, 16, 19, 22, 26}, // Bob and Cratchit; 10 words
		{5, 13, 14, 15, 18, 21},
		{7, 13, 14, 15, 16, 17},
	}
	for i, w := range want {
		if got := f.Row(i); !slices.Equal(got, w) {
			t.Errorf("row %d: got %v, want %v", i, got, w)
		}
	}
}

// withLabels labels row i of f.
func withLabels(f *Features, i int) *Features {
	f.Label = make([]bool, f.Rows())
	f.Label[i] = true
	return f
}

// TestFeaturizeHeartOfDarkness featurizes a real book against a collection
// of itself and two others, and checks the salient names and the shape of
// the rows.
func TestFeaturizeHeartOfDarkness(t *testing.T) {
	dir := sharedtest.Path(t, "corpus", "books")
	var stats []*classify.Stats
	var hod *classify.Book
	for _, id := range []string{"heart-of-darkness", "a-christmas-carol", "the-call-of-the-wild"} {
		raw, err := os.ReadFile(dir + "/" + id + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		doc, err := text.ParseBook(string(raw))
		if err != nil {
			t.Fatal(err)
		}
		b := classify.NewBook(id, doc)
		stats = append(stats, b.Stats())
		if id == "heart-of-darkness" {
			hod = b
		}
	}
	c, err := NewCollection(Settings{}, nil, stats...)
	if err != nil {
		t.Fatal(err)
	}
	f := c.Featurize(hod)
	if f.Rows() < 1000 || f.Rows() != hod.Rows() {
		t.Fatalf("%d rows for %d sentences", f.Rows(), hod.Rows())
	}
	l := c.indexes()
	decile := make([]int, Deciles)
	var names, isName int
	for i := range f.Rows() {
		row := f.Row(i)
		if !slices.IsSorted(row) || len(slices.Compact(slices.Clone(row))) != len(row) {
			t.Fatalf("row %d not sorted and distinct: %v", i, row)
		}
		decile[row[0]]++ // the decile is the lowest feature
		if slices.Contains(row, l.isName()) {
			isName++
		}
		for _, j := range row {
			if j >= l.nameRank(0) && j < l.nameRank(l.names) {
				names++
			}
		}
	}
	for d, n := range decile {
		if n < f.Rows()/Deciles-1 || n > f.Rows()/Deciles+1 {
			t.Errorf("decile %d has %d of %d rows", d, n, f.Rows())
		}
	}
	if isName == 0 || names < isName {
		t.Errorf("%d rows with a salient name, %d name features", isName, names)
	}
	// Kurtz and Marlow are the book's most salient names.
	self := true
	idf := func(w string) float64 { return c.IDF(w, self) }
	rank := tables.TopRanks(len(hod.Words), 100, func(k int) float64 {
		if text.IsStopword(hod.Words[k]) {
			return 0
		}
		return float64(hod.NameCount[k]) * idf(hod.Words[k])
	})
	top := make([]string, 10)
	for k, r := range rank {
		if r >= 0 && int(r) < len(top) {
			top[r] = hod.Words[k]
		}
	}
	t.Logf("salient names: %v", top)
	for _, w := range []string{"kurtz", "marlow"} {
		k, _ := slices.BinarySearch(hod.Words, w)
		if r := rank[k]; r < 0 || r >= 10 {
			t.Errorf("%s has salient-name rank %d, want among the first 10", w, r)
		}
	}
	t.Logf("%d rows, %d with a salient name; vocabulary %d", f.Rows(), isName, len(c.Vocabulary))
}

// TestFeaturizeRowOrder checks each row's features of corpus books against
// their definition, whatever order they are made in: strictly increasing,
// the row's decile, and word=x and first=x for the vocabulary words it
// holds (the first where it is the word's first row), under vocabularies
// smaller and larger than the books' words, with counts and events.
func TestFeaturizeRowOrder(t *testing.T) {
	books := classifytest.CoverageBooks(t, 6)
	for _, set := range []Settings{{Vocabulary: 5}, {Vocabulary: 200, Counts: true, Events: true}, {}} {
		col, err := NewCollection(set, nil, classifytest.Stats(books[:4])...)
		if err != nil {
			t.Fatal(err)
		}
		l := col.indexes()
		vocab := map[string]int32{}
		for v, w := range col.Vocabulary {
			vocab[w] = int32(v)
		}
		for _, b := range books {
			f := col.Featurize(b)
			for i := range f.Rows() {
				row := f.Row(i)
				if !slices.IsSorted(row) || len(slices.Compact(slices.Clone(row))) != len(row) {
					t.Fatalf("%s row %d: %v not strictly increasing", b.ID, i, row)
				}
				var want []int32
				words, _ := b.Row(i)
				for _, k := range words {
					if v, ok := vocab[b.Words[k]]; ok {
						want = append(want, l.word(v))
						if int(b.First[k]) == i {
							want = append(want, l.first(v))
						}
					}
				}
				slices.Sort(want)
				var got []int32
				for _, x := range row {
					if x >= l.word(0) && x < l.first(0)+int32(l.vocab) {
						got = append(got, x)
					}
				}
				if !slices.Equal(got, want) || row[0] != l.decile(Deciles*i/f.Rows()) {
					t.Fatalf("%s row %d: word features %v, want %v (row %v)", b.ID, i, got, want, row)
				}
			}
		}
	}
}
