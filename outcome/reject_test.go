package outcome

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/internal/jsonl"
)

// The reject types Reject replaced, with their JSON tags: its JSON form for
// each Input must be theirs, byte for byte, so that rejects.jsonl files do
// not change.
type (
	pairReject struct {
		ID     string `json:"id"`
		Row    int    `json:"row"`
		Stage  string `json:"stage"`
		Reason string `json:"reason"`
	}
	summaryReject struct {
		Line        int    `json:"line"`
		WikipediaID int64  `json:"wikipedia_id,omitempty"`
		Title       string `json:"title,omitempty"`
		Author      string `json:"author,omitempty"`
		Stage       string `json:"stage"`
		Reason      string `json:"reason"`
		Detail      string `json:"detail,omitempty"`
		Candidates  []int  `json:"candidates,omitempty"`
		Ebook       int    `json:"ebook,omitempty"`
	}
	pageReject struct {
		WikipediaID int64    `json:"wikipedia_id,omitempty"`
		Title       string   `json:"title,omitempty"`
		Stage       string   `json:"stage"`
		Reason      string   `json:"reason"`
		Detail      string   `json:"detail,omitempty"`
		Headings    []string `json:"headings,omitempty"`
		Stream      int64    `json:"stream,omitempty"`
	}
)

func lines[T any](t *testing.T, xs []T) string {
	t.Helper()
	var b bytes.Buffer
	if err := jsonl.Write(&b, xs); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestRejectJSON(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    Reject
		old  any
	}{
		{"pair", Reject{ID: "a<b>&c", Row: 4, Stage: "load", Reason: "book & summary <empty>"},
			pairReject{ID: "a<b>&c", Row: 4, Stage: "load", Reason: "book & summary <empty>"}},
		{"pair without id or row", Reject{Stage: "read-pairs", Reason: "bad"}, pairReject{Stage: "read-pairs", Reason: "bad"}},
		{"summary", Reject{Input: SummaryInput, Line: 7, WikipediaID: 12, Title: "T", Author: "A", Stage: "match", Reason: "ambiguous", Detail: "d", Candidates: []int{3, 5}},
			summaryReject{Line: 7, WikipediaID: 12, Title: "T", Author: "A", Stage: "match", Reason: "ambiguous", Detail: "d", Candidates: []int{3, 5}}},
		{"summary not fetched", Reject{Input: SummaryInput, Line: 2, Stage: "fetch-book", Reason: "book not in the mirror", Ebook: 11},
			summaryReject{Line: 2, Stage: "fetch-book", Reason: "book not in the mirror", Ebook: 11}},
		{"summary line 0", Reject{Input: SummaryInput, Stage: "read-summaries", Reason: "r"}, summaryReject{Stage: "read-summaries", Reason: "r"}},
		{"page", Reject{Input: PageInput, WikipediaID: 9, Title: "P", Stage: "extract", Reason: "no plot section", Headings: []string{"Plot summary?"}},
			pageReject{WikipediaID: 9, Title: "P", Stage: "extract", Reason: "no plot section", Headings: []string{"Plot summary?"}}},
		{"stream", Reject{Input: PageInput, Stage: "read", Reason: "unreadable stream", Detail: "x", Stream: 1 << 40},
			pageReject{Stage: "read", Reason: "unreadable stream", Detail: "x", Stream: 1 << 40}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := lines(t, []Reject{tc.r})
			want := lines(t, []any{tc.old})
			if got != want {
				t.Fatalf("JSON %s, want %s", got, want)
			}
			var back Reject
			if err := json.Unmarshal([]byte(got), &back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, tc.r) {
				t.Errorf("read back %+v, want %+v", back, tc.r)
			}
		})
	}
}

func TestSortRejects(t *testing.T) {
	// Each pipeline's rejects, shuffled, and the order wanted: the
	// experiment's by row, id, stage, reason; match's by line, stage,
	// reason; wiki-extract's by Wikipedia id, stream, stage, reason, detail.
	want := []Reject{
		{ID: "b", Row: 2, Stage: "load", Reason: "x"},
		{ID: "a", Row: 3, Stage: "align", Reason: "y"},
		{ID: "a", Row: 3, Stage: "load", Reason: "a"},
		{ID: "a", Row: 3, Stage: "load", Reason: "b"},
		{Input: SummaryInput, Line: 1, Stage: "read-summaries", Reason: "z"},
		{Input: SummaryInput, Line: 4, WikipediaID: 9, Stage: "fetch-book", Reason: "a"},
		{Input: SummaryInput, Line: 4, WikipediaID: 9, Stage: "match", Reason: "a"},
		{Input: PageInput, Stage: "plan", Reason: "index"},
		{Input: PageInput, Stage: "read", Reason: "r", Stream: 10},
		{Input: PageInput, Stage: "read", Reason: "r", Stream: 20},
		{Input: PageInput, WikipediaID: 1, Stage: "extract", Reason: "no plot section", Detail: "a"},
		{Input: PageInput, WikipediaID: 1, Stage: "extract", Reason: "no plot section", Detail: "b"},
		{Input: PageInput, WikipediaID: 5, Stage: "extract", Reason: "duplicate page id"},
	}
	got := []Reject{want[12], want[3], want[0], want[9], want[5], want[1], want[11], want[7], want[2], want[6], want[10], want[4], want[8]}
	SortRejects(got)
	// Rows and lines come first; pages (neither) by Wikipedia id.
	order := []int{7, 8, 9, 10, 11, 12, 4, 5, 6, 0, 1, 2, 3}
	for i, j := range order {
		if !reflect.DeepEqual(got[i], want[j]) {
			t.Errorf("position %d: %+v, want %+v", i, got[i], want[j])
		}
	}
}

func TestReconcile(t *testing.T) {
	for _, tc := range []struct {
		read, kept, rejected int
		ok                   bool
	}{{0, 0, 0, true}, {5, 3, 2, true}, {5, 3, 1, false}, {5, 4, 2, false}} {
		if err := Reconcile("pairs", tc.read, tc.kept, tc.rejected); (err == nil) != tc.ok {
			t.Errorf("Reconcile(%d, %d, %d) = %v", tc.read, tc.kept, tc.rejected, err)
		}
	}
}
