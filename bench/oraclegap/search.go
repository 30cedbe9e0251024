package main

import (
	"fmt"
	"slices"
	"sort"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// maxTries bounds the moves of one round that are checked with the exact
// scorer: the moves are screened by a count model that leaves out the
// bigrams across neighbouring sentences (as extract.Oracle's does), and
// checked, the largest screened gain first, until one raises the exact
// score.
const maxTries = 500

// cand is a book sentence that holds a reference term: its document index,
// its length in budget words and its reference unigram and bigram ids.
type cand struct {
	sent, length int
	uni, bi      []int32
}

// search holds one book's candidates, the reference counts and the
// current summary's clipped counts.
type search struct {
	doc    *text.Document
	ref    *rouge.Reference
	budget int
	cands  []cand
	bySent map[int]int

	refUni, refBi []int32
	n1, n2        int64

	sumUni, sumBi []int32
	h1, h2        int64
	sel           []bool
	used          int
}

// newSearch analyses the book b of doc and the reference with s, each
// distinct token once, as extract.Oracle does.
func newSearch(doc *text.Document, b *classify.Book, reference string, s *rouge.Scorer, budget int) (*search, error) {
	prepared, err := s.Prepare(reference)
	if err != nil {
		return nil, err
	}
	cache := map[string]string{}
	terms := func(dst []string, txt string) ([]string, error) {
		for _, tok := range text.ASCIITokens(txt) {
			term, ok := cache[tok]
			if !ok {
				lines, err := s.Analyze(tok)
				if err != nil {
					return nil, err
				}
				if len(lines) == 1 && len(lines[0]) == 1 {
					term = lines[0][0]
				}
				cache[tok] = term
			}
			if term != "" {
				dst = append(dst, term)
			}
		}
		return dst, nil
	}
	ref, err := terms(nil, reference)
	if err != nil {
		return nil, err
	}
	ls := &search{doc: doc, ref: prepared, budget: budget, bySent: map[int]int{}}
	uniID := map[string]int32{}
	var ids []int32
	for _, t := range ref {
		id, ok := uniID[t]
		if !ok {
			id = int32(len(ls.refUni))
			uniID[t] = id
			ls.refUni = append(ls.refUni, 0)
		}
		ls.refUni[id]++
		ids = append(ids, id)
	}
	biID := map[[2]int32]int32{}
	for i := 1; i < len(ids); i++ {
		k := [2]int32{ids[i-1], ids[i]}
		id, ok := biID[k]
		if !ok {
			id = int32(len(ls.refBi))
			biID[k] = id
			ls.refBi = append(ls.refBi, 0)
		}
		ls.refBi[id]++
	}
	ls.n1, ls.n2 = int64(len(ids)), int64(max(len(ids)-1, 0))
	var buf []string
	for r := range b.Rows() {
		l := int(b.Length[r])
		si := int(b.Sentence[r])
		if l == 0 || l > budget {
			continue
		}
		if buf, err = terms(buf[:0], doc.Str(doc.Sentences[si].Span)); err != nil {
			return nil, err
		}
		c := cand{sent: si, length: l}
		prev := int32(-1)
		for _, t := range buf {
			id, ok := uniID[t]
			if !ok {
				prev = -1
				continue
			}
			c.uni = append(c.uni, id)
			if prev >= 0 {
				if bid, ok := biID[[2]int32{prev, id}]; ok {
					c.bi = append(c.bi, bid)
				}
			}
			prev = id
		}
		if len(c.uni) > 0 {
			ls.bySent[si] = len(ls.cands)
			ls.cands = append(ls.cands, c)
		}
	}
	ls.sumUni, ls.sumBi = make([]int32, len(ls.refUni)), make([]int32, len(ls.refBi))
	ls.sel = make([]bool, len(ls.cands))
	return ls, nil
}

// value is the count model's R1 + R2 scaled by n1*n2.
func (ls *search) value() int64 {
	if ls.n2 == 0 {
		return ls.h1
	}
	return ls.h1*ls.n2 + ls.h2*ls.n1
}

func (ls *search) add(i int) {
	c := &ls.cands[i]
	for _, t := range c.uni {
		if ls.sumUni[t] < ls.refUni[t] {
			ls.h1++
		}
		ls.sumUni[t]++
	}
	for _, t := range c.bi {
		if ls.sumBi[t] < ls.refBi[t] {
			ls.h2++
		}
		ls.sumBi[t]++
	}
	ls.sel[i] = true
	ls.used += c.length
}

func (ls *search) remove(i int) {
	c := &ls.cands[i]
	for _, t := range c.uni {
		ls.sumUni[t]--
		if ls.sumUni[t] < ls.refUni[t] {
			ls.h1--
		}
	}
	for _, t := range c.bi {
		ls.sumBi[t]--
		if ls.sumBi[t] < ls.refBi[t] {
			ls.h2--
		}
	}
	ls.sel[i] = false
	ls.used -= c.length
}

// move drops and adds candidates; delta is its gain under the count model.
type move struct {
	drop, add []int
	delta     int64
}

// moves returns every move of the current summary that the count model
// says raises R1 + R2: add one candidate; swap a selected one for an
// unselected one that fits; drop a selected one and refill greedily.
func (ls *search) moves() []move {
	var out []move
	orig := ls.value()
	var selected []int
	for i, on := range ls.sel {
		if on {
			selected = append(selected, i)
		}
	}
	for j := range ls.cands {
		if ls.sel[j] || ls.used+ls.cands[j].length > ls.budget {
			continue
		}
		ls.add(j)
		if d := ls.value() - orig; d > 0 {
			out = append(out, move{add: []int{j}, delta: d})
		}
		ls.remove(j)
	}
	for _, i := range selected {
		ls.remove(i)
		for j := range ls.cands {
			if j == i || ls.sel[j] || ls.used+ls.cands[j].length > ls.budget {
				continue
			}
			ls.add(j)
			if d := ls.value() - orig; d > 0 {
				out = append(out, move{drop: []int{i}, add: []int{j}, delta: d})
			}
			ls.remove(j)
		}
		// Drop i and refill the room greedily, i itself left out.
		var added []int
		for {
			best, bestV := -1, ls.value()
			for j := range ls.cands {
				if j == i || ls.sel[j] || ls.used+ls.cands[j].length > ls.budget {
					continue
				}
				ls.add(j)
				if v := ls.value(); v > bestV {
					best, bestV = j, v
				}
				ls.remove(j)
			}
			if best < 0 {
				break
			}
			ls.add(best)
			added = append(added, best)
		}
		if d := ls.value() - orig; d > 0 && len(added) > 1 {
			out = append(out, move{drop: []int{i}, add: slices.Clone(added), delta: d})
		}
		for _, j := range added {
			ls.remove(j)
		}
		ls.add(i)
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].delta > out[b].delta })
	return out
}

// sentences returns the document sentences of the selected candidates, in
// book order.
func (ls *search) sentences() []int {
	var out []int
	for i, on := range ls.sel {
		if on {
			out = append(out, ls.cands[i].sent)
		}
	}
	slices.Sort(out)
	return out
}

// exact returns the R1 and R2 recall of the summary made of the given
// sentences, unrounded, as ROUGE-1.5.5 counts them.
func (ls *search) exact(sents []int) [2]float64 {
	s := slices.Clone(sents)
	slices.Sort(s)
	r := ls.ref.Score(extract.Text(ls.doc, s))
	var out [2]float64
	if r.ROUGE1.Reference > 0 {
		out[0] = float64(r.ROUGE1.Hits) / float64(r.ROUGE1.Reference)
	}
	if r.ROUGE2.Reference > 0 {
		out[1] = float64(r.ROUGE2.Hits) / float64(r.ROUGE2.Reference)
	}
	return out
}

func sum(r [2]float64) float64 { return r[0] + r[1] }

// reset empties the current summary.
func (ls *search) reset() {
	clear(ls.sumUni)
	clear(ls.sumBi)
	clear(ls.sel)
	ls.h1, ls.h2, ls.used = 0, 0, 0
}

// perWord is the greedy of the count model by gain per budget word
// instead of by gain: it adds, again and again, the candidate that fits
// with the largest gain per word (the earlier on ties), until none that
// fits adds a hit. It returns the sentences chosen, in book order.
func (ls *search) perWord() []int {
	ls.reset()
	for {
		best, bestRate := -1, 0.0
		base := ls.value()
		for j := range ls.cands {
			if ls.sel[j] || ls.used+ls.cands[j].length > ls.budget {
				continue
			}
			ls.add(j)
			if r := float64(ls.value()-base) / float64(ls.cands[j].length); r > bestRate {
				best, bestRate = j, r
			}
			ls.remove(j)
		}
		if best < 0 {
			return ls.sentences()
		}
		ls.add(best)
	}
}

// improve starts from the summary of the given sentences and takes, round
// after round, the screened move with the largest count-model gain that
// raises the exact R1 + R2, until none does. It returns the sentences of
// the summary reached and the number of moves taken.
func (ls *search) improve(start []int) ([]int, int, error) {
	ls.reset()
	for _, s := range start {
		i, ok := ls.bySent[s]
		if !ok {
			return nil, 0, fmt.Errorf("sentence %d of the start holds no reference term", s)
		}
		ls.add(i)
	}
	if ls.used > ls.budget {
		return nil, 0, fmt.Errorf("the start has %d words, over the budget of %d", ls.used, ls.budget)
	}
	cur := sum(ls.exact(ls.sentences()))
	taken := 0
	for {
		accepted := false
		for k, m := range ls.moves() {
			if k == maxTries {
				break
			}
			for _, i := range m.drop {
				ls.remove(i)
			}
			for _, j := range m.add {
				ls.add(j)
			}
			if v := sum(ls.exact(ls.sentences())); v > cur+1e-12 {
				cur, accepted = v, true
				taken++
				break
			}
			for _, j := range m.add {
				ls.remove(j)
			}
			for _, i := range m.drop {
				ls.add(i)
			}
		}
		if !accepted {
			return ls.sentences(), taken, nil
		}
	}
}
