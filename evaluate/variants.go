package evaluate

import "slices"

// VariantBlock compares, for one variant of a run (bookalign run --beside
// paper), each trained summarizer under the run's own settings with the
// same summarizer under the variant: table.md's "Beside the paper preset"
// and the report's block of the same name.
type VariantBlock struct {
	// Variant is the variant's name ("paper").
	Variant string
	Rows    []VariantRow
}

// VariantRow is one trained summarizer of a VariantBlock, as text. Default
// and Beside are ROUGE-1 / ROUGE-2 recall in percent under the run's own
// settings and under the variant; Diff is Default minus Beside in
// percentage points, of the unrounded means; P is the variant's paired
// p-values against the default (MethodResult.PVsDefault, printed as
// PValues.String prints them, "–" when absent). The NoStem fields are the
// same for the unstemmed recall.
type VariantRow struct {
	// Method is the trained summarizer ("passage"), VariantMethod its
	// variant (VariantName: "passage-paper").
	Method, VariantMethod                            string
	Default, Beside, Diff, P                         string
	DefaultNoStem, BesideNoStem, DiffNoStem, PNoStem string
}

// Variants returns one block per variant of the run, in alphabetical order
// of the variants, each with a row per trained summarizer that ran both
// ways, in table order; nil for a run without variants. It reads the
// results as they are and recomputes nothing.
func (r *Results) Variants() []VariantBlock {
	byName := map[string]MethodResult{}
	var variants []string
	for _, m := range r.Methods {
		byName[m.Name] = m
		if _, v, ok := SplitVariant(m.Name); ok && !slices.Contains(variants, v) {
			variants = append(variants, v)
		}
	}
	slices.Sort(variants)
	var blocks []VariantBlock
	for _, v := range variants {
		b := VariantBlock{Variant: v}
		for _, base := range NamesOf(Trained) {
			d, okD := byName[base]
			p, okP := byName[VariantName(base, v)]
			if !okD || !okP {
				continue
			}
			b.Rows = append(b.Rows, VariantRow{
				Method: base, VariantMethod: p.Name,
				Default: pair(d.Rouge1Recall, d.Rouge2Recall), Beside: pair(p.Rouge1Recall, p.Rouge2Recall),
				Diff: diff(d.Rouge1Recall, p.Rouge1Recall, d.Rouge2Recall, p.Rouge2Recall), P: p.PVsDefault.cell(),
				DefaultNoStem: pair(d.Rouge1RecallNoStem, d.Rouge2RecallNoStem), BesideNoStem: pair(p.Rouge1RecallNoStem, p.Rouge2RecallNoStem),
				DiffNoStem: diff(d.Rouge1RecallNoStem, p.Rouge1RecallNoStem, d.Rouge2RecallNoStem, p.Rouge2RecallNoStem), PNoStem: p.PVsDefault.noStemCell(),
			})
		}
		blocks = append(blocks, b)
	}
	return blocks
}
