package extract

import (
	"testing"

	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/rouge"
)

// BenchmarkOracle measures the greedy oracle summary of a book.
func BenchmarkOracle(b *testing.B) {
	for _, id := range classifytest.BenchBooks {
		p := classifytest.SharedPair(b, id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Oracle(p.Doc, p.Book, p.Summary, &rouge.Scorer{Stem: true}, DefaultBudget); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
