package wiki

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestExtract(t *testing.T) {
	tests := []struct {
		name  string
		x     Extractor
		title string
		text  string
		err   error  // nil: a summary
		want  string // its text, or the reject reason
	}{
		{"plot", Extractor{}, "X (novel)", "{{Infobox book|author=A}}\n==Plot==\nIt happens.\n==Reception==\nGood.", nil, "It happens."},
		{"first plot section wins", Extractor{}, "X", "{{Infobox book}}\n==Summary==\nOne.\n==Plot==\nTwo.", nil, "One."},
		{"level 3 plot ignored", Extractor{}, "X", "{{Infobox book}}\n==Content==\n===Plot===\nx", ErrNoPlot, "no plot section"},
		{"subsections kept", Extractor{}, "X", "{{Infobox book}}\n==Plot==\nA.\n===Part 2===\nB.\n==Notes==\nC.", nil, "A.\n\nB."},
		{"not a book", Extractor{}, "X", "{{Infobox film}}\n==Plot==\nx", ErrNotBook, ""},
		{"no plot", Extractor{}, "X", "{{Infobox book}}\n==Details==\nx", ErrNoPlot, "no plot section"},
		{"empty plot", Extractor{}, "X", "{{Infobox book}}\n==Plot==\n{{main|Y}}\n==Z==", ErrEmptyPlot, "plot section is empty"},
		{"short plot", Extractor{MinWords: 5}, "X", "{{Infobox book}}\n==Plot==\nToo short.", ErrShortPlot, "plot section too short"},
		{"unclosed infobox", Extractor{}, "X", "{{Infobox book|name=X\n==Plot==\nA.", ErrBadInfobox, "book infobox not closed"},
		{"custom headings", Extractor{Headings: []string{"content"}}, "X", "{{Infobox book}}\n==Contents==\nA.\n==Content==\nB.", nil, "B."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.x.Extract(&Page{ID: 7, Title: tc.title, Text: tc.text})
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if tc.err == nil {
				if s.Text != tc.want || s.WikipediaID != 7 {
					t.Errorf("got %+v, want text %q", s, tc.want)
				}
				return
			}
			var r *Reject
			if tc.err == ErrNotBook {
				if errors.As(err, &r) {
					t.Errorf("a non-book page is a reject: %v", err)
				}
				return
			}
			if !errors.As(err, &r) || r.Reason != tc.want || r.WikipediaID != 7 || r.Title != "X" {
				t.Errorf("reject %+v, want reason %q", r, tc.want)
			}
		})
	}
}

func TestRejectJSON(t *testing.T) {
	_, err := (&Extractor{}).Extract(&Page{ID: 665, Title: "A Modest Proposal", Text: "{{Infobox book|name=A Modest Proposal}}\n==Details==\nx\n==Rhetoric==\ny"})
	var r *Reject
	if !errors.As(err, &r) {
		t.Fatalf("err = %v", err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"wikipedia_id":665,"title":"A Modest Proposal","reason":"no plot section","detail":"no level-2 heading matches plot, plot summary, plot introduction, synopsis, summary, story","headings":["Details","Rhetoric"]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var back Reject // as a Beam coder would give it back
	if err := json.Unmarshal(b, &back); err != nil || !errors.Is(&back, ErrNoPlot) {
		t.Errorf("decoded reject %+v does not unwrap to ErrNoPlot (%v)", back, err)
	}
	if !strings.Contains(r.Error(), "665") {
		t.Errorf("Error() = %q", r.Error())
	}
}
