package classify

import (
	"container/heap"
	"math"
)

// Coverage extraction (Settings.Coverage). With mu(g) the coverage model's
// expected count of n-gram g in the book's summary, taken as Poisson, the
// k-th copy of g in an extract is a ROUGE hit with probability
// P(N >= k) = 1 - sum_{j<k} e^-mu mu^j / j!, since ROUGE counts a copy only
// while the reference holds as many. The expected hits of an extract,
//
//	H(S) = sum_g sum_{k=1}^{n_S(g)} P(N_g >= k)   (unigrams)
//	     + beta sum_g sum_{k=1}^{n_S(g)} P(N_g >= k)   (bigrams),
//
// are submodular, so the greedy rule of budgeted submodular maximization
// (Khuller, Moss and Naor 1999; Lin and Bilmes 2010) applies: take, again
// and again, the row that adds the most expected hits per budget word,
// plus alpha times its log-probability under the logistic model, among
// the rows of at least CoverageMinWords words that still fit (all rows
// that fit when none of that length does, so that no summary is empty).
// With stopwords (Settings.CoverageStopwords), a hit on an n-gram that
// holds one weighs gamma = CoverageFunction, and the bigrams are those of
// ROUGE's -s beside those that hold a stopword (eachBigram). A row is
// re-scored only when it reaches the top of the queue (lazy greedy, Minoux
// 1978), which gives the same extract as re-scoring every row.

// tailCut is the tail probability below which further copies of an n-gram
// count as no hit.
const tailCut = 1e-9

// tails holds P(N >= k), k = 1, 2, …, of every n-gram of a book, until
// the tail falls below tailCut.
type tails struct {
	start []int32
	p     []float64
}

// maxMean bounds a Poisson mean: no summary holds an n-gram hundreds of
// times, and e^-mu must not underflow (it does past 745).
const maxMean = 500

// add appends the tails of a Poisson mean mu for the first copies copies
// of an n-gram: an extract holds no more copies than the book.
func (t *tails) add(mu float64, copies int32) {
	if !(mu <= maxMean) { // also NaN
		mu = maxMean
	}
	if !(mu > 0) {
		mu = 0
	}
	pmf := math.Exp(-mu)
	cdf := pmf
	for k := int32(1); k <= copies; k++ {
		p := 1 - cdf
		if p < tailCut {
			break
		}
		t.p = append(t.p, p)
		pmf *= mu / float64(k)
		cdf += pmf
	}
	t.start = append(t.start, int32(len(t.p)))
}

// at returns P(N >= k+1) of n-gram g: the chance that its (k+1)-th copy is
// a hit.
func (t *tails) at(g int32, k int32) float64 {
	lo, hi := t.start[g], t.start[g+1]
	if k >= hi-lo {
		return 0
	}
	return t.p[lo+k]
}

// CoverageOptions weigh coverage extraction: a bigram hit weighs Bigram
// unigram hits, the logistic model's log-probability of a row is added
// Prior times, and rows shorter than MinWords budget words are not taken
// unless no longer row fits (Settings.CoverageBigram, CoveragePrior,
// CoverageMinWords).
type CoverageOptions struct {
	Bigram, Prior float64
	MinWords      int
	// Function weighs a hit on an n-gram that holds a stopword of
	// Settings.CoverageStopwords (a function word), against 1 for a
	// content n-gram (Settings.CoverageFunction).
	Function float64
}

// CoverageOptions returns the model's own coverage weights.
func (m *Model) CoverageOptions() CoverageOptions {
	s := m.Collection.Settings
	return CoverageOptions{Bigram: s.CoverageBigram, Prior: s.CoveragePrior, MinWords: s.CoverageMinWords, Function: s.function()}
}

// A CoverageBook is a book made ready for coverage extraction by a model
// with a coverage model: the expected summary counts of its n-grams and
// the log-odds of its rows, computed once, so that extracts under several
// weightings cost only the greedy walk each (Extract).
type CoverageBook struct {
	b       *Book
	g       *BookGrams
	uni, bi tails
	logit   []float64
	// stopUni and stopBi mark the unigrams and bigrams that hold a
	// stopword (a function word), nil when the model names none.
	stopUni, stopBi []bool
}

// CoverageBook prepares b for coverage extraction under m, with its
// n-grams g (NewBookGrams; counted here when nil); it returns nil when m
// has no coverage model, or b no term view (a Book not made by NewBook).
func (m *Model) CoverageBook(b *Book, g *BookGrams) *CoverageBook {
	if m.Coverage == nil || !b.hasTerms() {
		return nil
	}
	return m.coverageBook(m.Collection.Prepare(b, g))
}

// coverageBook is CoverageBook from a book prepared under m.Collection.
func (m *Model) coverageBook(p *Prepared) *CoverageBook {
	if m.Coverage == nil || !p.b.hasTerms() {
		return nil
	}
	b, g := p.b, p.grams()
	c := m.Collection
	cb := &CoverageBook{b: b, g: g, logit: m.Logits(p.rows)}
	uniKey, biKey := p.coverageKeys()
	cb.uni.start, cb.bi.start = []int32{0}, []int32{0}
	var buf []int32
	for id, k := range uniKey {
		cb.uni.add(m.Coverage.mean(k, buf), g.uni[id].count)
	}
	for x, k := range biKey {
		cb.bi.add(m.Coverage.mean(k, buf), g.bi[x].count)
	}
	if cb.stopUni = stopMarks(b.Terms.Vocab, c.Settings.CoverageStopwords); cb.stopUni != nil {
		cb.stopBi = make([]bool, len(g.biTerms))
		for x, pair := range g.biTerms {
			cb.stopBi[x] = cb.stopUni[pair[0]] || cb.stopUni[pair[1]]
		}
	}
	return cb
}

// Extract returns the document sentence indices of the rows coverage
// extraction picks within budget words under o, in book order.
func (cb *CoverageBook) Extract(budget int, o CoverageOptions) []int {
	b, g := cb.b, cb.g
	t := &b.Terms
	curUni, curBi := make([]int32, len(cb.uni.start)-1), make([]int32, len(cb.bi.start)-1)
	value := func(r int) float64 {
		// Copies within the row count too: bump the counts as the row is
		// read, then restore them.
		var hits, biHits float64
		row, rowBi := t.Row(r), g.rowBi[r]
		for _, u := range row {
			p := cb.uni.at(u, curUni[u])
			if cb.stopUni != nil && cb.stopUni[u] {
				p *= o.Function
			}
			hits += p
			curUni[u]++
		}
		for _, x := range rowBi {
			p := cb.bi.at(x, curBi[x])
			if cb.stopBi != nil && cb.stopBi[x] {
				p *= o.Function
			}
			biHits += p
			curBi[x]++
		}
		for _, u := range row {
			curUni[u]--
		}
		for _, x := range rowBi {
			curBi[x]--
		}
		v := (hits + o.Bigram*biHits) / float64(b.Length[r])
		if o.Prior != 0 {
			v += o.Prior * LogSigmoid(cb.logit[r])
		}
		return v
	}
	left := budget
	q := &rowQueue{}
	for _, least := range []int{o.MinWords, 1} {
		// A book with no row of MinWords words that fits is summarized
		// from its shorter rows rather than not at all.
		for r := range b.Rows() {
			if l := int(b.Length[r]); l > 0 && l <= left && l >= least {
				q.rows = append(q.rows, rowValue{r, value(r)})
			}
		}
		if len(q.rows) > 0 {
			break
		}
	}
	heap.Init(q)
	var out []int
	for q.Len() > 0 {
		top := heap.Pop(q).(rowValue)
		if int(b.Length[top.row]) > left {
			continue // it will never fit again
		}
		if v := value(top.row); q.Len() > 0 && q.less(q.rows[0], rowValue{top.row, v}) {
			heap.Push(q, rowValue{top.row, v}) // another row may now be better
			continue
		}
		for _, u := range t.Row(top.row) {
			curUni[u]++
		}
		for _, x := range g.rowBi[top.row] {
			curBi[x]++
		}
		out = append(out, top.row)
		left -= int(b.Length[top.row])
	}
	return rowsToSentences(b, out)
}

// LogSigmoid returns log(1 / (1 + e^-z)): the log-probability of a row
// whose log-odds (Model.Logits) are z, without overflow.
func LogSigmoid(z float64) float64 {
	if z < -30 {
		return z
	}
	return -math.Log1p(math.Exp(-z))
}

// rowValue is a row and its value in the lazy greedy queue.
type rowValue struct {
	row   int
	value float64
}

// rowQueue is a max-heap of rows by value, the earlier row first on ties.
type rowQueue struct{ rows []rowValue }

func (q *rowQueue) less(a, b rowValue) bool {
	if a.value != b.value {
		return a.value > b.value
	}
	return a.row < b.row
}
func (q *rowQueue) Len() int           { return len(q.rows) }
func (q *rowQueue) Less(i, j int) bool { return q.less(q.rows[i], q.rows[j]) }
func (q *rowQueue) Swap(i, j int)      { q.rows[i], q.rows[j] = q.rows[j], q.rows[i] }
func (q *rowQueue) Push(x any)         { q.rows = append(q.rows, x.(rowValue)) }
func (q *rowQueue) Pop() any {
	x := q.rows[len(q.rows)-1]
	q.rows = q.rows[:len(q.rows)-1]
	return x
}
