package evaluate

// Describe says in words which ROUGE options the main columns used, as
// table.md does.
func (s RougeSettings) Describe() string { return s.describe() }

// String renders p-values as table.md does, "ROUGE-1 / ROUGE-2" to three
// decimals, or "–" for nil.
func (p *PValues) String() string { return p.cell() }
