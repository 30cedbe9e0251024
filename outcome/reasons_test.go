package outcome

import (
	"strings"
	"testing"
)

// TestCommonReasons checks that rejects are grouped by stage and by their
// reason once the numbers and the pair's own id are set aside, the
// commonest first, each with one reason as written and the ids.
func TestCommonReasons(t *testing.T) {
	short := func(id string, words int) Reject {
		return Reject{ID: id, Stage: "filter-by-length", Reason: "book has " + strings.Repeat("9", words) + " words, below the minimum of 10000"}
	}
	link := func(id string) Reject {
		return Reject{ID: id, Stage: "load", Reason: "book: corpus/books/" + id + ".txt is a symbolic link to /etc/" + id + ", outside the corpus"}
	}
	rejects := []Reject{link("x"), short("c", 3), short("a", 4), link("y"), short("b", 2),
		{ID: "z", Stage: "align", Reason: "passage: labelled no book sentence"},
		{ID: "w", Stage: "read-pairs", Reason: "duplicate id"}}
	got := CommonReasons(rejects, 3)
	want := []ReasonCount{
		{Stage: "filter-by-length", Count: 3, Example: "book has 9999 words, below the minimum of 10000", IDs: []string{"a", "b", "c"}},
		{Stage: "load", Count: 2, Example: "book: corpus/books/x.txt is a symbolic link to /etc/x, outside the corpus", IDs: []string{"x", "y"}},
		{Stage: "read-pairs", Count: 1, Example: "duplicate id", IDs: []string{"w"}}, // before z in SortRejects' order
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].Stage != want[i].Stage || got[i].Count != want[i].Count || got[i].Example != want[i].Example || strings.Join(got[i].IDs, ",") != strings.Join(want[i].IDs, ",") {
			t.Errorf("%d: got %+v, want %+v", i, got[i], want[i])
		}
	}
	line := DescribeRejects(rejects, 3)
	for _, part := range []string{"3 at filter-by-length", "2 at load", "1 at read-pairs", "(a, b, c)", "and 1 more"} {
		if !strings.Contains(line, part) {
			t.Errorf("%q lacks %q", line, part)
		}
	}
	if DescribeRejects(nil, 3) != "" {
		t.Error("no rejects described")
	}
}
