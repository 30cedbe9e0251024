package align

import "math"

// sampleCutoff is the log-ratio to the best candidate below which a
// candidate boundary's weight is taken as zero: e^-40 ≈ 4e-18.
const sampleCutoff = -40

// sStep samples new passages for the states in order (§3.1.1, S-step; §3.1.2):
// first state s's left boundary i between the end of state s-1 and its own
// right boundary j, then its right boundary between i and the start of state
// s+1, each with probability proportional to L(i, j) (eq. like). Passages
// therefore never overlap or leapfrog, and always keep at least one token.
// η_s is recomputed as soon as s has moved.
func (m *passageModel) sStep() {
	m.stateCounts()
	for s := range m.k {
		lo := 0
		if s > 0 {
			lo = m.end[s-1]
		}
		j := m.end[s] - 1
		x := m.sample(m.boundaryLikelihood(s, j, lo, -1))
		i := j - x

		hi := m.n
		if s+1 < m.k {
			hi = m.start[s+1]
		}
		x = m.sample(m.boundaryLikelihood(s, i, hi-1, +1))
		m.start[s], m.end[s] = i, i+x+1
		m.logEmission(s)
	}
}

// stateCounts gathers, for each state s, the posterior-weighted summary word
// counts and lengths that L(i, j) needs:
//
//	wc_s(w) = sum_ℓ q(z_ℓ = s | t) freq(w; t_ℓ),  T_s = sum_ℓ q(z_ℓ = s | t) T_ℓ
func (m *passageModel) stateCounts() {
	clear(m.wc)
	clear(m.tw)
	for l := range m.sents {
		if m.sentLen[l] == 0 {
			continue
		}
		q := m.post[l*m.k : (l+1)*m.k]
		for s, x := range q {
			if x < 1e-12 {
				continue
			}
			m.tw[s] += x * m.sentLen[l]
			wc := m.wc[s*m.v : (s+1)*m.v]
			for i, w := range m.sentWords[l] {
				wc[w] += x * m.sentCount[l][i]
			}
		}
	}
}

// boundaryLikelihood returns log L(i, j) of state s, up to a constant, for
// the spans grown from one fixed boundary a token at a time: candidate x
// scores the span of the x+1 tokens first, first+step, ..., first+x·step,
// where step is -1 (moving i, j fixed) or +1 (moving j, i fixed). With the
// posteriors as exponents (eq. like),
//
//	log L(i, j) = sum_ℓ q(z_ℓ = s | t) log η_{i:j, t_ℓ}
//	            = sum_w wc_s(w) log(freq(w; b_i:j) + μ p_book(w)) - T_s log(j-i+1 + μ),
//
// and adding one token b changes it by the paper's recurrence (§3.1.2),
//
//	wc_s(b) log((freq(b)+1 + μ p(b)) / (freq(b) + μ p(b))) - T_s log((j-i+2 + μ) / (j-i+1 + μ)),
//
// so each candidate costs O(1), a look-up in the gain table. The first sum
// changes only at the tokens of words the summary sentences of s hold
// (wc_s(w) > 0), and between two such tokens log L falls with the length:
// the sweep visits only the book's summary-word tokens (m.toks or
// m.revToks, read in order) and keeps the sum after each, from which
// candidates.at gives any candidate's value, and the largest is at the
// start of a segment. A token of a word with wc_s(w) = 0 adds exactly 0
// and starts a segment with the sum of the one before, which changes no
// candidate's value and no draw; the sweep takes it without a branch.
func (m *passageModel) boundaryLikelihood(s, first, last, step int) candidates {
	t := m.tw[s]
	cnt := (last-first)*step + 1
	c := candidates{n: cnt, t: t, logLen: m.logLen[1 : cnt+1]}
	if t < 1e-12 {
		// No sentence is aligned to s: L is flat.
		c.flat = true
		return c
	}
	// The sweep's summary-word tokens, in the order it visits them; to the
	// left, positions negated, so that x = pos - from either way.
	var toks []sweepToken
	var from int32
	if step > 0 {
		toks, from = m.toks[m.tokBefore[first]:m.tokBefore[last+1]], int32(first)
	} else {
		nt := int32(len(m.revToks))
		toks, from = m.revToks[nt-m.tokBefore[first+1]:nt-m.tokBefore[last]], -int32(first)
	}
	nseg, mx := sweep(toks, from, m.wc[s*m.v:(s+1)*m.v], m.gain, m.freq, c.logLen, t, m.segFrom, m.segAcc)
	for _, tk := range toks {
		m.freq[tk.word] = 0
	}
	c.from, c.acc = m.segFrom[:nseg], m.segAcc[:nseg]
	c.max = c.value(0, 0)
	if mx > c.max {
		c.max = mx
	}
	return c
}

// sweep adds up boundaryLikelihood's sum over toks, visited in order, x =
// pos - from being the candidate each starts: the first segment's sum in
// acc[0] (0, or the gain of a token at x = 0, the fixed boundary's own,
// which can only come first), and one segment (from[k], acc[k]) per other
// token. It returns the number of segments and the largest candidate
// that starts one after the first. freq counts the words on the way and
// is left for the caller to clear.
func sweep(toks []sweepToken, from int32, wc, gain []float64, freq []int32, logLen []float64, t float64, segFrom []int32, segAcc []float64) (nseg int, mx float64) {
	sum := 0.0
	segAcc[0] = 0
	if len(toks) > 0 && toks[0].pos == from {
		tk := toks[0]
		f := freq[tk.word] + 1
		freq[tk.word] = f
		sum += wc[tk.word] * gain[tk.off+f]
		segAcc[0] = sum
		toks = toks[1:]
	}
	segFrom, segAcc = segFrom[1:len(toks)+1], segAcc[1:len(toks)+1]
	mx = math.Inf(-1)
	for y, tk := range toks {
		f := freq[tk.word] + 1
		freq[tk.word] = f
		sum += wc[tk.word] * gain[tk.off+f]
		x := tk.pos - from
		segFrom[y], segAcc[y] = x, sum
		// The largest candidate starts a segment.
		if v := sum - t*logLen[x]; v > mx {
			mx = v
		}
	}
	return len(toks) + 1, mx
}

// candidates are the log L of a sweep's n candidate boundaries: in
// segment k, the candidates from from[k] to from[k+1]-1, log L is
// acc[k] - t logLen[x], falling with x; max is the largest, and flat means
// that they are all equal. The slices are the model's buffers, valid until
// the next sweep.
type candidates struct {
	n      int
	from   []int32
	acc    []float64
	t      float64
	logLen []float64
	max    float64
	flat   bool
}

// value returns log L of candidate x of segment k.
func (c *candidates) value(k, x int) float64 {
	return c.acc[k] - c.t*c.logLen[x]
}

// at returns log L of candidate x, of the last segment starting at or
// before x.
func (c *candidates) at(x int) float64 {
	lo, hi := 0, len(c.from) // from[lo-1] <= x < from[hi]
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if int(c.from[mid]) <= x {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return c.value(lo-1, x)
}

// rejectionTries is the number of uniform proposals sample makes before it
// falls back to the inverse of the cumulative distribution.
const rejectionTries = 8

// sample draws a candidate with probability proportional to exp(log L). A
// flat L is drawn uniformly. Otherwise sample first tries rejection
// sampling (propose x uniformly, accept with probability exp(log L(x) -
// max)), which needs few exponentials when L is flat, and then falls back
// to inverse-CDF sampling over the candidates within e^sampleCutoff of the
// largest, which lie at the start of their segments; both are exact, so
// the mixture is too. Weights use fastExp.
func (m *passageModel) sample(c candidates) int {
	if c.flat {
		return m.rng.IntN(c.n)
	}
	for range rejectionTries {
		x := m.rng.IntN(c.n)
		if d := c.at(x) - c.max; d >= sampleCutoff && m.rng.Float64() < fastExp(d) {
			return x
		}
	}
	xs, ws := m.drawX[:0], m.drawW[:0]
	total := 0.0
	for k, from := range c.from {
		to := c.n
		if k+1 < len(c.from) {
			to = int(c.from[k+1])
		}
		for x := int(from); x < to; x++ {
			d := c.value(k, x) - c.max
			if d < sampleCutoff {
				break // and so are the segment's later candidates
			}
			e := fastExp(d)
			xs, ws = append(xs, int32(x)), append(ws, e)
			total += e
		}
	}
	m.drawX, m.drawW = xs, ws
	u := m.rng.Float64() * total
	for i, e := range ws {
		u -= e
		if u < 0 {
			return int(xs[i])
		}
	}
	// Rounding left u ≥ 0: return the last candidate with weight.
	if len(xs) > 0 {
		return int(xs[len(xs)-1])
	}
	return 0
}

// fastExp returns e^x for x in [sampleCutoff, 0] with a relative error
// below 1e-9: e^x = 2^k 2^f, k = floor(x log2 e), with 2^f from a degree-7
// Taylor polynomial of e^(f ln 2) on [0, 1). It is for sampling weights,
// where it is about three times as fast as math.Exp.
func fastExp(x float64) float64 {
	y := x * math.Log2E
	k := math.Floor(y)
	f := (y - k) * math.Ln2
	p := 1 + f*(1+f*(1.0/2+f*(1.0/6+f*(1.0/24+f*(1.0/120+f*(1.0/720+f*(1.0/5040+f*(1.0/40320))))))))
	return p * math.Float64frombits(uint64(int64(k)+1023)<<52)
}
