package align

import (
	"math"

	"gonum.org/v1/gonum/floats"
)

// eStep runs forward–backward over the summary sentences (§3.1.1, E-step).
// Emissions are kept in log space; each step is rescaled as LogSumExp does
// it: the step's largest log emission M_ℓ is subtracted before
// exponentiating, the forward vector is normalized to sum 1 and the log of
// its normalizer c_ℓ is kept, so nothing under- or overflows and only the
// products with the linear γ leave the log domain:
//
//	e_ℓ(s)   = exp(log η_{s,t_ℓ} - M_ℓ)
//	α̂_1(s)  = π_s e_1(s) / c_1
//	α̂_ℓ(s') = e_ℓ(s') sum_s α̂_{ℓ-1}(s) γ_{s,s'} / c_ℓ
//	β̂_n(s)  = 1,  β̂_ℓ(s) = sum_s' γ_{s,s'} e_ℓ+1(s') β̂_ℓ+1(s') / c_ℓ+1
//	q(z_ℓ = s | t) = α̂_ℓ(s) β̂_ℓ(s),  log p(t) = sum_ℓ (log c_ℓ + M_ℓ)
//
// γ_{s,s'} = c(s'-s) / Z_s is a Toeplitz matrix scaled by rows (see
// transition), so each sum over s or s' is one dot product with a
// contiguous window of c. eStep also gathers the expected jump counts
//
//	ξ(d) = sum_ℓ sum_{s'-s=d} α̂_ℓ(s) γ_{s,s'} e_ℓ+1(s') β̂_ℓ+1(s') / c_ℓ+1
//
// for mStep, and returns log p(t).
func (m *passageModel) eStep() (logP float64) {
	k, n := m.k, m.sents
	for l := range n {
		eta, e := m.logEta[l*k:(l+1)*k], m.emit[l*k:(l+1)*k]
		mx := floats.Max(eta)
		for s, x := range eta {
			if d := x - mx; d > emitCutoff {
				e[s] = math.Exp(d)
			} else {
				e[s] = 0
			}
		}
		logP += mx
	}

	// Forward: α̂_ℓ(s') = e_ℓ(s') sum_s u(s) c(s'-s), u(s) = α̂_ℓ-1(s) / Z_s.
	fa, fb, u := m.alpha, m.beta, m.u
	floats.MulTo(fa[:k], m.pi, m.emit[:k])
	m.norm[0] = normalize(fa[:k])
	for l := 1; l < n; l++ {
		floats.DivTo(u, fa[(l-1)*k:l*k], m.rowZ)
		cur, e, cRev := fa[l*k:(l+1)*k], m.emit[l*k:(l+1)*k], m.cRev
		for s2 := range k {
			// c(s'-s) for s = 0..k-1 is cRev[k-1-s' .. 2k-2-s'].
			cur[s2] = e[s2] * dot(u, cRev[k-1-s2:])
		}
		m.norm[l] = normalize(cur)
	}
	for _, c := range m.norm[:n] {
		logP += math.Log(c)
	}

	// Backward: β̂_ℓ(s) = sum_s' c(s'-s) eb(s') / Z_s, eb = e_ℓ+1 β̂_ℓ+1 / c_ℓ+1.
	last := fb[(n-1)*k:]
	for s := range last {
		last[s] = 1
	}
	clear(m.xi)
	m.posterior(n - 1)
	for l := n - 2; l >= 0; l-- {
		floats.MulTo(m.eb, m.emit[(l+1)*k:(l+2)*k], fb[(l+1)*k:(l+2)*k])
		floats.Scale(1/m.norm[l+1], m.eb)
		cur, eb, c, rowZ := fb[l*k:(l+1)*k], m.eb, m.c, m.rowZ
		for s := range k {
			// c(s'-s) for s' = 0..k-1 is c[k-1-s .. 2k-2-s].
			cur[s] = dot(eb, c[k-1-s:]) / rowZ[s]
		}
		m.posterior(l)
		// ξ(d) += c(d) sum_s u(s) eb(s+d), u(s) = α̂_ℓ(s) / Z_s.
		floats.DivTo(u, fa[l*k:(l+1)*k], m.rowZ)
		xi := m.xi
		for d := -(k - 1); d < 0; d++ {
			xi[d+k-1] += c[d+k-1] * dot(u[-d:], eb)
		}
		for d := range k {
			xi[d+k-1] += c[d+k-1] * dot(u[:k-d], eb[d:])
		}
	}
	return logP
}

// emitCutoff is the log-ratio to a step's largest emission below which an
// emission is taken as zero: e^-60 ≈ 1e-26, so a sum of K such terms stays
// below float64 rounding of the largest.
const emitCutoff = -60

// normalize divides x by its sum and returns the sum.
func normalize(x []float64) float64 {
	sum := floats.Sum(x)
	floats.Scale(1/sum, x)
	return sum
}

// posterior sets q(z_ℓ = s | t) = α̂_ℓ(s) β̂_ℓ(s).
func (m *passageModel) posterior(l int) {
	k := m.k
	floats.MulTo(m.post[l*k:(l+1)*k], m.alpha[l*k:(l+1)*k], m.beta[l*k:(l+1)*k])
}

// dot returns sum_i a_i b_i over len(a), with gonum's assembly kernel.
func dot(a, b []float64) float64 {
	return floats.Dot(a, b[:len(a)])
}

// mStep re-estimates π and γ from the posteriors (§3.1.1, M-step), with the
// pseudo-count λ:
//
//	π_s = (q(z_1 = s | t) + λ) / (1 + K λ)
//	c(d) = λ + ξ(d)   (jumpCounts)
//
// and γ follows from c (transition).
func (m *passageModel) mStep() {
	k := m.k
	z := 1 + float64(k)*m.lambda
	for s := range k {
		m.pi[s] = (m.post[s] + m.lambda) / z
	}
	for d, x := range m.xi {
		m.c[d] = x + m.lambda
	}
	m.transition()
}

// transition derives γ from the jump counts (eq. 3): transitions between
// passages are binned by the signed difference of their ranks, so
//
//	γ_{s,s'} = c(s'-s) / Z_s,  Z_s = sum_s'' c(s''-s),
//
// and only c, its reverse and the K row normalizers are stored.
func (m *passageModel) transition() {
	k := m.k
	for d, x := range m.c {
		m.cRev[len(m.c)-1-d] = x
	}
	// Row s reaches d = -s .. k-1-s: c[k-1-s .. 2k-2-s].
	m.prefix[0] = 0
	for d, x := range m.c {
		m.prefix[d+1] = m.prefix[d] + x
	}
	for s := range k {
		m.rowZ[s] = m.prefix[2*k-1-s] - m.prefix[k-1-s]
	}
}
