package coverage

import (
	"slices"

	"github.com/bookalign/bookalign/text"
)

// Terms are a book's rows as ROUGE reads them: the tokens text.ASCIITokens
// finds (maximal runs of ASCII letters and digits, lowered), in order. They
// are what coverage extraction counts, since the unigrams and bigrams of
// these tokens are what ROUGE-1 and ROUGE-2 match; a classify.Book's Words
// are the aligners' and the features' word tokens, which keep apostrophes
// and non-ASCII letters.
type Terms struct {
	// Vocab are the distinct tokens of the rows, sorted; a term's id is its
	// index here.
	Vocab []string `json:"vocab"`
	// The tokens of row i are Seq[Start[i]:Start[i+1]], as term ids.
	Start []int32 `json:"start"`
	Seq   []int32 `json:"seq"`
	// Capital marks the tokens of Seq that begin with an upper-case letter
	// and are not the first token of their row: bit j%64 of Capital[j/64]
	// for Seq[j].
	Capital []uint64 `json:"capital"`
	// Reference is the book's reference summary as term ids, one per ROUGE
	// token of the summary, -1 for a token the rows do not hold
	// (SetReference): its unigrams and bigrams are what the book's rows can
	// match, and its length is ROUGE-1's denominator. Nil without a summary.
	Reference []int32 `json:"reference,omitempty"`
}

// NewTerms returns the terms of rows rows whose texts row gives.
func NewTerms(rows int, row func(i int) string) Terms {
	local := make(map[string]int32)
	var vocab []string
	t := Terms{Start: make([]int32, 1, rows+1)}
	for i := range rows {
		first := true
		text.EachASCIIToken(row(i), func(tok []byte, upper bool) {
			id, ok := local[string(tok)]
			if !ok {
				id = int32(len(vocab))
				w := string(tok)
				local[w] = id
				vocab = append(vocab, w)
			}
			if upper && !first {
				t.setCapital(len(t.Seq))
			}
			t.Seq = append(t.Seq, id)
			first = false
		})
		t.Start = append(t.Start, int32(len(t.Seq)))
	}
	// Renumber so that Vocab is sorted.
	order := make([]int32, len(vocab)) // order[new] = old
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(x, y int32) int {
		switch a, b := vocab[x], vocab[y]; {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	})
	renum := make([]int32, len(vocab))
	t.Vocab = make([]string, len(vocab))
	for nw, old := range order {
		renum[old] = int32(nw)
		t.Vocab[nw] = vocab[old]
	}
	for j, id := range t.Seq {
		t.Seq[j] = renum[id]
	}
	return t
}

// setCapital marks token j of Seq as capitalised.
func (t *Terms) setCapital(j int) {
	for len(t.Capital) <= j/64 {
		t.Capital = append(t.Capital, 0)
	}
	t.Capital[j/64] |= 1 << (j % 64)
}

// IsCapital reports whether token j of Seq begins with an upper-case letter
// and is not the first token of its row.
func (t *Terms) IsCapital(j int) bool {
	return j/64 < len(t.Capital) && t.Capital[j/64]&(1<<(j%64)) != 0
}

// Row returns the term ids of row i's tokens. The slice aliases t.
func (t *Terms) Row(i int) []int32 { return t.Seq[t.Start[i]:t.Start[i+1]] }

// ID returns the id of term w, if the rows hold it.
func (t *Terms) ID(w string) (int32, bool) {
	i, ok := slices.BinarySearch(t.Vocab, w)
	return int32(i), ok
}

// SetReference sets the reference summary (Reference) from its text, as
// ROUGE reads it: what coverage extraction learns from a training book.
func (t *Terms) SetReference(summary string) {
	ref := make([]int32, 0, len(summary)/5)
	text.EachASCIIToken(summary, func(tok []byte, _ bool) {
		id, ok := t.ID(string(tok))
		if !ok {
			id = -1
		}
		ref = append(ref, id)
	})
	t.Reference = ref
}
