package procache

import (
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/text"
)

// testStats returns the Stats of a short book.
func testStats(t *testing.T) *classify.Stats {
	t.Helper()
	doc, err := text.ParseBook("Marley was dead. Scrooge knew he was dead.\n\nThe fog came in. Bob Cratchit shivered by the fire.\n")
	if err != nil {
		t.Fatal(err)
	}
	return classify.NewBook("carol", doc).Stats()
}

// encodedSums returns the binary form of the sums of stats.
func encodedSums(t *testing.T, stats ...*classify.Stats) []byte {
	t.Helper()
	var c features.Counts
	for _, st := range stats {
		if err := c.Add(st); err != nil {
			t.Fatal(err)
		}
	}
	data, err := c.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestSharedCollection checks that the collections of the same statistics
// and settings are one in the process, and that other statistics, other
// settings or other coverage stopwords get their own.
func TestSharedCollection(t *testing.T) {
	st := testStats(t)
	other := *st
	other.ID += "-other"
	data, data2 := encodedSums(t, st), encodedSums(t, st, &other)
	withCounts := features.Settings{Counts: true}
	get := func(data []byte, set features.Settings, stop ...string) Collection {
		t.Helper()
		col, err := SharedCollection(data, set, stop)
		if err != nil {
			t.Fatal(err)
		}
		return col
	}
	first := get(data, features.Settings{})
	if again := get(data, features.Settings{}); again.Collection != first.Collection || again.key != first.key {
		t.Error("the same statistics and settings got two collections")
	}
	if get(data2, features.Settings{}).Collection == first.Collection || get(data, withCounts).Collection == first.Collection {
		t.Error("other statistics or settings share a collection")
	}
	coverage := features.Settings{Coverage: true}
	if a, b := get(data, coverage, "a"), get(data, coverage, "the"); a.Collection == b.Collection || a.Stopwords[0] != "a" || b.Stopwords[0] != "the" {
		t.Error("other coverage stopwords share a collection")
	}
	if first.Books() != 1 || get(data2, features.Settings{}).Books() != 2 {
		t.Errorf("collections of %d and %d books, want 1 and 2", first.Books(), get(data2, features.Settings{}).Books())
	}
	if _, err := SharedCollection([]byte("not statistics"), features.Settings{}, nil); err == nil {
		t.Error("statistics that do not decode made a collection")
	}
}

// TestSharedSetsIndex checks that the index of the same collections, in
// the same order, is one in the process, and that other collections or
// another order get their own.
func TestSharedSetsIndex(t *testing.T) {
	st := testStats(t)
	other := *st
	other.ID += "-other"
	a, err := SharedCollection(encodedSums(t, st), features.Settings{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := SharedCollection(encodedSums(t, st, &other), features.Settings{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	index := func(cols ...Collection) *features.SetsIndex {
		t.Helper()
		x, err := SharedSetsIndex(cols)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	tests := []struct {
		name  string
		cols  []Collection
		equal bool
	}{
		{"same collections", []Collection{a, b}, true},
		{"other order", []Collection{b, a}, false},
		{"fewer collections", []Collection{a}, false},
		{"a collection twice", []Collection{a, a}, false},
	}
	first := index(a, b)
	for _, tt := range tests {
		if got := index(tt.cols...); (got == first) != tt.equal {
			t.Errorf("%s: shared the index %v, want %v", tt.name, got == first, tt.equal)
		}
	}
}
