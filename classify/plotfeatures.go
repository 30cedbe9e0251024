package classify

import (
	"errors"
	"strconv"

	"github.com/bookalign/bookalign/internal/bounds"
)

// The plot-event features (Settings.PlotFeatures): what happens between
// the book's main characters, its mainCharacters salient names of highest
// rank (Featurize's name_rank), each counted in a row where it is
// capitalised. Three blocks, each a group of binary row features:
//
//   - meet: MEET>=k, k = 2, 3: the row names k distinct main characters;
//   - turns: TURN_FIRST, TURN_LAST: the row is the first, or the last, row
//     that names one of the main characters (its first or last appearance);
//   - near: NEAR_EVENTS>=k, k = 1, 2: the row names a main character and
//     holds k distinct event words (event(w) >= eventWordScore, events.go):
//     the content words that training summaries repeat, next to the people.
type PlotFeatures uint8

// The blocks of PlotFeatures.
const (
	PlotMeet PlotFeatures = 1 << iota
	PlotTurns
	PlotNear
	plotFeaturesAll = PlotMeet | PlotTurns | PlotNear
)

var plotFeatureNames = []string{"meet", "turns", "near"}

// PlotFeaturesWant says what ParsePlotFeatures accepts.
var PlotFeaturesWant = bounds.BitsWant(plotFeatureNames)

// mainCharacters is the number of salient names that are main characters.
const mainCharacters = 8

var (
	meetTops      = [...]int{2, 3}
	nearEventTops = [...]int{1, 2}
)

// plotBlockSize is the number of features of each block, in block order.
var plotBlockSize = [...]int{len(meetTops), 2, len(nearEventTops)}

// errPlotNearEvents refuses the near block without the event-word features
// that it counts.
var errPlotNearEvents = errors.New("plot_features near without events: the near block counts event words, which only the event-word features learn; want events true, or plot_features without near")

// ParsePlotFeatures reads a comma-separated list of block names ("meet",
// "turns", "near", spaces around them trimmed, a name given twice counting
// once); "" and "none" mean none.
func ParsePlotFeatures(s string) (PlotFeatures, error) {
	p, err := bounds.ParseBits(s, plotFeatureNames)
	return PlotFeatures(p), err
}

// String returns the comma-separated names of p's blocks, "none" for none.
func (p PlotFeatures) String() string { return bounds.BitsString(uint(p), plotFeatureNames) }

// dim returns the number of features of p's blocks.
func (p PlotFeatures) dim() int {
	d := 0
	for i, n := range plotBlockSize {
		if p&(1<<i) != 0 {
			d += n
		}
	}
	return d
}

// plotFeatureNamesOf returns the names of p's features, in feature order.
func plotFeatureNamesOf(p PlotFeatures) []string {
	var out []string
	if p&PlotMeet != 0 {
		for _, k := range meetTops {
			out = append(out, "MEET>="+strconv.Itoa(k))
		}
	}
	if p&PlotTurns != 0 {
		out = append(out, "TURN_FIRST", "TURN_LAST")
	}
	if p&PlotNear != 0 {
		for _, k := range nearEventTops {
			out = append(out, "NEAR_EVENTS>="+strconv.Itoa(k))
		}
	}
	return out
}

// mainRows are the book's main characters row by row: mask[i] has bit c
// set when row i names character c, and first[i], last[i] say whether row
// i is a character's first or last appearance.
type mainRows struct {
	mask        []uint8
	first, last []bool
}

// sameCharacter is the least share of a main name's rows that must also
// name a more salient one for the two to be one character ("Bennet" with
// "Elizabeth").
const sameCharacter = 0.5

// bookMains finds the main characters of b: its words whose nameRank is
// below mainCharacters, each counted in the rows where it is capitalised.
// A name joins the character of the more salient name (lower rank) that
// shares the largest share of its rows, if that share is at least
// sameCharacter (the more salient on ties); otherwise it is a character of
// its own. A character appears first or last in the first or last row
// that names it.
func bookMains(b *Book, nameRank []int32) mainRows {
	rows := b.Rows()
	names := make([]uint8, rows) // bit r: the name of rank r
	var count [mainCharacters]int
	var both [mainCharacters][mainCharacters]int // both[q][r], r < q
	for i := range rows {
		words, caps := b.Row(i)
		for j, k := range words {
			if r := nameRank[k]; r >= 0 && r < mainCharacters && caps[j] > 0 {
				names[i] |= 1 << r
			}
		}
		for q := range mainCharacters {
			if names[i]&(1<<q) == 0 {
				continue
			}
			count[q]++
			for r := range q {
				if names[i]&(1<<r) != 0 {
					both[q][r]++
				}
			}
		}
	}
	// class[q]: the character of name q, named by its most salient name.
	var class [mainCharacters]int
	for q := range mainCharacters {
		class[q] = q
		best := 0
		for r := range q {
			if both[q][r] > best && float64(both[q][r]) >= sameCharacter*float64(count[q]) {
				best, class[q] = both[q][r], class[r]
			}
		}
	}
	m := mainRows{mask: make([]uint8, rows), first: make([]bool, rows), last: make([]bool, rows)}
	var first, last [mainCharacters]int
	for c := range mainCharacters {
		first[c], last[c] = -1, -1
	}
	for i, ns := range names {
		for r := range mainCharacters {
			if ns&(1<<r) != 0 {
				c := class[r]
				m.mask[i] |= 1 << c
				if first[c] < 0 {
					first[c] = i
				}
				last[c] = i
			}
		}
	}
	for c := range mainCharacters {
		if first[c] >= 0 {
			m.first[first[c]], m.last[last[c]] = true, true
		}
	}
	return m
}

// plotRow is what Featurize learns of a row for the plot-event features.
type plotRow struct {
	main        int // distinct main characters named, capitalised
	eventWords  int // distinct event words (eventRow.words)
	first, last bool
}

// appendPlot appends the active plot-event features of a row, the first of
// p's features at index at.
func appendPlot(idx []int32, at int32, p PlotFeatures, r plotRow) []int32 {
	if p&PlotMeet != 0 {
		for t, k := range meetTops {
			if r.main >= k {
				idx = append(idx, at+int32(t))
			}
		}
		at += int32(len(meetTops))
	}
	if p&PlotTurns != 0 {
		if r.first {
			idx = append(idx, at)
		}
		if r.last {
			idx = append(idx, at+1)
		}
		at += 2
	}
	if p&PlotNear != 0 && r.main > 0 {
		for t, k := range nearEventTops {
			if r.eventWords >= k {
				idx = append(idx, at+int32(t))
			}
		}
	}
	return idx
}
