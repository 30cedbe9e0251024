package align

import "math"

// TokenHMM is the token model of Bamman and Smith (2013), §3.2 (the "Word
// HMM" of their Table 3): Jing's token-level HMM extended with learned
// binned transitions, null states and synonym emissions.
//
// States are the book's counted tokens that can emit a summary token (their
// word is the summary word, or lists it as a synonym), plus one null state
// per chunk of Chunk tokens. Observations are the summary's counted tokens
// that some book token can emit; the others are dropped.
//
// Transitions. Inside a summary sentence a jump from position i to j falls
// in a bin b(j - i) of {0}, {+1}, [+2, +10], [+11, +100], [+101, +τ] or
// their mirrors, and longer jumps are impossible; the jump first picks a
// bin by its weight θ_b, then a position uniformly in the bin. A real state
// jumps to its chunk's null state with probability p0, a null state stays
// with p0, and a jump out of a null state is measured from the middle of
// its chunk with weights θ_null. The first token of every summary sentence
// instead jumps from the previous token (real or null) by half-decade bins
// ρ of any length ({0}, ±[1, 2], ±[3, 9], ±[10, 31], ... ±[316228, ∞)),
// and the summary's first token from position 0 by the same bins π. With
// LiteralTau the τ-limited bins θ apply between sentences too.
//
// Emissions. A book token of word v emits summary word w with probability
// η(w | v), over w in {v} ∪ synonyms(v); η starts at Identity for w = v
// with the rest spread evenly over the synonyms. A null state emits w with
// its background rate in the book, (freq(w; book) + 1) / (len(book) + V), so
// a real state wins only where w is denser than in the book at large.
//
// EM re-estimates θ, θ_null, ρ, π, p0 and η until the relative change of
// log p(t) is below 1e-4 or after Iterations rounds; the Viterbi path under
// the final parameters is the alignment, labelled as described in the
// package comment.
type TokenHMM struct {
	// Thesaurus supplies the synonyms; nil means identity emissions only.
	Thesaurus *Thesaurus
	// Tau is τ, the longest jump inside a summary sentence. Zero means 1000.
	Tau int
	// LiteralTau applies τ between summary sentences too, as the paper's
	// text literally says; by default their first tokens jump anywhere.
	LiteralTau bool
	// Chunk is the width in counted tokens of the book chunk tied to one
	// null state. Zero means 250.
	Chunk int
	// Iterations is the most EM rounds. Zero means 20.
	Iterations int
	// Identity is η(v | v) at the start for a word with synonyms. Zero
	// means 0.9.
	Identity float64
	// EmissionPrior is β, the strength of the Dirichlet prior of each η(· | v)
	// toward its starting value. Zero means 5.
	EmissionPrior float64
	// JumpPrior is the pseudo-count λ added to every bin. Zero means 0.1.
	JumpPrior float64
	// NullPrior is the strength, in transitions, of the Beta prior of p0
	// toward its starting value 0.1. Zero means 10.
	NullPrior float64
	// NoContext leaves unaligned a summary sentence none of whose words any
	// book token can emit. By default such a sentence is placed between its
	// neighbours' aligned tokens (placeByNeighbours), with confidence 0.
	NoContext bool
	// PlaceUnaligned places by its neighbours, in the same way, every
	// summary sentence the label rule leaves unaligned (all its tokens went
	// to null states, or too few formed a cluster), not only those without
	// observations. It has no effect with NoContext.
	PlaceUnaligned bool
	// MinTokens, ClusterGap and LabelTop set the label rule, as for Jing.
	// Zero means 2, 100 and every sentence of the cluster.
	MinTokens, ClusterGap, LabelTop int
}

// tokenTolerance is the relative change of log p(t) at which EM stops.
const tokenTolerance = 1e-4

// Align fits the model by EM and aligns by Viterbi.
func (h *TokenHMM) Align(p *Pair) (*Alignment, error) {
	if h.Tau < 0 || h.Chunk < 0 || h.Iterations < 0 || h.Identity < 0 || h.Identity > 1 ||
		h.EmissionPrior < 0 || h.JumpPrior < 0 || h.NullPrior < 0 || h.MinTokens < 0 || h.ClusterGap < 0 || h.LabelTop < 0 {
		return nil, errSettings
	}
	if len(p.Book.Words) == 0 {
		return nil, ErrEmpty
	}
	a := newAlignment(MethodToken, p)
	m := newTokenModel(p, h.Thesaurus, tokenSettings{
		tau:       orDefault(h.Tau, 1000),
		chunk:     orDefault(h.Chunk, 250),
		literal:   h.LiteralTau,
		identity:  orDefaultF(h.Identity, 0.9),
		emitPrior: orDefaultF(h.EmissionPrior, 5),
		jumpPrior: orDefaultF(h.JumpPrior, 0.1),
		nullPrior: orDefaultF(h.NullPrior, 10),
	})
	if m == nil {
		return a, nil
	}
	iters := orDefault(h.Iterations, 20)
	prev := math.Inf(-1)
	for it := 0; ; it++ {
		ll := m.forward()
		m.backward()
		if it+1 >= iters || math.Abs(ll-prev) <= tokenTolerance*math.Abs(ll) {
			break
		}
		m.mStep()
		prev = ll
	}
	path, states := m.viterbi()

	// Confidence: the mean posterior of the Viterbi states of a sentence,
	// from the last E-step, whose parameters Viterbi used.
	conf := make([]float64, len(p.Summary.Words))
	num := make([]int, len(p.Summary.Words))
	for t, s := range states {
		var q float64
		switch {
		case s >= 0:
			q = m.alpha[m.off[t]+int(s)] * m.beta[m.off[t]+int(s)]
		default:
			c := t*m.nb + int(-1-s)
			q = m.alphaN[c] * m.betaN[c]
		}
		k := m.obs[t].sentence
		conf[k] += q
		num[k]++
	}
	for k := range conf {
		if num[k] > 0 {
			conf[k] /= float64(num[k])
		}
	}
	tokenLabels(p, a, m.obs, path, orDefault(h.MinTokens, defaultMinTokens), orDefault(h.ClusterGap, defaultClusterGap), h.LabelTop, conf)
	if !h.NoContext {
		placeByNeighbours(p, a, m.obs, path, orDefault(h.Tau, 1000), h.LabelTop, h.PlaceUnaligned)
	}
	return a, nil
}
