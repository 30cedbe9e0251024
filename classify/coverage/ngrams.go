package coverage

import (
	"slices"
	"sync"
)

// A bigramHasher computes the hash that names a bigram of terms a, b: the
// 64-bit FNV-1a hash of a, a zero byte and b, by which TermStats, Stats and
// BigramBooks key bigrams. It starts from each first term's FNV-1a state,
// so that a book's bigrams cost one pass over their second terms.
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
		h.prefix[i] = s * fnvPrime // the word ends: FNV-1a of a zero byte
	}
	return h
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// hash returns the hash of the bigram vocab[a], vocab[b].
func (h *bigramHasher) hash(a, b int32) uint64 {
	s := h.prefix[a]
	w := h.vocab[b]
	for j := 0; j < len(w); j++ {
		s = (s ^ uint64(w[j])) * fnvPrime
	}
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

// Grams are the unigrams (terms) and bigrams of a book's rows, with what
// the book says of each, and each row's bigrams: all that coverage
// featurization and extraction need of the book alone. A caller that
// featurizes a book under several training sets or summarizes it with
// several models counts them once (NewGrams).
type Grams struct {
	uni     []ngramStat // by term id
	bi      []ngramStat // by bigram id
	biTerms [][2]int32  // the terms of each bigram
	biHash  []uint64    // the hash of each bigram (bigramHasher)
	rowBi   [][]int32   // the bigram ids of each row's consecutive tokens
	byHash  []int32     // the bigram ids in increasing order of their hashes
	// biRef counts, for each bigram id, its occurrences in the book's
	// reference summary (eachBigram over Terms.Reference); nil when the
	// book has no reference.
	biRef []int32
	// plotStats are counted on first use (plot.go).
	plotOnce  sync.Once
	plotStats *plotStats
	// ownKeys are the set-independent fields of its keys, made on
	// first use (cells.go).
	keysOnce sync.Once
	ownKeys  *ownKeys
}

// NewGrams counts the n-grams of t, the bigrams as a training set whose
// coverage extraction names stop (sorted,
// features.Collection.Stopwords; none: the consecutive terms) counts them
// (eachBigram).
func NewGrams(t *Terms, stop []string) *Grams {
	rows := len(t.Start) - 1
	g := &Grams{uni: make([]ngramStat, len(t.Vocab)), rowBi: make([][]int32, max(rows, 0))}
	h := newBigramHasher(t.Vocab)
	marks := stopMarks(t.Vocab, stop)
	var index openTable[int32]    // the id of each pair of terms (pairKey)
	index.reserve(len(t.Seq) / 2) // a book's distinct bigrams: about half its tokens
	ids := make([]int32, 0, len(t.Seq))
	ends := make([]int, max(rows, 0)) // where each row's ids end
	for i := range rows {
		lo := int(t.Start[i])
		row := t.Row(i)
		for j, id := range row {
			g.uni[id].add(t.IsCapital(lo + j))
		}
		eachBigram(row, marks, func(x, y int) {
			a, b := row[x], row[y]
			k, added := index.at(pairKey(a, b))
			if added {
				*k = int32(len(g.bi))
				g.bi = append(g.bi, ngramStat{})
				g.biTerms = append(g.biTerms, [2]int32{a, b})
				g.biHash = append(g.biHash, h.hash(a, b))
			}
			// A bigram is capitalised when both its tokens are.
			g.bi[*k].add(t.IsCapital(lo+x) && t.IsCapital(lo+y))
			ids = append(ids, *k)
		})
		ends[i] = len(ids)
	}
	start := 0
	for i, end := range ends {
		g.rowBi[i] = ids[start:end:end]
		start = end
	}
	// Sorted once per book, for the look-ups of every training set that
	// featurizes it (Stats.bigramsOf).
	g.byHash = sortByHash(g.biHash)
	if ref := t.Reference; ref != nil {
		g.biRef = make([]int32, len(g.bi))
		eachBigram(ref, marks, func(x, y int) {
			if k, ok := index.get(pairKey(ref[x], ref[y])); ok {
				g.biRef[k]++
			}
		})
	}
	return g
}

// pairKey is the key of the bigram of term ids a, b (not negative) in
// NewGrams' table.
func pairKey(a, b int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// sortByHash returns the indices of hash in increasing order of their
// hashes, ties in index order: a stable radix sort of the (hash, index)
// pairs, eight bits a pass from the lowest, several times faster than a
// comparison sort on a book's some 75,000 bigrams.
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
