package extract

import (
	"errors"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// Oracle returns the greedy extractive upper bound of a summary of b within
// budget words: starting from nothing, it adds, again and again, the row
// that most increases
//
//	R1 + R2 = hits_1 / ref_1 + hits_2 / ref_2,
//
// the ROUGE-1 and ROUGE-2 recall against reference under the options of s,
// among the rows that still fit the budget (the earlier row on ties), and
// stops when no row that fits adds a hit. It returns the document sentence
// indices of the rows added, in book order. doc is the document b was made
// from; it gives the rows' text. With a scorer that removes ROUGE's
// stopwords (-s) it is the content oracle, which spends the budget on the
// reference's content words alone; such a scorer without a stopword list
// is an error (rouge.ErrNoStopwords).
//
// Rows and reference are turned into ROUGE terms with s.Analyze. The gain
// counts the bigrams inside a row only; ROUGE also counts the bigram across
// two neighbouring rows, so the summary's true score can only be higher
// than the greedy's.
func Oracle(doc *text.Document, b *classify.Book, reference string, s *rouge.Scorer, budget int) ([]int, error) {
	tc := termCache{s: s, terms: make(map[string]string)}
	ref, err := tc.appendTerms(nil, reference)
	if err != nil {
		return nil, err
	}
	// Reference unigram and bigram ids and counts.
	uniID := make(map[string]int32)
	var ids []int32
	var refUni []int32
	for _, t := range ref {
		id, ok := uniID[t]
		if !ok {
			id = int32(len(refUni))
			uniID[t] = id
			refUni = append(refUni, 0)
		}
		refUni[id]++
		ids = append(ids, id)
	}
	biID := make(map[uint64]int32)
	var refBi []int32
	for i := 1; i < len(ids); i++ {
		key := bigramKey(ids[i-1], ids[i])
		id, ok := biID[key]
		if !ok {
			id = int32(len(refBi))
			biID[key] = id
			refBi = append(refBi, 0)
		}
		refBi[id]++
	}
	n1, n2 := int64(len(ids)), int64(max(len(ids)-1, 0))
	if n1 == 0 {
		return nil, nil
	}

	// The candidate rows and their reference n-grams.
	ng := refNGrams{uni: uniID, bi: biID}
	var cands []oracleCand
	if b.HasTerms() {
		cands, err = ng.candsFromTerms(b, &tc, budget)
	} else {
		cands, err = ng.candsFromText(doc, b, &tc, budget)
	}
	if err != nil {
		return nil, err
	}

	// Greedy selection with clipped counts: a term of the row is a hit
	// while the summary holds fewer of it than the reference.
	sumUni, sumBi := make([]int32, len(refUni)), make([]int32, len(refBi))
	tmpUni, tmpBi := make([]int32, len(refUni)), make([]int32, len(refBi))
	gain := func(c *oracleCand) int64 {
		var g1, g2 int64
		for _, t := range c.uni {
			if sumUni[t]+tmpUni[t] < refUni[t] {
				g1++
			}
			tmpUni[t]++
		}
		for _, t := range c.bi {
			if sumBi[t]+tmpBi[t] < refBi[t] {
				g2++
			}
			tmpBi[t]++
		}
		for _, t := range c.uni {
			tmpUni[t] = 0
		}
		for _, t := range c.bi {
			tmpBi[t] = 0
		}
		// g1/n1 + g2/n2 scaled by n1*n2, exact in integers.
		if n2 == 0 {
			return g1
		}
		return g1*n2 + g2*n1
	}
	var rows []int
	left := budget
	for {
		best, bestGain := -1, int64(0)
		kept := cands[:0]
		for i := range cands {
			c := &cands[i]
			if int(b.Length[c.row]) > left {
				continue
			}
			g := gain(c)
			if g == 0 {
				continue
			}
			kept = append(kept, *c)
			if g > bestGain {
				best, bestGain = len(kept)-1, g
			}
		}
		cands = kept
		if best < 0 {
			break
		}
		c := cands[best]
		for _, t := range c.uni {
			sumUni[t]++
		}
		for _, t := range c.bi {
			sumBi[t]++
		}
		rows = append(rows, c.row)
		left -= int(b.Length[c.row])
		cands = append(cands[:best], cands[best+1:]...)
	}
	return Sentences(b, rows), nil
}

// oracleCand is a row the oracle may add, with the ids of its reference
// unigrams and bigrams, in row order.
type oracleCand struct {
	row     int
	uni, bi []int32
}

// refNGrams are the reference's unigram and bigram ids by term.
type refNGrams struct {
	uni map[string]int32
	bi  map[uint64]int32
}

// eligible reports whether row r of b fits the budget and has words.
func eligible(b *classify.Book, r, budget int) bool {
	l := int(b.Length[r])
	return l > 0 && l <= budget
}

// candsFromText returns the rows of b that fit the budget and hold a
// reference term, each row's text read from doc and turned into terms.
func (ng refNGrams) candsFromText(doc *text.Document, b *classify.Book, tc *termCache, budget int) ([]oracleCand, error) {
	var cands []oracleCand
	var terms []string
	var err error
	for r := range b.Rows() {
		if !eligible(b, r, budget) {
			continue
		}
		si := int(b.Sentence[r])
		if si < 0 || si >= len(doc.Sentences) {
			return nil, errors.New("extract: book does not match its document")
		}
		if terms, err = tc.appendTerms(terms[:0], doc.Str(doc.Sentences[si].Span)); err != nil {
			return nil, err
		}
		c := oracleCand{row: r}
		prev := int32(-1)
		for _, t := range terms {
			id, ok := ng.uni[t]
			if !ok {
				prev = -1
				continue
			}
			prev = ng.add(&c, prev, id)
		}
		if len(c.uni) > 0 {
			cands = append(cands, c)
		}
	}
	return cands, nil
}

// candsFromTerms is candsFromText from the rows' tokens that b holds
// already (classify.Book.Terms, the tokens text.ASCIITokens finds): each distinct
// token is turned into a term, and looked up among the reference's, once.
func (ng refNGrams) candsFromTerms(b *classify.Book, tc *termCache, budget int) ([]oracleCand, error) {
	const dropped, unmatched = -2, -1
	ref := make([]int32, len(b.Terms.Vocab)) // reference unigram id of each token, or dropped or unmatched
	for v, tok := range b.Terms.Vocab {
		term, err := tc.term(tok)
		if err != nil {
			return nil, err
		}
		id, ok := ng.uni[term]
		switch {
		case term == "":
			id = dropped
		case !ok:
			id = unmatched
		}
		ref[v] = id
	}
	var cands []oracleCand
	for r := range b.Rows() {
		if !eligible(b, r, budget) {
			continue
		}
		c := oracleCand{row: r}
		prev := int32(-1)
		for _, v := range b.Terms.Row(r) {
			switch id := ref[v]; id {
			case dropped:
			case unmatched:
				prev = -1
			default:
				prev = ng.add(&c, prev, id)
			}
		}
		if len(c.uni) > 0 {
			cands = append(cands, c)
		}
	}
	return cands, nil
}

// add adds the reference unigram id to c, and the reference bigram that
// it ends after the unigram prev (-1: none), and returns id.
func (ng refNGrams) add(c *oracleCand, prev, id int32) int32 {
	c.uni = append(c.uni, id)
	if prev >= 0 {
		if bid, ok := ng.bi[bigramKey(prev, id)]; ok {
			c.bi = append(c.bi, bid)
		}
	}
	return id
}

// bigramKey packs two term ids into one map key.
func bigramKey(a, b int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// termCache turns text into ROUGE terms as s.Analyze does, analyzing each
// distinct token once: a term depends on its token alone, and stemming
// every occurrence of every word of a book would cost more than the rest of
// the oracle.
type termCache struct {
	s     *rouge.Scorer
	terms map[string]string // token to term, "" for a dropped token
}

// appendTerms appends the terms of sentence to dst.
func (tc *termCache) appendTerms(dst []string, sentence string) ([]string, error) {
	for _, tok := range text.ASCIITokens(sentence) {
		term, err := tc.term(tok)
		if err != nil {
			return nil, err
		}
		if term != "" {
			dst = append(dst, term)
		}
	}
	return dst, nil
}

// term returns the term of one token, "" for a token the scorer drops.
func (tc *termCache) term(tok string) (string, error) {
	term, ok := tc.terms[tok]
	if !ok {
		lines, err := tc.s.Analyze(tok)
		if err != nil {
			return "", err
		}
		if len(lines) == 1 && len(lines[0]) == 1 {
			term = lines[0][0]
		}
		tc.terms[tok] = term
	}
	return term, nil
}
