package evaluate

// Describe says in words which ROUGE options the main columns used, as
// table.md does.
func (s RougeSettings) Describe() string { return s.describe() }

// String renders the stemmed p-values as table.md does, "ROUGE-1 /
// ROUGE-2" (FormatP), or "–" for nil.
func (p *PValues) String() string { return p.cell() }

// ContentString renders the stemmed content-word p-values (ROUGE -s) as
// String does the main ones, "–" when p or its content p-values are nil.
func (p *PValues) ContentString() string { return p.contentCell() }

// NoStemString and ContentNoStemString render the unstemmed p-values, of
// all words and of the content words, as String does the stemmed.
func (p *PValues) NoStemString() string        { return p.noStemCell() }
func (p *PValues) ContentNoStemString() string { return p.contentNoStemCell() }

// ContentStem says in words how the content-word columns were stemmed, as
// table.md does.
func (s RougeSettings) ContentStem() string { return s.contentStem() }
