package align

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

// loadDocs parses corpus pair id of the corpus in dir and prepares it.
func loadDocs(tb testing.TB, dir, id string) (book, summary *text.Document, p *Pair) {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "books", id+".txt"))
	if err != nil {
		tb.Fatal(err)
	}
	s, err := os.ReadFile(filepath.Join(dir, "summaries", id+".txt"))
	if err != nil {
		tb.Fatal(err)
	}
	if book, err = text.ParseBook(string(b)); err != nil {
		tb.Fatalf("%s: %v", id, err)
	}
	if summary, err = text.ParseSummary(string(s)); err != nil {
		tb.Fatalf("%s: %v", id, err)
	}
	if p, err = Prepare(book, summary); err != nil {
		tb.Fatalf("%s: %v", id, err)
	}
	return book, summary, p
}

// loadPair reads and prepares corpus pair id.
func loadPair(tb testing.TB, id string) *Pair {
	tb.Helper()
	_, _, p := loadDocs(tb, sharedtest.Path(tb, "corpus"), id)
	return p
}
