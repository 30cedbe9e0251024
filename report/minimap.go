package report

// minimap is a picture of the whole book beside it: one lane per aligner in
// which summary sentence k of n is a mark at left k/n of the lane's width
// and at the height of its aligned span (so an alignment in summary order
// runs from top left to bottom right, and a crossing or a gap shows at a
// glance), then one thin lane per generated summary with its picked spans.
type minimap struct {
	Lanes []lane
}

type lane struct {
	Method methodView
	// Pick is true for a generated summary's lane, false for an aligner's.
	Pick bool
	// Marks are placed in the lane, in percent of its size.
	Marks []mapMark
	// Unaligned are the aligner's marks for summary sentences it aligned to
	// nothing, placed in a gutter under the lane.
	Unaligned []mapMark
}

type mapMark struct {
	Sentence          int
	Left, Top, Height float64
}

// minMarkHeight keeps a short span visible, in percent of the lane.
const minMarkHeight = 0.4

func newMinimap(p *bookPage) minimap {
	var mm minimap
	n := max(len(p.Sentences), 1)
	length := float64(max(p.Data.Length, 1))
	place := func(s, e int) (top, height float64) {
		return 100 * float64(s) / length, max(100*float64(e-s)/length, minMarkHeight)
	}
	for mi, m := range p.Aligners {
		l := lane{Method: m}
		for k := range p.Sentences {
			left := 100 * (float64(k) + 0.5) / float64(n)
			span := p.Data.Align[k][mi]
			if span == nil {
				l.Unaligned = append(l.Unaligned, mapMark{Sentence: k, Left: left})
				continue
			}
			top, height := place(span[0], span[1])
			l.Marks = append(l.Marks, mapMark{Sentence: k, Left: left, Top: top, Height: height})
		}
		mm.Lanes = append(mm.Lanes, l)
	}
	for _, m := range p.Pickers {
		l := lane{Method: m, Pick: true}
		for _, span := range p.Data.Picked[m.Key] {
			top, height := place(span[0], span[1])
			l.Marks = append(l.Marks, mapMark{Sentence: -1, Top: top, Height: height})
		}
		mm.Lanes = append(mm.Lanes, l)
	}
	return mm
}
