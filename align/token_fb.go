package align

import (
	"math"

	"gonum.org/v1/gonum/floats"
)

// The Token HMM's forward–backward (§3.2). The real states of observation t
// are the book positions that can emit it, sorted; the null states are one
// per chunk of the book. A jump from position i to j costs
// (1-p0) θ_b coef_b(i) (see binSet.coefs) with b = b(j - i), so a sum over
// the sources of one bin is a sum over a window of the sorted source list;
// windowSum moves that window along the sorted targets, and a step costs
// O((F_prev + F_next) · bins), not O(F_prev · F_next). The windows, and
// the window sums' moves through them written down as plans, are made
// once per fit and shared by the steps with the same words (binWindows),
// so a round costs an addition per element a move adds and two per
// non-empty window, with no branch on the data, and a null state far from
// every candidate of a step costs only its own α̂, β̂ and normalization.
//
// Each step is normalized to sum 1, LogSumExp-style, and log p(t) is the sum
// of the logs of the normalizers c_t:
//
//	α̂_t(j)  = η(t_t | b_j) sum_b θ_b sum_{i: b(j-i)=b} α̂_t-1(i) coef_b(i) / c_t     (+ the same from null states)
//	α̂_t(n_c) = p0 η(t_t | null) (sum_{i in chunk c} α̂_t-1(i) + α̂_t-1(n_c)) / c_t
//	β̂_t-1(i) = (sum_b θ_b coef_b(i) sum_{j: b(j-i)=b} η(t_t | b_j) β̂_t(j) + p0 η(t_t | null) β̂_t(n_chunk(i))) / c_t

// spread adds to dst[x], for each target tpos[x],
//
//	sum_b theta[b] sum_{k: tpos[x] - spos[k] in bin b} v[k] coef[b][k].
//
// The bins are contiguous (binSet.edge), so the sources of a target's bin
// are a window of the sorted sources, and a window sum per bin moves
// along the targets (binWindows), run from its plan (runSums). The
// products v[k] coef[b][k] are made as the plan reads them: only a source
// within some target's bins is weighed, which from the null states, one
// per chunk of the whole book, is a few near each target.
func (m *tokenModel) spread(dst []float64, ws *binWindows, theta, v []float64, coef [][]float64) {
	if ws.isWide {
		m.sums = spreadBins(m.sums, dst, ws, ws.wide, theta, v, coef)
	} else {
		m.sums = spreadBins(m.sums, dst, ws, ws.narrow, theta, v, coef)
	}
}

// spreadBins is spread over the plan p of ws; it returns its scratch.
func spreadBins[T windowIndex](sums, dst []float64, ws *binWindows, p windowPlan[T], theta, v []float64, coef [][]float64) []float64 {
	for b := range len(ws.opStart) - 1 {
		ops, win := p.bin(ws, b)
		sums = runSums(sums, ops, v, coef[b])
		th := theta[b]
		for _, x := range win {
			dst[x.row] += th * (sums[x.sum] + sums[x.back])
		}
	}
	return sums
}

// gather adds to dst[k], for each source spos[k],
//
//	g_k = sum_b theta[b] coef[b][k] sum_{x: tpos[x] - spos[k] in bin b} e[x],
//
// and, when xi is not nil, adds theta[b] sum_k v[k] (bin b's part of g_k) to
// xi[b]: with v = α̂_t-1 and e = η β̂_t / c_t, the expected number of jumps
// in bin b, got from the same window sums as β̂_t-1. As in spread, the
// targets of a source's bin are a window of the sorted targets
// (binWindows). A source whose coefficient is zero takes no term and does
// not move the window sum, which the plans do not foresee: when zeros says
// that coef may hold one where a bin reaches into the book (binSet.coefs),
// the window sums are moved one by one instead (gatherMoves).
func (m *tokenModel) gather(dst []float64, ws *binWindows, theta []float64, coef [][]float64, zeros bool, e, v, xi []float64) {
	switch {
	case zeros && ws.isWide:
		gatherMoves(m.win, dst, ws, ws.wide, theta, coef, e, v, xi)
	case zeros:
		gatherMoves(m.win, dst, ws, ws.narrow, theta, coef, e, v, xi)
	case ws.isWide:
		m.sums = gatherBins(m.sums, dst, ws, ws.wide, theta, coef, e, v, xi)
	default:
		m.sums = gatherBins(m.sums, dst, ws, ws.narrow, theta, coef, e, v, xi)
	}
}

// gatherBins is gather over the plan p of ws, for coefficients that are
// not zero; it returns its scratch.
func gatherBins[T windowIndex](sums, dst []float64, ws *binWindows, p windowPlan[T], theta []float64, coef [][]float64, e, v, xi []float64) []float64 {
	for b := range len(ws.opStart) - 1 {
		ops, win := p.bin(ws, b)
		sums = runSums(sums, ops, e, nil)
		th, cb := theta[b], coef[b][:len(dst)] // as long as dst: one bounds check for both
		acc := 0.0
		for _, x := range win {
			k := x.row
			gb := th * cb[k] * (sums[x.sum] + sums[x.back])
			dst[k] += gb
			if xi != nil {
				acc += gb * v[k]
			}
		}
		if xi != nil {
			xi[b] += acc
		}
	}
	return sums
}

// gatherMoves is gather over the plan p of ws with a window sum moved
// window by window (replay), skipping the sources whose coefficient is
// zero.
func gatherMoves[T windowIndex](wins []windowSum, dst []float64, ws *binWindows, p windowPlan[T], theta []float64, coef [][]float64, e, v, xi []float64) {
	for b := range len(ws.opStart) - 1 {
		win := &wins[b]
		win.reset(e)
		th, cb := theta[b], coef[b]
		acc := 0.0
		for k, w := range replay(ws, p, b) {
			c := cb[k]
			if c == 0 {
				continue
			}
			gb := th * c * win.move(w.lo, w.hi)
			dst[k] += gb
			if xi != nil {
				acc += gb * v[k]
			}
		}
		if xi != nil {
			xi[b] += acc
		}
	}
}

// startPos is the virtual position the first observation jumps from.
var startPos = []int32{0}

// forward fills α̂ and the normalizers and returns log p(t).
func (m *tokenModel) forward() (logP float64) {
	nb := m.nb
	m.centerCoefs()
	for t := range m.obs {
		pos := m.emissions(t)
		a, aN := m.alpha[m.off[t]:m.off[t+1]], m.alphaN[t*nb:(t+1)*nb]
		u := m.p0 * m.nullEmit[m.obsW[t]]
		if t == 0 {
			// The start: a jump from position 0 by the coarse bins π.
			prepare(m.coefR, m.coarse, m.pi, startPos, m.n, m.p0)
			for x, j := range pos {
				b := m.coarse.of(int(j))
				a[x] = m.e[x] * m.pi[b] * m.coefR[b][0]
			}
			for c := range aN {
				aN[c] = u / float64(nb)
			}
		} else {
			prev, prevN := m.alpha[m.off[t-1]:m.off[t]], m.alphaN[(t-1)*nb:t*nb]
			_, thR, thN := m.step(t)
			clear(a)
			ws := m.spreadWindows(t)
			coef, _ := m.sourceCoefs(t)
			m.spread(a, ws.real, thR, prev, coef)
			coef, _ = m.nullCoefs(t)
			m.spread(a, ws.null, thN, prevN, coef)
			floats.Mul(a, m.e)
			clear(aN)
			for k, c := range m.candChunk[m.obsW[t-1]] {
				aN[c] += prev[k]
			}
			for c := range aN {
				aN[c] = (aN[c] + prevN[c]) * u
			}
		}
		c := floats.Sum(a) + floats.Sum(aN)
		floats.Scale(1/c, a)
		floats.Scale(1/c, aN)
		m.scale[t] = c
		logP += math.Log(c)
	}
	return logP
}

// backward fills β̂ and gathers the expected counts of the M-step: jumps per
// bin, jumps to null states, start bins, and emission pairs.
func (m *tokenModel) backward() {
	nb, T := m.nb, len(m.obs)
	clear(m.cTheta)
	clear(m.cThetaN)
	clear(m.cRho)
	clear(m.cPi)
	clear(m.pairCount)
	clear(m.typeCount)
	m.cNull = 0
	for x := m.off[T-1]; x < m.off[T]; x++ {
		m.beta[x] = 1
	}
	for c := range nb {
		m.betaN[(T-1)*nb+c] = 1
	}
	m.eN = resizeFloat(m.eN, nb)
	for t := T - 1; t >= 1; t-- {
		m.emissions(t)
		a, b := m.alpha[m.off[t]:m.off[t+1]], m.beta[m.off[t]:m.off[t+1]]
		bN := m.betaN[t*nb : (t+1)*nb]
		m.countEmissions(t, a, b)
		// e(j) = η(t_t | b_j) β̂_t(j) / c_t, eN(c) = p0 η(t_t | null) β̂_t(n_c) / c_t
		ct := m.scale[t]
		floats.Mul(m.e, b)
		floats.Scale(1/ct, m.e)
		u := m.p0 * m.nullEmit[m.obsW[t]] / ct
		for c := range nb {
			m.eN[c] = u * bN[c]
		}

		prev, prevN := m.alpha[m.off[t-1]:m.off[t]], m.alphaN[(t-1)*nb:t*nb]
		bPrev, bPrevN := m.beta[m.off[t-1]:m.off[t]], m.betaN[(t-1)*nb:t*nb]
		_, thR, thN := m.step(t)
		xiR, xiN := m.cTheta, m.cThetaN
		if m.cross[t] {
			xiR, xiN = m.cRho, m.cRho
		}
		ws := m.gatherWindows(t)
		clear(bPrev)
		coef, zeros := m.sourceCoefs(t)
		m.gather(bPrev, ws.real, thR, coef, zeros, m.e, prev, xiR)
		// With the jumps to null states, ξ(n_c) = (sum_{i in c} α̂_t-1(i) +
		// α̂_t-1(n_c)) eN(c), the real sources' part first.
		for k, c := range m.candChunk[m.obsW[t-1]] {
			bPrev[k] += m.eN[c]
			m.cNull += prev[k] * m.eN[c]
		}
		clear(bPrevN)
		coef, zeros = m.nullCoefs(t)
		m.gather(bPrevN, ws.null, thN, coef, zeros, m.e, prevN, xiN)
		floats.Add(bPrevN, m.eN)
		m.cNull += floats.Dot(prevN, m.eN)
	}
	// The start.
	pos := m.emissions(0)
	a, b := m.alpha[m.off[0]:m.off[1]], m.beta[m.off[0]:m.off[1]]
	m.countEmissions(0, a, b)
	for x, j := range pos {
		m.cPi[m.coarse.of(int(j))] += a[x] * b[x]
	}
	m.cNull += floats.Dot(m.alphaN[:nb], m.betaN[:nb])
	m.tokenSteps = float64(T)
}

// countEmissions adds the posteriors q(z_t = j) = α̂_t(j) β̂_t(j) of the
// real states of observation t to their emission pairs.
func (m *tokenModel) countEmissions(t int, a, b []float64) {
	for x, id := range m.candPair[m.obsW[t]] {
		q := a[x] * b[x]
		m.pairCount[id] += q
		m.typeCount[m.pairType[id]] += q
	}
}

// mStep re-estimates the parameters from the expected counts, each with
// its prior:
//
//	θ_b = (c(b) + λ) / sum_b' (c(b') + λ)              (θ, θ_null, ρ, π alike)
//	p0 = (c(null) + a p0⁰) / (steps + a)
//	η(w | v) = (c(v → w) + β η⁰(w | v)) / (c(v) + β)
func (m *tokenModel) mStep() {
	for _, x := range [][2][]float64{{m.theta, m.cTheta}, {m.thetaN, m.cThetaN}, {m.rho, m.cRho}, {m.pi, m.cPi}} {
		par, cnt := x[0], x[1]
		z := floats.Sum(cnt) + m.jumpPrior*float64(len(cnt))
		for b := range par {
			par[b] = (cnt[b] + m.jumpPrior) / z
		}
	}
	m.p0 = (m.cNull + m.nullPrior*initialNull) / (m.tokenSteps + m.nullPrior)
	m.params++
	for id := range m.eta {
		m.eta[id] = (m.pairCount[id] + m.emitPrior*m.eta0[id]) / (m.typeCount[m.pairType[id]] + m.emitPrior)
	}
}
