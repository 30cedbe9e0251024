package evaluate

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// columnScores are the scores of 30 books of First 1000, the Passage HMM
// and three baselines, each method a fixed offset from the others on every
// book, so every paired test is at its floor: Names is the strongest
// baseline in ROUGE-1, TextRank in ROUGE-2.
func columnScores() []BookScore {
	means := map[string][2]float64{
		MethodFirst1000: {0.40, 0.05}, "passage": {0.50, 0.10}, MethodNames: {0.45, 0.06},
		MethodTextRank: {0.44, 0.08}, MethodLexRank: {0.41, 0.07},
	}
	var out []BookScore
	for i := range 30 {
		d := 0.001 * float64(i%7)
		for name, m := range means {
			out = append(out, BookScore{ID: fmt.Sprintf("b%02d", i), Method: name,
				Rouge1: m[0] + d, Rouge2: m[1] + d, Rouge1NoStem: m[0] + d - 0.02, Rouge2NoStem: m[1] + d - 0.01})
		}
	}
	return out
}

// without returns scores without the given methods, and without the
// books of drop for the method drop names (drop[method] = books).
func without(scores []BookScore, methods []string, drop map[string][]string) []BookScore {
	var out []BookScore
	for _, s := range scores {
		skip := strings.Contains(","+strings.Join(methods, ",")+",", ","+s.Method+",")
		for _, id := range drop[s.Method] {
			skip = skip || s.ID == id
		}
		if !skip {
			out = append(out, s)
		}
	}
	return out
}

// checkCompact checks what every compact table must be: every line under
// CompactWidth columns, and one row for each method, which starts with its
// display name (cut to maxLabel).
func checkCompact(t *testing.T, r *Results, table []byte) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(table), "\n"), "\n")
	for i, line := range lines {
		if n := utf8.RuneCountInString(line); n >= CompactWidth {
			t.Errorf("line %d is %d columns wide, want under %d: %q", i+1, n, CompactWidth, line)
		}
	}
	for _, m := range r.Methods {
		label := cutLabel(DisplayName(m.Name))
		rows := 0
		for _, line := range lines {
			if rest, ok := strings.CutPrefix(line, label); ok && strings.HasPrefix(rest, " ") && strings.TrimLeft(rest, " ") != "" &&
				strings.ContainsAny(strings.TrimLeft(rest, " ")[:1], "0123456789–") {
				rows++
			}
		}
		if rows != 1 {
			t.Errorf("%s has %d rows, want 1:\n%s", m.Name, rows, table)
		}
	}
}

// cell returns the cell of column col (0: R-1) in the row of the method
// label, marks included.
func cell(t *testing.T, table []byte, label string, col int) string {
	t.Helper()
	for _, line := range strings.Split(string(table), "\n") {
		if rest, ok := strings.CutPrefix(line, label+"  "); ok {
			f := strings.Fields(rest)
			if col < len(f) {
				return f[col]
			}
		}
	}
	t.Fatalf("no row %q with a column %d in:\n%s", label, col, table)
	return ""
}

// TestCompactSample renders the compact table of the results of
// ./run.sh on the sample corpus (testdata/sample.results.json, copied
// from a run of 12 books, seed 1) against its golden, and checks its
// marks against table.md's p-values of the same run: "*" only where a
// recall is above First 1000's at p < 0.05, "+" only where it is above
// Names', and the smallest p, 0.0003, explained.
func TestCompactSample(t *testing.T) {
	b, err := os.ReadFile("testdata/sample.results.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := ParseResults(b)
	if err != nil {
		t.Fatal(err)
	}
	table := r.Compact("out/table.md", "out/report/index.html")
	golden(t, "sample.compact.txt", table)
	checkCompact(t, r, table)
	for _, tc := range []struct {
		label string
		col   int
		want  string
	}{
		{"Block HMM (passage)", 0, "49.7*+"},
		{"First 1000", 0, "42.4"},
		{"Random", 1, "7.8"},   // p vs First 1000 0.395; below Names
		{"LexRank", 0, "42.5"}, // p vs First 1000 0.933
		{"LexRank", 1, "8.8*"}, // p vs First 1000 0.040, above it
		{"Oracle", 2, "27.2*"}, // content: p vs Names 0.256
		{"Names", 3, "4.0*"},   // no + against itself
	} {
		if got := cell(t, table, tc.label, tc.col); got != tc.want {
			t.Errorf("%s, column %d: %q, want %q", tc.label, tc.col, got, tc.want)
		}
	}
	for _, want := range []string{"Smallest p possible here: 0.0003.", "only 2^12 = 4096 ways", "drew them 2 times, so p >= (1 + 2) / (1 + 10000)", "Names in every column"} {
		if !strings.Contains(strings.Join(strings.Fields(string(table)), " "), want) {
			t.Errorf("the legend does not say %q:\n%s", want, table)
		}
	}
}

// TestCompactCases renders the compact table of results that differ from
// the sample's in what ran: other strongest baselines per column, no
// First 1000 and no content words, methods scored on fewer books, one
// method, none, a name too long for the column.
func TestCompactCases(t *testing.T) {
	set := Settings{Corpus: "c", Words: 1000, Seed: 1, Resamples: 200, Permutations: 2000, Rouge: RougeSettings{Stem: true, Exceptions: true}}
	long := strings.Repeat("very-long-method-name-", 10)
	for _, tc := range []struct {
		name   string
		scores []BookScore
		golden string   // "" when none
		want   []string // in the table, spaces as one
	}{
		{"strongest by column", withContent(columnScores(), 0.8), "compact.columns.txt",
			[]string{"R-1 Names, R-2 TextRank, R-1 -s Names, R-2 -s TextRank", "Smallest p possible: 1 / (1 + 2000) (no round as extreme), printed \"< 0.001\"."}},
		{"no first1000, no content, fewer books", without(columnScores(), []string{MethodFirst1000}, map[string][]string{MethodNames: {"b00", "b01"}}), "compact.fewer.txt",
			[]string{"no *: First 1000 did not run", "Content words (ROUGE -s): not measured", "; higher for the pairs of methods scored on fewer books.", " books"}},
		{"no baseline but first1000", without(columnScores(), []string{MethodNames, MethodLexRank, MethodTextRank}, nil), "",
			[]string{"no +: none of Names, LexRank, TextRank ran", "*: higher than First 1000"}},
		{"one method", without(columnScores(), []string{MethodFirst1000, MethodNames, MethodLexRank, MethodTextRank}, nil), "",
			[]string{"No significance marks: one method, no test."}},
		{"no methods", nil, "", []string{"(no method was scored)"}},
		{"long name", append(columnScores(), BookScore{ID: "b00", Method: long, Rouge1: 0.1}), "",
			[]string{long[:maxLabel-1] + "…"}},
		{"widest: long name, fewer books, content, recall of 100%", withContent(append(columnScores(),
			BookScore{ID: "b00", Method: long, Rouge1: 1, Rouge2: 1, Rouge1NoStem: 1, Rouge2NoStem: 1}), 1), "",
			[]string{"[100.0, 100.0]", "books"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Results{Words: 1000, Seed: 1, Rouge: set.Rouge, Methods: []MethodResult{}}
			if tc.scores != nil {
				var err error
				if r, err = Summarize(set, tc.scores, 0); err != nil {
					t.Fatal(err)
				}
			}
			table := r.Compact("OUT/table.md")
			if tc.golden != "" {
				golden(t, tc.golden, table)
			}
			checkCompact(t, r, table)
			flat := strings.Join(strings.Fields(string(table)), " ")
			for _, w := range tc.want {
				if !strings.Contains(flat, strings.Join(strings.Fields(w), " ")) {
					t.Errorf("the table does not say %q:\n%s", w, table)
				}
			}
		})
	}
}

// TestWrap checks the legend's wrapping: lines under the width, words
// kept whole unless longer than a line, the lines after the first
// indented.
func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		text  string
		width int
		want  []string
	}{
		{"", 10, nil},
		{"one two three", 10, []string{"one two", "  three"}},
		{"one two three", 13, []string{"one two three"}},
		{"abcdefghijklmnop", 6, []string{"abcdef", "  ghij", "  klmn", "  op"}},
		{"a abcdefghij b", 6, []string{"a", "  abcd", "  efgh", "  ij b"}},
		{"héllo wörld", 7, []string{"héllo", "  wörld"}},
		{"héllo wörld", 6, []string{"héllo", "  wörl", "  d"}},
		{"ab cd", 1, []string{"ab", "  c", "  d"}}, // no narrower than the indent and a rune
	} {
		got := wrap(tc.text, tc.width, "  ")
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrap(%q, %d) = %q, want %q", tc.text, tc.width, got, tc.want)
		}
	}
}
