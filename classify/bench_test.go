package classify_test

import (
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/internal/sharedtest"
)

// BenchmarkNewBook measures preparing a parsed book.
func BenchmarkNewBook(b *testing.B) {
	for _, id := range classifytest.BenchBooks {
		p := classifytest.SharedPair(b, id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				classify.NewBook(id, p.Doc)
			}
		})
	}
}

// BenchmarkBookBinary measures the binary form of every corpus book, what
// crosses a pipeline's shuffles in place of the text: its mean and largest
// size, the mean size of the text it replaces, and the time to decode a
// book of median size.
//
//	go test ./classify/ -run XXX -bench BookBinary -benchtime 10x
func BenchmarkBookBinary(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := classifytest.LoadCorpus(b, dir, classifytest.CorpusIDs(b, dir))
	var total, largest, textBytes int
	for _, p := range pairs {
		data, err := p.Book.MarshalBinary()
		if err != nil {
			b.Fatal(err)
		}
		total, largest = total+len(data), max(largest, len(data))
		textBytes += len(p.Doc.Text)
	}
	median, err := classifytest.SharedPair(b, "tarzan-of-the-apes").Book.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		var got classify.Book
		if err := got.UnmarshalBinary(median); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(total)/float64(len(pairs)), "bytes/book")
	b.ReportMetric(float64(largest), "max-bytes")
	b.ReportMetric(float64(textBytes)/float64(len(pairs)), "text-bytes/book")
}
