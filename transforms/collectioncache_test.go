package transforms

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bookalign/bookalign/classify"
)

// TestCollectionCache checks that goroutines asking at once for the
// collection of the same counts get one collection, built once while the
// others wait, and that other counts or settings get their own, built side
// by side.
func TestCollectionCache(t *testing.T) {
	b := testBookData(t)
	st := b.Book.Stats()
	other := *st
	other.ID += "-other"
	data, data2 := encodedCounts(t, st), encodedCounts(t, st, &other)
	var builds atomic.Int64
	cache := &collectionCache{m: map[[32]byte]weakCollection{}}
	cache.build = func(data []byte, set classify.Settings) (*classify.Collection, error) {
		builds.Add(1)
		time.Sleep(50 * time.Millisecond) // long enough for every request to come meanwhile
		return buildCollection(data, set)
	}
	var wg sync.WaitGroup
	got := make([]*classify.Collection, 16)
	for i := range got {
		wg.Go(func() {
			d, set := data, classify.Settings{}
			switch i % 4 {
			case 1:
				d = data2
			case 2:
				set.Counts = true
			}
			col, err := cache.get(d, set)
			if err != nil {
				t.Error(err)
			}
			got[i] = col
		})
	}
	wg.Wait()
	for i := range got {
		if want := got[i%4]; got[i] != want {
			t.Errorf("request %d got another collection than request %d", i, i%4)
		}
	}
	if got[0] == got[1] || got[0] == got[2] || got[1] == got[2] {
		t.Error("different counts or settings share a collection")
	}
	if got[0] != got[3] {
		t.Error("the same counts and settings got two collections")
	}
	if n := builds.Load(); n != 3 {
		t.Errorf("%d builds for 3 distinct counts and settings", n)
	}
	if got[0].Books() != 1 || got[1].Books() != 2 {
		t.Errorf("collections of %d and %d books, want 1 and 2", got[0].Books(), got[1].Books())
	}
}

// encodedCounts returns the binary form of the counts of stats.
func encodedCounts(t *testing.T, stats ...*classify.Stats) []byte {
	t.Helper()
	var c classify.Counts
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
