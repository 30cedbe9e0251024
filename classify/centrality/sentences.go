package centrality

import (
	"errors"
	"fmt"
)

// Sentences are the counted tokens of a document's sentences, as term ids:
// sentence i holds Tokens[Start[i]:Start[i+1]], in order, with repeats. A
// sentence may hold no token.
type Sentences struct {
	Start  []int32
	Tokens []int32
	// Terms bounds the ids: every token is in [0, Terms).
	Terms int
}

// ErrSentences is returned for Sentences that are not well formed.
var ErrSentences = errors.New("centrality: malformed sentences")

// Len returns the number of sentences.
func (s *Sentences) Len() int {
	if len(s.Start) == 0 {
		return 0
	}
	return len(s.Start) - 1
}

// check reports an error when Start is not a non-decreasing index into
// Tokens from 0 to len(Tokens), or a token is out of [0, Terms).
func (s *Sentences) check() error {
	if len(s.Start) == 0 {
		if len(s.Tokens) != 0 {
			return fmt.Errorf("%w: %d tokens and no sentence", ErrSentences, len(s.Tokens))
		}
		return nil
	}
	if s.Start[0] != 0 || int(s.Start[len(s.Start)-1]) != len(s.Tokens) {
		return fmt.Errorf("%w: Start runs from %d to %d over %d tokens", ErrSentences, s.Start[0], s.Start[len(s.Start)-1], len(s.Tokens))
	}
	for i := 1; i < len(s.Start); i++ {
		if s.Start[i] < s.Start[i-1] {
			return fmt.Errorf("%w: Start decreases at sentence %d", ErrSentences, i)
		}
	}
	for j, t := range s.Tokens {
		if t < 0 || int(t) >= s.Terms {
			return fmt.Errorf("%w: token %d is term %d, outside [0, %d)", ErrSentences, j, t, s.Terms)
		}
	}
	return nil
}

// incidence is a sparse sentence × term matrix in compressed rows: row i
// holds the distinct terms Term[Start[i]:Start[i+1]], in order of first
// occurrence, with Count[j] the occurrences of Term[j] in the sentence.
type incidence struct {
	Start []int32
	Term  []int32
	Count []int32
}

// distinct returns the sentences' distinct terms with their counts, and
// the document frequency of every term: the number of sentences holding
// it. keep, when not nil, says which sentences count: the others get an
// empty row and add to no frequency.
func distinct(s *Sentences, keep func(i int) bool) (inc incidence, df []int32) {
	n := s.Len()
	df = make([]int32, s.Terms)
	slot := make([]int32, s.Terms) // slot[t]: index in Term of t in the current row
	seen := make([]int32, s.Terms) // seen[t] == i+1: t is in row i
	inc.Start = make([]int32, 1, n+1)
	for i := range n {
		if keep == nil || keep(i) {
			for _, t := range s.Tokens[s.Start[i]:s.Start[i+1]] {
				if seen[t] == int32(i+1) {
					inc.Count[slot[t]]++
					continue
				}
				seen[t], slot[t] = int32(i+1), int32(len(inc.Term))
				inc.Term = append(inc.Term, t)
				inc.Count = append(inc.Count, 1)
				df[t]++
			}
		}
		inc.Start = append(inc.Start, int32(len(inc.Term)))
	}
	return inc, df
}
