package text

// Span is the half-open byte range [Start, End) of a text.
type Span struct {
	Start, End int
}

// Len returns End - Start.
func (s Span) Len() int { return s.End - s.Start }

// Kind says what a sentence is: running prose, or something that only looks
// like a sentence and must be left out of alignment, features and extraction.
type Kind uint8

const (
	// Prose is a sentence of the book's running text or of a summary.
	Prose Kind = iota
	// Heading is a chapter or section heading ("CHAPTER IV.", "II", "THE
	// RIVER"), kept apart from the sentence that follows it.
	Heading
	// Apparatus is front matter and editorial apparatus: a table of contents,
	// a list of illustrations, a title page, transcriber's notes.
	Apparatus
)

// String returns "prose", "heading" or "apparatus".
func (k Kind) String() string {
	switch k {
	case Prose:
		return "prose"
	case Heading:
		return "heading"
	case Apparatus:
		return "apparatus"
	}
	return "unknown"
}

// Sentence is one sentence of a text, located by byte offsets into the text
// exactly as read.
type Sentence struct {
	Span
	// Paragraph is the index of the paragraph holding the sentence, counted
	// from 0 over the whole text.
	Paragraph int
	// Kind is Prose for ordinary sentences.
	Kind Kind
}

// Token is one word of a text.
type Token struct {
	Span
	// Lower is the word lower-cased, with the typographic apostrophe ’
	// written as '.
	Lower string
}
