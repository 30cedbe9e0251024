package classify

import (
	"encoding/binary"
	"fmt"
	"github.com/bookalign/bookalign/internal/binform"
	"hash/fnv"
	"math"
	"slices"
)

// TermStats are the terms (Terms.Vocab) and term bigrams of one book, and
// which of them its reference summary holds.
type TermStats struct {
	// Terms are the book's distinct terms, sorted; InSummary[k] says whether
	// the summary holds Terms[k] (nil without a summary).
	Terms     []string `json:"terms,omitempty"`
	InSummary []bool   `json:"in_summary,omitempty"`
	// Bigrams are the BigramHash of the book's distinct bigrams of
	// consecutive terms within a row, increasing, or of those a pipeline
	// keeps (KeepBigrams); BigramInSummary[k] says whether the summary holds
	// the bigram of Bigrams[k] (nil without a summary).
	Bigrams         []uint64 `json:"bigrams,omitempty"`
	BigramInSummary []bool   `json:"bigram_in_summary,omitempty"`
	// BigramTypes is the number of the book's distinct bigrams and
	// BigramTypesInSummary the number its summary holds, before any is
	// dropped: what the base rate of bigrams counts.
	BigramTypes          int32 `json:"bigram_types,omitempty"`
	BigramTypesInSummary int32 `json:"bigram_types_in_summary,omitempty"`
}

// BigramHash names the bigram of terms a, b: the 64-bit FNV-1a hash of a,
// a zero byte and b. TermStats, CoverageStats and BigramBooks key bigrams
// by it.
func BigramHash(a, b string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(a))
	h.Write([]byte{0})
	h.Write([]byte(b))
	return h.Sum64()
}

// A bigramHasher computes the BigramHash of pairs of term ids of one
// vocabulary, starting from each first term's FNV-1a state, so that a
// book's bigrams cost one pass over their second terms.
type bigramHasher struct {
	vocab  []string
	prefix []uint64 // FNV-1a state after term a and the zero byte
}

func newBigramHasher(vocab []string) *bigramHasher {
	h := &bigramHasher{vocab: vocab, prefix: make([]uint64, len(vocab))}
	for i, w := range vocab {
		s := uint64(fnvOffset)
		for j := 0; j < len(w); j++ {
			s = (s ^ uint64(w[j])) * fnvPrime
		}
		h.prefix[i] = (s ^ 0) * fnvPrime
	}
	return h
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hash returns BigramHash(vocab[a], vocab[b]).
func (h *bigramHasher) hash(a, b int32) uint64 {
	s := h.prefix[a]
	w := h.vocab[b]
	for j := 0; j < len(w); j++ {
		s = (s ^ uint64(w[j])) * fnvPrime
	}
	return s
}

// TermStats returns the term statistics of b: its terms, its bigrams and
// which of them its reference holds (Terms.Reference; none without one).
// With stop (sorted, Settings.CoverageStopwords) the bigrams are those the
// coverage model counts with it (eachBigram): the content bigrams of
// ROUGE's -s beside the bigrams that hold a stopword.
func (b *Book) TermStats(stop []string) TermStats {
	t := &b.Terms
	s := TermStats{Terms: slices.Clone(t.Vocab)}
	h := newBigramHasher(t.Vocab)
	marks := stopMarks(t.Vocab, stop)
	for i := range len(t.Start) - 1 {
		row := t.Row(i)
		eachBigram(row, marks, func(x, y int) {
			s.Bigrams = append(s.Bigrams, h.hash(row[x], row[y]))
		})
	}
	slices.Sort(s.Bigrams)
	s.Bigrams = slices.Compact(s.Bigrams)
	s.BigramTypes = int32(len(s.Bigrams))
	if t.Reference == nil {
		return s
	}
	s.InSummary = make([]bool, len(t.Vocab))
	s.BigramInSummary = make([]bool, len(s.Bigrams))
	for _, id := range t.Reference {
		if id >= 0 {
			s.InSummary[id] = true
		}
	}
	ref := t.Reference
	eachBigram(ref, marks, func(x, y int) {
		if k, ok := slices.BinarySearch(s.Bigrams, h.hash(ref[x], ref[y])); ok && !s.BigramInSummary[k] {
			s.BigramInSummary[k] = true
			s.BigramTypesInSummary++
		}
	})
	return s
}

// stopMarks returns, by term id of vocab, whether stop (sorted) holds the
// term; nil when stop is empty.
func stopMarks(vocab, stop []string) []bool {
	if len(stop) == 0 {
		return nil
	}
	marks := make([]bool, len(vocab))
	for id, w := range vocab {
		_, marks[id] = slices.BinarySearch(stop, w)
	}
	return marks
}

// eachBigram calls f with the positions x < y in seq (term ids, -1 for a
// token outside the vocabulary) of each bigram the coverage model counts,
// in order. Without stop marks these are the consecutive tokens, as
// ROUGE-2 reads them. With them (stopMarks) they are, first, the
// consecutive tokens one of which is a stopword, which ROUGE-2 with
// stopwords matches, and then the consecutive content tokens once the
// stopwords are taken out (Marlow … river of "Marlow on the river"), which
// ROUGE-2 with -s matches; a content bigram counts once whether its words
// touch or not. A token outside the vocabulary is in no bigram and parts
// the content tokens on either side.
func eachBigram(seq []int32, stop []bool, f func(x, y int)) {
	content := -1 // the position of the last content token, -1 after a gap
	for y, id := range seq {
		if id < 0 {
			content = -1
			continue
		}
		if stop == nil {
			if y > 0 && seq[y-1] >= 0 {
				f(y-1, y)
			}
			continue
		}
		if y > 0 && seq[y-1] >= 0 && (stop[seq[y-1]] || stop[id]) {
			f(y-1, y)
		}
		if !stop[id] {
			if content >= 0 {
				f(content, y)
			}
			content = y
		}
	}
}

// KeepBigrams drops from s the bigrams whose prefix (the top 32 bits of
// their hash) is not in keep (increasing): a pipeline first finds the
// bigrams that enough training books hold (BigramBooks.Frequent), so that
// each book sends only those to its training sets. The totals BigramTypes
// and BigramTypesInSummary stay.
func (s *TermStats) KeepBigrams(keep []uint32) {
	out, in := s.Bigrams[:0], s.BigramInSummary
	var outIn []bool
	if in != nil {
		outIn = in[:0]
	}
	j := 0
	for k, g := range s.Bigrams { // increasing, so their prefixes do not fall
		p := bigramPrefix(g)
		for j < len(keep) && keep[j] < p {
			j++
		}
		if j < len(keep) && keep[j] == p {
			out = append(out, g)
			if in != nil {
				outIn = append(outIn, in[k])
			}
		}
	}
	s.Bigrams, s.BigramInSummary = out, outIn
}

// TermCount is the count of one term or bigram over a set of books: in how
// many books it occurs, and how many of their summaries hold it too. Its
// JSON form is [books, summaries].
type TermCount struct {
	Books, Summaries int32
}

// TermCounts add up the TermStats of a training set's books (Counts.Terms).
type TermCounts struct {
	Terms   map[string]TermCount `json:"terms,omitempty"`
	Bigrams map[uint64]TermCount `json:"bigrams,omitempty"`
	// BigramTypes and BigramTypesInSummary add up the books' totals.
	BigramTypes          int64 `json:"bigram_types,omitempty"`
	BigramTypesInSummary int64 `json:"bigram_types_in_summary,omitempty"`
}

// add counts the term statistics of one book.
func (c *TermCounts) add(s *TermStats) {
	for k, w := range s.Terms {
		addCount(&c.Terms, w, TermCount{1, int32(btoi(k < len(s.InSummary) && s.InSummary[k]))})
	}
	for k, g := range s.Bigrams {
		addCount(&c.Bigrams, g, TermCount{1, int32(btoi(k < len(s.BigramInSummary) && s.BigramInSummary[k]))})
	}
	c.BigramTypes += int64(s.BigramTypes)
	c.BigramTypesInSummary += int64(s.BigramTypesInSummary)
}

// merge adds o to c.
func (c *TermCounts) merge(o *TermCounts) {
	for w, n := range o.Terms {
		addCount(&c.Terms, w, n)
	}
	for g, n := range o.Bigrams {
		addCount(&c.Bigrams, g, n)
	}
	c.BigramTypes += o.BigramTypes
	c.BigramTypesInSummary += o.BigramTypesInSummary
}

// addCount adds n to the count of k in *m, making the map if need be.
// without returns c less o's counts (Counts.Without).
func (c *TermCounts) without(o *TermCounts) (TermCounts, error) {
	minus := func(a, b TermCount) (TermCount, bool) {
		d := TermCount{Books: a.Books - b.Books, Summaries: a.Summaries - b.Summaries}
		return d, d.Books >= 0 && d.Summaries >= 0
	}
	terms, err := without(c.Terms, o.Terms, minus)
	if err != nil {
		return TermCounts{}, err
	}
	bigrams, err := without(c.Bigrams, o.Bigrams, minus)
	if err != nil {
		return TermCounts{}, err
	}
	return TermCounts{Terms: terms, Bigrams: bigrams, BigramTypes: c.BigramTypes - o.BigramTypes, BigramTypesInSummary: c.BigramTypesInSummary - o.BigramTypesInSummary}, nil
}

func addCount[K comparable](m *map[K]TermCount, k K, n TermCount) {
	if *m == nil {
		*m = make(map[K]TermCount)
	}
	tc := (*m)[k]
	tc.Books += n.Books
	tc.Summaries += n.Summaries
	(*m)[k] = tc
}

// BigramBooks counts, for a pipeline's first pass, in how many books each
// bigram occurs: a CombineFn's accumulator over the Bigrams of the books'
// TermStats. Add and Merge commute. It counts a bigram by its prefix, the
// top 32 bits of its BigramHash, and stops counting at 255: the pass needs
// only which bigrams enough books hold (Frequent). Two bigrams that share a
// prefix are counted as one, so a rare bigram may pass for a frequent one
// (the training sets count each bigram exactly): never the reverse.
type BigramBooks struct {
	Count map[uint32]uint8 `json:"count,omitempty"`
}

// bigramPrefix returns the prefix BigramBooks counts bigram g by.
func bigramPrefix(g uint64) uint32 { return uint32(g >> 32) }

// Add counts the bigrams of one book (its TermStats.Bigrams, distinct).
func (c *BigramBooks) Add(bigrams []uint64) {
	if c.Count == nil {
		c.Count = make(map[uint32]uint8, len(bigrams))
	}
	for _, g := range bigrams {
		if p := bigramPrefix(g); c.Count[p] < math.MaxUint8 {
			c.Count[p]++
		}
	}
}

// Merge adds o to c.
func (c *BigramBooks) Merge(o *BigramBooks) {
	if c.Count == nil {
		c.Count = make(map[uint32]uint8, len(o.Count))
	}
	for p, n := range o.Count {
		c.Count[p] = uint8(min(int(c.Count[p])+int(n), math.MaxUint8))
	}
}

// Frequent returns the prefixes of the bigrams counted in at least min
// books (min at most 255), increasing: the argument of
// TermStats.KeepBigrams.
func (c *BigramBooks) Frequent(min int) []uint32 {
	var out []uint32
	for p, n := range c.Count {
		if int(n) >= min {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// appendTermStats appends the binary form of s: the terms front-coded, the
// summary marks, the bigrams as differences and their marks, the totals.
func appendTermStats(out []byte, s *TermStats) ([]byte, error) {
	if s.InSummary != nil && len(s.InSummary) != len(s.Terms) ||
		s.BigramInSummary != nil && len(s.BigramInSummary) != len(s.Bigrams) {
		return nil, errTerms
	}
	out = binary.AppendUvarint(out, uint64(len(s.Terms)))
	prev := ""
	for _, w := range s.Terms {
		out = binform.AppendFrontCoded(out, prev, w)
		prev = w
	}
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

// termStats reads what appendTermStats wrote.
func (d *decoder) termStats() TermStats {
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

// appendTermCounts appends the binary form of c: the terms in byte order,
// front-coded, and the bigrams in increasing order, each with its counts,
// then the totals. Equal TermCounts have equal forms.
func appendTermCounts(out []byte, c *TermCounts) []byte {
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
	bigrams := make([]uint64, 0, len(c.Bigrams))
	for g := range c.Bigrams {
		bigrams = append(bigrams, g)
	}
	slices.Sort(bigrams)
	out = binary.AppendUvarint(out, uint64(len(bigrams)))
	for i, g := range bigrams {
		out, _ = binform.AppendIncreasing(out, i, binform.PrevKey(bigrams, i), g) // distinct map keys
		out = appendTermCount(out, c.Bigrams[g])
	}
	out = binary.AppendVarint(out, c.BigramTypes)
	return binary.AppendVarint(out, c.BigramTypesInSummary)
}

func appendTermCount(out []byte, tc TermCount) []byte {
	return binary.AppendVarint(binary.AppendVarint(out, int64(tc.Books)), int64(tc.Summaries))
}

// termCounts reads what appendTermCounts wrote.
func (d *decoder) termCounts() TermCounts {
	var c TermCounts
	if n := d.Count(4); n > 0 {
		c.Terms = make(map[string]TermCount, n)
		var w []byte
		for range n {
			w = d.FrontCoded(w)
			c.Terms[string(w)] = TermCount{Books: d.Int32(), Summaries: d.Int32()}
		}
	}
	if n := d.Count(3); n > 0 {
		c.Bigrams = make(map[uint64]TermCount, n)
		var g uint64
		for k := range n {
			g = d.Increasing(k, g)
			c.Bigrams[g] = TermCount{Books: d.Int32(), Summaries: d.Int32()}
		}
	}
	c.BigramTypes, c.BigramTypesInSummary = d.Varint(), d.Varint()
	return c
}

// MarshalBinary returns the binary form of c: the bigrams in increasing
// order, as differences, each with its count. Equal counts have equal
// forms.
func (c *BigramBooks) MarshalBinary() ([]byte, error) {
	keys := make([]uint64, 0, len(c.Count))
	for p := range c.Count {
		keys = append(keys, uint64(p))
	}
	slices.Sort(keys)
	out := make([]byte, 0, 1+5*len(keys))
	out = append(out, bigramBooksFormat)
	out = binary.AppendUvarint(out, uint64(len(keys)))
	for i, k := range keys {
		out, _ = binform.AppendIncreasing(out, i, binform.PrevKey(keys, i), k) // distinct map keys
		out = append(out, c.Count[uint32(k)])
	}
	return out, nil
}

// bigramBooksFormat is the first byte of a BigramBooks' binary form.
const bigramBooksFormat = 2

// UnmarshalBinary sets c to the counts of data, the output of
// MarshalBinary; the error wraps ErrBookEncoding.
func (c *BigramBooks) UnmarshalBinary(data []byte) error {
	d := newDecoder(data)
	if d.Byte() != bigramBooksFormat {
		return fmt.Errorf("%w: bigram counts format", ErrBookEncoding)
	}
	var nc BigramBooks
	if n := d.Count(2); n > 0 {
		nc.Count = make(map[uint32]uint8, n)
		var k uint64
		for i := range n {
			if k = d.Increasing(i, k); k > math.MaxUint32 {
				d.Fail("bigram prefix")
				break
			}
			nc.Count[uint32(k)] = d.Byte()
		}
	}
	if err := d.End(); err != nil {
		return err
	}
	*c = nc
	return nil
}
