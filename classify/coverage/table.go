package coverage

import "math/bits"

// An openTable maps keys of up to 64 bits, all but emptySlot, to values of
// type V: an open-addressing hash table with linear probing, for the few
// thousand to few hundred thousand keys of one book (its bigrams, its
// cells), where a Go map costs several times as much a look-up. The zero
// table is empty and ready to use.
type openTable[V any] struct {
	keys  []uint64 // emptySlot where a slot is free
	vals  []V
	n     int
	shift uint // 64 less the table's bits
}

// emptySlot marks a free slot: no bigram (its first term's id would be
// negative) nor Key (bit 63 is in none of its fields) is it.
const emptySlot = ^uint64(0)

// slot returns the first slot of k to probe: a Fibonacci hash.
func (t *openTable[V]) slot(k uint64) int { return int(k * 0x9e3779b97f4a7c15 >> t.shift) }

// at returns the value of k, which it adds with the zero value when the
// table lacks it (added). The pointer is good until the next call.
func (t *openTable[V]) at(k uint64) (v *V, added bool) {
	if 2*(t.n+1) > len(t.keys) {
		t.grow()
	}
	mask := len(t.keys) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return &t.vals[i], false
		case emptySlot:
			t.keys[i] = k
			t.n++
			return &t.vals[i], true
		}
	}
}

// get returns the value of k and whether the table holds it.
func (t *openTable[V]) get(k uint64) (v V, ok bool) {
	if len(t.keys) == 0 {
		return v, false
	}
	mask := len(t.keys) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			return t.vals[i], true
		case emptySlot:
			return v, false
		}
	}
}

// reserve makes room for n keys in all, so that the table does not grow
// before it holds them.
func (t *openTable[V]) reserve(n int) {
	if size := 1 << bits.Len(uint(2*n)); size > len(t.keys) {
		t.resize(max(size, 1<<10))
	}
}

// grow doubles the table (1,024 slots at first).
func (t *openTable[V]) grow() { t.resize(max(2*len(t.keys), 1<<10)) }

// resize moves the table's keys to a table of size slots, a power of two.
func (t *openTable[V]) resize(size int) {
	oldKeys, oldVals := t.keys, t.vals
	t.keys, t.vals = make([]uint64, size), make([]V, size)
	t.shift = uint(64 - bits.Len(uint(size-1)))
	for i := range t.keys {
		t.keys[i] = emptySlot
	}
	mask := size - 1
	for j, k := range oldKeys {
		if k == emptySlot {
			continue
		}
		i := t.slot(k)
		for t.keys[i] != emptySlot {
			i = (i + 1) & mask
		}
		t.keys[i], t.vals[i] = k, oldVals[j]
	}
}
