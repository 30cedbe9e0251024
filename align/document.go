package align

import "github.com/bookalign/bookalign/text"

// Prepare builds a Pair from a parsed book and summary (text.ParseBook,
// text.ParseSummary), with DefaultForms. Build it once per pair and hand it
// to every aligner.
func Prepare(book, summary *text.Document) (*Pair, error) {
	return PrepareText(book.Text, book.Sentences, summary.Text, summary.Sentences)
}

// PrepareForms is Prepare with the given word forms.
func PrepareForms(book, summary *text.Document, f Forms) (*Pair, error) {
	return PrepareTextForms(book.Text, book.Sentences, summary.Text, summary.Sentences, f)
}
