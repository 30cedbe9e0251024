package rouge

import (
	"maps"
	"sync"

	"github.com/bookalign/bookalign/text"
)

// Term codes of a token, besides the id (0, 1, ...) of a reference term.
const (
	unknown = -1 // a kept candidate term that is not in the reference
	dropped = -2 // a stopword, removed by -s
)

// maxCache bounds the number of token spellings a working set remembers.
const maxCache = 1 << 17

// A Reference is a reference summary prepared for scoring by a Scorer. Its
// terms are numbered 0, 1, ... in order of first appearance. A Reference is
// safe for concurrent use; it must not be copied.
type Reference struct {
	an    analyzer
	vocab map[string]int32 // term to id
	known map[string]int32 // lowered token to id or dropped

	ids   []int32 // the terms of the text
	sents []int32 // sentence i is ids[sents[i]:sents[i+1]]
	count []int32 // count[id]: occurrences of the term
	bi    bigrams

	pool sync.Pool // of *scratch
}

// Prepare prepares reference for scoring candidates against it with the
// options of s. It returns ErrNoStopwords when s.RemoveStopwords is set and
// s.Data has no stopword list.
func (s *Scorer) Prepare(reference string) (*Reference, error) {
	a, err := s.analyzer()
	if err != nil {
		return nil, err
	}
	r := &Reference{an: a, vocab: make(map[string]int32), known: make(map[string]int32)}
	var term []byte
	last := -1
	t := text.NewASCIIScanner(reference)
	for t.Scan() {
		tok := t.Bytes()
		id, seen := r.known[string(tok)]
		if !seen {
			var ok bool
			if term, ok = a.term(term[:0], tok); !ok {
				id = dropped
			} else if id, ok = r.vocab[string(term)]; !ok {
				id = int32(len(r.vocab))
				r.vocab[string(term)] = id
			}
			r.known[string(tok)] = id
		}
		if id == dropped {
			continue
		}
		if t.Line() != last {
			r.sents = append(r.sents, int32(len(r.ids)))
			last = t.Line()
		}
		r.ids = append(r.ids, id)
	}
	r.sents = append(r.sents, int32(len(r.ids)))
	r.count = make([]int32, len(r.vocab))
	for _, id := range r.ids {
		r.count[id]++
	}
	r.bi.build(r.ids, len(r.vocab))
	r.pool.New = func() any { return r.newScratch(true) }
	return r, nil
}

// Score scores candidate against the reference. Each line of candidate is
// one sentence.
func (r *Reference) Score(candidate string) Result {
	sc := r.pool.Get().(*scratch)
	defer r.pool.Put(sc)
	return r.score(sc, candidate)
}

// score scores candidate in the working memory sc.
func (r *Reference) score(sc *scratch, candidate string) Result {
	ids, sents := r.terms(sc, candidate)

	// ROUGE-1: a candidate token is a hit while its term has occurrences
	// in the reference not yet matched.
	ccount := sc.count
	clear(ccount)
	hits1 := 0
	for _, id := range ids {
		if id >= 0 {
			if ccount[id] < r.count[id] {
				hits1++
			}
			ccount[id]++
		}
	}
	hits2 := r.bi.hits(sc, ids)

	// ROUGE-L: walk the marked reference positions with the unigram
	// counts of both texts, taking one from each on a hit.
	mark := sc.mark
	clear(mark)
	unionLCS(sc, mark, r.ids, r.sents, ids, sents)
	remRef := append(sc.rem[:0], r.count...)
	remCand := ccount
	hitsL := 0
	for p, id := range r.ids {
		if mark[p] && remRef[id] > 0 && remCand[id] > 0 {
			hitsL++
			remRef[id]--
			remCand[id]--
		}
	}
	sc.rem = remRef

	n := len(r.ids)
	return Result{
		ROUGE1: measure(hits1, n, len(ids)),
		ROUGE2: measure(hits2, max(n-1, 0), max(len(ids)-1, 0)),
		ROUGEL: measure(hitsL, n, len(ids)),
	}
}

// terms returns the term ids of txt, unknown for a term not in the
// reference, and its sentence boundaries, both in sc.
func (r *Reference) terms(sc *scratch, txt string) (ids, sents []int32) {
	ids, sents = sc.ids[:0], sc.sents[:0]
	last := -1
	t := &sc.tok
	t.Reset(txt)
	for t.Scan() {
		id, ok := sc.known[string(t.Bytes())]
		if !ok {
			id = r.lookup(sc, t.Bytes())
		}
		if id == dropped {
			continue
		}
		if t.Line() != last {
			sents = append(sents, int32(len(ids)))
			last = t.Line()
		}
		ids = append(ids, id)
	}
	sents = append(sents, int32(len(ids)))
	sc.ids, sc.sents = ids, sents
	return ids, sents
}

// lookup returns the code of a token that sc has not seen, and remembers
// it while sc.known is not too large.
func (r *Reference) lookup(sc *scratch, tok []byte) int32 {
	term, ok := r.an.term(sc.term[:0], tok)
	sc.term = term
	id := int32(dropped)
	if ok {
		if id, ok = r.vocab[string(term)]; !ok {
			id = unknown
		}
	}
	if sc.grow && len(sc.known) < maxCache {
		sc.known[string(tok)] = id
	}
	return id
}

// scratch is the working memory of one Score call.
type scratch struct {
	known map[string]int32 // lowered token to code
	grow  bool             // whether known is sc's own, to add the tokens it sees
	tok   text.ASCIIScanner
	term  []byte
	ids   []int32 // candidate term codes
	sents []int32 // candidate sentence boundaries
	count []int32 // candidate count of each reference term
	rem   []int32 // remaining reference counts in ROUGE-L
	bi    []int32 // candidate count of each reference bigram
	mark  []bool  // reference positions on an LCS
	lcs   lcsScratch
}

// newScratch returns working memory for scoring against r. With grow, it
// has its own copy of r.known and remembers each new token it sees, which
// pays when it scores many candidates.
func (r *Reference) newScratch(grow bool) *scratch {
	known := r.known
	if grow {
		known = maps.Clone(known)
	}
	return &scratch{
		known: known,
		grow:  grow,
		count: make([]int32, len(r.vocab)),
		bi:    make([]int32, len(r.bi.count)),
		mark:  make([]bool, len(r.ids)),
		lcs: lcsScratch{
			inCand: marks{at: make([]int32, len(r.vocab))},
			match:  make([]uint64, len(r.vocab)),
			slot:   make([]int32, len(r.vocab)),
		},
	}
}
