package evaluate

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	set := Settings{Words: 1000, Seed: 1, Resamples: 200, Permutations: 200}
	a, err := Summarize(set, sampleScores(), 0)
	if err != nil {
		t.Fatal(err)
	}
	// B: passage one point lower on every book, and no first1000.
	var scores []BookScore
	for _, s := range sampleScores() {
		if s.Method == "passage" {
			s.Rouge1 -= 0.01
			scores = append(scores, s)
		}
	}
	scores = append(scores, BookScore{ID: "a", Method: "names", Rouge1: 0.3})
	b, err := Summarize(set, scores, 0)
	if err != nil {
		t.Fatal(err)
	}
	cs, only, err := Compare(a, b, set)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || cs[0].Method != "passage" || cs[0].Books != 3 || len(cs[0].Rows) != 4 {
		t.Fatalf("comparisons %+v", cs)
	}
	if strings.Join(only, ",") != "first1000,names" {
		t.Errorf("only in one run: %v", only)
	}
	r1 := cs[0].Rows[0]
	if r1.Measure != "ROUGE-1" || math.Abs(r1.Diff-0.01) > 1e-12 || math.Abs(r1.CI95[0]-0.01) > 1e-12 || math.Abs(r1.CI95[1]-0.01) > 1e-12 {
		t.Errorf("ROUGE-1 row %+v: want a difference of 0.01 on every book", r1)
	}
	if math.Abs(r1.A-r1.B-0.01) > 1e-12 {
		t.Errorf("means %v and %v", r1.A, r1.B)
	}
	if r2 := cs[0].Rows[1]; r2.Diff != 0 || r2.P != 1 {
		t.Errorf("ROUGE-2 row %+v: want no difference, p = 1", r2)
	}
	var out bytes.Buffer
	if err := WriteComparisons(&out, "runA", "runB", cs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "| Block HMM (passage) | ROUGE-1 |") || !strings.Contains(out.String(), "+1.00") {
		t.Errorf("table:\n%s", out.String())
	}

	// The same method on other books is refused.
	var other []BookScore
	for _, s := range sampleScores() {
		if s.Method == "passage" && s.ID != "c" {
			other = append(other, s)
		}
	}
	c, err := Summarize(set, other, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Compare(a, c, set); !errors.Is(err, ErrDifferentBooks) {
		t.Errorf("different books: err = %v", err)
	}
}

// TestCompareFoldsIdentical: a method whose recall is the same on every
// book in every measure is named in one line after the table, not given
// rows of zeros; one that differs on a single book in a single measure
// keeps its rows; with every method identical there is no table.
func TestCompareFoldsIdentical(t *testing.T) {
	set := Settings{Words: 1000, Seed: 1, Resamples: 50, Permutations: 50}
	a, err := Summarize(set, sampleScores(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var scores []BookScore
	for _, s := range sampleScores() {
		if s.Method == "passage" && s.ID == "c" {
			s.Rouge2NoStem += 0.001
		}
		scores = append(scores, s)
	}
	b, err := Summarize(set, scores, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		b          *Results
		want, none []string
	}{
		{"one book of one measure differs", b,
			[]string{"| " + DisplayName("passage") + " | ROUGE-1 |", "| " + DisplayName("passage") + " | ROUGE-2 no stem |", "\nIdentical in both runs, every book in every measure: " + DisplayName("first1000") + ".\n", "p: two-sided"},
			[]string{"| " + DisplayName("first1000") + " |"}},
		{"every method identical", a,
			[]string{"Identical in both runs, every book in every measure: " + DisplayName("passage") + ", " + DisplayName("first1000") + ".\n"},
			[]string{"| Model |", "p: two-sided"}},
	} {
		cs, _, err := Compare(a, tc.b, set)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := WriteComparisons(&out, "A", "B", cs); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: no %q in\n%s", tc.name, w, out.String())
			}
		}
		for _, w := range tc.none {
			if strings.Contains(out.String(), w) {
				t.Errorf("%s: %q in\n%s", tc.name, w, out.String())
			}
		}
	}
}
