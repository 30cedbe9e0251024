package fetch_test

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
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

// rows returns n summary rows of one title and author, with distinct ids,
// each with a summary of summaryBytes.
func rows(n, summaryBytes int) string {
	var b strings.Builder
	text := strings.Repeat("x", summaryBytes)
	for i := range n {
		fmt.Fprintf(&b, "%d\t\tTwice Told\tAnn Hale\t\t\t%s\n", i+1, text)
	}
	return b.String()
}

const oneBook = "Text#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves\n" +
	"10,Text,2000,Twice Told,en,\"Hale, Ann, 1800-1870\",,,\n"

// TestSelectMemory: matching thousands of summaries of one ebook (a
// summaries file of one row repeated) allocates a bounded amount per row,
// not one growing with the square of the rows.
func TestSelectMemory(t *testing.T) {
	const n = 4000
	in := rows(n, 2000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sel, err := fetch.Select(strings.NewReader(in), strings.NewReader(oneBook), nil)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if sel.Summaries != n || sel.Unmatched != n || len(sel.Ebooks) != 0 {
		t.Errorf("%+v: want %d rows, all unmatched (they share #10)", sel, n)
	}
	// Reading the rows allocates about their size (8 MB); the bound is
	// generous, and naming every other sharer in each refusal (the bug)
	// allocates some 16 million names, 2.8 GB.
	if got := after.TotalAlloc - before.TotalAlloc; got > 10*uint64(len(in)) {
		t.Errorf("matching %d bytes of summaries allocated %d bytes", len(in), got)
	}
}

// TestSelectRowCap: a summaries file of up to MaxSummaryRows rows is
// matched; one more row is refused, as soon as it is read.
func TestSelectRowCap(t *testing.T) {
	for _, tc := range []struct {
		rows int
		want error
	}{{fetch.MaxSummaryRows, nil}, {fetch.MaxSummaryRows + 1, fetch.ErrTooManyRows}} {
		in := strings.Repeat("1\t\tNo Such Book\tAnn Hale\t\t\tx\n", tc.rows)
		sel, err := fetch.Select(strings.NewReader(in), strings.NewReader(oneBook), nil)
		if !errors.Is(err, tc.want) || (err == nil && sel.Summaries != tc.rows) {
			t.Errorf("%d rows: %+v, err = %v, want %v", tc.rows, sel, err, tc.want)
		}
	}
}
