package transforms

import (
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
)

// TestStatsCoder checks that Stats and Counts round-trip through their
// Beam coders.
func TestStatsCoder(t *testing.T) {
	b := testBookData(t)
	st := b.Book.Stats()
	data, err := encodeStats(*st)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := decodeStats(data); err != nil || !reflect.DeepEqual(&got, st) {
		t.Errorf("stats round trip: %v\n got %+v\nwant %+v", err, got, *st)
	}
	var c classify.Counts
	if err := c.Add(st); err != nil {
		t.Fatal(err)
	}
	if data, err = encodeCounts(c); err != nil {
		t.Fatal(err)
	}
	if got, err := decodeCounts(data); err != nil || !reflect.DeepEqual(got, c) {
		t.Errorf("counts round trip: %v", err)
	}
}
