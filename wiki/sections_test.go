package wiki

import (
	"reflect"
	"testing"
)

func TestSections(t *testing.T) {
	text := "Lead.\n== Plot summary ==\nA\n=== Part 1 ===\nB\n<!--\n== Hidden ==\n-->\n==Characters== <!-- note -->\nC\n= Top =\nD\n==''Story'' [[x|too]]==\t\nE"
	secs := Sections(text)
	var got []string
	for _, s := range secs {
		got = append(got, itoa(s.Level)+":"+s.Heading+":"+text[s.Body:s.End])
	}
	want := []string{
		"2:Plot summary:A\n=== Part 1 ===\nB\n<!--\n== Hidden ==\n-->\n",
		"3:Part 1:B\n<!--\n== Hidden ==\n-->\n",
		"2:Characters:C\n",
		"1:Top:D\n==''Story'' [[x|too]]==\t\nE",
		"2:Story too:E",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if text[secs[0].Start:secs[0].Body] != "== Plot summary ==\n" {
		t.Errorf("Start..Body = %q", text[secs[0].Start:secs[0].Body])
	}
}

func TestParseHeading(t *testing.T) {
	tests := []struct {
		line  string
		level int
		title string
		ok    bool
	}{
		{"==Plot==", 2, "Plot", true},
		{"=== Pigs ===  ", 3, " Pigs ", true},
		{"===Uneven==", 2, "=Uneven", true},
		{"=======Deep=======", 6, "=Deep=", true},
		{"==", 0, "", false},
		{"===", 1, "=", true},
		{"== Plot", 0, "", false},
		{" ==Plot==", 0, "", false},
		{"", 0, "", false},
	}
	for _, tc := range tests {
		level, title, ok := parseHeading(tc.line)
		if level != tc.level || title != tc.title || ok != tc.ok {
			t.Errorf("parseHeading(%q) = %d, %q, %v; want %d, %q, %v", tc.line, level, title, ok, tc.level, tc.title, tc.ok)
		}
	}
}

func TestMatchHeading(t *testing.T) {
	for h, want := range map[string]bool{
		"Plot":                true,
		"plot summary":        true,
		"PLOT  SUMMARY":       true,
		"Plot overview":       true,
		"Plot introduction":   true,
		"Synopsis":            true,
		"Synopsis (spoilers)": true,
		"Summary":             true,
		"Story":               true,
		"Story and themes":    true,
		"Plot: part one":      true,
		"Storyline":           false,
		"Plotting":            false,
		"Background and plot": false,
		"Characters":          false,
		"Summaries":           false,
		"":                    false,
	} {
		if got := MatchHeading(h, PlotHeadings); got != want {
			t.Errorf("MatchHeading(%q) = %v, want %v", h, got, want)
		}
	}
}
