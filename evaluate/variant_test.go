package evaluate

import (
	"reflect"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/corpus"
)

func TestVariantNames(t *testing.T) {
	for _, tc := range []struct {
		name, base, variant string
		ok                  bool
		display             string
	}{
		{"passage-paper", "passage", "paper", true, "Block HMM (paper)"},
		{"jing-paper", "jing", "paper", true, "Jing 1999 (paper)"},
		{"passage", "", "", false, "Block HMM"},
		{"first1000-paper", "", "", false, "first1000-paper"}, // only trained methods have variants
		{"passage-", "", "", false, "passage-"},
		{"novel-paper", "", "", false, "novel-paper"},
	} {
		base, variant, ok := SplitVariant(tc.name)
		if base != tc.base || variant != tc.variant || ok != tc.ok {
			t.Errorf("SplitVariant(%q) = %q, %q, %v; want %q, %q, %v", tc.name, base, variant, ok, tc.base, tc.variant, tc.ok)
		}
		if got := DisplayName(tc.name); got != tc.display {
			t.Errorf("DisplayName(%q) = %q, want %q", tc.name, got, tc.display)
		}
	}
	for _, m := range NamesOf(Trained) {
		name := VariantName(m, "paper")
		if err := corpus.ValidID(name); err != nil {
			t.Errorf("%s does not name files: %v", name, err)
		}
		if base, v, ok := SplitVariant(name); !ok || base != m || v != "paper" {
			t.Errorf("SplitVariant(VariantName(%q, paper)) = %q, %q, %v", m, base, v, ok)
		}
	}
	got := MethodOrder([]string{"names", "jing-paper", "first1000", "passage-paper", "token", "passage", "jing", "token-paper", "passage-alt"})
	want := []string{"passage", "passage-alt", "passage-paper", "token", "token-paper", "jing", "jing-paper", "first1000", "names"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("MethodOrder = %q, want %q", got, want)
	}
}

// TestVariantComparison checks that a variant is tested against the
// method it varies, on their common books, and that table.md shows the
// two side by side; methods without a variant get no such row.
func TestVariantComparison(t *testing.T) {
	scores := sampleScores()
	for _, s := range sampleScores() {
		if s.Method == "passage" {
			s.Method = "passage-paper"
			s.Rouge1, s.Rouge2 = s.Rouge1-0.02, s.Rouge2-0.01
			s.Rouge1NoStem -= 0.01
			scores = append(scores, s)
		}
	}
	res, err := Summarize(Settings{Words: 1000, Seed: 1, Resamples: 100, Permutations: 200}, scores, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, m := range res.Methods {
		names = append(names, m.Name)
		if (m.PVsDefault != nil) != (m.Name == "passage-paper") {
			t.Errorf("%s: p vs default %+v", m.Name, m.PVsDefault)
		}
	}
	if want := []string{"passage", "passage-paper", "first1000"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("methods %q, want %q", names, want)
	}
	// Every book is 2 points lower in ROUGE-1 under the variant: 2 of the
	// 2^3 sign patterns are as extreme, so p is near 1/4.
	p := res.Methods[1].PVsDefault
	if p.Rouge1 <= 0 || p.Rouge1 >= 0.5 || p.Rouge2NoStem != 1 || p.Rounds != 200 {
		t.Errorf("p vs default %+v: want ROUGE-1 below 0.5 and equal unstemmed ROUGE-2 at 1", p)
	}
	table := string(res.Table())
	row := "| Block HMM | 41.3 / 6.7 | 39.3 / 5.7 | +2.0 / +1.0 | " + p.cell() + " | 39.3 / 5.7 | 38.3 / 5.7 | +1.0 / +0.0 | " + p.noStemCell() + " |"
	if !strings.Contains(table, "## Beside the paper preset") || !strings.Contains(table, row) {
		t.Errorf("table.md lacks the paper block or its row %q:\n%s", row, table)
	}
	if !strings.Contains(table, "| Block HMM (paper) |") {
		t.Errorf("table.md lacks the variant's own row:\n%s", table)
	}
	plain, err := Summarize(Settings{Words: 1000, Seed: 1, Resamples: 100, Permutations: 200}, sampleScores(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(plain.Table()), "Beside") || plain.Variants() != nil {
		t.Error("a run without variants has a variant block")
	}
	blocks := res.Variants()
	if len(blocks) != 1 || blocks[0].Variant != "paper" || len(blocks[0].Rows) != 1 ||
		blocks[0].Rows[0].Method != "passage" || blocks[0].Rows[0].VariantMethod != "passage-paper" || blocks[0].Rows[0].PNoStem != p.noStemCell() {
		t.Errorf("variants %+v, want the paper block with the Block HMM's row", blocks)
	}
}
