package align

import (
	"reflect"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/text"
)

// TestAlignFitIsFit checks that AlignFit returns the fit Fit makes with the
// same settings and the alignment Align makes: the paper's Figure 3 drawn
// from the aligner's fit is the figure a separate fit would draw.
func TestAlignFitIsFit(t *testing.T) {
	book, err := text.ParseBook(strings.Repeat("The whale swam far away. The captain hunted the whale.\n\nNothing else happened here at all. ", 20))
	if err != nil {
		t.Fatal(err)
	}
	summary, err := text.ParseSummary("A captain hunts a whale. Nothing happened.")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(book, summary)
	if err != nil {
		t.Fatal(err)
	}
	h := &PassageHMM{Seed: 7, Iterations: 30, LabelTop: DefaultLabelTop}
	a, fit, err := h.AlignFit(p)
	if err != nil {
		t.Fatal(err)
	}
	alone, err := (&PassageHMM{Seed: 7, Iterations: 30}).Fit(p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fit, alone) {
		t.Errorf("AlignFit's fit differs from Fit's:\n%+v\n%+v", fit, alone)
	}
	aligned, err := h.Align(p)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, aligned) {
		t.Errorf("AlignFit's alignment differs from Align's")
	}
	if _, _, err := (&PassageHMM{LabelTop: -1}).AlignFit(p); err == nil {
		t.Error("a negative LabelTop was accepted")
	}
}
