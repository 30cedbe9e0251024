package transforms

import (
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/features"
)

// TestSharedCollection checks that the collections of the same statistics
// and settings are one in the process, and that other statistics, other
// settings or other coverage stopwords get their own.
func TestSharedCollection(t *testing.T) {
	b := testBookData(t)
	st := b.Book.Stats()
	other := *st
	other.ID += "-other"
	data, data2 := encodedSums(t, st), encodedSums(t, st, &other)
	withCounts := features.Settings{Counts: true}
	get := func(data []byte, set features.Settings, stop ...string) *features.Collection {
		t.Helper()
		col, err := sharedCollection(data, set, stop)
		if err != nil {
			t.Fatal(err)
		}
		return col
	}
	first := get(data, features.Settings{})
	if again := get(data, features.Settings{}); again != first {
		t.Error("the same statistics and settings got two collections")
	}
	if get(data2, features.Settings{}) == first || get(data, withCounts) == first {
		t.Error("other statistics or settings share a collection")
	}
	coverage := features.Settings{Coverage: true}
	if a, b := get(data, coverage, "a"), get(data, coverage, "the"); a == b || a.Stopwords[0] != "a" || b.Stopwords[0] != "the" {
		t.Error("other coverage stopwords share a collection")
	}
	if first.Books() != 1 || get(data2, features.Settings{}).Books() != 2 {
		t.Errorf("collections of %d and %d books, want 1 and 2", first.Books(), get(data2, features.Settings{}).Books())
	}
	if _, err := sharedCollection([]byte("not statistics"), features.Settings{}, nil); err == nil {
		t.Error("statistics that do not decode made a collection")
	}
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
