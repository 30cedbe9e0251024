package coverage

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/text"
)

// Plot says which properties of an n-gram's place in the plot its key
// holds beside the frequency, capital and rate bins
// (features.Settings.CoveragePlot): who the book's people are and where its n-grams
// fall. Each is a bit; the zero Plot adds none, and the keys are the
// keys without it.
type Plot uint8

const (
	// PlotNames bins the n-gram by the rank of the book's character it
	// names: the book's names are its non-stopword terms capitalised in
	// at least half their uses inside a sentence, ranked by count; a bigram
	// takes the better rank of its two terms.
	PlotNames Plot = 1 << iota
	// PlotSpread bins the n-gram by the number of tenths of the book
	// (by row) it occurs in.
	PlotSpread
	// PlotDensity bins the n-gram by its count per 100,000 of the book's
	// tokens: how often the book uses it for its length.
	PlotDensity
	// PlotLink scales the expected count of each content n-gram (one
	// without a stopword), when a book is made ready for extraction
	// (Stats.Extras), by exp(LinkWeight times its link score): the mean,
	// over its occurrences, of the log-probability of its row under the
	// logistic model, less the mean over the book's rows (LinkScores). It
	// adds no field to the keys.
	PlotLink

	plotAll = PlotNames | PlotSpread | PlotDensity | PlotLink
)

// LinkWeight is the weight of PlotLink's score, chosen inside the training
// folds.
const LinkWeight = 0.25

// plotNames are the names of Plot's bits, in bit order.
var plotNames = []string{"names", "spread", "density", "link"}

// PlotWant says what ParsePlot reads.
const PlotWant = "a comma-separated list of names, spread, density, link; or none"

// ParsePlot reads a comma-separated list of plot properties ("names,density";
// "" or "none": none).
func ParsePlot(s string) (Plot, error) {
	var p Plot
	if s == "" || s == "none" {
		return 0, nil
	}
	for _, name := range strings.Split(s, ",") {
		i := slices.Index(plotNames, strings.TrimSpace(name))
		if i < 0 {
			return 0, fmt.Errorf("unknown plot property %q: want %s", name, PlotWant)
		}
		p |= 1 << i
	}
	return p, nil
}

// String returns the comma-separated names of p's properties, "none" for
// none.
func (p Plot) String() string {
	var out []string
	for i, name := range plotNames {
		if p&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	if p&^plotAll != 0 {
		out = append(out, fmt.Sprintf("0x%x", uint8(p&^plotAll)))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ",")
}

// Valid reports whether p holds only known properties.
func (p Plot) Valid() bool { return p&^plotAll == 0 }

// tenths is the number of parts of the book that PlotSpread counts in.
const tenths = 10

// plotStats are a book's tenths of each unigram and bigram (a bit each)
// and each term's name rank (0: not a name), counted once per Grams.
type plotStats struct {
	uni, bi []uint16
	rank    []int32
	tokens  int // the book's tokens (Terms.Seq)
}

// plot returns the book's plot statistics, counting them on first use.
func (g *Grams) plot(t *Terms) *plotStats {
	g.plotOnce.Do(func() { g.plotStats = newPlotStats(t, g) })
	return g.plotStats
}

// newPlotStats counts the plot statistics of the book whose terms are t
// and n-grams g.
func newPlotStats(t *Terms, g *Grams) *plotStats {
	ps := &plotStats{uni: make([]uint16, len(g.uni)), bi: make([]uint16, len(g.bi)), rank: make([]int32, len(g.uni)), tokens: len(t.Seq)}
	// The names, by count, ties by term id.
	var names []int32
	for id, st := range g.uni {
		if st.count > 0 && 2*st.caps >= st.count && !text.IsStopword(t.Vocab[id]) {
			names = append(names, int32(id))
		}
	}
	slices.SortStableFunc(names, func(a, b int32) int { return int(g.uni[b].count - g.uni[a].count) })
	for r, id := range names {
		ps.rank[id] = int32(r + 1)
	}
	rows := len(t.Start) - 1
	for i := range rows {
		bit := uint16(1) << (i * tenths / rows)
		for _, id := range t.Row(i) {
			ps.uni[id] |= bit
		}
		for _, x := range g.rowBi[i] {
			ps.bi[x] |= bit
		}
	}
	return ps
}

// plotKey returns the plot fields, under p, of the key of an n-gram that
// occurs in the tenths of the book tenths, count times, and whose name rank
// is rank, in a book of tokens tokens.
func plotKey(p Plot, tenths uint16, count, rank int32, tokens int) Key {
	var k Key
	if p&PlotNames != 0 {
		k |= keyName.put(nameBin(rank))
	}
	if p&PlotSpread != 0 {
		k |= keySpread.put(spreadBin(tenths))
	}
	if p&PlotDensity != 0 {
		k |= keyDensity.put(densityBin(count, tokens))
	}
	return k
}

// nameBin bins a name rank: 1; 2–3; 4–7; 8–15; 16–31; 32 on; 7 for no
// name.
func nameBin(rank int32) int {
	switch {
	case rank <= 0:
		return 7
	case rank == 1:
		return 1
	case rank <= 3:
		return 2
	case rank <= 7:
		return 3
	case rank <= 15:
		return 4
	case rank <= 31:
		return 5
	}
	return 6
}

// spreadBin bins the tenths an n-gram occurs in: 1; 2; 3–4; 5–7; 8–9; 10.
func spreadBin(mask uint16) int {
	switch n := bits.OnesCount16(mask); {
	case n <= 1:
		return 1
	case n == 2:
		return 2
	case n <= 4:
		return 3
	case n <= 7:
		return 4
	case n <= 9:
		return 5
	}
	return 6
}

// densityBin bins an n-gram's count per 100,000 tokens of its book, by
// powers of two: 1 + floor(log2(density)) from 1 (under 2 per 100,000) to
// 15.
func densityBin(count int32, tokens int) int {
	if count <= 0 || tokens <= 0 {
		return 1
	}
	d := float64(count) * 1e5 / float64(tokens)
	return max(min(1+int(math.Floor(math.Log2(d))), 15), 1)
}
