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
//     cluster.
//
// conf[k] is the confidence of summary sentence k.
func tokenLabels(p *Pair, a *Alignment, obs []observation, path []int32, minTokens, gap int, conf []float64) {
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
			p.setSpan(sa, Interval{int(best[0]), int(best[len(best)-1]) + 1}, sents)
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
