package align

import "math"

// Jing is the baseline of Jing and McKeown (1999), as described in §3.2 of
// Bamman and Smith (2013): the states are the book's counted tokens, a
// summary token is emitted with probability 1 by every book token of the
// same word and 0 by any other, nothing is learned, and the Viterbi path is
// the alignment. Summary tokens whose word is not in the book are dropped.
//
// The transition from book token i to book token i' depends only on how
// they relate, by sentence S and word W within the sentence, and takes one
// of the fixed values jingP (P1 > ... > P6):
//
//	P1  S' = S, W' = W+1         (the next word)
//	P2  S' = S, W' > W+1         (a later word of the sentence)
//	P3  S' = S, W' ≤ W           (an earlier word, or the same one)
//	P4  0 < S'-S ≤ JingConst     (a later, near sentence)
//	P5  0 < S-S' ≤ JingConst     (an earlier, near sentence)
//	P6  anything else
//
// Sentences are counted over the book sentences that hold counted tokens,
// and words over counted tokens, so stopwords never break an adjacency.
type Jing struct {
	// MinTokens is the least number of a summary sentence's aligned tokens
	// its span must hold (see the package comment). Zero means 2.
	MinTokens int
	// ClusterGap is the largest gap, in counted tokens, inside one cluster
	// of aligned tokens (see the package comment). Zero means 100.
	ClusterGap int
	// LabelTop, when positive, labels only the LabelTop sentences of the
	// cluster that share the most distinct counted words with the summary
	// sentence (the earlier first on ties; a sentence sharing none is not
	// labelled). Zero labels every sentence holding a token of the cluster.
	LabelTop int
}

// jingP are the transition values P1..P6: halving at each rank, from
// P1 = 1 to P6 = 1/32. Jing and McKeown set theirs by hand and only their
// order matters much to the Viterbi path; the values are not normalized,
// as in the original.
var jingP = [6]float64{1, 1.0 / 2, 1.0 / 4, 1.0 / 8, 1.0 / 16, 1.0 / 32}

// JingConst is CONST, the reach in sentences of P4 and P5.
const JingConst = 3

// Align runs the Viterbi algorithm over the summary's kept tokens.
func (j *Jing) Align(p *Pair) (*Alignment, error) {
	if j.MinTokens < 0 || j.ClusterGap < 0 || j.LabelTop < 0 {
		return nil, errSettings
	}
	if len(p.Book.Words) == 0 {
		return nil, ErrEmpty
	}
	occ := newOccurrences(p)
	obs := keptObservations(p, func(w int32) bool { return occ.count(w) > 0 })
	a := newAlignment(MethodJing, p)
	if len(obs) == 0 {
		return a, nil
	}
	ranks := newSentenceRanks(p)
	path, logP := jingViterbi(occ, ranks, obs)

	// Confidence: the geometric mean of the transitions into the
	// sentence's tokens.
	conf := make([]float64, len(p.Summary.Words))
	sum := make([]float64, len(p.Summary.Words))
	num := make([]int, len(p.Summary.Words))
	for t := 1; t < len(obs); t++ {
		k := obs[t].sentence
		sum[k] += logP[t]
		num[k]++
	}
	for k := range conf {
		conf[k] = 1
		if num[k] > 0 {
			conf[k] = math.Exp(sum[k] / float64(num[k]))
		}
	}
	tokenLabels(p, a, obs, path, orDefault(j.MinTokens, defaultMinTokens), orDefault(j.ClusterGap, defaultClusterGap), j.LabelTop, conf)
	return a, nil
}

// sentenceRanks numbers the book sentences that hold counted tokens.
type sentenceRanks struct {
	rank  []int32 // rank[i]: rank of the sentence of token i
	first []int32 // first[r]: first token of rank r; first[R] = len(book)
}

func newSentenceRanks(p *Pair) *sentenceRanks {
	n := len(p.Book.Words)
	r := &sentenceRanks{rank: make([]int32, n)}
	cur := int32(-1)
	for i, s := range p.Book.Sentence {
		if i == 0 || s != p.Book.Sentence[i-1] {
			cur++
			r.first = append(r.first, int32(i))
		}
		r.rank[i] = cur
	}
	r.first = append(r.first, int32(n))
	return r
}

// firstOf returns the first token of rank r, clamping r to [0, R].
func (r *sentenceRanks) firstOf(x int32) int {
	x = max(0, min(x, int32(len(r.first)-1)))
	return int(r.first[x])
}

// jingViterbi returns the most probable path (a book token per observation)
// and, per observation, the log of the transition taken into it (0 for the
// first). Each step takes the maximum of δ over the sources in each of the
// six relation classes; the classes are ranges of book positions, so with
// a range-maximum table over the sorted sources a step costs
// O(F_prev log F_prev + F_next log F_prev), not O(F_prev · F_next).
func jingViterbi(occ *occurrences, ranks *sentenceRanks, obs []observation) (path []int32, logP []float64) {
	var logJ [6]float64
	for c, v := range jingP {
		logJ[c] = math.Log(v)
	}
	T := len(obs)
	back := make([][]int32, T) // back[t][x]: index into the sources at t-1
	cls := make([][]uint8, T)  // the class of that transition
	prev := occ.of(obs[0].word)
	delta := make([]float64, len(prev)) // δ_0 = 0: a uniform start
	var next []float64
	var rm rangeMax
	for t := 1; t < T; t++ {
		cur := occ.of(obs[t].word)
		rm.reset(delta)
		next = resizeFloat(next, len(cur))
		bp := make([]int32, len(cur))
		bc := make([]uint8, len(cur))
		for x, jp := range cur {
			j := int(jp)
			r := ranks.rank[j]
			sFirst, sEnd := ranks.firstOf(r), ranks.firstOf(r+1)
			nearLo, nearHi := ranks.firstOf(r-JingConst), ranks.firstOf(r+JingConst+1)
			best, bestI, bestC := math.Inf(-1), -1, uint8(0)
			try := func(c uint8, lo, hi int) { // sources at positions [lo, hi)
				i, v := rm.query(lowerBound(prev, lo), lowerBound(prev, hi))
				if i >= 0 && v+logJ[c] > best {
					best, bestI, bestC = v+logJ[c], i, c
				}
			}
			try(0, max(j-1, sFirst), j) // the previous word, if in the sentence
			try(1, sFirst, j-1)
			try(2, j, sEnd)
			try(3, nearLo, sFirst)
			try(4, sEnd, nearHi)
			try(5, 0, nearLo)
			try(5, nearHi, len(ranks.rank))
			next[x], bp[x], bc[x] = best, int32(bestI), bestC
		}
		back[t], cls[t] = bp, bc
		delta, next = next, delta
		prev = cur
	}
	// Trace back from the best final state.
	path = make([]int32, T)
	logP = make([]float64, T)
	x := 0
	for i, v := range delta {
		if v > delta[x] {
			x = i
		}
	}
	for t := T - 1; t >= 0; t-- {
		path[t] = occ.of(obs[t].word)[x]
		if t > 0 {
			logP[t] = logJ[cls[t][x]]
			x = int(back[t][x])
		}
	}
	return path, logP
}
