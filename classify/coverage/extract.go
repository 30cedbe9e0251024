package coverage

import (
	"container/heap"
	"math"
)

// Coverage extraction (features.Settings.Coverage). With mu(g) the
// coverage model's expected count of n-gram g in the book's summary, taken
// as Poisson, the k-th copy of g in an extract is a ROUGE hit with
// probability P(N >= k) = 1 - sum_{j<k} e^-mu mu^j / j!, since ROUGE counts
// a copy only while the reference holds as many. The expected hits of an
// extract,
//
//	H(S) = sum_g sum_{k=1}^{n_S(g)} P(N_g >= k)   (unigrams)
//	     + beta sum_g sum_{k=1}^{n_S(g)} P(N_g >= k)   (bigrams),
//
// are submodular, so the greedy rule of budgeted submodular maximization
// (Khuller, Moss and Naor 1999; Lin and Bilmes 2010) applies: take, again
// and again, the row that adds the most expected hits per budget word,
// plus alpha times its log-probability under the logistic model, among
// the rows of at least Options.MinWords words that still fit (all rows
// that fit when none of that length does, so that no summary is empty).
// With stopwords, a hit on an n-gram that holds one weighs gamma =
// Options.Function, and the bigrams are those of ROUGE's -s beside those
// that hold a stopword (eachBigram). A row is re-scored only when it
// reaches the top of the queue (lazy greedy, Minoux 1978), which gives the
// same extract as re-scoring every row.

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

// Options weigh coverage extraction: a bigram hit weighs Bigram unigram
// hits, the logistic model's log-probability of a row is added Prior
// times, and rows shorter than MinWords budget words are not taken unless
// no longer row fits (features.Settings.CoverageBigram, CoveragePrior,
// CoverageMinWords).
type Options struct {
	Bigram, Prior float64
	MinWords      int
	// Function weighs a hit on an n-gram that holds a stopword of
	// Settings.CoverageStopwords (a function word), against 1 for a
	// content n-gram (Settings.CoverageFunction).
	Function float64
}

// A Book is a book made ready for coverage extraction by a coverage model:
// the expected summary counts of its n-grams and the log-odds of its rows,
// computed once, so that extracts under several weightings cost only the
// greedy walk each (Extract).
type Book struct {
	t       *Terms
	g       *Grams
	length  []int32 // budget words of each row
	uni, bi tails
	logit   []float64
	// stopUni and stopBi mark the unigrams and bigrams that hold a
	// stopword (a function word), nil when the model names none.
	stopUni, stopBi []bool
}

// Extras are what NewBook reads beyond the keys: the sentence model's
// link scores (LinkScores, Stats.Extras), which scale
// each n-gram's expected count by exp(Link times its score).
type Extras struct {
	LinkUni, LinkBi []float64
	Link            float64
	// LinkContent scales only the n-grams without a stopword.
	LinkContent bool
}

// NewBook prepares for extraction under m the book whose terms are t,
// n-grams g, rows' budget words length and log-odds under the logistic
// model logit, with its n-grams' keys uni and bi (BookKeys) and the
// stopwords stop (sorted; none: every n-gram counts alike), and the
// extras x (Stats.Extras; Extras{}: the keys alone).
func (m *Model) NewBook(t *Terms, g *Grams, length []int32, logit []float64, uni, bi []Key, stop []string, x Extras) *Book {
	cb := &Book{t: t, g: g, length: length, logit: logit}
	if cb.stopUni = stopMarks(t.Vocab, stop); cb.stopUni != nil {
		cb.stopBi = make([]bool, len(g.biTerms))
		for b, pair := range g.biTerms {
			cb.stopBi[b] = cb.stopUni[pair[0]] || cb.stopUni[pair[1]]
		}
	}

	cb.uni.start, cb.bi.start = []int32{0}, []int32{0}
	// A book's n-grams fall in a few thousand keys: each key's mean is
	// found once.
	var means openTable[float64]
	buf := make([]int32, 0, len(blocks))
	mean := func(k Key) float64 {
		mu, added := means.at(uint64(k))
		if added {
			*mu = m.mean(k, buf)
		}
		return *mu
	}
	for id, k := range uni {
		mu := mean(k)
		if x.Link != 0 && !(x.LinkContent && cb.stopUni != nil && cb.stopUni[id]) {
			mu *= math.Exp(x.Link * x.LinkUni[id])
		}
		cb.uni.add(mu, g.uni[id].count)
	}
	for b, k := range bi {
		mu := mean(k)
		if x.Link != 0 && !(x.LinkContent && cb.stopBi != nil && cb.stopBi[b]) {
			mu *= math.Exp(x.Link * x.LinkBi[b])
		}
		cb.bi.add(mu, g.bi[b].count)
	}
	return cb
}

// Extract returns the rows coverage extraction picks within budget words
// under o, in the order it picks them.
func (cb *Book) Extract(budget int, o Options) []int {
	t, g := cb.t, cb.g
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
		v := (hits + o.Bigram*biHits) / float64(cb.length[r])
		if o.Prior != 0 {
			v += o.Prior * logSigmoid(cb.logit[r])
		}
		return v
	}
	left := budget
	q := &rowQueue{}
	for _, least := range []int{o.MinWords, 1} {
		// A book with no row of MinWords words that fits is summarized
		// from its shorter rows rather than not at all.
		for r := range len(t.Start) - 1 {
			if l := int(cb.length[r]); l > 0 && l <= left && l >= least {
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
		if int(cb.length[top.row]) > left {
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
		left -= int(cb.length[top.row])
	}
	return out
}

// logSigmoid returns log(1 / (1 + e^-z)): the log-probability of a row
// whose log-odds (logistic.Model.Logits) are z, without overflow.
func logSigmoid(z float64) float64 {
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
