package evaluate

import (
	"math"
	"testing"
)

func TestFormatP(t *testing.T) {
	for _, tc := range []struct {
		p      float64
		rounds int
		want   string
	}{
		{1.0 / 10001, 10000, "< 0.0001"}, // no round reached t
		{1.0 / 10001, 0, "< 0.0001"},     // 0 rounds means DefaultPermutations
		{2.0 / 10001, 10000, "0.0002"},
		{3.0 / 10001, 10000, "0.0003"},
		{10.0 / 10001, 10000, "0.0010"},
		{11.0 / 10001, 10000, "0.001"},
		{0.0123, 10000, "0.012"},
		{0.5, 10000, "0.500"},
		{1, 10000, "1.000"},
		{1.0 / 1001, 1000, "< 0.001"},
		{1.0 / 101, 100, "< 0.01"},
		{1.0 / 20001, 20000, "< 0.0001"},
		{1.0 / 100001, 100000, "< 0.00001"},
		{math.NaN(), 10000, "NaN"},
	} {
		if got := FormatP(tc.p, tc.rounds); got != tc.want {
			t.Errorf("FormatP(%v, %d) = %q, want %q", tc.p, tc.rounds, got, tc.want)
		}
	}
}

// TestFormatPFloor checks FormatP against PairedPermutation itself: a
// difference no round can reach gives the floor, printed "< 0.0001".
func TestFormatPFloor(t *testing.T) {
	a, b := make([]float64, 200), make([]float64, 200)
	for i := range a {
		a[i], b[i] = 1+float64(i%7), float64(i%7)
	}
	p, err := PairedPermutation(a, b, 10000, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p != 1.0/10001 {
		t.Fatalf("p = %v, want 1/10001", p)
	}
	if got := FormatP(p, 10000); got != "< 0.0001" {
		t.Errorf("FormatP = %q", got)
	}
}

// TestUnstemmedSignificance checks that the unstemmed columns get their own
// p-values and intervals, computed from the unstemmed scores and not copied
// from the stemmed ones.
func TestUnstemmedSignificance(t *testing.T) {
	var scores []BookScore
	for i := range 60 {
		id := string(rune('a'+i/26)) + string(rune('a'+i%26))
		x := 0.3 + 0.01*float64(i%10)
		// Stemmed: passage and names tie on every book; unstemmed: passage
		// is better on every book.
		scores = append(scores,
			BookScore{ID: id, Method: "passage", Rouge1: x, Rouge2: x / 5, Rouge1NoStem: x, Rouge2NoStem: x / 4},
			BookScore{ID: id, Method: "names", Rouge1: x, Rouge2: x / 5, Rouge1NoStem: x - 0.02, Rouge2NoStem: x/4 - 0.01})
	}
	res, err := Summarize(Settings{Seed: 1, Resamples: 200, Permutations: 10000}, scores, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := res.Methods[0]
	if m.Name != "passage" || m.PVsNames == nil {
		t.Fatalf("no p-values: %+v", m)
	}
	p := m.PVsNames
	if p.Rouge1 != 1 || p.Rouge2 != 1 {
		t.Errorf("stemmed p = %v / %v, want 1 / 1 (identical scores)", p.Rouge1, p.Rouge2)
	}
	if p.Rouge1NoStem != 1.0/10001 || p.Rouge2NoStem != 1.0/10001 || p.Rounds != 10000 {
		t.Errorf("unstemmed p = %+v, want the floor 1/10001 on both", p)
	}
	if got := p.noStemCell(); got != "< 0.0001 / < 0.0001" {
		t.Errorf("noStemCell = %q", got)
	}
	for _, ci := range [][2]float64{m.Rouge1RecallNoStemCI95, m.Rouge2RecallNoStemCI95} {
		if !(ci[0] < ci[1]) {
			t.Errorf("unstemmed interval %v is empty", ci)
		}
	}
	if lo, hi := m.Rouge2RecallNoStemCI95[0], m.Rouge2RecallNoStemCI95[1]; m.Rouge2RecallNoStem < lo || m.Rouge2RecallNoStem > hi || m.Rouge2RecallNoStemCI95 == m.Rouge2RecallCI95 {
		t.Errorf("unstemmed ROUGE-2 %v outside its interval [%v, %v] or equal to the stemmed one", m.Rouge2RecallNoStem, lo, hi)
	}
}
