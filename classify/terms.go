package classify

import (
	"encoding/binary"
	"errors"
	"github.com/bookalign/bookalign/internal/binform"
	"slices"

	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// Terms are a book's rows as ROUGE reads them: the tokens rouge.Tokenize
// finds (maximal runs of ASCII letters and digits, lowered), in order. They
// are what the coverage extraction (Settings.Coverage, coverage.go) counts,
// since the unigrams and bigrams of these tokens are what ROUGE-1 and
// ROUGE-2 match; a Book's Words are the aligners' and the features' word
// tokens, which keep apostrophes and non-ASCII letters.
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

// newTerms returns the terms of the rows of b, a book made from doc.
func newTerms(doc *text.Document, b *Book) Terms {
	local := make(map[string]int32)
	var vocab []string
	t := Terms{Start: make([]int32, 1, b.Rows()+1)}
	for _, si := range b.Sentence {
		first := true
		rouge.EachToken(doc.Str(doc.Sentences[si].Span), func(tok []byte, upper bool) {
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

// SetReference sets the book's reference summary (Terms.Reference) from its
// text, as ROUGE reads it: what the coverage extraction learns from a
// training book.
func (b *Book) SetReference(summary string) {
	ref := make([]int32, 0, len(summary)/5)
	rouge.EachToken(summary, func(tok []byte, _ bool) {
		id, ok := b.Terms.ID(string(tok))
		if !ok {
			id = -1
		}
		ref = append(ref, id)
	})
	b.Terms.Reference = ref
}

// appendTerms appends the binary form of t for a book of rows rows: the
// vocabulary front-coded, each row's length and term ids, the capital
// marks as the differences between the marked tokens' positions, and the
// reference with each id plus one (0 for a token the rows lack).
func appendTerms(out []byte, t *Terms, rows int) ([]byte, error) {
	if t.Start == nil && t.Seq == nil && t.Vocab == nil && t.Reference == nil {
		return append(out, 0), nil // a book not made by NewBook
	}
	out = append(out, 1)
	if len(t.Start) != rows+1 || t.Start[0] != 0 || int(t.Start[rows]) != len(t.Seq) {
		return nil, errTerms
	}
	out = binary.AppendUvarint(out, uint64(len(t.Vocab)))
	prev := ""
	for _, w := range t.Vocab {
		out = binform.AppendFrontCoded(out, prev, w)
		prev = w
	}
	n := int32(len(t.Vocab))
	for i := range rows {
		lo, hi := t.Start[i], t.Start[i+1]
		if hi < lo {
			return nil, errTerms
		}
		out = binary.AppendUvarint(out, uint64(hi-lo))
		for _, id := range t.Seq[lo:hi] {
			if id < 0 || id >= n {
				return nil, errTerms
			}
			out = binary.AppendUvarint(out, uint64(id))
		}
	}
	var marked []int
	for j := range t.Seq {
		if t.IsCapital(j) {
			marked = append(marked, j)
		}
	}
	out = binary.AppendUvarint(out, uint64(len(marked)))
	last := -1
	for _, j := range marked {
		out = binary.AppendUvarint(out, uint64(j-last))
		last = j
	}
	if t.Reference == nil {
		return append(out, 0), nil
	}
	out = append(out, 1)
	out = binary.AppendUvarint(out, uint64(len(t.Reference)))
	for _, id := range t.Reference {
		if id < -1 || id >= n {
			return nil, errTerms
		}
		out = binary.AppendUvarint(out, uint64(id+1))
	}
	return out, nil
}

// errTerms means a book's Terms are inconsistent.
var errTerms = errors.New("classify: inconsistent terms")

// terms reads what appendTerms wrote for a book of rows rows.
func (d *decoder) terms(rows int) Terms {
	var t Terms
	if !d.Present("terms") {
		return t
	}
	n := d.Count(2)
	t.Vocab = make([]string, n)
	var w []byte
	for k := range n {
		w = d.FrontCoded(w)
		if d.Err != nil {
			return Terms{}
		}
		t.Vocab[k] = string(w)
	}
	t.Start = make([]int32, 1, rows+1)
	for range rows {
		size := d.Count(1)
		for range size {
			id := d.Uvarint()
			if id >= uint64(n) {
				d.Fail("term id")
				return Terms{}
			}
			t.Seq = append(t.Seq, int32(id))
		}
		t.Start = append(t.Start, int32(len(t.Seq)))
	}
	marked := d.Count(1)
	j := -1
	for range marked {
		j += int(d.Uvarint())
		if j < 0 || j >= len(t.Seq) {
			d.Fail("capital mark")
			return Terms{}
		}
		t.setCapital(j)
	}
	if !d.Present("reference") {
		return t
	}
	size := d.Count(1)
	t.Reference = make([]int32, size)
	for i := range size {
		id := d.Uvarint()
		if id > uint64(n) {
			d.Fail("reference term id")
			return Terms{}
		}
		t.Reference[i] = int32(id) - 1
	}
	return t
}
