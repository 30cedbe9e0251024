package rouge

import "math/bits"

// lcsScratch is the working memory of unionLCS.
type lcsScratch struct {
	inCand marks    // terms of the current candidate sentence
	rows   []int32  // reference positions kept as rows of the table
	match  []uint64 // match[id]: the rows whose term is id, up to 64 rows
	slot   []int32  // slot[id]: 1 + the index of the row mask of term id in masks, or 0
	masks  []uint64 // for each slot, the rows whose term it is, w words
	cols   []uint64 // the columns of the table, w words each
	v      []uint64 // the current column
}

// marks is a set of term ids that is emptied in constant time: id is in the
// set when at[id] == cur.
type marks struct {
	at  []int32
	cur int32
}

// reset empties the set.
func (m *marks) reset() {
	m.cur++
	if m.cur < 0 { // wrapped around
		clear(m.at)
		m.cur = 1
	}
}

func (m *marks) add(id int32)      { m.at[id] = m.cur }
func (m *marks) has(id int32) bool { return id >= 0 && m.at[id] == m.cur }

// unionLCS marks in mark every reference position that the LCS traceback of
// its sentence against some candidate sentence passes diagonally (Lin 2004,
// section 3.2: the union LCS). ref and cand are term ids, cut into sentences
// by refSents and candSents (sentence i is ids[sents[i]:sents[i+1]]); a
// candidate id may be unknown, equal to no reference id.
//
// For reference sentence r and candidate sentence c the table is
//
//	L[i][j] = L[i-1][j-1] + 1          if r[i-1] == c[j-1]
//	        = L[i-1][j]                if L[i-1][j] >= L[i][j-1]
//	        = L[i][j-1]                otherwise
//
// and the traceback from L[len(r)][len(c)] steps the same way: diagonally,
// else up, else left. A row whose token is not in c equals the row above
// and every step from it goes up, so such rows are left out: the marks stay
// as they are. (Columns with no match cannot be left out in the same way: a
// traceback that meets one goes up through it, not left.)
func unionLCS(sc *scratch, mark []bool, ref, refSents, cand, candSents []int32) {
	ls := &sc.lcs
	for j := 0; j+1 < len(candSents); j++ {
		c := cand[candSents[j]:candSents[j+1]]
		if len(c) == 0 {
			continue
		}
		ls.inCand.reset()
		for _, id := range c {
			if id >= 0 {
				ls.inCand.add(id)
			}
		}
		for i := 0; i+1 < len(refSents); i++ {
			rows := ls.rows[:0]
			unmarked := false
			for p := refSents[i]; p < refSents[i+1]; p++ {
				if ls.inCand.has(ref[p]) {
					rows = append(rows, p)
					unmarked = unmarked || !mark[p]
				}
			}
			ls.rows = rows
			// Marks only ever go on rows; when all are marked already,
			// the traceback has nothing to add.
			if unmarked {
				ls.trace(mark, ref, rows, c)
			}
		}
	}
}

// trace computes the LCS table of the reference tokens ref[rows[0]], ...
// against c and marks the rows that its traceback passes diagonally.
//
// The columns of the table are computed a word of 64 rows at a time
// (Hyyrö 2004, "Bit-parallel LCS-length computation revisited"). Bit i of
// column j is 0 when L[i+1][j] = L[i][j] + 1 and 1 when they are equal, so
// L[i][j] is the number of zero bits below bit i. A column follows from the
// one before, V, and the rows M whose token is c[j-1]:
//
//	U = V & M,  V' = (V + U) | (V - U)
//
// where V - U = V &^ U, since U is within V. Carries move only upwards, so
// the bits above the last row do not disturb the ones below.
func (ls *lcsScratch) trace(mark []bool, ref, rows, c []int32) {
	if len(rows) <= 64 {
		ls.trace64(mark, ref, rows, c)
		return
	}
	w := (len(rows) + 63) / 64

	// Row masks by term.
	masks := ls.masks[:0]
	for r, p := range rows {
		id := ref[p]
		if ls.slot[id] == 0 {
			masks = append(masks, make([]uint64, w)...)
			ls.slot[id] = int32(len(masks) / w)
		}
		masks[int(ls.slot[id]-1)*w+r/64] |= 1 << (r % 64)
	}
	ls.masks = masks

	// Columns.
	v := ls.v[:0]
	for range w {
		v = append(v, ^uint64(0))
	}
	ls.v = v
	cols := ls.cols[:0]
	for _, id := range c {
		if id >= 0 && ls.slot[id] > 0 {
			m := masks[int(ls.slot[id]-1)*w:][:w]
			var carry uint64
			for k, x := range v {
				u := x & m[k]
				var sum uint64
				sum, carry = bits.Add64(x, u, carry)
				v[k] = sum | x&^u
			}
		}
		cols = append(cols, v...)
	}
	ls.cols = cols
	for _, p := range rows {
		ls.slot[ref[p]] = 0
	}

	// Traceback. l(i, j) is L[i][j], for j >= 1.
	l := func(i, j int) int {
		col := cols[(j-1)*w:][:w]
		n := 0
		for _, x := range col[:i/64] {
			n += bits.OnesCount64(^x)
		}
		if i%64 != 0 {
			n += bits.OnesCount64(^col[i/64] & (1<<(i%64) - 1))
		}
		return n
	}
	traceBack(mark, ref, rows, c, l)
}

// trace64 is trace for at most 64 rows, one word a column.
func (ls *lcsScratch) trace64(mark []bool, ref, rows, c []int32) {
	for r, p := range rows {
		ls.match[ref[p]] |= 1 << r
	}
	cols := ls.cols[:0]
	v := ^uint64(0)
	for _, id := range c {
		if id >= 0 {
			u := v & ls.match[id]
			v = (v + u) | v&^u
		}
		cols = append(cols, v)
	}
	ls.cols = cols
	for _, p := range rows {
		ls.match[ref[p]] = 0
	}

	// l(i, j) is L[i][j], for j >= 1.
	l := func(i, j int) int { return bits.OnesCount64(^cols[j-1] & (1<<i - 1)) }
	traceBack(mark, ref, rows, c, l)
}

// traceBack walks the LCS table of the reference rows against candidate
// sentence c from its bottom-right corner, as ROUGE-1.5.5 does: diagonally
// on equal tokens (marking the reference position), else up when
// L[i-1][j] >= L[i][j-1], else left. l(i, j) returns L[i][j] for j >= 1;
// column 0 is all zeros, so at j == 1 the walk always goes up.
func traceBack(mark []bool, ref, rows, c []int32, l func(i, j int) int) {
	i, j := len(rows), len(c)
	for i > 0 && j > 0 {
		switch {
		case ref[rows[i-1]] == c[j-1]:
			i--
			j--
			mark[rows[i]] = true
		case j == 1 || l(i-1, j) >= l(i, j-1):
			i--
		default:
			j--
		}
	}
}
