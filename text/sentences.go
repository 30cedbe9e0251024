package text

import "strings"

// SplitSentences returns the sentences of text[body.Start:body.End] in
// order. They do not overlap, are trimmed of white space, and together cover
// every non-space byte of the body; their offsets are into text. A single
// line break is a space; a blank line ends a paragraph, and a paragraph
// always ends a sentence. Headings and apparatus are sentences of their own,
// of Kind Heading and Apparatus (see the package comment).
//
// SplitSentences accepts any bytes: invalid UTF-8 is carried along inside
// sentences. It panics if body is not a valid span of text.
func SplitSentences(text string, body Span) []Sentence {
	checkSpan(text, body)
	sp := newSplitter(text, body)
	out := make([]Sentence, 0, body.Len()/bytesPerSentence+1)
	for sp.fill() {
		out = append(out, sp.out...)
		sp.out = sp.out[:0]
	}
	return out
}

// bytesPerSentence is a little over the bytes per sentence of a novel
// (about 110), to size the slice SplitSentences returns.
const bytesPerSentence = 128

// paraClass is what a paragraph is, on its own evidence.
type paraClass uint8

const (
	classProse    paraClass = iota // running text, perhaps under a heading
	classHeading                   // every line a heading
	classList                      // a list: contents, illustrations
	classListHead                  // "CONTENTS": apparatus, and the start of a list
	classNote                      // a transcriber's or editor's note
	classBracket                   // "[Illustration: …]", perhaps followed by prose
)

// heldParagraph is a paragraph classified but not yet turned into sentences.
type heldParagraph struct {
	paragraph
	class paraClass
	// bracketEnd is, for classBracket, the end of the bracketed marker.
	bracketEnd int
}

// emitMode says how held paragraphs become sentences.
type emitMode uint8

const (
	asText      emitMode = iota // by their own class
	asApparatus                 // all apparatus
	asHeading                   // headings as headings, the rest apparatus
)

// splitter turns a body into sentences a paragraph at a time. Front matter
// and the paragraphs after a list heading are held until the first paragraph
// of prose decides what they are.
type splitter struct {
	text string
	pr   *paragraphReader
	p    paragraph

	out []Sentence // sentences ready to be returned, in order

	holding   bool            // paragraphs are being held
	holdFront bool            // the hold began at the start of the text
	held      []heldParagraph // paragraphs held, in order

	bracketOpen int // paragraphs in which an unclosed "[Illustration" may still close

	// afterHeading is set when the last paragraph was a heading ending in a
	// strong heading line ("CHAPTER I."), so that a title in title case
	// may follow as a paragraph of its own ("Loomings").
	afterHeading bool
}

func newSplitter(text string, body Span) *splitter {
	return &splitter{text: text, pr: newParagraphReader(text, body), holding: true, holdFront: true}
}

// fill appends the sentences of the next paragraphs to s.out until it holds
// at least one, and reports whether it does.
func (s *splitter) fill() bool {
	for len(s.out) == 0 {
		if !s.pr.next(&s.p) {
			if s.holding {
				s.release(s.holdFront)
			}
			return len(s.out) > 0
		}
		s.add(s.classify(&s.p))
	}
	return true
}

// add places the classified paragraph h: holds it, or releases the held
// paragraphs and emits it.
func (s *splitter) add(h heldParagraph) {
	if s.holding {
		if h.class == classProse && isProse(s.text, &h.paragraph) {
			s.release(false)
			s.emit(&h, asText)
			return
		}
		if h.class == classListHead {
			s.holdFront = false
		}
		h.lines = append([]Span(nil), h.lines...) // p.lines is reused
		s.held = append(s.held, h)
		if len(s.held) > maxFrontParagraphs {
			s.release(s.holdFront)
		}
		return
	}
	if h.class == classListHead {
		s.holding, s.holdFront = true, false
		h.lines = append([]Span(nil), h.lines...)
		s.held = append(s.held, h)
		return
	}
	s.emit(&h, asText)
}

// release emits the held paragraphs and stops holding. When keep is false
// they are apparatus, except the headings at their end, which stay
// headings: from the last paragraph that opens with a strong heading in the
// run of heading paragraphs at the end, or else the last paragraph alone.
// So "BEING A GHOST STORY OF CHRISTMAS", "STAVE ONE", "MARLEY'S GHOST" before
// the first prose give one apparatus sentence and two headings.
func (s *splitter) release(keep bool) {
	run := len(s.held)
	for run > 0 && s.held[run-1].class == classHeading {
		run--
	}
	headings := len(s.held)
	if run < headings {
		headings--
		for i := len(s.held) - 1; i >= run; i-- {
			if l := s.held[i].lines[0]; strongHeading(s.text[l.Start:l.End]) {
				headings = i
				break
			}
		}
	}
	for i := range s.held {
		switch {
		case keep:
			s.emit(&s.held[i], asText)
		case i >= headings:
			s.emit(&s.held[i], asHeading)
		default:
			s.emit(&s.held[i], asApparatus)
		}
	}
	s.held = s.held[:0]
	s.holding, s.holdFront = false, false
}

// classify says what p is; see apparatus.go and headings.go.
func (s *splitter) classify(p *paragraph) heldParagraph {
	h := heldParagraph{paragraph: *p}
	text := s.text
	first := text[p.lines[0].Start:p.lines[0].End]
	switch {
	case s.bracketOpen > 0:
		h.class = classBracket
		h.bracketEnd = p.End
		s.bracketOpen--
		if q := strings.IndexByte(text[p.Start:p.End], ']'); q >= 0 {
			h.bracketEnd = p.Start + q + 1
			s.bracketOpen = 0
		}
	case isBracketMarker(first):
		h.class = classBracket
		h.bracketEnd = p.End
		if q := closingBracket(text[p.Start:p.End]); q >= 0 {
			h.bracketEnd = p.Start + q + 1
		} else {
			s.bracketOpen = maxBracketParagraphs
		}
	case isListHeading(first):
		h.class = classListHead
	case isNote(first):
		h.class = classNote
	case isHeadingParagraph(text, p.lines), s.afterHeading && isTitleParagraph(text, p.lines):
		h.class = classHeading
	case isList(text, p.lines):
		h.class = classList
	default:
		h.class = classProse
	}
	last := p.lines[len(p.lines)-1]
	s.afterHeading = h.class == classHeading && strongHeading(text[last.Start:last.End])
	return h
}

// isTitleParagraph reports whether a paragraph of one or two lines is a
// title in title case (see titleLine) with a capitalised word of four or
// more letters; a title of one word has no final punctuation. So
// "Loomings" and "Lady Macleod." are titles, "Now." and "Yes, Sir." not.
func isTitleParagraph(text string, lines []Span) bool {
	if len(lines) > 2 {
		return false
	}
	for _, l := range lines {
		if !titleLine(text[l.Start:l.End]) {
			return false
		}
	}
	s := text[lines[0].Start:lines[len(lines)-1].End]
	long, words := false, 0
	for i := 0; ; {
		start, stop, ok := nextWord(s, i, len(s))
		if !ok {
			break
		}
		words++
		long = long || stop-start >= 4
		i = stop
	}
	if words == 1 && strings.ContainsAny(s[len(s)-1:], ".?!") {
		return false
	}
	return long
}

// maxNumberedTitleWords bounds a numbered title of one sentence.
const maxNumberedTitleWords = 20

// isHeadingParagraph reports whether a short paragraph is a heading: a
// numbered title of one sentence, or lines that are each a strong heading,
// in capitals, or in title case under a strong heading.
func isHeadingParagraph(text string, lines []Span) bool {
	if len(lines) > 4 {
		return false
	}
	// A short numbered title: "1. _From Ozias Midwinter to Mr. Brock_."
	if s := text[lines[0].Start:lines[len(lines)-1].End]; len(lines) <= 2 &&
		BudgetWords(s) <= maxNumberedTitleWords && isWrappedEntry(s) {
		return true
	}
	strong0 := false
	for k, l := range lines {
		line := text[l.Start:l.End]
		switch {
		case strongHeading(line):
			strong0 = strong0 || k == 0
		case weakHeading(line):
		case k > 0 && strong0 && titleLine(line):
		default:
			return false
		}
	}
	return true
}

// emit appends the sentences of h to s.out.
func (s *splitter) emit(h *heldParagraph, mode emitMode) {
	text, para := s.text, h.index
	switch {
	case h.class == classBracket:
		s.out = append(s.out, Sentence{Span: Span{h.Start, h.bracketEnd}, Paragraph: para, Kind: Apparatus})
		rest := trimSpan(text, Span{h.bracketEnd, h.End})
		if rest.Len() == 0 {
			return
		}
		if mode != asText {
			s.emitLines(rest, para, Apparatus)
			return
		}
		s.appendProse(rest, para, Prose)
	case h.class == classHeading && mode != asApparatus:
		s.emitLines(h.Span, para, Heading)
	case h.class == classNote && mode == asText:
		s.appendProse(h.Span, para, Apparatus)
	case h.class != classProse || mode != asText:
		s.emitLines(h.Span, para, Apparatus)
	default:
		s.emitProse(&h.paragraph)
	}
}

// emitProse appends the sentences of a prose paragraph, with any heading
// lines at its top ("CHAPTER I." on the line above the first sentence) split
// off as headings.
func (s *splitter) emitProse(p *paragraph) {
	text := s.text
	k := 0
	if len(p.lines) > 1 && strongHeading(text[p.lines[0].Start:p.lines[0].End]) {
		k = 1
		for k < len(p.lines)-1 && k < 3 {
			line := text[p.lines[k].Start:p.lines[k].End]
			if !weakHeading(line) && !titleLine(line) {
				break
			}
			k++
		}
	}
	for _, l := range p.lines[:k] {
		s.out = append(s.out, Sentence{Span: l, Paragraph: p.index, Kind: Heading})
	}
	s.appendProse(Span{p.lines[k].Start, p.End}, p.index, Prose)
}

// appendProse appends the sentences of the prose seg with the given kind,
// breaking any overlong one at its lines.
func (s *splitter) appendProse(seg Span, para int, kind Kind) {
	from := len(s.out)
	s.out = appendProse(s.out, s.text, seg, para)
	s.out = splitLong(s.out, from, s.text)
	for i := from; i < len(s.out); i++ {
		s.out[i].Kind = kind
	}
}

// emitLines appends each line of the span seg as a sentence of the given
// kind.
func (s *splitter) emitLines(seg Span, para int, kind Kind) {
	for ls := seg.Start; ls < seg.End; {
		le, next := lineEnd(s.text[:seg.End], ls)
		if l := trimSpan(s.text, Span{ls, le}); l.Len() > 0 {
			s.out = append(s.out, Sentence{Span: l, Paragraph: para, Kind: kind})
		}
		ls = next
	}
}
