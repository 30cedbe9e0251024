package classify_test

import (
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

func TestNewBook(t *testing.T) {
	_, b := classifytest.Parse(t, "carol", classifytest.Carol)
	if got, want := b.Sentence, []int32{1, 2, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("Sentence = %v, want %v", got, want)
	}
	if got, want := b.Length, []int32{4, 10, 5, 3}; !slices.Equal(got, want) {
		t.Errorf("Length = %v, want %v", got, want)
	}
	if !slices.IsSorted(b.Words) {
		t.Errorf("Words not sorted: %v", b.Words)
	}
	for _, tc := range []struct {
		word                string
		count, names, first int32
	}{
		{"marley", 2, 1, 0},  // the second "Marley" starts its sentence
		{"scrooge", 3, 2, 1}, // the first starts its sentence
		{"old", 1, 0, 0},
		{"bob", 1, 1, 1},
		{"the", 1, 0, 2},
		{"night", 1, 0, 2},
	} {
		k, ok := slices.BinarySearch(b.Words, tc.word)
		if !ok {
			t.Errorf("%q missing", tc.word)
			continue
		}
		if b.Count[k] != tc.count || b.NameCount[k] != tc.names || b.First[k] != tc.first {
			t.Errorf("%q: count %d names %d first %d, want %d %d %d", tc.word,
				b.Count[k], b.NameCount[k], b.First[k], tc.count, tc.names, tc.first)
		}
	}
	// Row 1 holds "Scrooge" twice, both capitalised.
	words, caps := b.Row(1)
	if !slices.IsSorted(words) {
		t.Errorf("row 1 not sorted: %v", words)
	}
	k, _ := slices.BinarySearch(b.Words, "scrooge")
	j := slices.Index(words, int32(k))
	if j < 0 || caps[j] != 2 {
		t.Errorf("row 1: scrooge at %d with caps %v, want caps 2", j, caps)
	}
	if len(words) != 9 { // scrooge knew it and said so to bob cratchit
		t.Errorf("row 1 has %d distinct words, want 9", len(words))
	}
}

func TestBookLabels(t *testing.T) {
	_, b := classifytest.Parse(t, "carol", classifytest.Carol)
	for _, tc := range []struct {
		name      string
		sentences []int
		want      []bool
	}{
		{"none", nil, []bool{false, false, false, false}},
		{"prose", []int{2, 5}, []bool{false, true, false, true}},
		{"heading and out of range ignored", []int{0, 3, 1, 99, -1}, []bool{true, false, false, false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := b.Labels(tc.sentences); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestBookStats(t *testing.T) {
	_, b := classifytest.Parse(t, "carol", classifytest.Carol)
	s := b.Stats()
	if s.ID != "carol" || !slices.Equal(s.Words, b.Words) {
		t.Errorf("Stats = %q %v, want carol %v", s.ID, s.Words, b.Words)
	}
	if k := slices.Index(s.Words, "scrooge"); s.Count[k] != 3 {
		t.Errorf("scrooge counted %d times, want 3", s.Count[k])
	}
}

// TestFingerprint checks that a book's fingerprint depends on its text
// only: the same text under another ID, or with another summary, has the
// same fingerprint; another text, even one word changed, has another.
func TestFingerprint(t *testing.T) {
	_, a := classifytest.Parse(t, "carol", classifytest.Carol)
	_, b := classifytest.Parse(t, "carol-x1", classifytest.Carol)
	b.InSummary = make([]bool, len(b.Words))
	b.InSummary[0] = true
	_, c := classifytest.Parse(t, "home", classifytest.Home)
	_, d := classifytest.Parse(t, "carol-edited", classifytest.Carol+"Scrooge went home.\n")
	if a.Fingerprint() != b.Fingerprint() {
		t.Error("the same text under another ID and summary has another fingerprint")
	}
	for _, other := range []*classify.Book{c, d} {
		if a.Fingerprint() == other.Fingerprint() {
			t.Errorf("%s and %s share a fingerprint", a.ID, other.ID)
		}
	}
}
