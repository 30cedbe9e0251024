package align

import (
	"slices"
)

// tokenModel is the working state of one TokenHMM fit. Summary words are
// renumbered 0..v-1 over the words of the kept observations; a summary
// token is kept when some book token can emit it (its own word, or a word
// listing it as a synonym).
type tokenModel struct {
	n     int           // book length in counted tokens
	obs   []observation // kept summary tokens
	obsW  []int32       // local summary word of each observation
	cross []bool        // obs t opens a summary sentence (t > 0) and jumps by coarse bins

	// Candidate states of local summary word w: book positions cand[w]
	// (sorted), the emission pair of each, candPair[w], and its null
	// state's chunk, candChunk[w] (position / chunk).
	cand, candPair, candChunk [][]int32

	// Emissions η(w | v) over pairs (book type v, summary word w), learned
	// with a Dirichlet prior of strength emitPrior toward eta0.
	eta, eta0  []float64
	pairType   []int32   // local book type of each pair
	pairCount  []float64 // expected count of each pair
	typeCount  []float64 // expected count of each book type
	emitPrior  float64
	nullEmit   []float64 // η(w | null): the book's unigram distribution
	chunk, nb  int       // null chunk width and number of null states
	centers    []int32   // m_c, the middle of chunk c
	nullPrior  float64
	p0         float64 // probability of a jump to a null state
	within     binSet  // b(·) inside a summary sentence
	coarse     binSet  // between summary sentences, and from the start
	theta      []float64
	thetaN     []float64 // jumps from a null state, measured from its chunk
	rho        []float64 // jumps into a summary sentence's first token
	pi         []float64 // the first token's position, from position 0
	jumpPrior  float64
	cTheta     []float64 // expected counts, gathered by the E-step
	cThetaN    []float64
	cRho       []float64
	cPi        []float64
	cNull      float64
	tokenSteps float64 // number of transitions, start included

	// Forward–backward storage: real states of observation t at
	// [off[t], off[t+1]) of alpha and beta, null states at [t*nb, (t+1)*nb).
	off                  []int
	alpha, beta          []float64
	alphaN, betaN, scale []float64

	// Scratch.
	coefR     [][]float64 // per bin, per source: see binSet.coefs
	coefIn    [][]float64 // per bin, per null state: inside a sentence
	coefCross [][]float64 // per bin, per null state: into a sentence
	zeroIn    bool        // coefIn, coefCross have zeros (binSet.coefs)
	zeroCross bool
	win       []windowSum
	wmax      []windowMax
	sums      []float64     // runSums' partial sums
	argmax    []int32       // spreadMaxBins' partial choices
	ptr, thr  []int         // makeWindows' pointers, and thresholds less the row's value, one per bin edge
	plans     []planBuilder // makeWindows' plans per bin

	// The windows of the jumps into each observation (binWindows), and
	// the windows made, by their words (windowKey).
	spreadAt, gatherAt     []stepWindows
	spreadMade, gatherMade map[windowKey]*binWindows

	// Coefficients of jumps out of each local word's candidates, by the
	// within and the coarse bins (sourceCoefs); params numbers the
	// parameters, from 1, and each M-step moves it on.
	coefWithin, coefCoarse []wordCoefs
	params                 int
	e, eN                  []float64
}

// tokenSettings are the resolved settings of a TokenHMM.
type tokenSettings struct {
	tau, chunk                     int
	literal                        bool
	identity, emitPrior, jumpPrior float64
	nullPrior                      float64
}

// newTokenModel sets up candidates, emissions and uniform transitions.
// It returns nil when no summary token can be emitted by the book.
func newTokenModel(p *Pair, th *Thesaurus, cfg tokenSettings) *tokenModel {
	n := len(p.Book.Words)
	occ := newOccurrences(p)
	inSummary := make([]bool, len(p.Vocab))
	for _, ws := range p.Summary.Words {
		for _, w := range ws {
			inSummary[w] = true
		}
	}

	// Emission pairs: (v, v) for every summary word in the book, and (v, w)
	// for every book type v listing summary word w among its synonyms.
	type pair struct{ v, w int32 }
	var pairs []pair
	var eta0 []float64
	var syn [][]int32 // synonyms of each book type in pair ids, when th != nil
	var nsyn []int    // and the number of its thesaurus synonyms
	if th != nil {
		syn, nsyn = synonymIDs(p, th)
	}
	for v := range p.Vocab {
		if occ.count(int32(v)) == 0 {
			continue
		}
		var outs []int32
		if syn != nil {
			outs = syn[v]
		}
		self := 1.0
		if syn != nil && nsyn[v] > 0 {
			self = cfg.identity
		}
		if inSummary[v] {
			pairs = append(pairs, pair{int32(v), int32(v)})
			eta0 = append(eta0, self)
		}
		for _, w := range outs {
			if inSummary[w] {
				pairs = append(pairs, pair{int32(v), w})
				eta0 = append(eta0, (1-self)/float64(nsyn[v]))
			}
		}
	}

	m := &tokenModel{n: n, emitPrior: cfg.emitPrior, jumpPrior: cfg.jumpPrior, nullPrior: cfg.nullPrior}
	// Local numbering of summary words that some pair emits, and of book types.
	localW := make([]int32, len(p.Vocab))
	localV := make([]int32, len(p.Vocab))
	for i := range localW {
		localW[i], localV[i] = -1, -1
	}
	var words []int32
	nTypes := int32(0)
	for _, pr := range pairs {
		if localW[pr.w] < 0 {
			localW[pr.w] = int32(len(words))
			words = append(words, pr.w)
		}
		if localV[pr.v] < 0 {
			localV[pr.v] = nTypes
			nTypes++
		}
	}
	m.obs = keptObservations(p, func(w int32) bool { return localW[w] >= 0 })
	if len(m.obs) == 0 {
		return nil
	}

	// Candidates per summary word, sorted by position.
	type cand struct{ pos, pair int32 }
	perWord := make([][]cand, len(words))
	for id, pr := range pairs {
		lw := localW[pr.w]
		for _, pos := range occ.of(pr.v) {
			perWord[lw] = append(perWord[lw], cand{pos, int32(id)})
		}
	}
	m.cand = make([][]int32, len(words))
	m.candPair = make([][]int32, len(words))
	for w, cs := range perWord {
		slices.SortFunc(cs, func(a, b cand) int { return int(a.pos - b.pos) })
		m.cand[w] = make([]int32, len(cs))
		m.candPair[w] = make([]int32, len(cs))
		for i, c := range cs {
			m.cand[w][i], m.candPair[w][i] = c.pos, c.pair
		}
	}
	m.eta0 = eta0
	m.eta = slices.Clone(eta0)
	m.pairType = make([]int32, len(pairs))
	for id, pr := range pairs {
		m.pairType[id] = localV[pr.v]
	}
	m.pairCount = make([]float64, len(pairs))
	m.typeCount = make([]float64, nTypes)

	// Observations, their words and sentence starts.
	m.obsW = make([]int32, len(m.obs))
	m.cross = make([]bool, len(m.obs))
	// η(w | null) = (freq(w; book) + 1) / (len(book) + v): the book's
	// background rate of w, so a null state explains a word about as well
	// as any stretch of the book would, and a real state must beat that.
	m.nullEmit = make([]float64, len(words))
	for w, id := range words {
		m.nullEmit[w] = float64(occ.count(id)+1) / float64(n+len(words))
	}
	for t, o := range m.obs {
		m.obsW[t] = localW[o.word]
		m.cross[t] = t > 0 && o.sentence != m.obs[t-1].sentence && !cfg.literal
	}

	// Null states: one per chunk of the book.
	m.chunk = cfg.chunk
	m.candChunk = make([][]int32, len(m.cand))
	for w, pos := range m.cand {
		m.candChunk[w] = make([]int32, len(pos))
		for x, i := range pos {
			m.candChunk[w][x] = i / int32(m.chunk)
		}
	}
	m.nb = (n + m.chunk - 1) / m.chunk
	m.centers = make([]int32, m.nb)
	for c := range m.centers {
		m.centers[c] = int32(min(c*m.chunk+m.chunk/2, n-1))
	}
	m.p0 = initialNull

	m.within, m.coarse = withinBins(cfg.tau), coarseBins()
	m.theta = uniform(m.within.len())
	m.thetaN = uniform(m.within.len())
	m.rho = uniform(m.coarse.len())
	m.pi = uniform(m.coarse.len())
	m.cTheta = make([]float64, m.within.len())
	m.cThetaN = make([]float64, m.within.len())
	m.cRho = make([]float64, m.coarse.len())
	m.cPi = make([]float64, m.coarse.len())

	m.off = make([]int, len(m.obs)+1)
	for t, w := range m.obsW {
		m.off[t+1] = m.off[t] + len(m.cand[w])
	}
	total := m.off[len(m.obs)]
	m.alpha, m.beta = make([]float64, total), make([]float64, total)
	m.alphaN, m.betaN = make([]float64, len(m.obs)*m.nb), make([]float64, len(m.obs)*m.nb)
	m.scale = make([]float64, len(m.obs))
	bins := max(m.within.len(), m.coarse.len())
	m.coefR = make([][]float64, bins)
	m.coefIn, m.coefCross = make([][]float64, m.within.len()), make([][]float64, m.coarse.len())
	for b := range bins {
		if b < m.within.len() {
			m.coefIn[b] = make([]float64, m.nb)
		}
		if b < m.coarse.len() {
			m.coefCross[b] = make([]float64, m.nb)
		}
	}
	m.coefWithin, m.coefCoarse = make([]wordCoefs, len(words)), make([]wordCoefs, len(words))
	m.params = 1
	m.win = make([]windowSum, bins)
	m.spreadAt, m.gatherAt = make([]stepWindows, len(m.obs)), make([]stepWindows, len(m.obs))
	m.spreadMade, m.gatherMade = map[windowKey]*binWindows{}, map[windowKey]*binWindows{}
	m.wmax = make([]windowMax, bins)
	return m
}

// initialNull is the initial probability p0 of a jump to a null state.
const initialNull = 0.1

func uniform(n int) []float64 {
	u := make([]float64, n)
	for i := range u {
		u[i] = 1 / float64(n)
	}
	return u
}

// synonymIDs returns, for each word id of p, the ids in p of its
// thesaurus synonyms that occur in p, and the number of its synonyms in the
// thesaurus. Thesaurus words are compared in p's forms: the synonyms of a
// form are those of every thesaurus word with that form, other than the
// form itself.
func synonymIDs(p *Pair, th *Thesaurus) (syn [][]int32, count []int) {
	tf := th.inForms(p.Forms)
	pairOf := make([]int32, len(tf.forms)) // form index → word id of p
	for i := range pairOf {
		pairOf[i] = -1
	}
	formOf := make([]int32, len(p.Vocab)) // word id of p → form index
	for id, w := range p.Vocab {
		formOf[id] = -1
		if f, ok := tf.index[w]; ok {
			formOf[id] = f
			pairOf[f] = int32(id)
		}
	}
	syn, count = make([][]int32, len(p.Vocab)), make([]int, len(p.Vocab))
	seen := make([]int32, len(tf.forms)) // stamp: id+1 of the word that saw the form
	for id, f := range formOf {
		if f < 0 {
			continue
		}
		stamp := int32(id) + 1
		seen[f] = stamp
		for _, t := range tf.members[f] {
			for _, s := range th.syn[t] {
				g := tf.of[s]
				if seen[g] == stamp {
					continue
				}
				seen[g] = stamp
				count[id]++
				if x := pairOf[g]; x >= 0 {
					syn[id] = append(syn[id], x)
				}
			}
		}
	}
	return syn, count
}

// step returns the bins and weights of the jump into observation t: within
// a sentence, θ from a real state and θ_null from a null one; into a
// sentence's first token, ρ from either.
func (m *tokenModel) step(t int) (bins binSet, fromReal, fromNull []float64) {
	if m.cross[t] {
		return m.coarse, m.rho, m.rho
	}
	return m.within, m.theta, m.thetaN
}

// centerCoefs computes the coefficients of jumps out of the null states,
// which depend only on the parameters: once per E-step.
func (m *tokenModel) centerCoefs() {
	m.zeroIn = m.within.coefs(m.coefIn, m.thetaN, m.centers, m.n, m.p0)
	m.zeroCross = m.coarse.coefs(m.coefCross, m.rho, m.centers, m.n, m.p0)
}

// nullCoefs returns the coefficients of jumps out of the null states into
// observation t, and whether they have zeros (binSet.coefs).
func (m *tokenModel) nullCoefs(t int) (coef [][]float64, zeros bool) {
	if m.cross[t] {
		return m.coefCross, m.zeroCross
	}
	return m.coefIn, m.zeroIn
}

// emissions returns the candidates of observation t and sets m.e to their
// emission probabilities.
func (m *tokenModel) emissions(t int) []int32 {
	w := m.obsW[t]
	m.e = resizeFloat(m.e, len(m.cand[w]))
	for x, id := range m.candPair[w] {
		m.e[x] = m.eta[id]
	}
	return m.cand[w]
}

// sourceCoefs returns binSet.coefs of the jumps out of the candidates of
// observation t-1 into observation t: by the within bins and θ, or into a
// sentence's first token by the coarse bins and ρ. They depend only on the
// word of t-1, the bin set and the parameters, so they are computed once
// per word and bin set between two M-steps, and forward, backward and
// viterbi share them. It reports too whether they have zeros
// (binSet.coefs).
func (m *tokenModel) sourceCoefs(t int) (coef [][]float64, zeros bool) {
	w := m.obsW[t-1]
	bins, thR, _ := m.step(t)
	c := &m.coefWithin[w]
	if m.cross[t] {
		c = &m.coefCoarse[w]
	}
	if c.params != m.params {
		pos := m.cand[w]
		if c.coef == nil {
			c.coef = make([][]float64, bins.len())
			for b := range c.coef {
				c.coef[b] = make([]float64, len(pos))
			}
		}
		c.zeros = bins.coefs(c.coef, thR, pos, m.n, m.p0)
		c.params = m.params
	}
	return c.coef, c.zeros
}

// wordCoefs are the coefficients of jumps out of one word's candidates by
// one bin set, made under the parameters numbered params, whether they
// have zeros, and their logs (Viterbi's), made under the parameters
// numbered logParams.
type wordCoefs struct {
	coef      [][]float64
	zeros     bool
	params    int
	log       [][]float64
	logParams int
}

// prepare sizes coef for the sources pos and fills it with binSet.coefs.
func prepare(coef [][]float64, bins binSet, theta []float64, pos []int32, n int, p0 float64) {
	for b := range bins.len() {
		coef[b] = resizeFloat(coef[b], len(pos))
	}
	bins.coefs(coef[:bins.len()], theta, pos, n, p0)
}
