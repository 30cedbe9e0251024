package classify_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestTermStats checks that Stats holds the book's term statistics
// (coverage.NewTermStats) and WordStats none.
func TestTermStats(t *testing.T) {
	_, b := classifytest.Parse(t, "home", classifytest.Home) // "Scrooge went home. The night was cold."
	b.SetReference("Scrooge went out; the night was cold. Home went Scrooge.")
	s := coverage.NewTermStats(&b.Terms, nil)
	full, words := b.Stats(), b.WordStats()
	if !reflect.DeepEqual(full.Terms, s) || words.Terms.Terms != nil {
		t.Error("Stats does not hold the term statistics, or WordStats holds terms")
	}
	full.Terms = coverage.TermStats{}
	if !reflect.DeepEqual(full, words) {
		t.Errorf("WordStats %+v, Stats without terms %+v", words, full)
	}
}

// TestTermCounts checks that term counts add up the same in any order and
// survive the binary forms of Stats and Counts.
func TestTermCounts(t *testing.T) {
	_, carolBook := classifytest.Parse(t, "carol", classifytest.Carol)
	_, homeBook := classifytest.Parse(t, "home", classifytest.Home)
	_, knewBook := classifytest.Parse(t, "knew", "Scrooge knew the night was cold.\n")
	carolBook.SetReference("Scrooge knew Marley was dead.")
	knewBook.SetReference("The night was cold.")
	stats := []*classify.Stats{carolBook.Stats(), homeBook.Stats(), knewBook.Stats()}
	var ab, ba, merged features.Counts
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
	var one, two features.Counts
	one.Add(stats[0])
	two.Add(stats[1])
	two.Add(stats[2])
	merged = one
	if err := merged.Merge(&two); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*features.Counts{&ba, &merged} {
		if !reflect.DeepEqual(c.Terms, ab.Terms) {
			t.Errorf("term counts depend on the order:\n%+v\n%+v", c.Terms, ab.Terms)
		}
	}
	if got := ab.Terms.Terms["scrooge"]; got != (coverage.TermCount{Books: 3, Summaries: 1}) {
		t.Errorf("scrooge counted %+v, want 3 books, 1 summary", got)
	}
	if got := ab.Terms.Bigrams[classifytest.RowBigrams([]string{"the", "night"})[0]]; got != (coverage.TermCount{Books: 2, Summaries: 1}) {
		t.Errorf("\"the night\" counted %+v, want 2 books, 1 summary", got)
	}
	// Binary forms.
	for _, s := range stats {
		data, err := s.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got classify.Stats
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Terms, s.Terms) {
			t.Errorf("%s: term stats round trip\n got %+v\nwant %+v", s.ID, got.Terms, s.Terms)
		}
		for cut := range len(data) {
			if err := new(classify.Stats).UnmarshalBinary(data[:cut]); !errors.Is(err, classify.ErrBookEncoding) {
				t.Errorf("%s cut to %d bytes: error %v", s.ID, cut, err)
			}
		}
	}
	data, err := ab.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got features.Counts
	if err := got.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Terms, ab.Terms) {
		t.Errorf("term counts round trip\n got %+v\nwant %+v", got.Terms, ab.Terms)
	}
}
