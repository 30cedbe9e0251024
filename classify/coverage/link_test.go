package coverage

import (
	"math"
	"slices"
	"testing"
)

// TestLinkScores checks the link scores of a small book: an n-gram of the
// likelier rows scores above the book's mean, one of the less likely rows
// below it, the mean over occurrences and the max differ as they should,
// and equal log-odds give every n-gram 0.
func TestLinkScores(t *testing.T) {
	book := termsOf("", "Kurtz dies in the dark", "Marlow sails up the river", "Kurtz sails")
	g := NewGrams(book, nil)
	logit := []float64{2, -4, 0}
	lp := []float64{logSigmoid(2), logSigmoid(-4), logSigmoid(0)}
	mean := (lp[0] + lp[1] + lp[2]) / 3
	uniMax, _ := LinkScores(book, g, logit, true)
	uniMean, biMean := LinkScores(book, g, logit, false)
	id := func(w string) int32 {
		i, ok := book.ID(w)
		if !ok {
			t.Fatalf("no term %q", w)
		}
		return i
	}
	for _, tc := range []struct {
		w          string
		max, meanv float64
	}{
		{"dies", lp[0] - mean, lp[0] - mean},
		{"marlow", lp[1] - mean, lp[1] - mean},
		{"kurtz", lp[0] - mean, (lp[0]+lp[2])/2 - mean},
		{"sails", lp[2] - mean, (lp[1]+lp[2])/2 - mean},
	} {
		if got := uniMax[id(tc.w)]; math.Abs(got-tc.max) > 1e-12 {
			t.Errorf("%s: max score %v, want %v", tc.w, got, tc.max)
		}
		if got := uniMean[id(tc.w)]; math.Abs(got-tc.meanv) > 1e-12 {
			t.Errorf("%s: mean score %v, want %v", tc.w, got, tc.meanv)
		}
	}
	x := slices.Index(g.biTerms, [2]int32{id("kurtz"), id("dies")})
	if x < 0 || math.Abs(biMean[x]-(lp[0]-mean)) > 1e-12 {
		t.Errorf("kurtz dies: %v", biMean)
	}
	flatU, flatB := LinkScores(book, g, []float64{1, 1, 1}, false)
	for _, v := range append(flatU, flatB...) {
		if v != 0 {
			t.Fatalf("equal log-odds: scores %v %v", flatU, flatB)
		}
	}
	// Log-odds far below any float's sigmoid stay finite.
	u, b := LinkScores(book, g, []float64{-1e300, math.Inf(-1), 0}, true)
	for _, v := range append(u, b...) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("extreme log-odds: score %v", v)
		}
	}
}

// TestExtrasLink checks PlotLink: without it a book's extras are none and
// its expected counts the keys' alone; with it the link scores scale them
// at LinkWeight. With LinkContent the content n-grams of the likelier rows
// expect more, those of the less likely rows less, and the n-grams that
// hold a stopword are left as they are.
func TestExtrasLink(t *testing.T) {
	books := testBooks(t, 12)
	stop := []string{"a", "of", "the"}
	m, s := fitted(t, books[:10], stop)
	book := books[10]
	rows := len(book.Start) - 1
	logit := make([]float64, rows)
	for r := range logit {
		logit[r] = float64(r%5) - 4
	}
	if x := (*Stats)(nil).Extras(book, NewGrams(book, stop), logit); x.Link != 0 {
		t.Errorf("nil statistics: extras %+v", x)
	}
	if x := s.Extras(book, NewGrams(book, stop), logit); x.Link != 0 || x.LinkUni != nil {
		t.Errorf("no link: extras %+v", x)
	}
	plain := readyBook(m, s, book, stop, logit)
	linked := statsOf(books[:10], stop)
	linked.Plot = PlotLink
	g := NewGrams(book, stop)
	uni, bi := BookKeys(linked, book, g, nil, false)
	x := linked.Extras(book, g, logit)
	if x.Link != LinkWeight || x.LinkUni == nil || x.LinkBi == nil {
		t.Fatalf("extras %+v", x)
	}
	x.Link, x.LinkContent = 0.5, true
	length := make([]int32, rows)
	for r := range rows {
		length[r] = int32(len(book.Row(r)))
	}
	cb := m.NewBook(book, g, length, logit, uni, bi, stop, x)
	var up, down, same int
	for id := range book.Vocab {
		p0, p1 := plain.uni.at(int32(id), 0), cb.uni.at(int32(id), 0)
		switch {
		case cb.stopUni[id] && p0 != p1:
			t.Errorf("stopword %q: %v, was %v", book.Vocab[id], p1, p0)
		case cb.stopUni[id]:
			same++
		case x.LinkUni[id] > 0 && p1 > p0:
			up++
		case x.LinkUni[id] < 0 && p1 < p0:
			down++
		case x.LinkUni[id] != 0:
			t.Errorf("%q: score %v, P(hit) %v, was %v", book.Vocab[id], x.LinkUni[id], p1, p0)
		}
	}
	if up == 0 || down == 0 || same == 0 {
		t.Errorf("up %d, down %d, stopwords %d", up, down, same)
	}
	for b := range g.biTerms {
		if cb.stopBi[b] && plain.bi.at(int32(b), 0) != cb.bi.at(int32(b), 0) {
			t.Errorf("bigram %d holds a stopword and moved", b)
		}
	}
}
