package bounds

import (
	"math"
	"strings"
	"testing"
)

func TestFirst(t *testing.T) {
	for _, tc := range []struct {
		name    string
		section string
		checks  []Check
		want    string // "" for no error
	}{
		{"in range", "", []Check{Int("words", 5, 1, 10, ""), Float("lambda", 0.5, 0, 1, "")}, ""},
		{"int below", "", []Check{Int("words", 0, 1, 10, "")}, "words 0 is out of range: want 1 to 10"},
		{"int above, note", "summarizer", []Check{Int("names", 11, 0, 10, "0: 100")}, "summarizer.names 11 is out of range: want 0 to 10 (0: 100)"},
		{"the first of two", "", []Check{Int("a", 0, 1, 2, ""), Int("b", 0, 1, 2, "")}, "a 0 is out of range"},
		{"NaN", "", []Check{Float("x", math.NaN(), 0, 1, "")}, "x NaN is out of range: want 0 to 1"},
		{"+Inf with an infinite bound", "", []Check{Float("x", math.Inf(1), 0, math.Inf(1), "")}, "x +Inf is out of range"},
		{"float above", "align", []Check{Float("passage_prior", 1e307, 0, 1e12, "")}, "align.passage_prior 1e+307 is out of range: want 0 to 1e+12"},
		{"zero or float: zero", "", []Check{ZeroOrFloat("mu", 0, 1e-6, 1e12, "")}, ""},
		{"zero or float: too small", "", []Check{ZeroOrFloat("mu", 1e-9, 1e-6, 1e12, "0: 100")}, "mu 1e-09 is out of range: want 0, or 1e-06 to 1e+12 (0: 100)"},
		{"below: the bound itself", "", []Check{Below("tol", 1, 0, 1, "")}, "tol 1 is out of range: want 0 or more, below 1"},
		{"below: under it", "", []Check{Below("tol", 0.5, 0, 1, "")}, ""},
		{"listed: known", "", []Check{Listed("plot", "names", true, "a list of names")}, ""},
		{"listed: unknown", "summarizer", []Check{Listed("plot", "names,x", false, "a list of names")}, "summarizer.plot names,x is out of range: want a list of names"},
		{"listed: long", "", []Check{Listed("plot", strings.Repeat("x", 1000), false, "a list")}, `plot "` + strings.Repeat("x", 64) + `"… (1000 bytes) is out of range: want a list`},
	} {
		err := First(tc.section, tc.checks...)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestQuote(t *testing.T) {
	long := strings.Repeat("é", 1000) // two bytes each: a cut at 64 bytes falls on a boundary, at 63 would not
	for _, tc := range []struct {
		in, want string
	}{
		{"emma", `"emma"`},
		{strings.Repeat("a", MaxQuoted), `"` + strings.Repeat("a", MaxQuoted) + `"`},
		{strings.Repeat("a", 60<<20), `"` + strings.Repeat("a", MaxQuoted) + `"… (62914560 bytes)`},
		{"x" + long, `"x` + strings.Repeat("é", 31) + `"… (2001 bytes)`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.20q…) = %.100s, want %.100s", tc.in, got, tc.want)
		}
	}
}

func TestShort(t *testing.T) {
	if got := Short("1e30"); got != "1e30" {
		t.Errorf("short: %s", got)
	}
	if got := Short(strings.Repeat("9", 1000)); got != Quote(strings.Repeat("9", 1000)) {
		t.Errorf("long: %s", got)
	}
}
