package classify

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/bookalign/bookalign/classify/internal/fitting"
	"github.com/bookalign/bookalign/internal/binform"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"sync"

	"github.com/bookalign/bookalign/text"
	"gonum.org/v1/gonum/optimize"
)

// The coverage model (Settings.Coverage) predicts, for every unigram and
// bigram of terms (Terms) that a book
// holds, how often its plot summary will: a Poisson regression
//
//	E[count in the summary] = mu(g) = exp(w . x(g)),
//
// fitted to the training pairs, where x(g) are binned properties of g in
// the book and in the training pairs (coverageKey):
//
//   - how often the book holds g (log2 bins) and how often it is
//     capitalised inside a sentence (a name);
//   - how often the summaries of the training books that hold g hold it
//     too, smoothed towards the base rate p0 with a = coveragePrior books,
//     log((S + a p0) / (B + a)), for g and, for a bigram, for each of its
//     terms; a training book leaves itself out of S and B, as IDF does;
//   - whether g's terms are stopwords (text.IsStopword), and the products
//     stopword x count, name x count and, for bigrams, stopword x rate.
//
// With stopwords (Settings.CoverageStopwords, ROUGE's -s list in a
// pipeline) the bigrams are those ROUGE-2 counts with -s, the
// content words made consecutive by taking the stopwords out, beside the
// bigrams that hold a stopword, which ROUGE-2 counts without -s
// (eachBigram); the model predicts both kinds alike.
//
// The model is fitted to the books' n-grams grouped by their binned
// properties (CoverCells). Bigram statistics are kept for the bigrams that
// at least coverageMinBigramBooks other training books hold; the others
// count as unseen, with rate p0.

const (
	// coveragePrior is a, the weight in books of the base rate.
	coveragePrior = 5.0
	// coverageMinBigramBooks is the number of other training books that
	// must hold a bigram for its statistics to be used.
	coverageMinBigramBooks = 5
	// coverageLambda is the L2 strength of the Poisson regression, on its
	// mean loss per n-gram.
	coverageLambda = 1e-5

	countBins = 14 // floor(log2 count), 0 … 13
	rateBins  = 16 // (log rate + 8) * 2, 0 … 15
	capBins   = 4  // share capitalised: 0, < 0.5, < 0.9, ≥ 0.9
)

// CoverageMinBigramBooks is the number of books that must hold a bigram for
// the coverage model to use its statistics: a pipeline keeps, of each
// book's bigrams, those that this many books of the corpus hold.
const CoverageMinBigramBooks = coverageMinBigramBooks

// CoverageStats are what the coverage model needs of a Collection's
// training books: every term's counts, the counts of the bigrams that
// coverageMinBigramBooks of them hold, and the sums that give the base
// rates.
type CoverageStats struct {
	// Terms hold every term of the training books.
	Terms TermTable `json:"terms"`
	// Bigrams hold the bigrams of at least coverageMinBigramBooks books,
	// or of at least BigramMinBooks when that is set.
	Bigrams BigramTable `json:"bigrams"`
	// BigramMinBooks, when not zero, says that Bigrams were bounded for a
	// saved model (Model.Bounded): they hold only the bigrams of at least
	// this many books, and a bigram of fewer counts as unseen.
	BigramMinBooks int32 `json:"bigram_min_books,omitempty"`
	// TermPairs is the number of (training book, term of the book) pairs
	// and TermPairsInSummary the number of those whose summary holds the
	// term; BigramPairs and BigramPairsInSummary the same of bigrams. Their
	// ratios are the base rates p0.
	TermPairs            int64 `json:"term_pairs"`
	TermPairsInSummary   int64 `json:"term_pairs_in_summary"`
	BigramPairs          int64 `json:"bigram_pairs"`
	BigramPairsInSummary int64 `json:"bigram_pairs_in_summary"`

	bucketOnce sync.Once
	bucket     []int32 // bigramBuckets+1 offsets into Bigrams.Keys by their top bits
}

// bigramBits is the number of top bits of a bigram hash that pick its
// bucket: a book's bigrams are looked up in every training set that holds
// it, and a bucket of a few keys is found in one step where a binary search
// of 350,000 keys takes twenty.
const bigramBits = 16

// buckets returns the offsets of the buckets into Bigrams.Keys, made once.
func (s *CoverageStats) buckets() []int32 {
	s.bucketOnce.Do(func() {
		s.bucket = make([]int32, 1<<bigramBits+1)
		k := 0
		for b := range 1 << bigramBits {
			for k < len(s.Bigrams.Keys) && s.Bigrams.Keys[k]>>(64-bigramBits) == uint64(b) {
				k++
			}
			s.bucket[b+1] = int32(k)
		}
	})
	return s.bucket
}

// bigramsOf returns the counts of the bigrams of g, by bigram id, and
// whether each is in the statistics. It visits them in the order of their
// hashes, as the keys are sorted, so that the look-ups walk the table
// forwards instead of jumping about it.
func (s *CoverageStats) bigramsOf(g *BookGrams) ([]TermCount, []bool) {
	bucket, keys := s.buckets(), s.Bigrams.Keys
	counts, found := make([]TermCount, len(g.biHash)), make([]bool, len(g.biHash))
	k := int32(0)
	for _, x := range g.byHash {
		h := g.biHash[x]
		b := h >> (64 - bigramBits)
		k = max(k, bucket[b])
		for hi := bucket[b+1]; k < hi && keys[k] < h; k++ {
		}
		if k < bucket[b+1] && keys[k] == h {
			counts[x], found[x] = s.Bigrams.Counts[k], true
		}
	}
	return counts, found
}

// base returns the base rate of pairs of which inSummary are in their
// summaries, leaving out a training book's own ownPairs and ownIn.
func base(pairs, inSummary, ownPairs, ownIn int64) float64 {
	pairs, inSummary = pairs-ownPairs, inSummary-ownIn
	if pairs <= 0 || inSummary < 0 {
		return 0
	}
	return float64(inSummary) / float64(pairs)
}

// TermTable holds term counts by term, in increasing order.
type TermTable struct {
	Terms  []string
	Counts []TermCount
}

// countsOf returns the counts of each of terms, which are sorted, and zero
// counts for a term the table does not hold (lookupSorted).
func (t *TermTable) countsOf(terms []string) []TermCount {
	return lookupSorted(t.Terms, t.Counts, terms, TermCount{})
}

// MarshalJSON writes the table as one base64 string of its binary form
// (the terms front-coded, each with its counts): a hundred thousand terms
// as a JSON object would make most of a model file.
func (t TermTable) MarshalJSON() ([]byte, error) {
	if len(t.Terms) != len(t.Counts) {
		return nil, errors.New("classify: term table of unequal lengths")
	}
	out := binary.AppendUvarint(make([]byte, 0, 8*len(t.Terms)), uint64(len(t.Terms)))
	prev := ""
	for i, w := range t.Terms {
		out = binform.AppendFrontCoded(out, prev, w)
		out = appendTermCount(out, t.Counts[i])
		prev = w
	}
	return json.Marshal(out) // []byte as base64
}

// base64Decoder decodes a JSON string of base64, as a []byte's JSON
// form, to a decoder of the bytes.
func base64Decoder(data []byte) (*decoder, error) {
	var raw []byte
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	return newDecoder(raw), nil
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (t *TermTable) UnmarshalJSON(data []byte) error {
	d, err := base64Decoder(data)
	if err != nil {
		return err
	}
	n := d.Count(4)
	nt := TermTable{Terms: make([]string, n), Counts: make([]TermCount, n)}
	var w []byte
	for i := range n {
		w = d.FrontCoded(w)
		nt.Terms[i] = string(w)
		nt.Counts[i] = TermCount{Books: d.Int32(), Summaries: d.Int32()}
	}
	if err := d.End(); err != nil {
		return err
	}
	*t = nt
	return nil
}

// BigramTable holds bigram counts by BigramHash, in increasing order.
type BigramTable struct {
	Keys   []uint64    `json:"keys"`
	Counts []TermCount `json:"counts"`
}

// coverageStats returns the coverage statistics of c.
func (c *Counts) coverageStats() *CoverageStats {
	s := &CoverageStats{BigramPairs: c.Terms.BigramTypes, BigramPairsInSummary: c.Terms.BigramTypesInSummary}
	for w, n := range c.Terms.Terms {
		s.Terms.Terms = append(s.Terms.Terms, w)
		s.TermPairs += int64(n.Books)
		s.TermPairsInSummary += int64(n.Summaries)
	}
	slices.Sort(s.Terms.Terms)
	s.Terms.Counts = make([]TermCount, len(s.Terms.Terms))
	for i, w := range s.Terms.Terms {
		s.Terms.Counts[i] = c.Terms.Terms[w]
	}
	for g, n := range c.Terms.Bigrams {
		if n.Books >= coverageMinBigramBooks {
			s.Bigrams.Keys = append(s.Bigrams.Keys, g)
		}
	}
	slices.Sort(s.Bigrams.Keys)
	s.Bigrams.Counts = make([]TermCount, len(s.Bigrams.Keys))
	for i, g := range s.Bigrams.Keys {
		s.Bigrams.Counts[i] = c.Terms.Bigrams[g]
	}
	return s
}

// validate checks the statistics of a model read from a file.
func (s *CoverageStats) validate(books int) error {
	ok := func(n TermCount) bool {
		return n.Books >= 1 && int(n.Books) <= books && n.Summaries >= 0 && n.Summaries <= n.Books
	}
	if len(s.Terms.Terms) != len(s.Terms.Counts) {
		return errors.New("term table of unequal lengths")
	}
	for i, n := range s.Terms.Counts {
		if i > 0 && s.Terms.Terms[i] <= s.Terms.Terms[i-1] {
			return errors.New("term table not sorted")
		}
		if !ok(n) {
			return fmt.Errorf("term %q counted in %d books and %d summaries of %d", s.Terms.Terms[i], n.Books, n.Summaries, books)
		}
	}
	t := &s.Bigrams
	if len(t.Keys) != len(t.Counts) {
		return errors.New("bigram table of unequal lengths")
	}
	for i, n := range t.Counts {
		if i > 0 && t.Keys[i] <= t.Keys[i-1] {
			return errors.New("bigram table not increasing")
		}
		if !ok(n) {
			return fmt.Errorf("bigram counted in %d books and %d summaries of %d", n.Books, n.Summaries, books)
		}
	}
	if err := s.validateBound(books); err != nil {
		return err
	}
	if s.TermPairs < 0 || s.TermPairsInSummary < 0 || s.TermPairsInSummary > s.TermPairs ||
		s.BigramPairs < 0 || s.BigramPairsInSummary < 0 || s.BigramPairsInSummary > s.BigramPairs {
		return errors.New("pair counts out of range")
	}
	return nil
}

// A coverageKey packs the binned properties of one n-gram of a book:
// bit 31 set for a bigram; then, from bit 0, the count and capital bins,
// the stopword bits (one for a unigram, two for a bigram: first term 1,
// second 2), and the rate bins (the n-gram's, then for a bigram its first
// and second term's). The n-grams of a book fall in a few thousand keys.
type coverageKey uint32

const bigramFlag coverageKey = 1 << 31

// The fields of a coverageKey: shift and width in bits.
var (
	keyCount = keyField{0, 4}
	keyCap   = keyField{4, 2}
	keyStop  = keyField{6, 2}
	keyRate  = keyField{8, 4}
	keyRate1 = keyField{12, 4}
	keyRate2 = keyField{16, 4}
)

type keyField struct{ shift, width uint }

func (f keyField) get(k coverageKey) int { return int(k>>f.shift) & (1<<f.width - 1) }
func (f keyField) put(v int) coverageKey { return coverageKey(v) << f.shift }

// coverageBlocks are the one-hot blocks of the model's features, in order:
// each is named, has size values, and takes its value from a key.
var coverageBlocks = []struct {
	name   string
	bigram bool
	size   int
	value  func(k coverageKey) int
}{
	{"uni", false, 1, func(coverageKey) int { return 0 }},
	{"uni:count", false, countBins, keyCount.get},
	{"uni:rate", false, rateBins, keyRate.get},
	{"uni:capital", false, capBins, keyCap.get},
	{"uni:stop", false, 2, keyStop.get},
	{"uni:stop*count", false, 2 * countBins, func(k coverageKey) int { return keyStop.get(k)*countBins + keyCount.get(k) }},
	{"uni:capital*count", false, capBins * countBins, func(k coverageKey) int { return keyCap.get(k)*countBins + keyCount.get(k) }},
	{"bi", true, 1, func(coverageKey) int { return 0 }},
	{"bi:count", true, countBins, keyCount.get},
	{"bi:rate", true, rateBins, keyRate.get},
	{"bi:rate1", true, rateBins, keyRate1.get},
	{"bi:rate2", true, rateBins, keyRate2.get},
	{"bi:capital", true, capBins, keyCap.get},
	{"bi:stop", true, 4, keyStop.get},
	{"bi:stop*count", true, 4 * countBins, func(k coverageKey) int { return keyStop.get(k)*countBins + keyCount.get(k) }},
	{"bi:capital*count", true, capBins * countBins, func(k coverageKey) int { return keyCap.get(k)*countBins + keyCount.get(k) }},
	{"bi:stop*rate", true, 4 * rateBins, func(k coverageKey) int { return keyStop.get(k)*rateBins + keyRate.get(k) }},
}

// coverageLayout holds the first feature index of each block; the last
// entry is the number of features.
var coverageLayout = func() []int {
	out := make([]int, len(coverageBlocks)+1)
	for i, b := range coverageBlocks {
		out[i+1] = out[i] + b.size
	}
	return out
}()

// coverageBlock returns the first feature index of the block named name.
func coverageBlock(name string) int {
	for i, b := range coverageBlocks {
		if b.name == name {
			return coverageLayout[i]
		}
	}
	panic("classify: no coverage block " + name)
}

// CoverageFeatureNames returns the names of the coverage model's features,
// "block=value" (such as "bi:rate=7"), in weight order.
func CoverageFeatureNames() []string {
	var out []string
	for _, b := range coverageBlocks {
		for v := range b.size {
			out = append(out, b.name+"="+strconv.Itoa(v))
		}
	}
	return out
}

// keyBits are the bits of a coverageKey that its fields use.
const keyBits = bigramFlag | (1<<20 - 1)

// valid reports whether every field of k is within its block: a key
// decoded from a file must not index the next block's weights.
func (k coverageKey) valid() bool {
	if k&^keyBits != 0 {
		return false
	}
	bigram := k&bigramFlag != 0
	for _, b := range coverageBlocks {
		if b.bigram == bigram && b.value(k) >= b.size {
			return false
		}
	}
	return true
}

// features appends the feature indices of key k to dst.
func (k coverageKey) features(dst []int32) []int32 {
	bigram := k&bigramFlag != 0
	for i, b := range coverageBlocks {
		if b.bigram == bigram {
			dst = append(dst, int32(coverageLayout[i]+b.value(k)))
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

// rateMemo gives the rate bin of an n-gram's counts under one base rate
// p0: the bin of
//
//	log((S + a p0) / (B + a))
//
// for B books of which S have it in their summary, leaving out the book's
// own (own; inSummary says its summary has it), with a = coveragePrior. The
// counts are whole books, so a book's tens of thousands of n-grams take a
// few hundred distinct (B, S) pairs: their bins are kept in a small table
// of fixed size, indexed by a hash of the pair, so that most cost no
// logarithm. The bin is the same whether it is kept or computed.
type rateMemo struct {
	p0   float64
	keys [1 << rateMemoBits]uint32 // 1 + B<<15 | S of each slot; 0 when empty
	bins [1 << rateMemoBits]int8
}

const rateMemoBits = 12

func newRateMemo(p0 float64) *rateMemo { return &rateMemo{p0: p0} }

// bin returns the rate bin of n.
func (r *rateMemo) bin(n TermCount, own, inSummary bool) int {
	B, S := int(n.Books), int(n.Summaries)
	if own {
		B--
		if inSummary {
			S--
		}
	}
	B, S = max(B, 0), max(S, 0)
	if B >= 1<<15 || S >= 1<<15 {
		return r.compute(B, S)
	}
	key := uint32(B<<15|S) + 1
	slot := key * 0x9e3779b1 >> (32 - rateMemoBits)
	if r.keys[slot] == key {
		return int(r.bins[slot])
	}
	b := r.compute(B, S)
	r.keys[slot], r.bins[slot] = key, int8(b)
	return b
}

func (r *rateMemo) compute(B, S int) int {
	return rateBin(math.Log((float64(S) + coveragePrior*r.p0) / (float64(B) + coveragePrior)))
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

// ngramStat is what a book says of one of its n-grams: how often it holds
// it, and how often capitalised.
type ngramStat struct {
	count, caps int32
}

func (g *ngramStat) add(capital bool) {
	g.count++
	if capital {
		g.caps++
	}
}

// BookGrams are the unigrams (terms) and bigrams of a book's rows, with
// what the book says of each, and each row's bigrams: all that coverage
// featurization and extraction need of the book alone. Featurize and
// Summarize compute them; a caller that featurizes a book under several
// collections (a pipeline's training sets) or summarizes it with several
// models computes them once (NewBookGrams, Collection.FeaturizeGrams,
// Model.SummarizeGrams).
type BookGrams struct {
	uni     []ngramStat // by term id
	bi      []ngramStat // by bigram id
	biTerms [][2]int32  // the terms of each bigram
	biHash  []uint64    // the BigramHash of each bigram
	rowBi   [][]int32   // the bigram ids of each row's consecutive tokens
	biIndex map[[2]int32]int32
	byHash  []int32 // the bigram ids in increasing order of their hashes
	// biRef counts, for each bigram id, its occurrences in the book's
	// reference summary (eachBigram over Terms.Reference); nil when the
	// book has no reference.
	biRef []int32
}

// NewBookGrams counts the n-grams of b's Terms, the bigrams as a
// collection whose coverage extraction names stop (sorted,
// Settings.CoverageStopwords; none: the consecutive terms) counts them
// (eachBigram).
func NewBookGrams(b *Book, stop []string) *BookGrams {
	t := &b.Terms
	rows := len(t.Start) - 1
	g := &BookGrams{uni: make([]ngramStat, len(t.Vocab)), rowBi: make([][]int32, max(rows, 0)), biIndex: make(map[[2]int32]int32)}
	h := newBigramHasher(t.Vocab)
	marks := stopMarks(t.Vocab, stop)
	for i := range rows {
		lo := int(t.Start[i])
		row := t.Row(i)
		for j, id := range row {
			g.uni[id].add(t.IsCapital(lo + j))
		}
		ids := make([]int32, 0, max(len(row)-1, 0))
		eachBigram(row, marks, func(x, y int) {
			pair := [2]int32{row[x], row[y]}
			k, ok := g.biIndex[pair]
			if !ok {
				k = int32(len(g.bi))
				g.biIndex[pair] = k
				g.bi = append(g.bi, ngramStat{})
				g.biTerms = append(g.biTerms, pair)
				g.biHash = append(g.biHash, h.hash(pair[0], pair[1]))
			}
			// A bigram is capitalised when both its tokens are.
			g.bi[k].add(t.IsCapital(lo+x) && t.IsCapital(lo+y))
			ids = append(ids, k)
		})
		g.rowBi[i] = ids
	}
	// Sorted once per book, for the look-ups of every training set that
	// featurizes it (CoverageStats.bigramsOf).
	g.byHash = sortByHash(g.biHash)
	if ref := t.Reference; ref != nil {
		g.biRef = make([]int32, len(g.bi))
		eachBigram(ref, marks, func(x, y int) {
			if k, ok := g.biIndex[[2]int32{ref[x], ref[y]}]; ok {
				g.biRef[k]++
			}
		})
	}
	return g
}

// sortByHash returns the indices of hash in increasing order of their
// hashes, ties in index order: a stable radix sort of the (hash, index)
// pairs, eight bits a pass from the lowest. A book's 75,000 bigrams take a
// tenth of the time of a comparison sort.
func sortByHash(hash []uint64) []int32 {
	n := len(hash)
	ids, idsTmp := make([]int32, n), make([]int32, n)
	keys, keysTmp := slices.Clone(hash), make([]uint64, n)
	for i := range ids {
		ids[i] = int32(i)
	}
	for shift := 0; shift < 64; shift += 8 {
		var at [256]int
		for _, k := range keys {
			at[k>>shift&0xff]++
		}
		sum := 0
		for d, c := range at {
			at[d], sum = sum, sum+c
		}
		for i, k := range keys {
			d := k >> shift & 0xff
			keysTmp[at[d]], idsTmp[at[d]] = k, ids[i]
			at[d]++
		}
		keys, keysTmp = keysTmp, keys
		ids, idsTmp = idsTmp, ids
	}
	return ids
}

// coverageKeys returns the key of every unigram (by term id) and bigram (by
// bigram id) of b under the collection's statistics; self says that b is
// one of the training books, which then leaves itself out of them.
func (c *Collection) coverageKeys(b *Book, g *BookGrams, self bool) (uni, bi []coverageKey) {
	s := c.Coverage
	t := &b.Terms
	// The book's own summary, when it is a training book.
	var refUni []bool
	var ownTerms, ownTermsIn, ownBigrams, ownBigramsIn int64
	if self {
		ownTerms, ownBigrams = int64(len(t.Vocab)), int64(len(g.bi))
	}
	refBi := g.biRef // its reference's count of each bigram of the book
	if self && t.Reference != nil {
		refUni = make([]bool, len(t.Vocab))
		for _, id := range t.Reference {
			if id >= 0 {
				refUni[id] = true
			}
		}
		for _, in := range refUni {
			ownTermsIn += int64(btoi(in))
		}
		for _, n := range refBi {
			ownBigramsIn += int64(btoi(n > 0))
		}
	} else {
		refBi = nil
	}
	termBase := base(s.TermPairs, s.TermPairsInSummary, ownTerms, ownTermsIn)
	bigramBase := base(s.BigramPairs, s.BigramPairsInSummary, ownBigrams, ownBigramsIn)
	termRates, bigramRates := newRateMemo(termBase), newRateMemo(bigramBase)
	common := func(st *ngramStat) coverageKey {
		return keyCount.put(countBin(st.count)) | keyCap.put(capBin(st.caps, st.count))
	}
	termRate := make([]int, len(t.Vocab))
	uni = make([]coverageKey, len(t.Vocab))
	stop := make([]bool, len(t.Vocab))
	termCounts := s.Terms.countsOf(t.Vocab)
	for id, w := range t.Vocab {
		inSummary := refUni != nil && refUni[id]
		termRate[id] = termRates.bin(termCounts[id], self, inSummary)
		stop[id] = text.IsStopword(w)
		k := common(&g.uni[id]) | keyRate.put(termRate[id])
		if stop[id] {
			k |= keyStop.put(1)
		}
		uni[id] = k
	}
	bi = make([]coverageKey, len(g.bi))
	counts, found := s.bigramsOf(g)
	for x, pair := range g.biTerms {
		n, ok := counts[x], found[x]
		own := self
		if !ok || int(n.Books)-btoi(self) < coverageMinBigramBooks {
			n, own = TermCount{}, false // unseen, or too few other books
		}
		rate := bigramRates.bin(n, own, refBi != nil && refBi[x] > 0)
		k := bigramFlag | common(&g.bi[x]) | keyRate.put(rate) | keyRate1.put(termRate[pair[0]]) | keyRate2.put(termRate[pair[1]])
		if stop[pair[0]] {
			k |= keyStop.put(1)
		}
		if stop[pair[1]] {
			k |= keyStop.put(keyStop.get(k) | 2)
		}
		bi[x] = k
	}
	return uni, bi
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// CoverCells are a training book's n-grams grouped by key: the number of
// the book's n-grams of each key and how often, in all, its reference
// summary holds them. They are the coverage model's training data
// (Features.Cover), and add up over books.
type CoverCells struct {
	Keys   []uint32 `json:"keys"`   // increasing
	NGrams []int32  `json:"ngrams"` // n-grams of each key
	Hits   []int32  `json:"hits"`   // their summed reference counts
}

// coverCells returns the cells of b, a training book of c with a
// reference, whose n-grams are g.
func (c *Collection) coverCells(b *Book, g *BookGrams) *CoverCells {
	uni, bi := c.coverageKeys(b, g, c.contains(b.ID))
	t := &b.Terms
	refUni := make([]int32, len(t.Vocab))
	for _, id := range t.Reference {
		if id >= 0 {
			refUni[id]++
		}
	}
	cells := make(map[uint32][2]int32)
	for id, k := range uni {
		v := cells[uint32(k)]
		cells[uint32(k)] = [2]int32{v[0] + 1, v[1] + refUni[id]}
	}
	for x, k := range bi {
		v := cells[uint32(k)]
		cells[uint32(k)] = [2]int32{v[0] + 1, v[1] + g.biRef[x]}
	}
	out := &CoverCells{Keys: make([]uint32, 0, len(cells))}
	for k := range cells {
		out.Keys = append(out.Keys, k)
	}
	slices.Sort(out.Keys)
	out.NGrams, out.Hits = make([]int32, len(out.Keys)), make([]int32, len(out.Keys))
	for i, k := range out.Keys {
		out.NGrams[i], out.Hits[i] = cells[k][0], cells[k][1]
	}
	return out
}

// CoverageModel is the fitted coverage model of a Model: one weight per
// feature (CoverageFeatureNames) and the settings of the extraction.
type CoverageModel struct {
	Features []string  `json:"features"`
	Weights  []float64 `json:"weights"`
	// NGrams is the number of the training books' n-grams it was fitted to,
	// Cells the number of their distinct keys, Iterations the L-BFGS
	// iterations of the fit.
	NGrams     int64 `json:"ngrams"`
	Cells      int   `json:"cells"`
	Iterations int   `json:"iterations"`
}

// fitCoverage fits the coverage model to the cells of the training books.
func fitCoverage(books []*Features) (*CoverageModel, error) {
	total := make(map[uint32][2]int64)
	for _, f := range books {
		if f.Cover == nil {
			return nil, fmt.Errorf("%w: %q has no coverage cells", ErrFeatures, f.ID)
		}
		c := f.Cover
		for i, k := range c.Keys {
			v := total[k]
			total[k] = [2]int64{v[0] + int64(c.NGrams[i]), v[1] + int64(c.Hits[i])}
		}
	}
	keys := make([]uint32, 0, len(total))
	for k := range total {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	type cell struct {
		x    []int32
		n, y float64
	}
	cells := make([]cell, len(keys))
	var ngrams int64
	var hits float64
	// The cells' features, in one array: a key has at most one feature per
	// block.
	xs := make([]int32, 0, len(keys)*len(coverageBlocks))
	for i, k := range keys {
		at := len(xs)
		xs = coverageKey(k).features(xs)
		cells[i] = cell{x: xs[at:len(xs):len(xs)], n: float64(total[k][0]), y: float64(total[k][1])}
		ngrams += total[k][0]
		hits += cells[i].y
	}
	if ngrams == 0 {
		return nil, errors.New("classify: no n-grams to fit the coverage model to")
	}
	dim := coverageLayout[len(coverageLayout)-1]
	w := float64(ngrams)
	z := func(x []float64, c *cell) float64 {
		var s float64
		for _, j := range c.x {
			s += x[j]
		}
		return s
	}
	// The loss and its gradient in one pass over the cells; L-BFGS asks for
	// both at each point it tries, one after the other.
	var atX, atGrad []float64
	var atF float64
	eval := func(x []float64) {
		if atX != nil && slices.Equal(atX, x) {
			return
		}
		atX, atGrad = append(atX[:0], x...), make([]float64, len(x))
		atF = 0
		for i := range cells {
			c := &cells[i]
			zi := z(x, c)
			e := math.Exp(zi)
			atF += c.n*e - c.y*zi
			r := (c.n*e - c.y) / w
			for _, j := range c.x {
				atGrad[j] += r
			}
		}
		atF /= w
		for j, xj := range x {
			atF += coverageLambda / 2 * xj * xj
			atGrad[j] += coverageLambda * xj
		}
	}
	problem := optimize.Problem{
		Func: func(x []float64) float64 {
			eval(x)
			return atF
		},
		Grad: func(grad, x []float64) {
			eval(x)
			copy(grad, atGrad)
		},
	}
	// Start from the base rate of each n-gram kind.
	x0 := make([]float64, dim)
	var nUni, yUni, nBi, yBi float64
	for i, k := range keys {
		if coverageKey(k)&bigramFlag != 0 {
			nBi, yBi = nBi+cells[i].n, yBi+cells[i].y
		} else {
			nUni, yUni = nUni+cells[i].n, yUni+cells[i].y
		}
	}
	x0[coverageBlock("uni")] = math.Log((yUni + 0.5) / (nUni + 1))
	x0[coverageBlock("bi")] = math.Log((yBi + 0.5) / (nBi + 1))
	res, err := optimize.Minimize(problem, x0, &optimize.Settings{GradientThreshold: 1e-7, MajorIterations: 2000}, &optimize.LBFGS{})
	if err := fitting.Error(res, err); err != nil {
		return nil, fmt.Errorf("classify: coverage model: %w", err)
	}
	for _, v := range res.X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("classify: coverage model: weight %v", v)
		}
	}
	return &CoverageModel{Features: CoverageFeatureNames(), Weights: res.X, NGrams: ngrams, Cells: len(keys), Iterations: res.Stats.MajorIterations}, nil
}

// validate checks a coverage model read from a file.
func (m *CoverageModel) validate() error {
	if !slices.Equal(m.Features, CoverageFeatureNames()) {
		return errors.New("coverage features are not this version's")
	}
	if len(m.Weights) != len(m.Features) {
		return errors.New("coverage weights do not match its features")
	}
	for _, v := range m.Weights {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return errors.New("coverage weight not finite")
		}
	}
	return nil
}

// mean returns mu, the expected reference count, of an n-gram of key k.
func (m *CoverageModel) mean(k coverageKey, buf []int32) float64 {
	var z float64
	for _, j := range k.features(buf[:0]) {
		z += m.Weights[j]
	}
	return math.Exp(z)
}

// MarshalJSON writes the table as one base64 string of its binary form
// (the keys as differences, each with its counts): hashes are not worth
// reading, and a few hundred thousand of them as JSON numbers would
// double the size of a model file.
func (t BigramTable) MarshalJSON() ([]byte, error) {
	if len(t.Keys) != len(t.Counts) {
		return nil, errors.New("classify: bigram table of unequal lengths")
	}
	out := make([]byte, 0, 12*len(t.Keys))
	out = binary.AppendUvarint(out, uint64(len(t.Keys)))
	var ok bool
	for i, g := range t.Keys {
		if out, ok = binform.AppendIncreasing(out, i, binform.PrevKey(t.Keys, i), g); !ok {
			return nil, errors.New("classify: bigram table not increasing")
		}
		out = appendTermCount(out, t.Counts[i])
	}
	return json.Marshal(out) // []byte as base64
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (t *BigramTable) UnmarshalJSON(data []byte) error {
	d, err := base64Decoder(data)
	if err != nil {
		return err
	}
	n := d.Count(3)
	nt := BigramTable{Keys: make([]uint64, n), Counts: make([]TermCount, n)}
	for i := range n {
		nt.Keys[i] = d.Increasing(i, binform.PrevKey(nt.Keys, i))
		nt.Counts[i] = TermCount{Books: d.Int32(), Summaries: d.Int32()}
	}
	if err := d.End(); err != nil {
		return err
	}
	*t = nt
	return nil
}

// MarshalJSON writes a count as [books, summaries].
func (n TermCount) MarshalJSON() ([]byte, error) {
	return []byte("[" + strconv.Itoa(int(n.Books)) + "," + strconv.Itoa(int(n.Summaries)) + "]"), nil
}

// UnmarshalJSON reads [books, summaries].
func (n *TermCount) UnmarshalJSON(data []byte) error {
	var v [2]int32
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	n.Books, n.Summaries = v[0], v[1]
	return nil
}
