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
var collections = &collectionCache{m: map[[sha256.Size]byte]weak.Pointer[classify.Collection]{}}

// collectionCache maps the hash of encoded classify.Counts and settings to
// the collection they define.
type collectionCache struct {
	mu sync.Mutex
	m  map[[sha256.Size]byte]weak.Pointer[classify.Collection]
}

// get returns the collection of the encoded counts data under settings,
// building it unless a live one is cached.
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
	defer c.mu.Unlock()
	if col := c.m[key].Value(); col != nil {
		return col, nil
	}
	for k, p := range c.m { // forget collected entries
		if p.Value() == nil {
			delete(c.m, k)
		}
	}
	var counts classify.Counts
	if err := counts.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	col, err := counts.Collection(settings)
	if err != nil {
		return nil, err
	}
	c.m[key] = weak.Make(col)
	return col, nil
}
