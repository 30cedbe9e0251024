package coverage

import (
	"encoding/binary"
	"testing"

	"github.com/bookalign/bookalign/internal/binform"
)

// TestCellsDecode checks that coverage cells whose keys lie outside
// their feature blocks, or whose counts are negative, are refused on
// reading: such a key would index another block's weights.
func TestCellsDecode(t *testing.T) {
	cell := func(key uint64, ngrams, hits int64) []byte {
		out := binary.AppendUvarint([]byte{1}, 1)
		out, _ = binform.AppendIncreasing(out, 0, 0, key)
		return binary.AppendVarint(binary.AppendVarint(out, ngrams), hits)
	}
	for _, tc := range []struct {
		name string
		data []byte
		ok   bool
	}{
		{"unigram", cell(uint64(keyCount.put(3)|keyRate.put(rateBins-1)), 4, 1), true},
		{"bigram", cell(uint64(bigramFlag|keyStop.put(3)|keyRate2.put(2)), 4, 0), true},
		{"count bin past the last", cell(uint64(keyCount.put(countBins)), 4, 1), false},
		{"unigram stopword value 2", cell(uint64(keyStop.put(2)), 4, 1), false},
		{"unused bits", cell(1<<24, 4, 1), false},
		{"past 32 bits", cell(1<<33, 4, 1), false},
		{"negative n-grams", cell(1, -1, 0), false},
		{"negative hits", cell(1, 1, -2), false},
	} {
		d := &binform.Reader{Data: tc.data, Wrap: ErrEncoding}
		ReadCells(d)
		if (d.Err == nil) != tc.ok {
			t.Errorf("%s: error %v, want valid %v", tc.name, d.Err, tc.ok)
		}
	}
	if countBin(0) != 0 || countBin(1) != 0 || countBin(1<<20) != countBins-1 {
		t.Errorf("countBin: 0 → %d, 1 → %d, 2^20 → %d", countBin(0), countBin(1), countBin(1<<20))
	}
}
