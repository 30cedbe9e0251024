package extract

import (
	"errors"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/centrality"
	"github.com/bookalign/bookalign/text"
)

// ErrNoTerms is returned by LexRank and TextRank for a Book without its
// term view (classify.Book.Terms), which every Book classify.NewBook makes has.
var ErrNoTerms = errors.New("extract: book has no terms")

// LexRank returns the summary of b by continuous LexRank (Erkan and Radev
// 2004; package centrality) over the rows' counted tokens
// (centralitySentences), the rows ranked by score and extracted within
// budget words by Top (earlier rows first among equal scores).
func LexRank(b *classify.Book, budget int) ([]int, error) {
	return extractRanked(b, centrality.LexRank, budget)
}

// TextRank returns the summary of b by TextRank (Mihalcea and Tarau 2004;
// package centrality), as LexRank does.
func TextRank(b *classify.Book, budget int) ([]int, error) {
	return extractRanked(b, centrality.TextRank, budget)
}

// extractRanked scores the rows of b with rank and extracts them.
func extractRanked(b *classify.Book, rank func(*centrality.Sentences) ([]float64, error), budget int) ([]int, error) {
	s, err := centralitySentences(b)
	if err != nil {
		return nil, err
	}
	scores, err := rank(s)
	if err != nil {
		return nil, err
	}
	return Top(b, scores, budget), nil
}

// centralitySentences returns the rows' counted tokens for the centrality
// rankings: ROUGE's tokens (classify.Book.Terms: what the scores count) with the
// NLTK stopwords (text.IsStopword) left out, as every IDF feature of the
// summarizer leaves them out, unstemmed.
func centralitySentences(b *classify.Book) (*centrality.Sentences, error) {
	if !b.HasTerms() {
		return nil, ErrNoTerms
	}
	t := &b.Terms
	stop := make([]bool, len(t.Vocab))
	for k, w := range t.Vocab {
		stop[k] = text.IsStopword(w)
	}
	s := &centrality.Sentences{Start: make([]int32, 1, b.Rows()+1), Terms: len(t.Vocab)}
	for i := range b.Rows() {
		for _, k := range t.Seq[t.Start[i]:t.Start[i+1]] {
			if !stop[k] {
				s.Tokens = append(s.Tokens, k)
			}
		}
		s.Start = append(s.Start, int32(len(s.Tokens)))
	}
	return s, nil
}
