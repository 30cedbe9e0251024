package coverage

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/bookalign/bookalign/internal/binform"
)

// The binary forms of the coverage values a pipeline moves between its
// steps: a book's Terms and TermStats, a training set's TermCounts, a
// training book's Cells and the corpus' BigramBooks. A reader of a form
// is a binform.Reader, whose errors wrap the caller's sentinel
// (classify.ErrBookEncoding inside a Book, Stats, Counts or Features;
// ErrEncoding for the forms this package reads alone).

// ErrEncoding means that data is not the binary form of a value of this
// package that it reads alone (BigramBooks, and a model file's coverage
// tables).
var ErrEncoding = errors.New("coverage: not a binary form")

// errTerms means a book's Terms or TermStats are inconsistent.
var errTerms = errors.New("coverage: inconsistent terms")

// AppendTerms appends the binary form of t for a book of rows rows: the
// vocabulary front-coded, each row's length and term ids, the capital
// marks as the differences between the marked tokens' positions, and the
// reference with each id plus one (0 for a token the rows lack).
func AppendTerms(out []byte, t *Terms, rows int) ([]byte, error) {
	if t.Start == nil && t.Seq == nil && t.Vocab == nil && t.Reference == nil {
		return append(out, 0), nil // a book not made by NewBook
	}
	out = append(out, 1)
	if len(t.Start) != rows+1 || t.Start[0] != 0 || int(t.Start[rows]) != len(t.Seq) {
		return nil, errTerms
	}
	out = appendWords(out, t.Vocab)
	n := int32(len(t.Vocab))
	for i := range rows {
		lo, hi := t.Start[i], t.Start[i+1]
		if hi < lo {
			return nil, errTerms
		}
		out = binary.AppendUvarint(out, uint64(hi-lo))
		for _, id := range t.Seq[lo:hi] {
			if id < 0 || id >= n {
				return nil, errTerms
			}
			out = binary.AppendUvarint(out, uint64(id))
		}
	}
	var marked []int
	for j := range t.Seq {
		if t.IsCapital(j) {
			marked = append(marked, j)
		}
	}
	out = binary.AppendUvarint(out, uint64(len(marked)))
	last := -1
	for _, j := range marked {
		out = binary.AppendUvarint(out, uint64(j-last))
		last = j
	}
	if t.Reference == nil {
		return append(out, 0), nil
	}
	out = append(out, 1)
	out = binary.AppendUvarint(out, uint64(len(t.Reference)))
	for _, id := range t.Reference {
		if id < -1 || id >= n {
			return nil, errTerms
		}
		out = binary.AppendUvarint(out, uint64(id+1))
	}
	return out, nil
}

// appendWords appends the number of words, sorted, and each front-coded
// against the word before.
func appendWords(out []byte, words []string) []byte {
	out = binary.AppendUvarint(out, uint64(len(words)))
	prev := ""
	for _, w := range words {
		out = binform.AppendFrontCoded(out, prev, w)
		prev = w
	}
	return out
}

// ReadTerms reads what AppendTerms wrote for a book of rows rows.
func ReadTerms(d *binform.Reader, rows int) Terms {
	var t Terms
	if !d.Present("terms") {
		return t
	}
	n := d.Count(2)
	t.Vocab = make([]string, n)
	var w []byte
	for k := range n {
		w = d.FrontCoded(w)
		if d.Err != nil {
			return Terms{}
		}
		t.Vocab[k] = string(w)
	}
	t.Start = make([]int32, 1, rows+1)
	for range rows {
		size := d.Count(1)
		for range size {
			id := d.Uvarint()
			if id >= uint64(n) {
				d.Fail("term id")
				return Terms{}
			}
			t.Seq = append(t.Seq, int32(id))
		}
		t.Start = append(t.Start, int32(len(t.Seq)))
	}
	marked := d.Count(1)
	j := -1
	for range marked {
		j += int(d.Uvarint())
		if j < 0 || j >= len(t.Seq) {
			d.Fail("capital mark")
			return Terms{}
		}
		t.setCapital(j)
	}
	if !d.Present("reference") {
		return t
	}
	size := d.Count(1)
	t.Reference = make([]int32, size)
	for i := range size {
		id := d.Uvarint()
		if id > uint64(n) {
			d.Fail("reference term id")
			return Terms{}
		}
		t.Reference[i] = int32(id) - 1
	}
	return t
}

// AppendTermStats appends the binary form of s: the terms front-coded, the
// summary marks, the bigrams as differences and their marks, the totals.
func AppendTermStats(out []byte, s *TermStats) ([]byte, error) {
	if s.InSummary != nil && len(s.InSummary) != len(s.Terms) ||
		s.BigramInSummary != nil && len(s.BigramInSummary) != len(s.Bigrams) {
		return nil, errTerms
	}
	out = appendWords(out, s.Terms)
	out = binform.AppendMarks(out, s.InSummary)
	out = binary.AppendUvarint(out, uint64(len(s.Bigrams)))
	var ok bool
	for i, g := range s.Bigrams {
		if out, ok = binform.AppendIncreasing(out, i, binform.PrevKey(s.Bigrams, i), g); !ok {
			return nil, errTerms
		}
	}
	out = binform.AppendMarks(out, s.BigramInSummary)
	out = binary.AppendVarint(out, int64(s.BigramTypes))
	return binary.AppendVarint(out, int64(s.BigramTypesInSummary)), nil
}

// ReadTermStats reads what AppendTermStats wrote.
func ReadTermStats(d *binform.Reader) TermStats {
	var s TermStats
	if n := d.Count(2); n > 0 {
		s.Terms = make([]string, n)
		var w []byte
		for k := range n {
			w = d.FrontCoded(w)
			s.Terms[k] = string(w)
		}
	}
	s.InSummary = d.Marks(len(s.Terms))
	if n := d.Count(1); n > 0 {
		s.Bigrams = make([]uint64, n)
		for k := range n {
			s.Bigrams[k] = d.Increasing(k, binform.PrevKey(s.Bigrams, k))
		}
	}
	s.BigramInSummary = d.Marks(len(s.Bigrams))
	s.BigramTypes, s.BigramTypesInSummary = d.Int32(), d.Int32()
	return s
}

// AppendTermCounts appends the binary form of c: the terms in byte order,
// front-coded, and the bigrams in increasing order, each with its counts,
// then the totals. Equal TermCounts have equal forms.
func AppendTermCounts(out []byte, c *TermCounts) []byte {
	terms := make([]string, 0, len(c.Terms))
	for w := range c.Terms {
		terms = append(terms, w)
	}
	slices.Sort(terms)
	out = binary.AppendUvarint(out, uint64(len(terms)))
	prev := ""
	for _, w := range terms {
		out = binform.AppendFrontCoded(out, prev, w)
		out = appendTermCount(out, c.Terms[w])
		prev = w
	}
	// The bigrams are sorted with their counts, which are then not looked
	// up again in the map (millions of them, at scattered places).
	type bigramCount struct {
		g  uint64
		tc TermCount
	}
	bigrams := make([]bigramCount, 0, len(c.Bigrams))
	for g, tc := range c.Bigrams {
		bigrams = append(bigrams, bigramCount{g, tc})
	}
	slices.SortFunc(bigrams, func(a, b bigramCount) int { return cmp.Compare(a.g, b.g) })
	out = binary.AppendUvarint(out, uint64(len(bigrams)))
	var last uint64
	for i, b := range bigrams {
		out, _ = binform.AppendIncreasing(out, i, last, b.g) // distinct map keys
		out = appendTermCount(out, b.tc)
		last = b.g
	}
	out = binary.AppendVarint(out, c.BigramTypes)
	return binary.AppendVarint(out, c.BigramTypesInSummary)
}

func appendTermCount(out []byte, tc TermCount) []byte {
	return binary.AppendVarint(binary.AppendVarint(out, int64(tc.Books)), int64(tc.Summaries))
}

// ReadTermCounts reads what AppendTermCounts wrote.
func ReadTermCounts(d *binform.Reader) TermCounts {
	t := readCountTables(d)
	c := TermCounts{BigramTypes: t.types, BigramTypesInSummary: t.typesIn}
	if len(t.terms.Terms) > 0 {
		c.Terms = make(map[string]TermCount, len(t.terms.Terms))
		for k, w := range t.terms.Terms {
			c.Terms[w] = t.terms.Counts[k]
		}
	}
	if len(t.bigrams.Keys) > 0 {
		c.Bigrams = make(map[uint64]TermCount, len(t.bigrams.Keys))
		for k, g := range t.bigrams.Keys {
			c.Bigrams[g] = t.bigrams.Counts[k]
		}
	}
	return c
}

// ReadStats reads what AppendTermCounts wrote as the Stats that NewStats
// makes of the TermCounts ReadTermCounts reads, without their maps: the
// form holds the terms and the bigrams sorted already.
func ReadStats(d *binform.Reader) *Stats { return newStatsOf(readCountTables(d)) }

// countTables are what AppendTermCounts wrote, in its order: every term in
// byte order and every bigram in increasing order, with their counts, and
// the totals.
type countTables struct {
	terms          TermTable
	bigrams        BigramTable
	types, typesIn int64
}

// readCountTables reads what AppendTermCounts wrote; a term or a bigram
// out of order fails the reading.
func readCountTables(d *binform.Reader) countTables {
	var t countTables
	n := d.Count(4)
	t.terms = TermTable{Terms: make([]string, n), Counts: make([]TermCount, n)}
	var w []byte
	for k := range n {
		w = d.FrontCoded(w)
		if k > 0 && string(w) <= t.terms.Terms[k-1] {
			d.Fail("terms not increasing")
		}
		t.terms.Terms[k] = string(w)
		t.terms.Counts[k] = TermCount{Books: d.Int32(), Summaries: d.Int32()}
	}
	n = d.Count(3)
	t.bigrams = BigramTable{Keys: make([]uint64, n), Counts: make([]TermCount, n)}
	var g uint64
	for k := range n {
		g = d.Increasing(k, g)
		t.bigrams.Keys[k] = g
		t.bigrams.Counts[k] = TermCount{Books: d.Int32(), Summaries: d.Int32()}
	}
	t.types, t.typesIn = d.Varint(), d.Varint()
	return t
}

// AppendCells appends whether c is there and, if so, its keys as
// differences with their counts.
func AppendCells(out []byte, c *Cells) ([]byte, error) {
	if c == nil {
		return append(out, 0), nil
	}
	if len(c.NGrams) != len(c.Keys) || len(c.Hits) != len(c.Keys) {
		return nil, fmt.Errorf("coverage: coverage cells of unequal lengths")
	}
	out = append(out, 1)
	out = binary.AppendUvarint(out, uint64(len(c.Keys)))
	var ok bool
	for i, k := range c.Keys {
		var last uint32
		if i > 0 {
			last = c.Keys[i-1]
		}
		if out, ok = binform.AppendIncreasing(out, i, uint64(last), uint64(k)); !ok {
			return nil, fmt.Errorf("coverage: coverage cells not increasing")
		}
		if !Key(k).valid() || c.NGrams[i] < 0 || c.Hits[i] < 0 {
			return nil, fmt.Errorf("coverage: coverage cell %#x (%d n-grams, %d hits) out of range", k, c.NGrams[i], c.Hits[i])
		}
		out = binary.AppendVarint(out, int64(c.NGrams[i]))
		out = binary.AppendVarint(out, int64(c.Hits[i]))
	}
	return out, nil
}

// ReadCells reads what AppendCells wrote.
func ReadCells(d *binform.Reader) *Cells {
	if !d.Present("coverage flag") {
		return nil
	}
	n := d.Count(3)
	c := &Cells{Keys: make([]uint32, n), NGrams: make([]int32, n), Hits: make([]int32, n)}
	var k uint64
	for i := range n {
		if k = d.Increasing(i, k); k > 1<<32-1 || !Key(k).valid() {
			d.Fail("coverage key")
		}
		c.Keys[i], c.NGrams[i], c.Hits[i] = uint32(k), d.Int32(), d.Int32()
		if c.NGrams[i] < 0 || c.Hits[i] < 0 {
			d.Fail("coverage counts")
		}
	}
	return c
}

// MarshalBinary returns the binary form of c: the bigrams in increasing
// order, as differences, each with its count. Equal counts have equal
// forms.
func (c *BigramBooks) MarshalBinary() ([]byte, error) {
	c.count()
	out := make([]byte, 0, 1+5*len(c.counted))
	out = append(out, bigramBooksFormat)
	out = binary.AppendUvarint(out, uint64(len(c.counted)))
	var prev uint64
	for i, pn := range c.counted {
		k := pn >> 8
		out, _ = binform.AppendIncreasing(out, i, prev, k) // distinct prefixes
		out = append(out, byte(pn))
		prev = k
	}
	return out, nil
}

// bigramBooksFormat is the first byte of a BigramBooks' binary form.
const bigramBooksFormat = 2

// UnmarshalBinary sets c to the counts of data, the output of
// MarshalBinary; the error wraps ErrEncoding.
func (c *BigramBooks) UnmarshalBinary(data []byte) error {
	d := &binform.Reader{Data: data, Wrap: ErrEncoding}
	if d.Byte() != bigramBooksFormat {
		return fmt.Errorf("%w: bigram counts format", ErrEncoding)
	}
	var nc BigramBooks
	if n := d.Count(2); n > 0 {
		nc.counted = make([]uint64, 0, n)
		var k uint64
		for i := range n {
			if k = d.Increasing(i, k); k > math.MaxUint32 {
				d.Fail("bigram prefix")
				break
			}
			nc.counted = append(nc.counted, k<<8|uint64(d.Byte()))
		}
	}
	if err := d.End(); err != nil {
		return err
	}
	*c = nc
	return nil
}
