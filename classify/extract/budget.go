package extract

import (
	"math"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/text"
)

// DefaultBudget is the summary budget in words (text.BudgetWords) of the
// paper: 1,000.
const DefaultBudget = 1000

// Top makes an extractive summary of b from one score per row (higher
// is better; a NaN score is the lowest): it goes through the rows by
// decreasing score, the earlier row first on ties, and adds each row whose
// length (classify.Book.Length, in text.BudgetWords) keeps the total within budget;
// a row that would overflow it is skipped, and the walk stops when nothing
// more fits. A row without words is never added. It returns the document
// sentence indices of the rows added, in book order.
//
// Top panics if len(scores) != b.Rows().
func Top(b *classify.Book, scores []float64, budget int) []int {
	if len(scores) != b.Rows() {
		panic("extract: one score per row needed")
	}
	return Sentences(b, extractRows(b.Length, scores, budget))
}

// extractRows returns the rows Top adds, in increasing order.
func extractRows(length []int32, scores []float64, budget int) []int {
	order := rankRows(scores)
	shortest := int32(math.MaxInt32)
	for _, l := range length {
		if l > 0 {
			shortest = min(shortest, l)
		}
	}
	var out []int
	left := budget
	for _, r := range order {
		if left < int(shortest) {
			break
		}
		if l := int(length[r]); l > 0 && l <= left {
			out = append(out, r)
			left -= l
		}
	}
	slices.Sort(out)
	return out
}

// rankRows returns the row indices by decreasing score, NaN last, the lower
// index first on ties.
func rankRows(scores []float64) []int {
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	key := func(i int) float64 {
		if math.IsNaN(scores[i]) {
			return math.Inf(-1)
		}
		return scores[i]
	}
	slices.SortStableFunc(order, func(i, j int) int {
		a, b := key(i), key(j)
		switch {
		case a > b:
			return -1
		case a < b:
			return 1
		}
		return 0
	})
	return order
}

// Text returns the summary made of the given sentences of doc, in the order
// given, one per line, each with its runs of white space (line breaks
// included) written as one space: the form ROUGE reads, a sentence per line.
func Text(doc *text.Document, sentences []int) string {
	var sb strings.Builder
	for _, i := range sentences {
		sb.WriteString(strings.Join(strings.Fields(doc.Str(doc.Sentences[i].Span)), " "))
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Sentences returns the document sentence indices of the rows of b, in
// book order: a summary of the rows an extraction picked.
func Sentences(b *classify.Book, rows []int) []int {
	out := make([]int, len(rows))
	for i, r := range rows {
		out[i] = int(b.Sentence[r])
	}
	slices.Sort(out)
	return out
}
