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
// the spans grown from one fixed boundary a token at a time: val[x] scores
// the span of the x+1 tokens first, first+step, ..., first+x·step, where
// step is -1 (moving i, j fixed) or +1 (moving j, i fixed). With the
// posteriors as exponents (eq. like),
//
//	log L(i, j) = sum_ℓ q(z_ℓ = s | t) log η_{i:j, t_ℓ}
//	            = sum_w wc_s(w) log(freq(w; b_i:j) + μ p_book(w)) - T_s log(j-i+1 + μ),
//
// and adding one token b changes it by the paper's recurrence (§3.1.2),
//
//	wc_s(b) log((freq(b)+1 + μ p(b)) / (freq(b) + μ p(b))) - T_s log((j-i+2 + μ) / (j-i+1 + μ)),
//
// so each candidate costs O(1), a look-up in the gain table, and the sweep
// is linear in its length.
func (m *passageModel) boundaryLikelihood(s, first, last, step int) candidates {
	wc := m.wc[s*m.v : (s+1)*m.v]
	t := m.tw[s]
	cnt := (last-first)*step + 1
	val := m.val[:cnt]
	if t < 1e-12 {
		// No sentence is aligned to s: L is flat.
		return candidates{val: val, flat: true}
	}
	acc, mx := 0.0, math.Inf(-1)
	word, freq, off, gain, logLen := m.word, m.freq, m.off, m.gain, m.logLen[1:cnt+1]
	seen := m.seen[:0]
	i := first
	for x := range val {
		if w := word[i]; w >= 0 {
			if c := wc[w]; c > 0 {
				f := freq[w] + 1
				freq[w] = f
				if f == 1 {
					seen = append(seen, w)
				}
				acc += c * gain[off[w]+f]
			}
		}
		v := acc - t*logLen[x]
		val[x] = v
		if v > mx {
			mx = v
		}
		i += step
	}
	for _, w := range seen {
		freq[w] = 0
	}
	m.seen = seen
	return candidates{val: val, max: mx}
}

// candidates are the log L of a sweep's candidate boundaries, with their
// maximum; flat means that they are all equal.
type candidates struct {
	val  []float64
	max  float64
	flat bool
}

// rejectionTries is the number of uniform proposals sample makes before it
// falls back to the inverse of the cumulative distribution.
const rejectionTries = 8

// sample draws an index of c.val with probability proportional to
// exp(c.val[x]); it may overwrite c.val. A flat L is drawn uniformly.
// Otherwise sample first tries rejection sampling (propose x uniformly,
// accept with probability exp(val[x] - max val)), which needs few
// exponentials when L is flat, and then falls back to inverse-CDF sampling;
// both are exact, so the mixture is too. Weights use fastExp.
func (m *passageModel) sample(c candidates) int {
	val := c.val
	if c.flat {
		return m.rng.IntN(len(val))
	}
	for range rejectionTries {
		x := m.rng.IntN(len(val))
		if d := val[x] - c.max; d >= sampleCutoff && m.rng.Float64() < fastExp(d) {
			return x
		}
	}
	total := 0.0
	for x, v := range val {
		d := v - c.max
		if d < sampleCutoff {
			val[x] = 0
			continue
		}
		e := fastExp(d)
		val[x] = e
		total += e
	}
	u := m.rng.Float64() * total
	for x, e := range val {
		u -= e
		if u < 0 && e > 0 {
			return x
		}
	}
	// Rounding left u ≥ 0: return the last candidate with weight.
	for x := len(val) - 1; x >= 0; x-- {
		if val[x] > 0 {
			return x
		}
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
