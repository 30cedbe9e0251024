package match

// CorpusPair is a pair written to a corpus by the match pipeline: its row
// of pairs.tsv and its line of matches.jsonl.
type CorpusPair struct {
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
