package centrality

import (
	"math"
	"slices"
)

// TextRank returns the TextRank score of each sentence (Mihalcea and
// Tarau 2004, §4.1): the stationary distribution of the walk
// (stationary) on the undirected graph whose edge weights are
//
//	|S_i ∩ S_j| / (log |S_i| + log |S_j|),
//
// |S_i| the number of counted tokens of sentence i (with repeats) and
// |S_i ∩ S_j| the number of distinct terms the two hold. M&T's
// denominator is 0 for two sentences of one token each (log 1 = 0): a
// sentence of fewer than two tokens is left out of the graph (no edge; it
// gets the score of a sentence nothing votes for), so every denominator is
// at least 2 log 2. The length term is factored within LowRankTolerance
// (lowRank). The scores sum to 1; empty Sentences give none.
func TextRank(s *Sentences) ([]float64, error) {
	p, _, _, err := textRank(s)
	return p, err
}

// textRank is TextRank, with the rounds of the power iteration and the
// rank of the length term's factors.
func textRank(s *Sentences) (p []float64, rounds, k int, err error) {
	if err := s.check(); err != nil {
		return nil, 0, 0, err
	}
	n := s.Len()
	length := func(i int) int32 { return s.Start[i+1] - s.Start[i] }
	inc, df := distinct(s, func(i int) bool { return length(i) >= 2 })
	b := newSparseBuilder(s.Terms, n)
	var lengths []int32 // the lengths of the sentences with an edge
	for i := range n {
		before := len(b.m.Col)
		for j := inc.Start[i]; j < inc.Start[i+1]; j++ {
			// A term of one sentence is in its overlap with itself only.
			if t := inc.Term[j]; df[t] >= 2 {
				b.add(t, 1)
			}
		}
		if len(b.m.Col) > before {
			lengths = append(lengths, length(i))
		}
		b.endRow()
	}
	slices.Sort(lengths)
	lengths = slices.Compact(lengths)
	logs := make([]float64, len(lengths))
	for a, l := range lengths {
		logs[a] = math.Log(float64(l))
	}
	g, k, _, err := lowRank(logs)
	if err != nil {
		return nil, 0, 0, err
	}
	f := make([]float64, n*k) // zero for a sentence without edges
	for i := range n {
		if b.m.Start[i+1] > b.m.Start[i] {
			a, _ := slices.BinarySearch(lengths, length(i))
			copy(f[i*k:(i+1)*k], g[a*k:(a+1)*k])
		}
	}
	p, rounds, err = stationary(n, newProduct(b.m, f, k).mul)
	return p, rounds, k, err
}
