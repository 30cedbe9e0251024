package coverage

import (
	"math/bits"
	"strconv"
)

const (
	countBins = 14 // floor(log2 count), 0 … 13
	rateBins  = 16 // (log rate + 8) * 2, 0 … 15
	capBins   = 4  // share capitalised: 0, < 0.5, < 0.9, ≥ 0.9
)

// A Key packs the binned properties of one n-gram of a book: bit 31 set
// for a bigram; then, from bit 0, the count and capital bins, the stopword
// bits (one for a unigram, two for a bigram: first term 1, second 2), and
// the rate bins (the n-gram's, then for a bigram its first and second
// term's). The n-grams of a book fall in a few thousand keys.
type Key uint32

const bigramFlag Key = 1 << 31

// The fields of a Key: shift and width in bits.
var (
	keyCount = keyField{0, 4}
	keyCap   = keyField{4, 2}
	keyStop  = keyField{6, 2}
	keyRate  = keyField{8, 4}
	keyRate1 = keyField{12, 4}
	keyRate2 = keyField{16, 4}
	// The plot's fields (Plot), 0 when the key leaves them out.
	keyName    = keyField{20, 3}
	keySpread  = keyField{23, 3}
	keyDensity = keyField{26, 4}
)

type keyField struct{ shift, width uint }

func (f keyField) get(k Key) int { return int(k>>f.shift) & (1<<f.width - 1) }
func (f keyField) put(v int) Key { return Key(v) << f.shift }

// blocks are the one-hot blocks of the model's features, in order: each is
// named, has size values, and takes its value from a key; an optional
// block has no feature where its value is 0 (a plot field the key leaves
// out), so that keys without it fit as before.
var blocks = []struct {
	name     string
	bigram   bool
	size     int
	value    func(k Key) int
	optional bool
}{
	{"uni", false, 1, func(Key) int { return 0 }, false},
	{"uni:count", false, countBins, keyCount.get, false},
	{"uni:rate", false, rateBins, keyRate.get, false},
	{"uni:capital", false, capBins, keyCap.get, false},
	{"uni:stop", false, 2, keyStop.get, false},
	{"uni:stop*count", false, 2 * countBins, func(k Key) int { return keyStop.get(k)*countBins + keyCount.get(k) }, false},
	{"uni:capital*count", false, capBins * countBins, func(k Key) int { return keyCap.get(k)*countBins + keyCount.get(k) }, false},
	{"bi", true, 1, func(Key) int { return 0 }, false},
	{"bi:count", true, countBins, keyCount.get, false},
	{"bi:rate", true, rateBins, keyRate.get, false},
	{"bi:rate1", true, rateBins, keyRate1.get, false},
	{"bi:rate2", true, rateBins, keyRate2.get, false},
	{"bi:capital", true, capBins, keyCap.get, false},
	{"bi:stop", true, 4, keyStop.get, false},
	{"bi:stop*count", true, 4 * countBins, func(k Key) int { return keyStop.get(k)*countBins + keyCount.get(k) }, false},
	{"bi:capital*count", true, capBins * countBins, func(k Key) int { return keyCap.get(k)*countBins + keyCount.get(k) }, false},
	{"bi:stop*rate", true, 4 * rateBins, func(k Key) int { return keyStop.get(k)*rateBins + keyRate.get(k) }, false},
	{"uni:name", false, 8, keyName.get, true},
	{"uni:spread", false, 7, keySpread.get, true},
	{"uni:density", false, 16, keyDensity.get, true},
	{"bi:name", true, 8, keyName.get, true},
	{"bi:spread", true, 7, keySpread.get, true},
	{"bi:density", true, 16, keyDensity.get, true},
}

// layout holds the first feature index of each block; the last entry is
// the number of features.
var layout = func() []int {
	out := make([]int, len(blocks)+1)
	for i, b := range blocks {
		out[i+1] = out[i] + b.size
	}
	return out
}()

// block returns the first feature index of the block named name.
func block(name string) int {
	for i, b := range blocks {
		if b.name == name {
			return layout[i]
		}
	}
	panic("coverage: no block " + name)
}

// FeatureNames returns the names of the coverage model's features,
// "block=value" (such as "bi:rate=7"), in weight order.
func FeatureNames() []string {
	var out []string
	for _, b := range blocks {
		for v := range b.size {
			out = append(out, b.name+"="+strconv.Itoa(v))
		}
	}
	return out
}

// keyBits are the bits of a Key that its fields use.
const keyBits = bigramFlag | (1<<30 - 1)

// valid reports whether every field of k is within its block: a key
// decoded from a file must not index the next block's weights.
func (k Key) valid() bool {
	if k&^keyBits != 0 {
		return false
	}
	bigram := k&bigramFlag != 0
	for _, b := range blocks {
		if b.bigram == bigram && b.value(k) >= b.size {
			return false
		}
	}
	return true
}

// features appends the feature indices of key k to dst.
func (k Key) features(dst []int32) []int32 {
	bigram := k&bigramFlag != 0
	for i, b := range blocks {
		if b.bigram == bigram {
			if v := b.value(k); v != 0 || !b.optional {
				dst = append(dst, int32(layout[i]+v))
			}
		}
	}
	return dst
}

// countBin returns floor(log2 c) for c >= 1, capped at countBins-1, and 0
// for c < 1 (a term the book's rows never use).
func countBin(c int32) int { return max(min(bits.Len32(uint32(c))-1, countBins-1), 0) }

func rateBin(logRate float64) int {
	if !(logRate > -8) { // also -Inf and NaN: a rate of 0
		return 0
	}
	return min(int((logRate+8)*2), rateBins-1)
}

func capBin(caps, count int32) int {
	switch f := float64(caps) / float64(count); {
	case caps == 0:
		return 0
	case f < 0.5:
		return 1
	case f < 0.9:
		return 2
	}
	return 3
}
