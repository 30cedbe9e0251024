package align

// binWindows are the windows of the jumps into one observation, from the
// real states of the one before (real) or from the null states (null):
// for each bin b, in order of the rows (the targets for spread, the
// sources for gather), each row that has something in bin b, with the
// bounds of its window there. They depend only on the positions and the
// bins, not on the parameters, so they are made once per fit, on first
// use, and serve every EM round and Viterbi.
//
// Bin b's windows are the triples at[3·start[b] : 3·start[b+1]], (row,
// lo, hi), of narrow when every row and pointer is below 2¹⁶ (half the
// memory), else of wide. Each bin has a window sum of its own, so taking the bins one
// after the other moves each through the windows it moved through when a
// row's bins were taken together, and a row gets its bins' terms in bin
// order all the same. A row whose bins hold nothing adds nothing and
// moves no window; from the null states, one per chunk of the whole book,
// that leaves the few within τ of a candidate.
type binWindows struct {
	start  []int32
	narrow []uint16
	wide   []int32
}

// narrowLimit bounds the rows and pointers of narrow windows; tests lower
// it to take the wide ones.
var narrowLimit = 1 << 16

// windowIndex is the type of binWindows' triples.
type windowIndex interface{ uint16 | int32 }

// binOf returns bin b's triples of at.
func binOf[T windowIndex](at []T, start []int32, b int) []T { return at[3*start[b] : 3*start[b+1]] }

// stepWindows are the windows of one step, both ways.
type stepWindows struct {
	real, null binWindows
	made       bool
}

// spreadWindows returns the windows of spread into observation t: a row
// per target x, and bin b's sources [ptr[last-b-1], ptr[last-b]), ptr[r]
// the first source with position ≥ tpos[x] + 1 - edge[last-r].
func (m *tokenModel) spreadWindows(t int) *stepWindows { return m.windows(t, m.spreadAt, true) }

// gatherWindows returns the windows of gather into observation t: a row
// per source k, and bin b's targets [ptr[b], ptr[b+1]), ptr[d] the first
// target with position ≥ spos[k] + edge[d].
func (m *tokenModel) gatherWindows(t int) *stepWindows { return m.windows(t, m.gatherAt, false) }

// windows returns at[t], made on first use for spread or gather.
func (m *tokenModel) windows(t int, at []stepWindows, spread bool) *stepWindows {
	s := &at[t]
	if s.made {
		return s
	}
	bins, _, _ := m.step(t)
	pos, prevPos := m.cand[m.obsW[t]], m.cand[m.obsW[t-1]]
	if spread {
		s.real = m.makeWindows(pos, prevPos, bins.edge, true)
		s.null = m.makeWindows(pos, m.centers, bins.edge, true)
	} else {
		s.real = m.makeWindows(prevPos, pos, bins.edge, false)
		s.null = m.makeWindows(m.centers, pos, bins.edge, false)
	}
	s.made = true
	return s
}

// makeWindows moves one pointer per bin edge through the sorted a
// (edgePointers), one row per value j of the sorted by, and lists each
// bin's non-empty windows. For spread pointer r stops at the first value
// ≥ j + 1 - edge[last-r], and bin b lies between pointers last-b-1 and
// last-b; for gather pointer d stops at the first value ≥ j + edge[d], and
// bin b lies between pointers b and b+1.
func (m *tokenModel) makeWindows(by, a []int32, edge []int, spread bool) binWindows {
	nbins, last := len(edge)-1, len(edge)-1
	m.ptr, m.thr = resizeInt(m.ptr, len(edge)), resizeInt(m.thr, len(edge))
	ptr, thr := m.ptr, m.thr
	clear(ptr)
	m.binScratch = resizeSlices(m.binScratch, nbins)
	per := m.binScratch
	for x, j := range by {
		for r := range thr {
			if spread {
				thr[r] = int(j) + 1 - edge[last-r]
			} else {
				thr[r] = int(j) + edge[r]
			}
		}
		if edgePointers(ptr, a, thr) {
			continue
		}
		for b := range nbins {
			lo, hi := ptr[b], ptr[b+1]
			if spread {
				lo, hi = ptr[last-b-1], ptr[last-b]
			}
			if lo < hi {
				per[b] = append(per[b], int32(x), int32(lo), int32(hi))
			}
		}
	}
	w := binWindows{start: make([]int32, nbins+1)}
	n := 0
	for b := range nbins {
		n += len(per[b])
		w.start[b+1] = int32(n / 3)
	}
	if len(by) <= narrowLimit && len(a) < narrowLimit {
		w.narrow = make([]uint16, 0, n)
		for b := range nbins {
			for _, x := range per[b] {
				w.narrow = append(w.narrow, uint16(x))
			}
		}
	} else {
		w.wide = make([]int32, 0, n)
		for b := range nbins {
			w.wide = append(w.wide, per[b]...)
		}
	}
	return w
}

// resizeSlices returns s with n empty slices, keeping their storage.
func resizeSlices(s [][]int32, n int) [][]int32 {
	for len(s) < n {
		s = append(s, nil)
	}
	s = s[:n]
	for i := range s {
		s[i] = s[i][:0]
	}
	return s
}
