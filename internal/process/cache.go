package process

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"sync"
	"weak"
)

// Key names a cached value: a hash of the bytes that define it (KeyOf).
type Key [sha256.Size]byte

// KeyOf returns the key of the value defined by parts, in order: each
// part is hashed after its length, so that no two lists of parts share
// their bytes.
func KeyOf(parts ...[]byte) Key {
	h := sha256.New()
	for _, p := range parts {
		h.Write(binary.AppendUvarint(nil, uint64(len(p))))
		h.Write(p)
	}
	var k Key
	h.Sum(k[:0])
	return k
}

// Cache shares the values built from the same bytes among the bundles of
// the process, so that bundles that need one at once hold it once and
// build it once. Its entries are weak: a value lives as long as a bundle
// uses it. The zero Cache is empty and ready to use; a Cache may be used
// from several goroutines at once.
type Cache[V any] struct {
	mu       sync.Mutex
	values   map[Key]weak.Pointer[V]
	building map[Key]*building[V]
}

// building is a value being built: Get calls that want it meanwhile wait
// for done, and values of other keys are built side by side.
type building[V any] struct {
	done  chan struct{}
	value *V
	err   error
}

// Get returns the value of key, calling build to make it unless a live one
// is cached or being built, in which case it waits for that one. A failed
// build is not cached: its error goes to the calls that waited for it, as
// does an error of its own if build panics.
func (c *Cache[V]) Get(key Key, build func() (*V, error)) (*V, error) {
	c.mu.Lock()
	if v := c.values[key].Value(); v != nil {
		c.mu.Unlock()
		return v, nil
	}
	if b := c.building[key]; b != nil {
		c.mu.Unlock()
		<-b.done
		return b.value, b.err
	}
	for k, p := range c.values { // forget collected entries
		if p.Value() == nil {
			delete(c.values, k)
		}
	}
	b := &building[V]{done: make(chan struct{})}
	if c.building == nil {
		c.building = map[Key]*building[V]{}
	}
	c.building[key] = b
	c.mu.Unlock()

	built := false
	defer func() {
		if !built { // build panicked: the calls that wait get an error
			b.value, b.err = nil, errBuildPanicked
		}
		c.mu.Lock()
		delete(c.building, key)
		if b.err == nil {
			if c.values == nil {
				c.values = map[Key]weak.Pointer[V]{}
			}
			c.values[key] = weak.Make(b.value)
		}
		c.mu.Unlock()
		close(b.done)
	}()
	b.value, b.err = build()
	built = true
	return b.value, b.err
}

// errBuildPanicked is the error of the Get calls that waited for a build
// that panicked; the panic goes on in the call that built.
var errBuildPanicked = errors.New("the value was being built by a call that panicked")
