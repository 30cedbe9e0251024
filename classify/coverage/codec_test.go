package coverage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
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

		{"plot name on a unigram", cell(uint64(keyName.put(7)), 4, 1), true},
		{"spread bin 7, past the last", cell(uint64(bigramFlag|keySpread.put(7)), 4, 1), false},
		{"bit 30", cell(1<<30, 4, 1), false},
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

// TestFormsRefused reads broken forms of the tables of a model file and of
// BigramBooks: each is refused, and the binary ones wrap ErrEncoding.
func TestFormsRefused(t *testing.T) {
	good := BigramTable{Keys: []uint64{3, 9}, Counts: []TermCount{{Books: 5, Summaries: 1}, {Books: 6}}}
	data, err := good.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var back BigramTable
	if err := back.UnmarshalJSON(data); err != nil || !slices.Equal(back.Keys, good.Keys) {
		t.Fatalf("round trip: %v %v", back, err)
	}
	raw := func(b []byte) []byte { out, _ := json.Marshal(b); return out }
	bbFormat := func(rest ...byte) []byte { return append([]byte{bigramBooksFormat}, rest...) }
	for _, tc := range []struct {
		name    string
		read    func() error
		binform bool // the error wraps ErrEncoding
	}{
		{"terms not base64", func() error { return new(TermTable).UnmarshalJSON([]byte(`"%%"`)) }, false},
		{"terms not a string", func() error { return new(TermTable).UnmarshalJSON([]byte(`17`)) }, false},
		{"terms truncated", func() error { return new(TermTable).UnmarshalJSON(raw([]byte{2, 0, 1})) }, true},
		{"bigrams with trailing bytes", func() error { return new(BigramTable).UnmarshalJSON(raw([]byte{0, 7})) }, true},
		{"bigrams repeated", func() error { return new(BigramTable).UnmarshalJSON(raw([]byte{2, 3, 2, 0, 0, 0, 2, 0})) }, true},
		{"bigram books empty", func() error { return new(BigramBooks).UnmarshalBinary(nil) }, true},
		{"bigram books format", func() error { return new(BigramBooks).UnmarshalBinary([]byte{9, 0}) }, true},
		{"bigram books truncated", func() error { return new(BigramBooks).UnmarshalBinary(bbFormat(2, 1)) }, true},
		{"bigram prefix past 32 bits", func() error {
			return new(BigramBooks).UnmarshalBinary(binary.AppendUvarint(bbFormat(1), 1<<33))
		}, true},
	} {
		err := tc.read()
		if err == nil || tc.binform != errors.Is(err, ErrEncoding) {
			t.Errorf("%s: error %v (wraps ErrEncoding: %v, want %v)", tc.name, err, errors.Is(err, ErrEncoding), tc.binform)
		}
	}
	if _, err := (BigramTable{Keys: []uint64{4, 4}, Counts: make([]TermCount, 2)}).MarshalJSON(); err == nil {
		t.Error("a table with a repeated key was written")
	}
	if _, err := (TermTable{Terms: []string{"a"}}).MarshalJSON(); err == nil {
		t.Error("a table of unequal lengths was written")
	}
}

// BenchmarkTermCountsAppend encodes a training set's term counts of
// corpus size: the set sums write one for each of the 11 sets.
//
//	go test ./classify/coverage -run XXX -bench TermCountsAppend
func BenchmarkTermCountsAppend(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	c := TermCounts{Terms: map[string]TermCount{}, Bigrams: make(map[uint64]TermCount, 1_000_000)}
	for len(c.Bigrams) < 1_000_000 {
		c.Bigrams[r.Uint64()] = TermCount{Books: int32(1 + r.IntN(200)), Summaries: int32(r.IntN(5))}
	}
	for b.Loop() {
		AppendTermCounts(nil, &c)
	}
}
