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
// O((F_prev + F_next) · bins), not O(F_prev · F_next). The windows are
// made once per fit (binWindows), so a round costs a window sum's move
// per non-empty window, and a null state far from every candidate of a
// step costs only its own α̂, β̂ and normalization.
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
// along the targets (binWindows). The products v[k] coef[b][k] are made by
// the window sums (windowSum.resetProduct) as they read them: only a
// source within some target's bins is weighed, which from the null
// states, one per chunk of the whole book, is a few near each target.
func (m *tokenModel) spread(dst []float64, ws *binWindows, theta, v []float64, coef [][]float64) {
	if ws.wide != nil {
		spreadBins(m.win, dst, ws.start, ws.wide, theta, v, coef)
	} else {
		spreadBins(m.win, dst, ws.start, ws.narrow, theta, v, coef)
	}
}

// spreadBins is spread over the triples at of binWindows.
func spreadBins[T windowIndex](wins []windowSum, dst []float64, start []int32, at []T, theta, v []float64, coef [][]float64) {
	for b := range len(start) - 1 {
		win := &wins[b]
		win.resetProduct(v, coef[b])
		th := theta[b]
		at := binOf(at, start, b)
		for r := 0; r+2 < len(at); r += 3 {
			x := at[r]
			dst[x] += th * win.move(int(at[r+1]), int(at[r+2]))
		}
	}
}

// gather adds to dst[k], for each source spos[k],
//
//	g_k = sum_b theta[b] coef[b][k] sum_{x: tpos[x] - spos[k] in bin b} e[x],
//
// and, when xi is not nil, adds theta[b] sum_k v[k] (bin b's part of g_k) to
// xi[b]: with v = α̂_t-1 and e = η β̂_t / c_t, the expected number of jumps
// in bin b, got from the same window sums as β̂_t-1. As in spread, the
// targets of a source's bin are a window of the sorted targets
// (binWindows).
func (m *tokenModel) gather(dst []float64, ws *binWindows, theta []float64, coef [][]float64, e, v, xi []float64) {
	if ws.wide != nil {
		gatherBins(m.win, dst, ws.start, ws.wide, theta, coef, e, v, xi)
	} else {
		gatherBins(m.win, dst, ws.start, ws.narrow, theta, coef, e, v, xi)
	}
}

// gatherBins is gather over the triples at of binWindows.
func gatherBins[T windowIndex](wins []windowSum, dst []float64, start []int32, at []T, theta []float64, coef [][]float64, e, v, xi []float64) {
	for b := range len(start) - 1 {
		win := &wins[b]
		win.reset(e)
		th, cb := theta[b], coef[b]
		acc := 0.0
		at := binOf(at, start, b)
		for r := 0; r+2 < len(at); r += 3 {
			k := at[r]
			c := cb[k]
			if c == 0 {
				continue
			}
			gb := th * c * win.move(int(at[r+1]), int(at[r+2]))
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

// edgePointers advances each ptr[e] to the first index of the sorted a
// whose value is at least thr[e]. The thresholds increase with e and do
// not decrease between calls, so neither do the pointers. It reports
// whether all the pointers are equal: no value of a lies between the
// first threshold and the last, and every window between them is empty.
// The outer pointers are moved first, and the inner ones only when some
// value lies between them.
func edgePointers(ptr []int, a []int32, thr []int) bool {
	last := len(ptr) - 1
	p0, pl := ptr[0], ptr[last]
	for p0 < len(a) && int(a[p0]) < thr[0] {
		p0++
	}
	for pl < len(a) && int(a[pl]) < thr[last] {
		pl++
	}
	if p0 == pl {
		for e := range ptr {
			ptr[e] = p0
		}
		return true
	}
	ptr[0], ptr[last] = p0, pl
	for e := 1; e < last; e++ {
		p := max(ptr[e], ptr[e-1])
		for p < pl && int(a[p]) < thr[e] {
			p++
		}
		ptr[e] = p
	}
	return false
}

// startPos is the virtual position the first observation jumps from.
var startPos = []int32{0}

// forward fills α̂ and the normalizers and returns log p(t).
func (m *tokenModel) forward() (logP float64) {
	nb := m.nb
	m.centerCoefs()
	var prevPos []int32
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
			m.spread(a, &ws.real, thR, prev, m.sourceCoefs(t))
			m.spread(a, &ws.null, thN, prevN, m.nullCoefs(t))
			floats.Mul(a, m.e)
			clear(aN)
			for k, i := range prevPos {
				aN[int(i)/m.chunk] += prev[k]
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
		prevPos = pos
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

		prevPos := m.cand[m.obsW[t-1]]
		prev, prevN := m.alpha[m.off[t-1]:m.off[t]], m.alphaN[(t-1)*nb:t*nb]
		bPrev, bPrevN := m.beta[m.off[t-1]:m.off[t]], m.betaN[(t-1)*nb:t*nb]
		_, thR, thN := m.step(t)
		xiR, xiN := m.cTheta, m.cThetaN
		if m.cross[t] {
			xiR, xiN = m.cRho, m.cRho
		}
		ws := m.gatherWindows(t)
		clear(bPrev)
		m.gather(bPrev, &ws.real, thR, m.sourceCoefs(t), m.e, prev, xiR)
		for k, i := range prevPos {
			bPrev[k] += m.eN[int(i)/m.chunk]
		}
		clear(bPrevN)
		m.gather(bPrevN, &ws.null, thN, m.nullCoefs(t), m.e, prevN, xiN)
		floats.Add(bPrevN, m.eN)

		// Jumps to null states: ξ(n_c) = (sum_{i in c} α̂_t-1(i) + α̂_t-1(n_c)) eN(c).
		for k, i := range prevPos {
			m.cNull += prev[k] * m.eN[int(i)/m.chunk]
		}
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
