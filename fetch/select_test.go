package fetch_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/match"
)

func TestSelect(t *testing.T) {
	catalog := "Text#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves\n" +
		"10,Text,2000,Twice Told,en,\"Hale, Ann, 1800-1870\",,,\n" +
		"20,Text,2000,Only Once,en,\"Hale, Ann, 1800-1870\",,,\n" +
		"30,Text,2000,Two Of Them,en,\"Hale, Ann, 1800-1870\",,,\n" +
		"31,Text,2000,Two Of Them,en,\"Hale, Ann, 1800-1870\",,,\n"
	row := func(id, title string) string { return id + "\t\t" + title + "\tAnn Hale\t\t\ta summary\n" }
	summaries := row("1", "Twice Told") + row("2", "Twice Told") + row("3", "Only Once") + row("4", "Two Of Them") +
		row("5", "Not There") + "broken row\n"
	tests := []struct {
		name      string
		decisions string
		ebooks    []int
		unmatched int
	}{
		// Two summaries share #10: neither is kept, as match refuses both;
		// #30 and #31 are ambiguous.
		{"rules alone", "", []int{20}, 4},
		{"decisions settle them", "2\t10\tthe novel\n4\t31\tthe revised text\n", []int{10, 20, 31}, 2},
	}
	for _, tc := range tests {
		d, err := match.ParseDecisions(strings.NewReader(tc.decisions))
		if err != nil {
			t.Fatal(err)
		}
		sel, err := fetch.Select(strings.NewReader(summaries), strings.NewReader(catalog), d)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(sel.Ebooks, tc.ebooks) || sel.Summaries != 6 || sel.BadRows != 1 || sel.Unmatched != tc.unmatched {
			t.Errorf("%s: %+v, want ebooks %v and %d unmatched of 6 rows (1 bad)", tc.name, sel, tc.ebooks, tc.unmatched)
		}
	}
	if _, err := fetch.Select(strings.NewReader(summaries), strings.NewReader("no,header\n"), nil); err == nil {
		t.Error("a catalog without its header was accepted")
	}
}
