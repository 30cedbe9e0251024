package features

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/internal/binform"
)

// countsFormat is the first byte of the binary form of Counts.
const countsFormat = 5

// MarshalBinary returns the compact binary form of c: the IDs, then the
// words in byte order, front-coded, with their frequencies, document
// frequencies and summary counts. Equal Counts have equal binary forms.
func (c *Counts) MarshalBinary() ([]byte, error) {
	words := make([]string, 0, len(c.Words))
	for w := range c.Words {
		words = append(words, w)
	}
	slices.Sort(words)
	out := make([]byte, 0, 8+16*len(c.IDs)+8*len(words))
	out = append(out, countsFormat)
	out = binary.AppendUvarint(out, uint64(len(c.IDs)))
	for _, id := range c.IDs {
		out = binform.AppendString(out, id)
	}
	out = binary.AppendUvarint(out, uint64(len(words)))
	prev := ""
	for _, w := range words {
		wc := c.Words[w]
		out = binform.AppendFrontCoded(out, prev, w)
		out = binary.AppendVarint(out, wc.Freq)
		out = binary.AppendVarint(out, int64(wc.Books))
		out = binary.AppendVarint(out, int64(wc.Summaries))
		prev = w
	}
	return coverage.AppendTermCounts(out, &c.Terms), nil
}

// UnmarshalBinary sets c to the Counts of data, the output of
// MarshalBinary; the error wraps classify.ErrBookEncoding. A Counts with no words
// decodes with a nil map, as the zero value.
func (c *Counts) UnmarshalBinary(data []byte) error {
	d := newDecoder(data)
	if d.Byte() != countsFormat {
		return fmt.Errorf("%w: counts format", classify.ErrBookEncoding)
	}
	var nc Counts
	if ids := d.Count(1); ids > 0 {
		nc.IDs = make([]string, ids)
		for i := range ids {
			nc.IDs[i] = d.String()
		}
	}
	if n := d.Count(5); n > 0 {
		nc.Words = make(map[string]WordCount, n)
		var word []byte
		for range n {
			word = d.FrontCoded(word)
			freq := d.Varint()
			books := d.Int32()
			nc.Words[string(word)] = WordCount{Freq: freq, Books: books, Summaries: d.Int32()}
		}
	}
	nc.Terms = coverage.ReadTermCounts(d)
	if err := d.End(); err != nil {
		return err
	}
	*c = nc
	return nil
}

// DecodeCollection returns the Collection of the Counts whose binary form
// is data (MarshalBinary) under set and stop: what decoding them
// (UnmarshalBinary) and calling their Collection returns, without making
// their maps, since the form holds the words, terms and bigrams sorted
// already. A pipeline builds each training set's collection from the
// set's counts so. The error wraps classify.ErrBookEncoding when data is not such a
// form (a word out of order among them), or is ErrNoBooks or that of
// Collection's checks.
func DecodeCollection(data []byte, set Settings, stop []string) (*Collection, error) {
	if err := checkStopwords(set, stop); err != nil {
		return nil, err
	}
	d := newDecoder(data)
	if d.Byte() != countsFormat {
		return nil, fmt.Errorf("%w: counts format", classify.ErrBookEncoding)
	}
	ids := make([]string, d.Count(1))
	for i := range ids {
		ids[i] = d.String()
	}
	n := d.Count(5)
	words, counts := make([]string, n), make([]WordCount, n)
	var word []byte
	for i := range n {
		word = d.FrontCoded(word)
		if i > 0 && string(word) <= words[i-1] {
			d.Fail("words not increasing")
		}
		words[i] = string(word)
		counts[i] = WordCount{Freq: d.Varint(), Books: d.Int32(), Summaries: d.Int32()}
	}
	cover := coverage.ReadStats(d)
	if err := d.End(); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, ErrNoBooks
	}
	if !set.Coverage {
		cover = nil
	}
	return collectionOfWords(set, stop, ids, words, counts, cover), nil
}
