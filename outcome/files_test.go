package outcome

import (
	"strings"
	"testing"

	"github.com/bookalign/bookalign/match"
	"github.com/bookalign/bookalign/wiki"
)

func TestExtractFiles(t *testing.T) {
	sums := []wiki.Summary{
		{WikipediaID: 9, Title: "B", Text: "later"},
		{WikipediaID: 3, Title: "A", Text: "first\n\nparagraph"},
		{WikipediaID: 9, Title: "A", Text: "earlier"},
	}
	kept, dups := SortSummaries(append([]wiki.Summary(nil), sums...))
	if len(kept) != 2 || kept[0].WikipediaID != 3 || kept[1].Title != "A" || len(dups) != 1 || dups[0].Reason != "duplicate page id" {
		t.Fatalf("kept %+v, dups %+v", kept, dups)
	}
	files, n, rejected, err := ExtractFiles(sums, []Reject{
		{Input: PageInput, WikipediaID: 1, Stage: "extract", Reason: "no plot section"},
		{Input: PageInput, Stage: "read", Reason: "unreadable stream", Stream: 99},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || files[0].Name != "summaries.tsv" || files[1].Name != "rejects.jsonl" {
		t.Fatalf("files %v", files)
	}
	if want := "3\t\tA\t\t\t\tfirst paragraph\n9\t\tA\t\t\t\tearlier\n"; string(files[0].Data) != want {
		t.Errorf("summaries.tsv = %q, want %q", files[0].Data, want)
	}
	lines := strings.Split(strings.TrimSpace(string(files[1].Data)), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], `{"stage":"read",`) || !strings.HasPrefix(lines[1], `{"wikipedia_id":1,`) || !strings.HasPrefix(lines[2], `{"wikipedia_id":9,"title":"B","stage":"extract","reason":"duplicate page id"`) {
		t.Errorf("rejects.jsonl = %s", files[1].Data)
	}
	// Three book pages seen: two summaries kept, the duplicate and the
	// page without a plot rejected; the stream is not a page.
	if n != 2 || rejected != 2 {
		t.Errorf("kept %d, rejected pages %d; want 2 and 2", n, rejected)
	}
}

func TestCorpusFiles(t *testing.T) {
	pairs := []match.Record{
		{ID: "b", Line: 3, WikipediaID: 20, Title: "B", Author: "Y", Ebook: 2, EbookTitle: "B", Reason: "title", BookPath: "2.txt", BookWords: 50, SummaryWords: 5},
		{ID: "a", Line: 2, WikipediaID: 10, Title: "A", Author: "X", Ebook: 1, EbookTitle: "A", Reason: "title and author", Decided: true, BookPath: "1/1-0.txt", BookWords: 40, SummaryWords: 4},
	}
	files, err := CorpusFiles("dump", pairs, []Reject{
		{Input: SummaryInput, Line: 5, Stage: "match", Reason: "no ebook"},
		{Input: SummaryInput, Line: 4, Stage: "match", Reason: "ambiguous", Candidates: []int{7, 8}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 || files[0].Name != "pairs.tsv" || files[1].Name != "matches.jsonl" || files[2].Name != "rejects.jsonl" {
		t.Fatalf("files %v", files)
	}
	tsv := strings.Split(strings.TrimSpace(string(files[0].Data)), "\n")
	if len(tsv) != 3 || !strings.HasPrefix(tsv[1], "a\t") || !strings.Contains(tsv[1], "dump, Wikipedia page 10") || !strings.Contains(tsv[1], "Project Gutenberg #1: 1/1-0.txt") || !strings.HasPrefix(tsv[2], "b\t") {
		t.Errorf("pairs.tsv = %s", files[0].Data)
	}
	if want := `{"id":"a","summaries_line":2,"wikipedia_id":10,"title":"A","author":"X","gutenberg_id":1,"ebook_title":"A","reason":"title and author","decided":true,"book_path":"1/1-0.txt","book_words":40,"summary_words":4}`; !strings.HasPrefix(string(files[1].Data), want+"\n") {
		t.Errorf("matches.jsonl = %s, want it to start with %s", files[1].Data, want)
	}
	if want := "{\"line\":4,\"stage\":\"match\",\"reason\":\"ambiguous\",\"candidates\":[7,8]}\n{\"line\":5,\"stage\":\"match\",\"reason\":\"no ebook\"}\n"; string(files[2].Data) != want {
		t.Errorf("rejects.jsonl = %q, want %q", files[2].Data, want)
	}
}
