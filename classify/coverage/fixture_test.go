package coverage

import (
	"hash/fnv"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/text"
)

// bigramHash is the hash that names the bigram of terms a, b, computed
// the plain way: the 64-bit FNV-1a hash of a, a zero byte and b.
func bigramHash(a, b string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(a))
	h.Write([]byte{0})
	h.Write([]byte(b))
	return h.Sum64()
}

// termsOf returns the terms of rows, with the reference summary ref ("":
// none).
func termsOf(ref string, rows ...string) *Terms {
	t := NewTerms(len(rows), func(i int) string { return rows[i] })
	if ref != "" {
		t.SetReference(ref)
	}
	return &t
}

// testBooks returns the terms of the n books of testcorpus.Good(n), a row
// a sentence, with their summaries as references: texts over a 56-word
// vocabulary, so that many bigrams are held by five books or more and some
// by fewer.
func testBooks(tb testing.TB, n int) []*Terms {
	tb.Helper()
	files := testcorpus.Good(n)
	var out []*Terms
	for i := range n {
		id := "book-" + string(rune('0'+i/10)) + string(rune('0'+i%10))
		doc, err := text.ParseBook(string(files["books/"+id+".txt"]))
		if err != nil {
			tb.Fatal(err)
		}
		t := NewTerms(len(doc.Sentences), func(i int) string { return doc.Str(doc.Sentences[i].Span) })
		t.SetReference(string(files["summaries/"+id+".txt"]))
		out = append(out, &t)
	}
	return out
}

// statsOf returns the coverage statistics of the training books books,
// their bigrams counted with the stopwords stop.
func statsOf(books []*Terms, stop []string) *Stats {
	var c TermCounts
	for _, t := range books {
		s := NewTermStats(t, stop)
		c.Add(&s)
	}
	return NewStats(&c)
}

// fitted returns the coverage model fitted to the training books books
// and their statistics.
func fitted(tb testing.TB, books []*Terms, stop []string) (*Model, *Stats) {
	tb.Helper()
	s := statsOf(books, stop)
	var cells []*Cells
	for _, t := range books {
		cells = append(cells, NewCells(s, t, NewGrams(t, stop), nil, true))
	}
	m, err := Fit(cells)
	if err != nil {
		tb.Fatal(err)
	}
	return m, s
}

// readyBook returns book t made ready for extraction under m and the
// training statistics s, each row's budget words its terms and its log-odds
// logit (nil: zero).
func readyBook(m *Model, s *Stats, t *Terms, stop []string, logit []float64) *Book {
	g := NewGrams(t, stop)
	rows := len(t.Start) - 1
	length := make([]int32, rows)
	for r := range rows {
		length[r] = int32(len(t.Row(r)))
	}
	if logit == nil {
		logit = make([]float64, rows)
	}
	uni, bi := BookKeys(s, t, g, nil, false)
	return m.NewBook(t, g, length, logit, uni, bi, stop, Extras{})
}
