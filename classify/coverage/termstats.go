package coverage

import (
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
	// Bigrams are the hashes (bigramHasher) of the book's distinct bigrams
	// of consecutive terms within a row, increasing, or of those a pipeline
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

// NewTermStats returns the term statistics of a book's terms t: its terms,
// its bigrams and which of them its reference holds (Terms.Reference; none
// without one). With stop (sorted, features.Collection.Stopwords)
// the bigrams are those the coverage model counts with it (eachBigram):
// the content bigrams of ROUGE's -s beside the bigrams that hold a
// stopword.
func NewTermStats(t *Terms, stop []string) TermStats {
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

// BigramBooks counts, for a pipeline's first pass, in how many books each
// bigram occurs: a CombineFn's accumulator over the Bigrams of the books'
// TermStats. Add and Merge commute. It counts a bigram by its prefix, the
// top 32 bits of its hash, and stops counting at 255: the pass needs only
// which bigrams enough books hold (Frequent). Two bigrams that share a
// prefix are counted as one, so a rare bigram may pass for a frequent one
// (the training sets count each bigram exactly): never the reverse.
//
// The counts are a sorted list, not a map: the books' prefixes are
// gathered as they come and counted by a sort when the counts are read,
// merged or encoded, and two accumulators merge in one pass over both
// lists, which is what the combine's last step, alone on a core while the
// job waits for it, does with every bundle's accumulator. Its zero value
// is empty and ready to use.
type BigramBooks struct {
	// counted holds each prefix counted with its count in the low byte,
	// prefix<<8|count, increasing.
	counted []uint64
	// added are the prefixes of the books added since, not yet counted.
	added []uint32
}

// bigramPrefix returns the prefix BigramBooks counts bigram g by.
func bigramPrefix(g uint64) uint32 { return uint32(g >> 32) }

// maxAdded is how many added prefixes BigramBooks holds before it counts
// them (16 MB).
const maxAdded = 1 << 22

// Add counts the bigrams of one book (its TermStats.Bigrams, distinct).
func (c *BigramBooks) Add(bigrams []uint64) {
	for _, g := range bigrams {
		c.added = append(c.added, bigramPrefix(g))
	}
	if len(c.added) >= maxAdded {
		c.count()
	}
}

// count moves the added prefixes into the counted ones.
func (c *BigramBooks) count() {
	if len(c.added) == 0 {
		return
	}
	slices.Sort(c.added)
	runs := make([]uint64, 0, len(c.added)/2)
	for i := 0; i < len(c.added); {
		j := i + 1
		for j < len(c.added) && c.added[j] == c.added[i] {
			j++
		}
		runs = append(runs, uint64(c.added[i])<<8|uint64(min(j-i, math.MaxUint8)))
		i = j
	}
	c.added = nil
	c.counted = mergeCounted(c.counted, runs)
}

// mergeCounted returns the counts of a and b together, each a counted
// list (BigramBooks.counted), a count that passes 255 stopping there.
func mergeCounted(a, b []uint64) []uint64 {
	if len(a) == 0 {
		return b
	}
	if len(b) == 0 {
		return a
	}
	out := make([]uint64, 0, max(len(a), len(b))+min(len(a), len(b))/2)
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		pa, pb := a[i]>>8, b[j]>>8
		switch {
		case pa < pb:
			out = append(out, a[i])
			i++
		case pb < pa:
			out = append(out, b[j])
			j++
		default:
			out = append(out, pa<<8|uint64(min(a[i]&0xff+b[j]&0xff, math.MaxUint8)))
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// Merge adds o to c.
func (c *BigramBooks) Merge(o *BigramBooks) {
	c.count()
	o.count()
	c.counted = mergeCounted(c.counted, o.counted)
}

// Len returns the number of prefixes counted.
func (c *BigramBooks) Len() int {
	c.count()
	return len(c.counted)
}

// Frequent returns the prefixes of the bigrams counted in at least min
// books (min at most 255), increasing: the argument of
// TermStats.KeepBigrams.
func (c *BigramBooks) Frequent(min int) []uint32 {
	c.count()
	var out []uint32
	for _, pn := range c.counted {
		if int(pn&0xff) >= min {
			out = append(out, uint32(pn>>8))
		}
	}
	return out
}

// BigramShard returns which of n shards bigram g belongs to: all the
// bigrams of one prefix fall in one shard, so BigramBooks of each shard,
// counted apart, give between them the same Frequent prefixes as one
// BigramBooks of all (MergeFrequent puts them together).
func BigramShard(g uint64, n int) int { return int(bigramPrefix(g) % uint32(n)) }

// MergeFrequent returns the prefixes of a and b, each increasing, in one
// increasing list: the Frequent prefixes of two shards (BigramShard),
// whatever the order they come in.
func MergeFrequent(a, b []uint32) []uint32 {
	out := make([]uint32, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case b[0] < a[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	out = append(out, a...)
	return append(out, b...)
}
