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
	// Without it the Token HMM also places by its neighbours every sentence
	// its label rule leaves unaligned (TokenHMM.PlaceUnaligned, the default
	// since 2026-11-25: on both anchor sets it placed more masked anchors
	// and no fewer kept ones, docs/alignment.md), and the Passage HMM places
	// a sentence without book words in the same way
	// (PassageHMM.Neighbours, the default since 2026-11-25, on the same
	// evidence).
	NoContext bool
	// PlaceDecoding and Interpolate set the HMMs' fields of those names.
	PlaceDecoding, Interpolate bool
	// Prior, BurnIn and IDF set the Passage HMM's fields of those names.
	Prior  float64
	BurnIn int
	IDF    bool
	// PosteriorDecoding, PlaceBelow and SynonymCap set the Token HMM's
	// fields of those names.
	PosteriorDecoding bool
	PlaceBelow        float64
	SynonymCap        int
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
		PlaceDecoding: o.PlaceDecoding, Interpolate: o.Interpolate, Prior: o.Prior, BurnIn: o.BurnIn, IDF: o.IDF,
		Neighbours: !o.NoContext,
	}
}

// NewTokenHMM returns the Token HMM of the options.
func NewTokenHMM(o Options) *TokenHMM {
	return &TokenHMM{
		Thesaurus: o.Thesaurus, Iterations: o.Iterations, LabelTop: o.labelTop(), NoContext: o.NoContext,
		PlaceDecoding: o.PlaceDecoding, Interpolate: o.Interpolate,
		PosteriorDecoding: o.PosteriorDecoding, PlaceUnaligned: !o.NoContext, PlaceBelow: o.PlaceBelow,
		SynonymCap: o.SynonymCap,
	}
}

// NewJing returns the Jing aligner of the options.
func NewJing(o Options) *Jing { return &Jing{LabelTop: o.labelTop()} }
