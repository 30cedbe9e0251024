package classify

import (
	"strings"

	"github.com/bookalign/bookalign/text"
)

// Row flags of Book.Flags: what the order of a row's tokens shows and its
// distinct words do not.
const (
	// FlagFullName: two adjacent capitalised tokens, neither the first
	// token of the sentence nor "I" ("Mr. Kurtz", "Emma Woodhouse").
	FlagFullName uint8 = 1 << iota
	// FlagKinName: a kinship word (kinshipWords) within two tokens of a
	// capitalised token that does not start the sentence ("Isabella's
	// husband", "his father, Mr. Earnshaw").
	FlagKinName
)

// kinshipWords are the family words of FlagKinName; the paper's Table 3
// lists some of them among the strongest features.
var kinshipWords = map[string]bool{
	"father": true, "mother": true, "son": true, "daughter": true, "wife": true, "husband": true,
	"brother": true, "sister": true, "uncle": true, "aunt": true, "cousin": true, "nephew": true,
	"niece": true, "grandfather": true, "grandmother": true, "widow": true, "widower": true,
	"bride": true, "bridegroom": true, "fiancé": true, "fiancée": true, "stepmother": true,
	"stepfather": true, "parents": true, "children": true, "child": true, "baby": true,
	"sons": true, "daughters": true, "brothers": true, "sisters": true, "heir": true,
}

// kinNear is how many tokens away a kinship word may be from a name.
const kinNear = 2

// addRowShape fills b.Quoted, b.Flags and b.Chapters from doc, whose Prose
// sentences are b's rows: the share of each row's tokens inside double
// quotation marks (straight or curly; a quotation runs on over the
// sentences of a paragraph and ends with it), the row flags, and the rows
// that start a chapter (the first row, and the first after each Heading).
func (b *Book) addRowShape(doc *text.Document) {
	rows := b.Rows()
	b.Quoted = make([]uint8, rows)
	b.Flags = make([]uint8, rows)
	b.Chapters = b.Chapters[:0]
	var toks []text.Token
	inQuote, para, heading := false, -1, true
	r := 0
	for _, s := range doc.Sentences {
		if s.Kind == text.Heading {
			heading = true
		}
		if s.Kind != text.Prose {
			continue
		}
		if heading {
			b.Chapters = append(b.Chapters, int32(r))
			heading = false
		}
		if s.Paragraph != para {
			inQuote, para = false, s.Paragraph
		}
		toks = text.AppendTokens(toks[:0], doc.Text, s.Span)
		quoted, at := 0, s.Start
		for j, t := range toks {
			inQuote = quoteState(doc.Text[at:t.Start], inQuote)
			at = t.End
			if inQuote {
				quoted++
			}
			if j > 0 && isName(doc, t) {
				prev := toks[j-1]
				if j > 1 && isName(doc, prev) {
					b.Flags[r] |= FlagFullName
				}
				for d := -kinNear; d <= kinNear; d++ {
					if k := j + d; d != 0 && k >= 0 && k < len(toks) && kinshipWords[toks[k].Lower] {
						b.Flags[r] |= FlagKinName
					}
				}
			}
		}
		inQuote = quoteState(doc.Text[at:s.End], inQuote)
		if len(toks) > 0 {
			b.Quoted[r] = uint8(100 * quoted / len(toks))
		}
		r++
	}
}

// isName reports whether t is capitalised and not "I".
func isName(doc *text.Document, t text.Token) bool {
	return t.Lower != "i" && isCapitalised(doc.Text[t.Start:t.End])
}

// quoteState returns whether the text after s is inside a quotation, given
// whether the text before it was: a curly opening (closing) mark opens
// (closes) one, a straight double mark toggles.
func quoteState(s string, in bool) bool {
	if !strings.ContainsAny(s, "\"“”") {
		return in
	}
	for _, c := range s {
		switch c {
		case '"':
			in = !in
		case '“':
			in = true
		case '”':
			in = false
		}
	}
	return in
}
