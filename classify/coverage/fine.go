package coverage

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/text"
)

// Fine says which groups of continuous properties of each n-gram the
// count model's second stage reads (FitFine): where the keys' bins put
// thousands of n-grams alike, these tell them apart within a bin. Each is
// a bit; the zero Fine has no second stage.
type Fine uint8

const (
	// FineCount: the log of the n-gram's count in the book and of its
	// count per 100,000 tokens, and the square of the first.
	FineCount Fine = 1 << iota
	// FinePlace: where in the book it occurs: the relative rows of its
	// first and last occurrence, their gap, and the entropy of its
	// occurrences over the tenths of the book.
	FinePlace
	// FineName: its share of capitalised uses, whether it names one of the
	// book's characters (Plot's names), the log of the rank, whether the
	// rank is among the first three, and the log density of a name.
	FineName
	// FineMeet: the share of its occurrences in rows that name one of the
	// book's first eight characters (other than its own terms).
	FineMeet
	// FineRate: the training set's smoothed summary rate, unbinned (a
	// bigram's and its two terms').
	FineRate
	// FinePair: of a bigram's two terms, each one's capital share, name
	// flag and log count, and whether it is a name beside a content word.
	FinePair

	fineAll = FineCount | FinePlace | FineName | FineMeet | FineRate | FinePair
)

// fineNames are the names of Fine's bits, in bit order.
var fineNames = []string{"count", "place", "name", "meet", "rate", "pair"}

// FineWant says what ParseFine reads.
const FineWant = "a comma-separated list of count, place, name, meet, rate, pair; or none"

// ParseFine reads a comma-separated list of fine property groups ("" or
// "none": none).
func ParseFine(s string) (Fine, error) {
	var f Fine
	if s == "" || s == "none" {
		return 0, nil
	}
	for _, name := range strings.Split(s, ",") {
		i := slices.Index(fineNames, strings.TrimSpace(name))
		if i < 0 {
			return 0, fmt.Errorf("unknown fine property %q: want %s", name, FineWant)
		}
		f |= 1 << i
	}
	return f, nil
}

// String returns the comma-separated names of f's groups, "none" for none.
func (f Fine) String() string {
	var out []string
	for i, name := range fineNames {
		if f&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	if f&^fineAll != 0 {
		out = append(out, fmt.Sprintf("0x%x", uint8(f&^fineAll)))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ",")
}

// Valid reports whether f holds only known groups.
func (f Fine) Valid() bool { return f&^fineAll == 0 }

// The fine features of an n-gram, by index, and the group of each (0: the
// intercept, always read).
const fineDim = 26

var fineGroup = [fineDim]Fine{
	0,
	FineCount, FineCount, FineCount,
	FinePlace, FinePlace, FinePlace, FinePlace,
	FineName, FineName, FineName, FineName, FineName,
	FineMeet, FineMeet,
	FineRate, FineRate, FineRate,
	FinePair, FinePair, FinePair, FinePair, FinePair, FinePair, FinePair, FinePair,
}

// meetNames is the number of the book's first characters that FineMeet
// counts rows by.
const meetNames = 8

// fineVec is one n-gram's fine features.
type fineVec [fineDim]float32

// FineFeatures are the fine features of a book's unigrams (by term id) and
// bigrams (by bigram id) under a training set, the groups f left out
// zero.
type FineFeatures struct {
	Uni, Bi []fineVec
}

// placeStats are the rows of an n-gram's first and last occurrence, its
// count in each tenth of the book and in rows naming one of the first
// characters other than itself.
type placeStats struct {
	first, last int32
	tenth       [tenths]int32
	meet        int32
}

func (p *placeStats) add(row, tenth int32, meet bool) {
	if p.tenth == [tenths]int32{} {
		p.first = row
	}
	p.last = row
	p.tenth[tenth]++
	if meet {
		p.meet++
	}
}

// NewFineFeatures returns the fine features, under f, of the book whose
// terms are t and n-grams g, under the training set's statistics s (self
// and l as for BookKeys).
func NewFineFeatures(f Fine, s *Stats, t *Terms, g *Grams, l *Looked, self bool) *FineFeatures {
	ps := g.plot(t)
	rows := len(t.Start) - 1
	uniP, biP := make([]placeStats, len(g.uni)), make([]placeStats, len(g.bi))
	// The bit of each of the first characters, by term id.
	nameBit := make([]uint8, len(g.uni))
	for id, r := range ps.rank {
		if r > 0 && r <= meetNames {
			nameBit[id] = 1 << (r - 1)
		}
	}
	for i := range rows {
		var present uint8
		row := t.Row(i)
		for _, id := range row {
			present |= nameBit[id]
		}
		tenth := int32(i * tenths / rows)
		for _, id := range row {
			uniP[id].add(int32(i), tenth, present&^nameBit[id] != 0)
		}
		for _, x := range g.rowBi[i] {
			pair := g.biTerms[x]
			biP[x].add(int32(i), tenth, present&^(nameBit[pair[0]]|nameBit[pair[1]]) != 0)
		}
	}
	r := newBookRates(s, t, g, l, self)
	out := &FineFeatures{Uni: make([]fineVec, len(g.uni)), Bi: make([]fineVec, len(g.bi))}
	stop := make([]bool, len(t.Vocab))
	termRate := make([]float64, len(t.Vocab))
	for id, w := range t.Vocab {
		stop[id] = text.IsStopword(w)
		termRate[id] = r.termLog(id)
		v := &out.Uni[id]
		fillCommon(v, &g.uni[id], &uniP[id], ps.rank[id], ps.tokens, rows)
		v[15] = float32(termRate[id])
	}
	for x, pair := range g.biTerms {
		a, b := pair[0], pair[1]
		ra, rb := ps.rank[a], ps.rank[b]
		rank := max(ra, rb)
		if ra > 0 && rb > 0 {
			rank = min(ra, rb)
		}
		v := &out.Bi[x]
		fillCommon(v, &g.bi[x], &biP[x], rank, ps.tokens, rows)
		v[15] = float32(r.bigramLog(x))
		v[16], v[17] = float32(termRate[a]), float32(termRate[b])
		sa, sb := &g.uni[a], &g.uni[b]
		v[18], v[19] = capShare(sa), capShare(sb)
		v[20], v[21] = b2f(ra > 0), b2f(rb > 0)
		v[22], v[23] = float32(math.Log(float64(max(sa.count, 1)))), float32(math.Log(float64(max(sb.count, 1))))
		v[24] = b2f(!stop[a] && !stop[b])
		v[25] = b2f((ra > 0) != (rb > 0) && !stop[a] && !stop[b])
	}
	for i := range out.Uni {
		out.Uni[i].mask(f)
	}
	for i := range out.Bi {
		out.Bi[i].mask(f)
	}
	return out
}

// fillCommon fills the features that unigrams and bigrams share.
func fillCommon(v *fineVec, st *ngramStat, p *placeStats, rank int32, tokens, rows int) {
	v[0] = 1
	c := float64(max(st.count, 1))
	v[1] = float32(math.Log(c))
	v[2] = float32(math.Log(c * 1e5 / float64(max(tokens, 1))))
	v[3] = v[1] * v[1] / 10
	n := float32(max(rows, 1))
	v[4], v[5] = float32(p.first)/n, float32(p.last)/n
	v[6] = v[5] - v[4]
	var h float64
	for _, k := range p.tenth {
		if k > 0 {
			q := float64(k) / c
			h -= q * math.Log(q)
		}
	}
	v[7] = float32(h / math.Log(tenths))
	v[8] = capShare(st)
	if rank > 0 {
		v[9] = 1
		v[10] = float32(math.Log(float64(rank)))
		v[11] = v[2]
		v[12] = b2f(rank <= 3)
	}
	v[13] = float32(p.meet) / float32(c)
	v[14] = v[13] * v[9]
}

// mask zeroes the features of the groups f leaves out.
func (v *fineVec) mask(f Fine) {
	for j, grp := range fineGroup {
		if grp != 0 && f&grp == 0 {
			v[j] = 0
		}
	}
}

func capShare(st *ngramStat) float32 {
	if st.count == 0 {
		return 0
	}
	return float32(st.caps) / float32(st.count)
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// termLog returns the smoothed log summary rate of term id (rateMemo's,
// unbinned), floored at -8; bigramLog that of bigram x.
func (r *bookRates) termLog(id int) float64 {
	n, own, in := r.term(id)
	return logRate(r.termBase, n, own, in)
}

func (r *bookRates) bigramLog(x int) float64 {
	n, own, in := r.bigram(x)
	return logRate(r.bigramBase, n, own, in)
}

func logRate(p0 float64, n TermCount, own, inSummary bool) float64 {
	B, S := leaveOut(n, own, inSummary)
	return max(math.Log((float64(S)+prior*p0)/(float64(B)+prior)), -8)
}
