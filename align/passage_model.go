package align

import (
	"math"
	"math/rand/v2"
)

// passageModel is the working state of one PassageHMM fit. Summary words are
// renumbered 0..v-1 over the distinct summary words that occur in the book;
// a summary token whose word never occurs in the book is dropped, since its
// smoothed probability is the same tiny constant under every passage.
type passageModel struct {
	k, sents, n, v int

	// The book's summary-word tokens (the tokens whose word some summary
	// sentence holds), in book order, so that a sweep reads them in order
	// (sweepToken): toks[x] is the x-th such token. revToks are the same
	// in reverse order with their positions negated, so that a sweep to
	// the left is the same loop. tokBefore[i] is the number of them before
	// book position i, i = 0..n, so a span's tokens are found without a
	// search.
	toks, revToks []sweepToken
	tokBefore     []int32
	// Tables of log(f + μ p_book(w)) for f = 0..freq(w; book), so that no
	// logarithm is taken in the S-step:
	//	logNum[off[w]+f] = log(f + μ p_book(w))
	//	gain[off[w]+f]   = logNum[off[w]+f] - logNum[off[w]+f-1]   (f ≥ 1)
	off          []int32
	logNum, gain []float64
	logLen       []float64 // logLen[n] = log(n + μ), n = 0..len(book)

	// Summary sentence ℓ as a bag: its distinct words and their counts, and
	// T_ℓ, its number of kept tokens.
	sentWords [][]int32
	sentCount [][]float64
	sentLen   []float64
	// postings[w] lists the sentences holding word w and its count there;
	// base[ℓ] = sum_k log(μ p_book(t_ℓ,k)), the log η numerator of a
	// passage holding none of the sentence's words.
	postings [][]posting
	base     []float64

	start, end []int     // state s spans book tokens [start[s], end[s])
	logEta     []float64 // logEta[ℓ*k + s] = log η_{s, t_ℓ}

	pi     []float64 // π_s
	c      []float64 // jump counts c(d) at c[d + k - 1], d = -(k-1) .. k-1
	cRev   []float64 // c reversed
	rowZ   []float64 // Z_s = sum_s' c(s'-s)
	prefix []float64 // prefix sums of c
	xi     []float64 // expected jumps ξ(d), gathered by eStep
	lambda float64

	// E-step buffers, [ℓ*k + s].
	emit, alpha, beta, post []float64
	norm, eb, u             []float64 // c_ℓ; work vectors of length k

	// S-step buffers.
	wc   []float64 // wc[s*v + w] = sum_ℓ q(z_ℓ = s) freq(w; t_ℓ)
	tw   []float64 // tw[s] = sum_ℓ q(z_ℓ = s) T_ℓ
	freq []int32   // freq(w; b_i:j) of the span being scored
	seen []int32   // the words whose freq logEmission raised, to reset them

	segFrom []int32   // a sweep's segments (candidates), room for every token
	segAcc  []float64 // and their sums
	drawX   []int32   // the candidates with weight of an inverse-CDF draw
	drawW   []float64 // and their weights

	rng *rand.Rand
}

// newPassageModel sets up k equal passages covering the book, uniform π and
// γ, and the emissions of the initial passages.
func newPassageModel(p *Pair, k int, mu, lambda float64) *passageModel {
	n := len(p.Book.Words)
	m := &passageModel{k: k, sents: len(p.Summary.Words), n: n, lambda: lambda}
	counts := p.bookCounts()

	// Number the summary words found in the book.
	local := make([]int32, len(p.Vocab))
	for i := range local {
		local[i] = -1
	}
	m.off = []int32{0}
	for _, ws := range p.Summary.Words {
		for _, w := range ws {
			if counts[w] > 0 && local[w] < 0 {
				local[w] = int32(m.v)
				m.v++
				mup := mu * float64(counts[w]) / float64(n)
				for f := range counts[w] + 1 {
					m.logNum = append(m.logNum, math.Log(float64(f)+mup))
					g := 0.0
					if f > 0 {
						g = m.logNum[len(m.logNum)-1] - m.logNum[len(m.logNum)-2]
					}
					m.gain = append(m.gain, g)
				}
				m.off = append(m.off, int32(len(m.logNum)))
			}
		}
	}
	m.tokBefore = make([]int32, n+1)
	for i, w := range p.Book.Words {
		m.tokBefore[i+1] = m.tokBefore[i]
		if lw := local[w]; lw >= 0 {
			m.toks = append(m.toks, sweepToken{pos: int32(i), word: lw, off: m.off[lw]})
			m.tokBefore[i+1]++
		}
	}
	m.revToks = make([]sweepToken, len(m.toks))
	for x, tk := range m.toks {
		tk.pos = -tk.pos
		m.revToks[len(m.toks)-1-x] = tk
	}
	m.logLen = make([]float64, n+1)
	for i := range m.logLen {
		m.logLen[i] = math.Log(float64(i) + mu)
	}

	m.sentWords = make([][]int32, m.sents)
	m.sentCount = make([][]float64, m.sents)
	m.sentLen = make([]float64, m.sents)
	for l, ws := range p.Summary.Words {
		for _, w := range ws {
			lw := local[w]
			if lw < 0 {
				continue
			}
			m.sentLen[l]++
			found := false
			for x, y := range m.sentWords[l] {
				if y == lw {
					m.sentCount[l][x]++
					found = true
					break
				}
			}
			if !found {
				m.sentWords[l] = append(m.sentWords[l], lw)
				m.sentCount[l] = append(m.sentCount[l], 1)
			}
		}
	}
	m.postings = make([][]posting, m.v)
	m.base = make([]float64, m.sents)
	for l, ws := range m.sentWords {
		for i, w := range ws {
			c := m.sentCount[l][i]
			m.postings[w] = append(m.postings[w], posting{int32(l), c})
			m.base[l] += c * m.logNum[m.off[w]]
		}
	}

	m.start, m.end = make([]int, k), make([]int, k)
	for s := range k {
		m.start[s], m.end[s] = s*n/k, (s+1)*n/k
	}
	m.logEta = make([]float64, k*m.sents)
	m.pi = make([]float64, k)
	m.c, m.cRev, m.xi = make([]float64, 2*k-1), make([]float64, 2*k-1), make([]float64, 2*k-1)
	m.prefix, m.rowZ = make([]float64, 2*k), make([]float64, k)
	for s := range k {
		m.pi[s] = 1 / float64(k)
	}
	for d := range m.c {
		m.c[d] = 1 // uniform γ
	}
	m.transition()
	m.emit = make([]float64, k*m.sents)
	m.alpha = make([]float64, k*m.sents)
	m.beta = make([]float64, k*m.sents)
	m.post = make([]float64, k*m.sents)
	m.norm, m.eb, m.u = make([]float64, m.sents), make([]float64, k), make([]float64, k)
	m.wc = make([]float64, k*m.v)
	m.tw = make([]float64, k)
	m.freq = make([]int32, m.v)
	m.seen = make([]int32, m.v+1) // one spare: logEmission writes before it counts
	m.segFrom, m.segAcc = make([]int32, len(m.toks)+1), make([]float64, len(m.toks)+1)
	for s := range k {
		m.logEmission(s)
	}
	return m
}

// sweepToken is a summary-word token of the book: its position, its
// summary word, and the word's offset in the gain table (off[word]), which
// a sweep would otherwise look up at a scattered place.
type sweepToken struct {
	pos, word, off int32
}

// posting is one sentence holding a summary word, with the word's count.
type posting struct {
	sentence int32
	count    float64
}

// logEmission recomputes, for state s spanning b_i:j (the tokens
// [start[s], end[s])), the emission of every summary sentence (eq. 2,
// smoothed):
//
//	log η_{s,t_ℓ} = sum_k log(freq(t_ℓ,k; b_i:j) + μ p_book(t_ℓ,k)) - T_ℓ log(j-i+1 + μ)
//	              = base_ℓ + sum_{w in b_i:j} freq(w; t_ℓ) log(1 + freq(w; b_i:j) / μ p_book(w))
//	                - T_ℓ log(j-i+1 + μ).
//
// Through the postings of the span's words it costs the number of its
// summary-word tokens (m.toks) plus the number of (word, sentence)
// pairs those words touch, plus the number of sentences.
func (m *passageModel) logEmission(s int) {
	lo, hi := m.start[s], m.end[s]
	k, lenTerm := m.k, m.logLen[hi-lo]
	for l := range m.sents {
		m.logEta[l*k+s] = m.base[l] - m.sentLen[l]*lenTerm
	}
	// Count the span's words, listing each at its first occurrence; then
	// add each word's term once, in that order.
	seen, ns := m.seen, 0
	freq := m.freq
	for _, tk := range m.toks[m.tokBefore[lo]:m.tokBefore[hi]] {
		w := tk.word
		f := freq[w] + 1
		freq[w] = f
		seen[ns] = w
		if f == 1 {
			ns++
		}
	}
	for _, w := range seen[:ns] {
		o := m.off[w]
		d := m.logNum[o+freq[w]] - m.logNum[o]
		for _, p := range m.postings[w] {
			m.logEta[int(p.sentence)*k+s] += p.count * d
		}
		freq[w] = 0
	}
}
