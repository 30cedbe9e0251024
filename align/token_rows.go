package align

// stepRows are the window pointers of the jumps into one observation, from
// the real states of the one before and from the null states: for spread,
// a row per target, and for gather, a row per source. They depend only on
// the positions and the bins, not on the parameters, so each is made once
// per fit, on first use, and serves every EM round and Viterbi.
//
// A row is the target's (or source's) index followed by the pointers
// edgePointers leaves there, len(edge)+1 values; a row whose bins hold
// nothing (all its pointers equal) is left out, as it would add nothing
// and move no window. From the null states, one per chunk of the whole
// book, that leaves the few within τ of a candidate.
type stepRows struct {
	real, null []int32
	made       bool
}

// spreadRows returns the rows of spread into observation t: ptr[r] is the
// first source with position ≥ tpos[x] + 1 - edge[last-r].
func (m *tokenModel) spreadRows(t int) *stepRows {
	s := &m.spreadAt[t]
	if !s.made {
		bins, _, _ := m.step(t)
		pos, prevPos := m.cand[m.obsW[t]], m.cand[m.obsW[t-1]]
		last := len(bins.edge) - 1
		thr := func(j int32, thr []int) {
			for r := range thr {
				thr[r] = int(j) + 1 - bins.edge[last-r]
			}
		}
		s.real = m.makeRows(pos, prevPos, len(bins.edge), thr)
		s.null = m.makeRows(pos, m.centers, len(bins.edge), thr)
		s.made = true
	}
	return s
}

// gatherRows returns the rows of gather into observation t: ptr[d] is the
// first target with position ≥ spos[k] + edge[d].
func (m *tokenModel) gatherRows(t int) *stepRows {
	s := &m.gatherAt[t]
	if !s.made {
		bins, _, _ := m.step(t)
		pos, prevPos := m.cand[m.obsW[t]], m.cand[m.obsW[t-1]]
		thr := func(i int32, thr []int) {
			for d := range thr {
				thr[d] = int(i) + bins.edge[d]
			}
		}
		s.real = m.makeRows(prevPos, pos, len(bins.edge), thr)
		s.null = m.makeRows(m.centers, pos, len(bins.edge), thr)
		s.made = true
	}
	return s
}

// makeRows moves len(edge) pointers through the sorted a, one row per
// value of by (sorted too), to the thresholds thr sets for that value, and
// returns the rows with some value of a between their pointers.
func (m *tokenModel) makeRows(by, a []int32, edges int, thr func(int32, []int)) []int32 {
	m.ptr, m.thr = resizeInt(m.ptr, edges), resizeInt(m.thr, edges)
	ptr, th := m.ptr, m.thr
	clear(ptr)
	var rows []int32
	for x, j := range by {
		thr(j, th)
		if edgePointers(ptr, a, th) {
			continue
		}
		rows = append(rows, int32(x))
		for _, p := range ptr {
			rows = append(rows, int32(p))
		}
	}
	return rows
}
