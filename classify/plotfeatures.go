package classify

import (
	"slices"
	"strconv"
)

// The plot features (Settings.Characters, Dialogue, Chapter), beyond the
// paper: what tells a sentence that moves the plot from one that describes
// or talks.
//
//   - Characters: NAMES_DISTINCT>=k, k = 2, 3, 4: the row holds k distinct
//     salient names (capitalised), so that it brings characters together;
//     INTRODUCES_NAME: the row holds the first occurrence in the book of a
//     salient name; FULL_NAME and KIN_NAME: Book.Flags.
//   - Dialogue: QUOTED>0, QUOTED>=50, QUOTED=100: the share of the row's
//     tokens inside quotation marks (Book.Quoted), since summaries retell
//     and rarely quote.
//   - Chapter: CHAPTER_FIRST, CHAPTER_LAST: the first or last row of its
//     chapter (Book.Chapters); CHAPTER_FIFTH_q, q = 0 … 4: the fifth of its
//     chapter it lies in.
var (
	distinctNameTops = [...]int{2, 3, 4}
	quotedTops       = [...]int{1, 50, 100}
	chapterFifths    = 5
)

// plotLayout gives the offsets of the plot features after the others.
type plotLayout struct {
	characters, dialogue, chapter bool
	events, lengthFine            bool // events.go
}

func newPlotLayout(s Settings) plotLayout {
	return plotLayout{characters: s.Characters, dialogue: s.Dialogue, chapter: s.Chapter, events: s.Events, lengthFine: s.LengthFine}
}

const (
	characterFeatures = len(distinctNameTops) + 3
	dialogueFeatures  = len(quotedTops)
)

func (p plotLayout) dim() int {
	d := 0
	if p.characters {
		d += characterFeatures
	}
	if p.dialogue {
		d += dialogueFeatures
	}
	if p.chapter {
		d += 2 + chapterFifths
	}
	if p.events {
		d += eventFeatures
	}
	if p.lengthFine {
		d += len(lengthFineTops)
	}
	return d
}

// names returns the names of the plot features, in feature order.
func (p plotLayout) names() []string {
	var out []string
	if p.characters {
		for _, k := range distinctNameTops {
			out = append(out, "NAMES_DISTINCT>="+strconv.Itoa(k))
		}
		out = append(out, "INTRODUCES_NAME", "FULL_NAME", "KIN_NAME")
	}
	if p.dialogue {
		out = append(out, "QUOTED>0", "QUOTED>=50", "QUOTED=100")
	}
	if p.chapter {
		out = append(out, "CHAPTER_FIRST", "CHAPTER_LAST")
		for q := range chapterFifths {
			out = append(out, "CHAPTER_FIFTH_"+strconv.Itoa(q))
		}
	}
	if p.events {
		out = append(out, eventNames()...)
	}
	if p.lengthFine {
		out = append(out, lengthFineNames()...)
	}
	return out
}

// plotRow is what Featurize learns of a row's salient names while it goes
// through its words.
type plotRow struct {
	names      int  // distinct salient names, capitalised
	introduces bool // one of them occurs here first in the book
	events     eventRow
}

// appendPlot appends the active plot features of row i of b to idx.
func (l layout) appendPlot(idx []int32, b *Book, i int, pr plotRow) []int32 {
	p := l.plot
	at := int32(l.plotStart())
	if p.characters {
		for t, k := range distinctNameTops {
			if pr.names >= k {
				idx = append(idx, at+int32(t))
			}
		}
		at += int32(len(distinctNameTops))
		flags := rowFlags(b, i)
		for t, on := range []bool{pr.introduces, flags&FlagFullName != 0, flags&FlagKinName != 0} {
			if on {
				idx = append(idx, at+int32(t))
			}
		}
		at += 3
	}
	if p.dialogue {
		q := 0
		if i < len(b.Quoted) {
			q = int(b.Quoted[i])
		}
		for t, k := range quotedTops {
			if q >= k {
				idx = append(idx, at+int32(t))
			}
		}
		at += int32(dialogueFeatures)
	}
	if p.chapter {
		lo, hi := chapterOf(b, i)
		if i == lo {
			idx = append(idx, at)
		}
		if i == hi-1 {
			idx = append(idx, at+1)
		}
		idx = append(idx, at+2+int32(chapterFifths*(i-lo)/(hi-lo)))
		at += 2 + int32(chapterFifths)
	}
	if p.events {
		idx = appendEvents(idx, at, pr.events)
		at += int32(eventFeatures)
	}
	if p.lengthFine {
		idx = appendLengthFine(idx, at, b.Length[i])
	}
	return idx
}

func rowFlags(b *Book, i int) uint8 {
	if i < len(b.Flags) {
		return b.Flags[i]
	}
	return 0
}

// chapterOf returns the rows [lo, hi) of the chapter holding row i: the
// whole book when b.Chapters is empty.
func chapterOf(b *Book, i int) (lo, hi int) {
	k, found := slices.BinarySearch(b.Chapters, int32(i))
	if !found {
		k--
	}
	lo, hi = 0, b.Rows()
	if k >= 0 && k < len(b.Chapters) {
		lo = int(b.Chapters[k])
	}
	if k+1 < len(b.Chapters) {
		hi = int(b.Chapters[k+1])
	}
	return lo, hi
}
