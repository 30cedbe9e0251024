package report

import (
	"fmt"
	"strings"

	"github.com/bookalign/bookalign/evaluate"
)

// A colour is an sRGB colour.
type colour struct{ R, G, B uint8 }

// hex is the colour as CSS writes it, #rrggbb.
func (c colour) hex() string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// palette holds the colour of each method of evaluate.Methods, in its
// order: a method's swatch, its verdicts, its minimap lane and marks, and
// the highlights of its passages and picked sentences. Each colour has a
// contrast of at least 3:1 (WCAG's floor for graphics) with the page's
// white and with its grey header, and every two differ by a CIEDE2000 ΔE of
// at least 20 to normal sight and at least 12 under simulated protanopia,
// deuteranopia and tritanopia (Machado et al. 2009, full severity);
// TestPalette checks all three. The three aligners, whose passages are
// highlighted together, have Okabe and Ito's blue, vermillion and bluish
// green. Name is the colour's name in docs/report.md.
var palette = []struct {
	Name   string
	Colour colour
}{
	{"blue", colour{0x00, 0x72, 0xb2}},         // passage
	{"vermillion", colour{0xd5, 0x5e, 0x00}},   // token
	{"bluish green", colour{0x00, 0x9e, 0x73}}, // jing
	{"black", colour{0x22, 0x22, 0x22}},        // first1000
	{"pink", colour{0xbb, 0x77, 0x99}},         // oracle
	{"plum", colour{0x77, 0x33, 0x55}},         // oracle-content
	{"sage", colour{0x44, 0x66, 0x44}},         // random
	{"maroon", colour{0x77, 0x00, 0x00}},       // names
	{"violet", colour{0x99, 0x77, 0xff}},       // lexrank
	{"indigo", colour{0x33, 0x22, 0x88}},       // textrank
}

// highlightAlpha is the opacity of an aligner's passage highlight behind
// the book's text.
const highlightAlpha = 0.28

// methodCSS is the stylesheet of the methods' colours: for each method,
// its class (m-<name>) sets --c, which the swatches, verdicts, lanes and
// marks paint with, and its highlights (align-<name>, pick-<name>) get
// their colour. Method i has palette[i]; a method past the end of palette
// gets no rules, so it shows report.css's grey fallback, and TestPalette
// fails.
func methodCSS(methods []evaluate.Method) string {
	var b strings.Builder
	b.WriteString("\n/* Method colours, from report/palette.go. */\n")
	for i, m := range methods[:min(len(methods), len(palette))] {
		c := palette[i].Colour
		fmt.Fprintf(&b, ".m-%s { --c: %s; }\n", m.Name, c.hex())
		fmt.Fprintf(&b, "::highlight(align-%s) { background-color: rgb(%d %d %d / %g); }\n", m.Name, c.R, c.G, c.B, highlightAlpha)
		fmt.Fprintf(&b, "::highlight(pick-%s) { text-decoration: underline 2px %s; }\n", m.Name, c.hex())
	}
	return b.String()
}
