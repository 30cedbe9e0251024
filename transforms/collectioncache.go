package transforms

import (
	"crypto/sha256"
	"encoding/json"
	"sync"
	"weak"

	"github.com/bookalign/bookalign/classify"
)

// collections shares the collections built from the same encoded
// statistics and settings among the bundles of one worker process, so that
// bundles featurizing at once (prism splits a bundle that runs long; a
// Flink or Dataflow worker runs several) hold each training set's
// collection once: it is tens of megabytes for a large corpus (the document
// frequency of every word). Entries are weak: a collection lives as long
// as a bundle uses it.
var collections = &collectionCache{m: map[[sha256.Size]byte]weakCollection{}}

type weakCollection = weak.Pointer[classify.Collection]

// collectionCache maps the hash of encoded classify.Counts and settings to
// the collection they define.
type collectionCache struct {
	mu       sync.Mutex
	m        map[[sha256.Size]byte]weakCollection
	building map[[sha256.Size]byte]*building
	// build makes a collection; nil means buildCollection (tests slow it).
	build func(data []byte, settings classify.Settings) (*classify.Collection, error)
}

// building is a collection being built: get calls that want it meanwhile
// wait for done, and collections of other counts are built side by side.
type building struct {
	done chan struct{}
	col  *classify.Collection
	err  error
}

// get returns the collection of the encoded counts data under settings,
// building it unless a live one is cached or being built.
func (c *collectionCache) get(data []byte, settings classify.Settings) (*classify.Collection, error) {
	js, err := json.Marshal(settings)
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	h.Write(js)
	h.Write([]byte{0})
	h.Write(data)
	var key [sha256.Size]byte
	h.Sum(key[:0])

	c.mu.Lock()
	if col := c.m[key].Value(); col != nil {
		c.mu.Unlock()
		return col, nil
	}
	if b := c.building[key]; b != nil {
		c.mu.Unlock()
		<-b.done
		return b.col, b.err
	}
	for k, p := range c.m { // forget collected entries
		if p.Value() == nil {
			delete(c.m, k)
		}
	}
	b := &building{done: make(chan struct{})}
	if c.building == nil {
		c.building = map[[sha256.Size]byte]*building{}
	}
	c.building[key] = b
	c.mu.Unlock()

	build := c.build
	if build == nil {
		build = buildCollection
	}
	b.col, b.err = build(data, settings)
	c.mu.Lock()
	delete(c.building, key)
	if b.err == nil {
		c.m[key] = weak.Make(b.col)
	}
	c.mu.Unlock()
	close(b.done)
	return b.col, b.err
}

// buildCollection returns the collection of the encoded counts data under
// settings.
func buildCollection(data []byte, settings classify.Settings) (*classify.Collection, error) {
	var counts classify.Counts
	if err := counts.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	return counts.Collection(settings)
}
