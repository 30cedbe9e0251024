package align

import (
	"math"
	"slices"
)

// viterbi returns the most probable state of every observation under the
// current parameters: a book position, or -1 for a null state. It takes
// the same binned transitions as forward, with maxima over windows of the
// sorted sources (windowMax) in place of sums, so a step costs
// O((F_prev + F_next) · bins). states[t] is the index of the state among
// observation t's candidates, or -1-c for null state c.
func (m *tokenModel) viterbi() (path []int32, states []int32) {
	nb, T := m.nb, len(m.obs)
	m.centerCoefs()
	back := make([][]int32, T) // source of each state: real index, or -1-c
	var delta, deltaN, next, nextN []float64
	var prevPos []int32
	logv := make([][]float64, max(m.within.len(), m.coarse.len()))
	logIn, logCross := logOf(nil, m.coefIn), logOf(nil, m.coefCross)
	for t := range m.obs {
		pos := m.emissions(t)
		next = resizeFloat(next, len(pos))
		nextN = resizeFloat(nextN, nb)
		bp := make([]int32, len(pos)+nb)
		logU := math.Log(m.p0 * m.nullEmit[m.obsW[t]])
		if t == 0 {
			prepare(m.coefR, m.coarse, m.pi, startPos, m.n, m.p0)
			for x, j := range pos {
				b := m.coarse.of(int(j))
				next[x] = math.Log(m.e[x] * m.pi[b] * m.coefR[b][0])
				bp[x] = -1
			}
			for c := range nextN {
				nextN[c] = logU - math.Log(float64(nb))
				bp[len(pos)+c] = -1
			}
		} else {
			bins, thR, thN := m.step(t)
			for x := range next {
				next[x], bp[x] = math.Inf(-1), -1
			}
			nan := logWeights(logv, m.sourceLogCoefs(t), delta, bins.len())
			ws := m.spreadWindows(t)
			m.spreadMax(next, bp, ws.real, thR, logv, nan, 0)
			logN := logIn
			if m.cross[t] {
				logN = logCross
			}
			nan = logWeights(logv, logN, deltaN, bins.len())
			m.spreadMax(next, bp, ws.null, thN, logv, nan, -1)
			for x := range next {
				next[x] += math.Log(m.e[x])
			}
			// Null states: from a real state in the chunk, or the chunk's null.
			for c := range nextN {
				nextN[c], bp[len(pos)+c] = deltaN[c], int32(-1-c)
			}
			for k, i := range prevPos {
				c := int(i) / m.chunk
				if delta[k] > nextN[c] {
					nextN[c], bp[len(pos)+c] = delta[k], int32(k)
				}
			}
			for c := range nextN {
				nextN[c] += logU
			}
		}
		back[t] = bp
		delta, next = next, delta
		deltaN, nextN = nextN, deltaN
		prevPos = pos
	}

	// The best final state, then back.
	best, state := math.Inf(-1), int32(0)
	for x, v := range delta {
		if v > best {
			best, state = v, int32(x)
		}
	}
	for c, v := range deltaN {
		if v > best {
			best, state = v, int32(-1-c)
		}
	}
	path, states = make([]int32, T), make([]int32, T)
	for t := T - 1; t >= 0; t-- {
		states[t] = state
		pos := m.cand[m.obsW[t]]
		idx := int(state)
		if state < 0 {
			path[t] = -1
			idx = len(pos) + int(-1-state)
		} else {
			path[t] = pos[state]
		}
		state = back[t][idx]
	}
	return path, states
}

// logWeights sets dst[b][k] = v[k] + logCoef[b][k], logCoef[b][k] =
// log coef[b][k] (logOf), and reports whether any is NaN.
func logWeights(dst, logCoef [][]float64, v []float64, bins int) (nan bool) {
	for b := range bins {
		dst[b] = resizeFloat(dst[b], len(v))
		lc := logCoef[b][:len(v)]
		for k, x := range v {
			y := x + lc[k]
			dst[b][k] = y
			if y != y {
				nan = true
			}
		}
	}
	return nan
}

// logOf sets dst[b][k] = log coef[b][k], in dst's storage when it has
// room, and returns it: the logs of the jump coefficients, which Viterbi
// takes at every step, are taken once.
func logOf(dst, coef [][]float64) [][]float64 {
	dst = slices.Grow(dst[:0], len(coef))[:len(coef)]
	for b, c := range coef {
		dst[b] = resizeFloat(dst[b], len(c))
		for k, x := range c {
			dst[b][k] = math.Log(x)
		}
	}
	return dst
}

// sourceLogCoefs returns logOf(sourceCoefs(t)), made once per word and bin
// set under the same parameters.
func (m *tokenModel) sourceLogCoefs(t int) [][]float64 {
	coef, _ := m.sourceCoefs(t)
	c := &m.coefWithin[m.obsW[t-1]]
	if m.cross[t] {
		c = &m.coefCoarse[m.obsW[t-1]]
	}
	if c.logParams != c.params {
		c.log = logOf(c.log, coef)
		c.logParams = c.params
	}
	return c.log
}

// spreadMax sets best[x] to the largest log θ_b + w[b][k] over the sources
// k whose jump to target tpos[x] falls in bin b, when that beats best[x],
// and records the source in bp[x]: k, or -1-k when null is -1 (the sources
// are null states). The sources of a target's bin are the windows of
// spread (binWindows), and each window's largest is the leftmost, as
// windowMax finds it. Without NaNs among the weights (nan) the largest
// are found by the windows' plans (spreadMaxBins); else by windowMax.
func (m *tokenModel) spreadMax(best []float64, bp []int32, ws *binWindows, theta []float64, w [][]float64, nan bool, null int) {
	switch {
	case nan && ws.isWide:
		spreadMaxMoves(m.wmax, best, bp, ws, ws.wide, theta, w, null)
	case nan:
		spreadMaxMoves(m.wmax, best, bp, ws, ws.narrow, theta, w, null)
	case ws.isWide:
		m.argmax = spreadMaxBins(m.argmax, best, bp, ws, ws.wide, theta, w, null)
	default:
		m.argmax = spreadMaxBins(m.argmax, best, bp, ws, ws.narrow, theta, w, null)
	}
}

// spreadMaxBins is spreadMax over the plan p of ws, for weights without
// NaNs; it returns its scratch. The plan's additions become choices: each
// partial holds the leftmost largest of the elements its sum would hold
// (the larger weight, or the smaller index on a tie, which is all the
// order a maximum needs), and a window's largest is its suffix's, or its
// back stack's when that is larger.
func spreadMaxBins[T windowIndex](arg []int32, best []float64, bp []int32, ws *binWindows, p windowPlan[T], theta []float64, w [][]float64, null int) []int32 {
	for b := range len(ws.opStart) - 1 {
		ops, win := p.bin(ws, b)
		arg = resizeInt32(arg, len(ops)+1)
		wb := w[b]
		for i, x := range ops {
			k := int32(x >> 1)
			if x&1 == 0 {
				q := arg[i]
				gt, eq := wb[k] > wb[q], wb[k] == wb[q]
				if !(gt || eq && k < q) {
					k = q
				}
			}
			arg[i+1] = k
		}
		lt := math.Log(theta[b])
		for _, wn := range win {
			x, k := wn.row, arg[wn.sum]
			if s := wn.back; s > 0 {
				if q := arg[s]; wb[q] > wb[k] {
					k = q
				}
			}
			if v := lt + wb[k]; v > best[x] {
				best[x] = v
				if null < 0 {
					bp[x] = -1 - k
				} else {
					bp[x] = k
				}
			}
		}
	}
	return arg
}

// spreadMaxMoves is spreadMax over the windows of the plan p of ws
// (replay), with a windowMax moved window by window.
func spreadMaxMoves[T windowIndex](wmax []windowMax, best []float64, bp []int32, ws *binWindows, p windowPlan[T], theta []float64, w [][]float64, null int) {
	for b := range len(ws.opStart) - 1 {
		wm := &wmax[b]
		wm.reset(w[b])
		lt := math.Log(theta[b])
		for x, win := range replay(ws, p, b) {
			k := wm.move(win.lo, win.hi)
			if v := lt + w[b][k]; v > best[x] {
				best[x] = v
				if null < 0 {
					bp[x] = int32(-1 - k)
				} else {
					bp[x] = int32(k)
				}
			}
		}
	}
}
