package text

import (
	"os"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// benchBooks are a long book (1.7 MB, about 300,000 words) and one of the
// median size (480 kB); heart-of-darkness is a raw Gutenberg file, so it
// exercises GutenbergBody's marker search too.
var benchBooks = []string{"daniel-deronda", "tarzan-of-the-apes", "heart-of-darkness"}

func readBenchBook(b *testing.B, id string) string {
	raw, err := os.ReadFile(sharedtest.Path(b, "corpus", "books", id+".txt"))
	if err != nil {
		b.Fatal(err)
	}
	return string(raw)
}

// BenchmarkParseBook measures ParseBook then Tokens over every sentence:
// everything a pipeline does with a book's text.
func BenchmarkParseBook(b *testing.B) {
	for _, id := range benchBooks {
		raw := readBenchBook(b, id)
		b.Run(id, func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			var toks []Token
			for b.Loop() {
				doc, err := ParseBook(raw)
				if err != nil {
					b.Fatal(err)
				}
				for _, s := range doc.Sentences {
					toks = AppendTokens(toks[:0], raw, s.Span)
				}
			}
		})
	}
}

// BenchmarkSplitSentences measures sentence splitting alone.
func BenchmarkSplitSentences(b *testing.B) {
	raw := readBenchBook(b, benchBooks[0])
	body := GutenbergBody(raw)
	b.SetBytes(int64(body.Len()))
	b.ReportAllocs()
	for b.Loop() {
		SplitSentences(raw, body)
	}
}

// BenchmarkTokens measures Tokens over a whole book at once.
func BenchmarkTokens(b *testing.B) {
	raw := readBenchBook(b, benchBooks[0])
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		Tokens(raw, Span{0, len(raw)})
	}
}

// BenchmarkCountWords measures CountWords over a whole book.
func BenchmarkCountWords(b *testing.B) {
	raw := readBenchBook(b, benchBooks[0])
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		CountWords(raw)
	}
}

// BenchmarkGutenbergBody measures the marker search on a raw file.
func BenchmarkGutenbergBody(b *testing.B) {
	raw := readBenchBook(b, "heart-of-darkness")
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		GutenbergBody(raw)
	}
}
