package report

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

// BenchmarkRenderBook renders the page of the corpus's longest book, The
// Pickwick Papers (160,000 words without stopwords), with a stand-in
// alignment of every summary sentence to its proportional place and a
// generated summary of every 300th sentence:
//
//	go test ./report -run XXX -bench RenderBook -benchmem
func BenchmarkRenderBook(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	raw, err := os.ReadFile(filepath.Join(dir, "books", "the-pickwick-papers.txt"))
	if err != nil {
		b.Fatal(err)
	}
	summary, err := os.ReadFile(filepath.Join(dir, "summaries", "the-pickwick-papers.txt"))
	if err != nil {
		b.Fatal(err)
	}
	book, err := text.ParseBook(string(raw))
	if err != nil {
		b.Fatal(err)
	}
	sum, err := text.ParseSummary(string(summary))
	if err != nil {
		b.Fatal(err)
	}
	var records []align.Record
	for k := range sum.Sentences {
		s := book.Sentences[k*len(book.Sentences)/len(sum.Sentences)].Span
		records = append(records, align.Record{SummaryIndex: k, SpanBytes: &[2]int{s.Start, s.End}, Confidence: 0.5})
	}
	var picked []int
	for i := 0; i < len(book.Sentences); i += 300 {
		picked = append(picked, i)
	}
	b.Logf("%d book sentences, %d summary sentences, %d picked", len(book.Sentences), len(sum.Sentences), len(picked))
	bk := &Book{ID: "the-pickwick-papers", Raw: string(raw), Summary: string(summary),
		Alignments: map[string][]align.Record{"passage": records, "token": records, "jing": records},
		Selections: map[string][][2]int{"names": extract.Pick(book, picked).Spans}}
	b.SetBytes(int64(len(raw)))
	var size int
	for b.Loop() {
		page, err := RenderBook(bk, []string{"passage", "token", "jing", "names"})
		if err != nil {
			b.Fatal(err)
		}
		size = len(page)
	}
	b.ReportMetric(float64(size), "page-bytes")
}
