package rouge

import (
	"math"
	"math/bits"
)

// lcsScratch is the working memory of unionLCS.
type lcsScratch struct {
	inCand marks      // terms of the current candidate sentence
	rows   []int32    // reference positions kept as rows of the table
	match  []uint64   // match[id]: the rows whose term is id, up to 64 rows
	slot   []int32    // slot[id]: 1 + the index of term id's row mask, or 0
	first  []int32    // for each slot, where its words start in words; one more at the end
	last   []int32    // for each slot, the last word index counted (while building)
	words  []maskWord // the nonzero words of the row masks, by slot, in order of word
	cols   []uint64   // trace64's columns
	levels [][]uint64 // per level of traceRange, its columns
}

// A maskWord is word Word of a row mask: the rows 64*Word+b for the set
// bits b of Bits.
type maskWord struct {
	Word int32
	Bits uint64
}

// lcsBudgetWords bounds the 64-bit words of LCS columns that trace keeps
// at once (32 MiB). A table that fits is kept whole; a larger one, as for
// a long line, is traced in blocks recomputed from checkpoint columns.
var lcsBudgetWords = 4 << 20

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
// the bits above the last row do not disturb the ones below, and the first
// w words of a column depend on the first w words of the one before only.
//
// Memory is linear in the lengths of the sentences. The row masks are
// sparse (a term's nonzero words only), and the columns are kept within
// lcsBudgetWords: a table that fits is computed whole; a larger
// one is cut into K blocks of columns, whose first columns are kept as
// checkpoints, and the traceback, which only ever moves left or up, walks
// the blocks from the last, recomputing each from its checkpoint, cut
// again into K blocks while it does not fit (see traceRange). With L
// levels of cuts the columns are computed at most L+1 times; the walk is
// the same as over the whole table, so the marks are exactly ROUGE-1.5.5's.
func (ls *lcsScratch) trace(mark []bool, ref, rows, c []int32) {
	if len(rows) <= 64 {
		ls.trace64(mark, ref, rows, c)
		return
	}
	ls.buildMasks(ref, rows)
	defer func() {
		for _, p := range rows {
			ls.slot[ref[p]] = 0
		}
	}()
	w := words(len(rows))
	levels, k := cutLevels(len(c), w, lcsBudgetWords)
	for len(ls.levels) <= levels {
		ls.levels = append(ls.levels, nil)
	}
	v0 := ls.column(levels+1, w)
	for i := range v0 {
		v0[i] = ^uint64(0) // column 0: L = 0 throughout
	}
	ls.traceRange(mark, ref, rows, c, 0, len(c), v0, len(rows), levels, k)
}

// words is the number of 64-bit words that hold n rows.
func words(n int) int { return (n + 63) / 64 }

// cutLevels chooses how often a table of n columns of w words is cut into
// blocks to keep within budget words: the fewest levels L such that K
// checkpoints a level (the smallest K with K^(L+1) >= n) and a block of K
// columns fit, (L+1)*K*w <= budget, or K = 2 when even that does not fit.
// L = 0 keeps the whole table.
func cutLevels(n, w, budget int) (levels, k int) {
	for levels = 0; ; levels++ {
		k = root(n, levels+1)
		if (levels+1)*(k+1)*w <= budget || k <= 2 {
			return levels, max(k, 2)
		}
	}
}

// root returns the smallest k >= 1 with k^e >= n.
func root(n, e int) int {
	k := max(1, int(math.Ceil(math.Pow(float64(n), 1/float64(e)))))
	for k > 1 && pow(k-1, e) >= n {
		k--
	}
	for pow(k, e) < n {
		k++
	}
	return k
}

func pow(k, e int) int {
	p := 1
	for range e {
		if p > math.MaxInt/k {
			return math.MaxInt
		}
		p *= k
	}
	return p
}

// column returns n words of the scratch of level, at least as many as
// asked, reusing its memory.
func (ls *lcsScratch) column(level, n int) []uint64 {
	for len(ls.levels) <= level {
		ls.levels = append(ls.levels, nil)
	}
	if cap(ls.levels[level]) < n {
		ls.levels[level] = make([]uint64, n)
	}
	return ls.levels[level][:n]
}

// buildMasks fills the sparse row masks of the terms of rows: for each
// term, the nonzero words of the mask of the rows whose token it is.
func (ls *lcsScratch) buildMasks(ref, rows []int32) {
	first, last := ls.first[:0], ls.last[:0]
	for r, p := range rows {
		id := ref[p]
		if ls.slot[id] == 0 {
			first = append(first, 0)
			last = append(last, -1)
			ls.slot[id] = int32(len(first))
		}
		s := ls.slot[id] - 1
		if wd := int32(r / 64); last[s] != wd {
			first[s]++ // a count for now
			last[s] = wd
		}
	}
	n := int32(0)
	for s, cnt := range first {
		first[s] = n
		n += cnt
	}
	first = append(first, n)
	if cap(ls.words) < int(n) {
		ls.words = make([]maskWord, n)
	}
	ws := ls.words[:n]
	// last[s] becomes the next free place of slot s.
	copy(last, first[:len(last)])
	for r, p := range rows {
		s := ls.slot[ref[p]] - 1
		wd, bit := int32(r/64), uint64(1)<<(r%64)
		if at := last[s]; at > first[s] && ws[at-1].Word == wd {
			ws[at-1].Bits |= bit
		} else {
			ws[at] = maskWord{Word: wd, Bits: bit}
			last[s]++
		}
	}
	ls.first, ls.last, ls.words = first, last, ws
}

// step turns column v into the next one, for candidate term id.
func (ls *lcsScratch) step(v []uint64, id int32) {
	if id < 0 || ls.slot[id] == 0 {
		return
	}
	s := ls.slot[id] - 1
	m := ls.words[ls.first[s]:ls.first[s+1]]
	var carry uint64
	for e := 0; e < len(m); {
		k := int(m[e].Word)
		if k >= len(v) {
			break
		}
		x := v[k]
		u := x & m[e].Bits
		var sum uint64
		sum, carry = bits.Add64(x, u, carry)
		v[k] = sum | x&^u
		e++
		// Between mask words, with U = 0, only a carry changes a word.
		for k++; carry != 0 && k < len(v) && (e == len(m) || k < int(m[e].Word)); k++ {
			x := v[k]
			sum, carry = bits.Add64(x, 0, carry)
			v[k] = sum | x
		}
	}
}

// traceRange walks the traceback through columns j0+1 ... j1 of the
// table, entering column j1 at row i, and returns the row at which it
// reaches column j0 (or 0, where it ends). v0 is column j0, at least
// words(i) words. With levels > 0 and more than k columns, the range is
// cut into k blocks, walked from the last, each from its checkpoint.
// Only the first i rows matter from row i on, so only words(i) words of
// each column are computed.
func (ls *lcsScratch) traceRange(mark []bool, ref, rows, c []int32, j0, j1 int, v0 []uint64, i, levels, k int) int {
	w := words(i)
	if levels == 0 || j1-j0 <= k {
		n := j1 - j0 + 1
		cols := ls.column(0, n*w)
		copy(cols[:w], v0[:w])
		for j := j0 + 1; j <= j1; j++ {
			col := cols[(j-j0)*w:][:w]
			copy(col, cols[(j-j0-1)*w:][:w])
			ls.step(col, c[j-1])
		}
		// l(i, j) is L[i][j], for j0 <= j <= j1.
		l := func(i, j int) int {
			col := cols[(j-j0)*w:][:w]
			n := 0
			for _, x := range col[:i/64] {
				n += bits.OnesCount64(^x)
			}
			if i%64 != 0 {
				n += bits.OnesCount64(^col[i/64] & (1<<(i%64) - 1))
			}
			return n
		}
		j := j1
		for i > 0 && j > j0 {
			switch {
			case ref[rows[i-1]] == c[j-1]:
				i--
				j--
				mark[rows[i]] = true
			case l(i-1, j) >= l(i, j-1):
				i--
			default:
				j--
			}
		}
		return i
	}
	stride := (j1 - j0 + k - 1) / k
	blocks := (j1 - j0 + stride - 1) / stride
	cps := ls.column(levels, blocks*w)
	copy(cps[:w], v0[:w])
	for b := 1; b < blocks; b++ {
		col := cps[b*w:][:w]
		copy(col, cps[(b-1)*w:][:w])
		for j := j0 + (b-1)*stride + 1; j <= j0+b*stride; j++ {
			ls.step(col, c[j-1])
		}
	}
	for b := blocks - 1; b >= 0 && i > 0; b-- {
		a := j0 + b*stride
		i = ls.traceRange(mark, ref, rows, c, a, min(a+stride, j1), cps[b*w:][:w], i, levels-1, k)
	}
	return i
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
