package evaluate

// Describe says in words which ROUGE options the main columns used, as
// table.md does.
func (s RougeSettings) Describe() string { return s.describe() }

// String renders the stemmed p-values as table.md does, "ROUGE-1 /
// ROUGE-2" (FormatP), or "–" for nil.
func (p *PValues) String() string { return p.cell() }

// NoStemString renders the unstemmed p-values as String does the stemmed.
func (p *PValues) NoStemString() string { return p.noStemCell() }
