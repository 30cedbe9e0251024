package match

// A Record is one pair the match pipeline wrote to a corpus: its row of
// pairs.tsv and its line of matches.jsonl, with how the summary and the
// book were matched.
type Record struct {
	ID          string `json:"id"`
	Line        int    `json:"summaries_line"`
	WikipediaID int64  `json:"wikipedia_id"`
	Title       string `json:"title"`
	Author      string `json:"author"`
	Ebook       int    `json:"gutenberg_id"`
	EbookTitle  string `json:"ebook_title"`
	EbookAuthor string `json:"ebook_author,omitempty"`
	// Reason says why the match was made; Decided that the decision list
	// made it.
	Reason  string `json:"reason"`
	Decided bool   `json:"decided,omitempty"`
	// BookPath is where the book was found, relative to the mirror.
	BookPath     string `json:"book_path"`
	BookWords    int    `json:"book_words"`
	SummaryWords int    `json:"summary_words"`
}
