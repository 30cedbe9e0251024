package align

// Options configure the aligner New returns. The zero value is the
// defaults of every aligner with DefaultLabelTop; each option says which
// aligners it affects, and the others ignore it.
type Options struct {
	// Seed seeds the Passage HMM's boundary sampler.
	Seed uint64
	// Iterations are the EM rounds of the HMMs (PassageHMM.Iterations,
	// TokenHMM.Iterations); zero keeps their defaults.
	Iterations int
	// Thesaurus supplies the Token HMM's synonyms; nil means identity
	// emissions only.
	Thesaurus *Thesaurus
	// WholeSpans labels every book sentence of an aligned span (LabelTop
	// zero, the paper's words read literally) instead of DefaultLabelTop.
	WholeSpans bool
	// NoContext leaves unaligned, in the HMMs, a summary sentence none of
	// whose words is in the book (PassageHMM.NoContext, TokenHMM.NoContext).
	// Without it the HMMs place such sentences by their neighbours
	// (PassageHMM.Neighbours, TokenHMM.PlaceUnaligned).
	NoContext bool
	// Prior sets PassageHMM.Prior, μ; zero keeps its default.
	Prior float64
}

// labelTop is the LabelTop of the options' label rule.
func (o Options) labelTop() int {
	if o.WholeSpans {
		return 0
	}
	return DefaultLabelTop
}

// NewPassageHMM returns the Passage HMM of the options.
func NewPassageHMM(o Options) *PassageHMM {
	return &PassageHMM{
		Seed: o.Seed, Iterations: o.Iterations, LabelTop: o.labelTop(), NoContext: o.NoContext,
		Prior: o.Prior, Neighbours: !o.NoContext,
	}
}

// NewTokenHMM returns the Token HMM of the options.
func NewTokenHMM(o Options) *TokenHMM {
	return &TokenHMM{
		Thesaurus: o.Thesaurus, Iterations: o.Iterations, LabelTop: o.labelTop(), NoContext: o.NoContext,
		PlaceUnaligned: !o.NoContext,
	}
}

// NewJing returns the Jing aligner of the options.
func NewJing(o Options) *Jing { return &Jing{LabelTop: o.labelTop()} }
