package align

import (
	"errors"
	"math/rand/v2"
)

// PassageHMM is the passage model of Bamman and Smith (2013), §3.1 (the
// "Block HMM" of their Table 3): each HMM state is a contiguous passage of the
// book, each observation a summary sentence, and the passages' boundaries
// are sampled alongside the usual EM updates of π and γ. Zero fields mean
// the paper's choices; a PassageHMM may align several pairs at once.
type PassageHMM struct {
	// Passages is K, the number of states. Zero means 100 (§4). A book with
	// fewer counted tokens than K gets one state per token.
	Passages int
	// Iterations is the number of E/M/S rounds. Zero means 500 (§3.1.1).
	Iterations int
	// Prior is μ, the strength of the Dirichlet prior that smooths each
	// passage's unigram distribution toward the book's:
	//	p(w | b_i:j) = (freq(w; b_i:j) + μ p_book(w)) / (j-i+1 + μ).
	// Zero means 100.
	Prior float64
	// JumpPrior is the pseudo-count λ added to every jump count c(d) and to
	// every start count, so no transition is ever impossible. Zero means 0.01.
	JumpPrior float64
	// Seed seeds the boundary sampler: the same seed gives the same
	// alignment.
	Seed uint64
	// NoContext leaves unaligned a summary sentence none of whose words
	// occurs in the book. By default such a sentence is aligned to its most
	// probable state, which its neighbours decide through the transitions.
	NoContext bool
	// Neighbours places a sentence whose State is -1 by its neighbours'
	// passages, with confidence 0 (PassageFit.neighbourSpan), instead of at its
	// most probable state (Context). It has no effect with NoContext.
	Neighbours bool
	// LabelTop, when positive, labels for each summary sentence only the
	// LabelTop sentences of its passage that share the most distinct
	// counted words with it (Pair.topSentences). Zero labels the whole passage.
	LabelTop int
}

// Defaults of PassageHMM.
const (
	defaultPassages   = 100
	defaultIterations = 500
	defaultPrior      = 100
	defaultJumpPrior  = 0.01
)

// errSettings reports a negative setting.
var errSettings = errors.New("align: negative setting")

// PassageFit is everything the passage model learned about one pair.
type PassageFit struct {
	// Passages are the final spans of the K states, in counted book tokens
	// (finalPassages).
	Passages []Interval
	// Left and Right are, per state, the histograms of the sampled left
	// boundaries (the index i of a passage's first token) and right
	// boundaries (the index j of its last token), over all the rounds: the
	// data of the paper's Figure 3.
	Left, Right []Histogram
	// State[k] is the state that summary sentence k is aligned to (the
	// maximum of its posterior at the final spans), or -1 when the sentence
	// holds no counted token found in the book.
	State []int
	// Posterior[k] is q(z_k = State[k] | t), or q(z_k = Context[k] | t)
	// when State[k] is -1.
	Posterior []float64
	// Context[k] is, for a sentence whose State is -1, its most probable
	// state all the same; -1 for the other sentences.
	Context []int
	// LogLikelihood is log p(t) at the final spans.
	LogLikelihood float64
}

// Histogram counts samples of a boundary position. Bins are in increasing
// order of Pos and have positive counts.
type Histogram []Bin

// Bin is one bar of a Histogram: Count samples at position Pos.
type Bin struct {
	Pos, Count int
}

// Mode returns the most frequent position at or after from, the smallest
// one on ties, and false when there is none.
func (h Histogram) Mode(from int) (pos int, ok bool) {
	best := 0
	for _, b := range h {
		if b.Pos >= from && b.Count > best {
			pos, best = b.Pos, b.Count
		}
	}
	return pos, best > 0
}

// Align fits the model (see Fit) and labels, for each summary sentence with
// a counted token, the book sentences of its state's final passage (with
// LabelTop, only the best of them).
func (h *PassageHMM) Align(p *Pair) (*Alignment, error) {
	a, _, err := h.AlignFit(p)
	return a, err
}

// AlignFit is Align that also returns the fit it aligned by.
func (h *PassageHMM) AlignFit(p *Pair) (*Alignment, *PassageFit, error) {
	if h.LabelTop < 0 {
		return nil, nil, errSettings
	}
	fit, err := h.Fit(p)
	if err != nil {
		return nil, nil, err
	}
	a := newAlignment(MethodPassage, p)
	for k, s := range fit.State {
		if s < 0 && !h.NoContext && len(p.Summary.Words[k]) > 0 {
			if h.Neighbours {
				if iv, ok := fit.neighbourSpan(k); ok {
					sa := &a.Sentences[k]
					p.setSpan(sa, iv, p.topSentences(k, iv, p.sentencesOf(iv), h.LabelTop))
				}
				continue
			}
			s = fit.Context[k]
		}
		if s < 0 {
			continue
		}
		iv := fit.Passages[s]
		sa := &a.Sentences[k]
		p.setSpan(sa, iv, p.topSentences(k, iv, p.sentencesOf(iv), h.LabelTop))
		sa.Confidence = fit.Posterior[k]
	}
	return a, fit, nil
}

// Fit runs the EM-like loop of §3.1.1 on p (see the package comment): each
// round runs eStep, mStep and sStep and records every state's boundaries; a
// last eStep at the final spans aligns each sentence to its most probable
// state.
func (h *PassageHMM) Fit(p *Pair) (*PassageFit, error) {
	if h.Passages < 0 || h.Iterations < 0 || h.Prior < 0 || h.JumpPrior < 0 {
		return nil, errSettings
	}
	if len(p.Book.Words) == 0 {
		return nil, ErrEmpty
	}
	k := orDefault(h.Passages, defaultPassages)
	iters := orDefault(h.Iterations, defaultIterations)
	mu := orDefaultF(h.Prior, defaultPrior)
	lambda := orDefaultF(h.JumpPrior, defaultJumpPrior)
	m := newPassageModel(p, min(k, len(p.Book.Words)), mu, lambda)
	m.rng = rand.New(rand.NewPCG(h.Seed, h.Seed^0x9e3779b97f4a7c15))

	samples := newBoundarySamples(m.k, iters)
	for range iters {
		m.eStep()
		m.mStep()
		m.sStep()
		samples.record(m.start, m.end)
	}

	fit := &PassageFit{}
	fit.Left, fit.Right = samples.histograms()
	fit.Passages = samples.finalPassages(m.n)
	for s, iv := range fit.Passages {
		m.start[s], m.end[s] = iv.Start, iv.End
		m.logEmission(s)
	}
	fit.LogLikelihood = m.eStep()
	fit.State = make([]int, m.sents)
	fit.Context = make([]int, m.sents)
	fit.Posterior = make([]float64, m.sents)
	for l := range m.sents {
		fit.State[l], fit.Context[l] = -1, -1
		q := m.post[l*m.k : (l+1)*m.k]
		best := 0
		for s := range q {
			if q[s] > q[best] {
				best = s
			}
		}
		if m.sentLen[l] == 0 {
			fit.Context[l] = best
		} else {
			fit.State[l] = best
		}
		fit.Posterior[l] = q[best]
	}
	return fit, nil
}

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

func orDefaultF(v, def float64) float64 {
	if v == 0 {
		return def
	}
	return v
}
