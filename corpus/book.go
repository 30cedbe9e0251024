package corpus

import (
	"fmt"
	"unicode/utf8"

	"github.com/bookalign/bookalign/text"
)

// BookWords counts the words of a book's body (Project Gutenberg
// boilerplate excluded; stopwords and punctuation too, text.CountWords), or
// says why the book cannot be used: it is not valid UTF-8 or has no word.
func BookWords(book []byte) (words int, reason string) {
	if !utf8.Valid(book) {
		return 0, fmt.Sprintf("book is not valid UTF-8 (first bad byte at offset %d)", invalidAt(string(book)))
	}
	raw := string(book)
	body := text.GutenbergBody(raw)
	n := text.CountWords(raw[body.Start:body.End])
	if n == 0 {
		return 0, "book has no words"
	}
	return n, ""
}
