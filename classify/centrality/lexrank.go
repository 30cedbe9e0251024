package centrality

import "math"

// LexRank returns the continuous LexRank score of each sentence (Erkan and
// Radev 2004, §3.3): the stationary distribution of the walk (stationary)
// on the graph whose edge weights are the cosines of the sentences' TF-IDF
// vectors, E&R's idf-modified-cosine. A term's TF is its count in the
// sentence and its IDF is log(N / df) with the document's N sentences as
// the documents and df the sentences holding it (E&R's equation 1 over
// the document's sentences: one book, no outside collection). There are
// no self-loops (E&R's Algorithm 3 fills the diagonal with 1; a
// sentence's similarity to itself is not a vote for it). A sentence with
// no term shared with another sentence has no edge. The scores sum to 1;
// empty Sentences give none.
func LexRank(s *Sentences) ([]float64, error) {
	p, _, err := lexRank(s)
	return p, err
}

// lexRank is LexRank, with the rounds of the power iteration.
func lexRank(s *Sentences) ([]float64, int, error) {
	if err := s.check(); err != nil {
		return nil, 0, err
	}
	n := s.Len()
	inc, df := distinct(s, nil)
	idf := make([]float64, s.Terms)
	for t, f := range df {
		if f > 0 {
			idf[t] = math.Log(float64(n) / float64(f))
		}
	}
	b := newSparseBuilder(s.Terms, n)
	for i := range n {
		lo, hi := inc.Start[i], inc.Start[i+1]
		sq := 0.0
		for j := lo; j < hi; j++ {
			w := float64(inc.Count[j]) * idf[inc.Term[j]]
			sq += w * w
		}
		if sq > 0 {
			scale := 1 / math.Sqrt(sq)
			for j := lo; j < hi; j++ {
				// A term of one sentence (df 1) is in its length only; a
				// term of every sentence (idf 0) weighs nothing.
				if t := inc.Term[j]; df[t] >= 2 && idf[t] > 0 {
					b.add(t, float64(inc.Count[j])*idf[t]*scale)
				}
			}
		}
		b.endRow()
	}
	ones := make([]float64, n)
	for i := range ones {
		ones[i] = 1
	}
	return stationary(n, newProduct(b.m, ones, 1).mul)
}
