package align

// binWindows are the windows of the jumps into one observation, from the
// real states of the one before (real) or from the null states (null):
// for each bin b, in order of the rows (the targets for spread, the
// sources for gather), each row that has something in bin b, with the
// bounds [lo, hi) of its window there. They depend only on the positions
// and the bins, not on the parameters, so they are made once per fit, on
// first use, and serve every EM round and Viterbi.
//
// Each bin has a window sum of its own (windowSum), so taking the bins
// one after the other moves each through the windows it moved through
// when a row's bins were taken together, and a row gets its bins' terms in
// bin order all the same. A row whose bins hold nothing adds nothing and
// moves no window; from the null states, one per chunk of the whole book,
// that leaves the few within τ of a candidate.
//
// What a window sum adds, and in which order, depends only on the windows,
// so it is written down once as a plan (windowPlan): the additions in
// order, each an element added to the partial sum made by the addition
// before it or to a zero, and for each window the two partial sums whose
// sum windowSum.move returns. A round then runs the plan with no branch
// that depends on the data (runSums), and every sum is made by the same
// floating-point operations, in the same order, as by windowSum.
type binWindows struct {
	// Bin b's additions are ops[opStart[b]:opStart[b+1]] and its windows
	// win[winStart[b]:winStart[b+1]], of narrow when
	// every row, element and partial sum's index fits in 16 bits (half the
	// memory), else of wide.
	opStart, winStart []int32
	narrow            windowPlan[uint16]
	wide              windowPlan[uint32]
	isWide            bool
}

// stepWindows are the windows of one step, both ways.
type stepWindows struct {
	real, null *binWindows
}

// windowKey names the windows of the steps from the candidates of word
// from (-1: the null states) to those of word to, by the coarse bins
// (cross) or the within ones: they depend on nothing else, so the steps
// that share a key share them (sharedWindows), the null states' windows
// most of all, which depend on one word only.
type windowKey struct {
	from, to int32
	cross    bool
}

// spreadWindows returns the windows of spread into observation t: a row
// per target x, and bin b's sources [ptr[last-b-1], ptr[last-b]), ptr[r]
// the first source with position ≥ tpos[x] + 1 - edge[last-r].
func (m *tokenModel) spreadWindows(t int) *stepWindows { return m.windows(t, m.spreadAt, true) }

// gatherWindows returns the windows of gather into observation t: a row
// per source k, and bin b's targets [ptr[b], ptr[b+1]), ptr[d] the first
// target with position ≥ spos[k] + edge[d].
func (m *tokenModel) gatherWindows(t int) *stepWindows { return m.windows(t, m.gatherAt, false) }

// windows returns at[t], made on first use for spread or gather, or
// taken from an earlier step with the same words (windowKey).
func (m *tokenModel) windows(t int, at []stepWindows, spread bool) *stepWindows {
	s := &at[t]
	if s.real != nil {
		return s
	}
	w, prev, cross := m.obsW[t], m.obsW[t-1], m.cross[t]
	s.real = m.sharedWindows(windowKey{prev, w, cross}, spread)
	s.null = m.sharedWindows(windowKey{-1, w, cross}, spread)
	return s
}

// sharedWindows returns the windows of key for spread or gather, made on
// first use.
func (m *tokenModel) sharedWindows(key windowKey, spread bool) *binWindows {
	made := m.gatherMade
	if spread {
		made = m.spreadMade
	}
	if w, ok := made[key]; ok {
		return w
	}
	bins := m.within
	if key.cross {
		bins = m.coarse
	}
	from, to := m.centers, m.cand[key.to]
	if key.from >= 0 {
		from = m.cand[key.from]
	}
	var w binWindows
	if spread {
		w = m.makeWindows(to, from, bins.edge, true)
	} else {
		w = m.makeWindows(from, to, bins.edge, false)
	}
	made[key] = &w
	return &w
}

// makeWindows moves one pointer per bin edge through the sorted a
// (edgePointers), one row per value j of the sorted by, and plans each
// bin's non-empty windows (planBuilder). For spread pointer r stops at the
// first value ≥ j + 1 - edge[last-r], and bin b lies between pointers
// last-b-1 and last-b; for gather pointer d stops at the first value ≥
// j + edge[d], and bin b lies between pointers b and b+1.
func (m *tokenModel) makeWindows(by, a []int32, edge []int, spread bool) binWindows {
	nbins, last := len(edge)-1, len(edge)-1
	m.ptr, m.thr = resizeInt(m.ptr, len(edge)), resizeInt(m.thr, len(edge))
	ptr, thr := m.ptr, m.thr
	clear(ptr)
	for r := range thr {
		if spread {
			thr[r] = 1 - edge[last-r]
		} else {
			thr[r] = edge[r]
		}
	}
	for len(m.plans) < nbins {
		m.plans = append(m.plans, planBuilder{})
	}
	plans := m.plans[:nbins]
	for b := range plans {
		plans[b].reset()
	}
	for x, j := range by {
		if edgePointers(ptr, a, int(j), thr) {
			continue
		}
		for b := range nbins {
			lo, hi := ptr[b], ptr[b+1]
			if spread {
				lo, hi = ptr[last-b-1], ptr[last-b]
			}
			if lo < hi {
				plans[b].add(x, lo, hi)
			}
		}
	}
	w := binWindows{opStart: make([]int32, nbins+1), winStart: make([]int32, nbins+1)}
	nops, nwin := 0, 0
	for b := range plans {
		nops += len(plans[b].ops)
		nwin += len(plans[b].win)
		w.opStart[b+1], w.winStart[b+1] = int32(nops), int32(nwin)
	}
	// An element appears in at most two chains of additions (the back
	// stack of one flip and the suffix sums of the next), so a bin has at
	// most 2·len(a) additions, and as many partial sums besides zero.
	if len(by) <= narrowLimit && 2*len(a) < narrowLimit {
		w.narrow = concatPlans[uint16](plans, nops, nwin)
	} else {
		w.wide, w.isWide = concatPlans[uint32](plans, nops, nwin), true
	}
	return w
}

// concatPlans lays the bins' plans one after the other in T.
func concatPlans[T windowIndex](plans []planBuilder, nops, nwin int) windowPlan[T] {
	p := windowPlan[T]{ops: make([]T, 0, nops), win: make([]planWindow[T], 0, nwin)}
	for b := range plans {
		for _, x := range plans[b].ops {
			p.ops = append(p.ops, T(x))
		}
		for _, x := range plans[b].win {
			p.win = append(p.win, planWindow[T]{T(x.row), T(x.sum), T(x.back)})
		}
	}
	return p
}

// edgePointers advances each ptr[e] to the first index of the sorted a
// whose value is at least j + thr[e]. The thresholds increase with e and do
// not decrease between calls, so neither do the pointers. It reports
// whether all the pointers are equal: no value of a lies between the
// first threshold and the last, and every window between them is empty.
// The outer pointers are moved first, and the inner ones only when some
// value lies between them.
func edgePointers(ptr []int, a []int32, j int, thr []int) bool {
	last := len(ptr) - 1
	p0, pl := ptr[0], ptr[last]
	for t := j + thr[0]; p0 < len(a) && int(a[p0]) < t; {
		p0++
	}
	for t := j + thr[last]; pl < len(a) && int(a[pl]) < t; {
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
		p, t := max(ptr[e], ptr[e-1]), j+thr[e]
		for p < pl && int(a[p]) < t {
			p++
		}
		ptr[e] = p
	}
	return false
}
