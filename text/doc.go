// Package text turns a Project Gutenberg book or a plot summary into the
// units the rest of bookalign works with: the body of the text without
// Gutenberg boilerplate, paragraphs and sentences with byte offsets into the
// original text, and word tokens.
//
// Every position is a byte offset into the text exactly as given.
//
// Words. A word token is a maximal run of Unicode letters and digits, with
// internal apostrophes (' or ’) kept ("don't", "o’clock"). Punctuation is not
// a token. Where the paper counts "words (stopwords and punctuation
// excluded)", bookalign counts the word tokens whose lower-cased form is not in
// the English stopword list (see Stopwords); CountWords does this. The
// summary budget ("1,000 words") counts all word tokens, stopwords included;
// BudgetWords does this. A combining mark continues a word ("e" and U+0301),
// so decomposed accents do not split one. An HTML character reference, as
// Wikipedia summaries keep some ("Henry&#39;s", "&mdash;"), is read as its
// character: an apostrophe's joins a word, any other separates words
// (entities.go). The corpus's pairs.tsv counts ASCII letters and digits
// only, so CountWords differs from it where a word has a letter outside
// ASCII or a character reference.
//
// Body. GutenbergBody finds the book inside a Project Gutenberg file: after
// the "*** START OF THE PROJECT GUTENBERG EBOOK" marker (or the 1990s "*END*THE
// SMALL PRINT!" line) and the production credits after it, and before the
// "End of the Project Gutenberg EBook" line or "*** END OF" marker. A text
// without boilerplate is its own body.
//
// Sentences. A blank line ends a paragraph; a single line break is a space.
// Lines may end in "\n", "\r\n" or "\r", and double-spaced transcriptions
// (a blank line after every line) are recognised. Within a paragraph a
// sentence ends at ".", "?", "!", "…" or a dash that breaks off a quotation,
// with the closing quotation marks after it, when the next word starts with
// a capital or a digit; not after Mr., Mrs., Dr., St. and other titles, nor
// after initials. So
//
//	"Who put out the light?" cried Mrs. Pell from the stair. "Was it
//	the wind?"
//
// is two sentences: `"Who put out the light?" cried Mrs. Pell from the
// stair.` and `"Was it\nthe wind?"`. Sentences never overlap, are trimmed of
// white space, and cover every non-space byte of the body.
//
// Kinds. Chapter headings ("CHAPTER IV.", "STAVE ONE", "XIV", and a title
// under a chapter number) are sentences of their own, of Kind Heading. Front matter and
// editorial apparatus are of Kind Apparatus: tables of contents and lists of
// illustrations (after a "CONTENTS" line, or known by entries that end in
// page numbers or begin with chapter numbers), title pages and anything else
// before the first paragraph of prose, "[Illustration: …]" markers and
// transcribers' notes. Alignment, features and extraction use only Prose
// sentences; Document.Prose returns them. A prose sentence of more than 250
// words is broken at its line ends (glossaries, unpunctuated verse).
//
// Errors. ParseBook and ParseSummary reject text that is not valid UTF-8
// (ErrInvalidUTF8; a repaired text would not match its offsets), text whose
// bytes are NUL in one case of twenty or more (ErrUTF16), and a body with
// no word (ErrEmpty), wrapped in a *ParseError that gives the byte offset.
//
// Package text never imports Beam.
package text
