package align

import "slices"

// Defaults of the token methods' label rule.
const (
	// defaultMinTokens is the least number of aligned tokens of one summary
	// sentence that its span must hold.
	defaultMinTokens = 2
	// defaultClusterGap is the largest gap, in counted book tokens, between
	// two aligned tokens of one cluster.
	defaultClusterGap = 100
)

// tokenLabels applies the label rule of the token methods (Token HMM, Jing)
// to a path: path[t] is the book token that observation obs[t] is aligned
// to, or -1 for the null source. For each summary sentence:
//
//  1. its aligned book tokens, in book order, are cut into clusters wherever
//     two neighbours lie more than gap tokens apart;
//  2. the cluster holding the most aligned tokens (the first on ties) is the
//     sentence's span, from its first to its last token, provided it holds
//     at least min(minTokens, n) of them, n being the summary sentence's
//     number of observations; otherwise the sentence is left unaligned;
//  3. the labelled book sentences are those holding a token of the span's
//     cluster; with top > 0, only the top of them that share the most
//     words with the summary sentence (Pair.topSentences).
//
// conf[k] is the confidence of summary sentence k.
func tokenLabels(p *Pair, a *Alignment, obs []observation, path []int32, minTokens, gap, top int, conf []float64) {
	var pos []int32
	for t := 0; t < len(obs); {
		k := obs[t].sentence
		u := t
		for u < len(obs) && obs[u].sentence == k {
			u++
		}
		pos = pos[:0]
		for _, x := range path[t:u] {
			if x >= 0 {
				pos = append(pos, x)
			}
		}
		slices.Sort(pos)
		best := bestCluster(pos, gap)
		if len(best) > 0 && len(best) >= min(minTokens, u-t) {
			var sents []int
			for i, x := range best {
				if s := int(p.Book.Sentence[x]); i == 0 || s != sents[len(sents)-1] {
					sents = append(sents, s)
				}
			}
			sa := &a.Sentences[k]
			iv := Interval{int(best[0]), int(best[len(best)-1]) + 1}
			p.setSpan(sa, iv, p.topSentences(int(k), iv, sents, top))
			sa.Confidence = conf[k]
		}
		t = u
	}
}

// bestCluster returns the longest run of the sorted positions pos in which
// neighbours lie at most gap apart, the first on ties.
func bestCluster(pos []int32, gap int) []int32 {
	var best []int32
	for i := 0; i < len(pos); {
		j := i + 1
		for j < len(pos) && int(pos[j]-pos[j-1]) <= gap {
			j++
		}
		if j-i > len(best) {
			best = pos[i:j]
		}
		i = j
	}
	return best
}

// topSentences returns the at most n of the book sentences sents (increasing
// indices into Book.Sentences, each holding a counted token of iv) that
// share the most distinct counted words with summary sentence k, the earlier
// first on ties, in increasing order. Sentences that share no word are left
// out. A sentence's words are all its counted tokens, also those outside
// iv. n <= 0 returns sents.
func (p *Pair) topSentences(k int, iv Interval, sents []int, n int) []int {
	if n <= 0 || len(sents) == 0 || iv.Len() <= 0 {
		return sents
	}
	want := make(map[int32]bool, len(p.Summary.Words[k]))
	for _, w := range p.Summary.Words[k] {
		want[w] = true
	}
	// Widen iv to whole sentences.
	lo, hi := iv.Start, iv.End
	for lo > 0 && p.Book.Sentence[lo-1] == p.Book.Sentence[iv.Start] {
		lo--
	}
	for hi < len(p.Book.Sentence) && p.Book.Sentence[hi] == p.Book.Sentence[iv.End-1] {
		hi++
	}
	shared := make(map[int]int, len(sents))
	seen := make(map[int32]bool)
	cur := int32(-1)
	for i := lo; i < hi; i++ {
		if s := p.Book.Sentence[i]; s != cur {
			cur = s
			clear(seen)
		}
		if w := p.Book.Words[i]; want[w] && !seen[w] {
			seen[w] = true
			shared[int(cur)]++
		}
	}
	var cand []int
	for _, s := range sents {
		if shared[s] > 0 {
			cand = append(cand, s)
		}
	}
	slices.SortStableFunc(cand, func(a, b int) int { return shared[b] - shared[a] })
	cand = cand[:min(n, len(cand))]
	slices.Sort(cand)
	return cand
}

// placeByNeighbours aligns each summary sentence that holds counted tokens
// but no observation (none of its words can be emitted by the book), and
// with all every sentence still unaligned (its observations all went to
// null states, or too few of them formed a cluster), between its
// neighbours: to the book tokens from the last aligned token before it
// to the first after it when they lie at most reach tokens apart, else to
// the token before it (the one after it for the summary's opening
// sentences), with confidence 0.
func placeByNeighbours(p *Pair, a *Alignment, obs []observation, path []int32, reach, top int, all bool) {
	has := make([]bool, len(p.Summary.Words))
	for _, o := range obs {
		has[o.sentence] = true
	}
	// prev[k], next[k]: the last aligned token before sentence k, the first
	// after it, -1 for none.
	prev, next := make([]int32, len(has)), make([]int32, len(has))
	last := int32(-1)
	t := 0
	for k := range has {
		for t < len(obs) && int(obs[t].sentence) < k {
			if path[t] >= 0 {
				last = path[t]
			}
			t++
		}
		prev[k] = last
	}
	last, t = -1, len(obs)-1
	for k := len(has) - 1; k >= 0; k-- {
		for t >= 0 && int(obs[t].sentence) > k {
			if path[t] >= 0 {
				last = path[t]
			}
			t--
		}
		next[k] = last
	}
	for k, ws := range p.Summary.Words {
		if len(ws) == 0 || a.Sentences[k].Aligned || (has[k] && !all) {
			continue
		}
		iv, ok := between(int(prev[k]), int(next[k]), reach)
		if !ok {
			continue
		}
		sa := &a.Sentences[k]
		p.setSpan(sa, iv, p.topSentences(k, iv, p.sentencesOf(iv), top))
		sa.Confidence = 0
	}
}
