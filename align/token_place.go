package align

// placePath decodes by place (TokenHMM.PlaceDecoding): each summary
// sentence is first put where the posteriors of all its observations,
// together, put the most mass, and only then are its tokens aligned inside
// that place.
//
// The book is cut into the null states' chunks. The mass of chunk c for
// sentence k is
//
//	M_k(c) = sum_{t in k} ( q(z_t = n_c | t) + sum_{j in chunk c} q(z_t = j | t) ),
//
// the expected number of the sentence's observations in chunk c, null or
// real. The sentence's place is the window of `reach` chunks on either side
// of the chunk whose window holds the most mass (the earlier on ties).
// Each observation of k is then aligned to its real state of highest
// posterior inside the place, or to the place's null state of highest
// posterior when that beats every real state there. A sentence whose
// observations are few or common words, with no single path through them
// that Viterbi prefers, is so placed by everything the posteriors know,
// its neighbours included; a sentence with a clear place (a quotation, a
// rare name) keeps it.
//
// conf[k] is the share of the sentence's mass inside its place: the
// expected fraction of its observations there.
func (m *tokenModel) placePath(reach int) (path, states []int32, conf []float64) {
	nb := m.nb
	T := len(m.obs)
	path, states = make([]int32, T), make([]int32, T)
	conf = make([]float64, T)
	mass := make([]float64, nb)
	for t0 := 0; t0 < T; {
		k := m.obs[t0].sentence
		t1 := t0
		for t1 < T && m.obs[t1].sentence == k {
			t1++
		}
		clear(mass)
		total := 0.0
		for t := t0; t < t1; t++ {
			pos := m.cand[m.obsW[t]]
			a, b := m.alpha[m.off[t]:m.off[t+1]], m.beta[m.off[t]:m.off[t+1]]
			for x, j := range pos {
				q := a[x] * b[x]
				mass[int(j)/m.chunk] += q
				total += q
			}
			aN, bN := m.alphaN[t*nb:(t+1)*nb], m.betaN[t*nb:(t+1)*nb]
			for c := range mass {
				q := aN[c] * bN[c]
				mass[c] += q
				total += q
			}
		}
		bestC, best := bestWindow(mass, reach)
		lo, hi := max(0, bestC-reach), min(nb-1, bestC+reach) // chunks of the place
		for t := t0; t < t1; t++ {
			pos := m.cand[m.obsW[t]]
			a, b := m.alpha[m.off[t]:m.off[t+1]], m.beta[m.off[t]:m.off[t+1]]
			bq, bs := -1.0, int32(-1)
			for x, j := range pos {
				if c := int(j) / m.chunk; c < lo || c > hi {
					continue
				}
				if q := a[x] * b[x]; q > bq {
					bq, bs = q, int32(x)
				}
			}
			aN, bN := m.alphaN[t*nb:(t+1)*nb], m.betaN[t*nb:(t+1)*nb]
			for c := lo; c <= hi; c++ {
				if q := aN[c] * bN[c]; q > bq {
					bq, bs = q, int32(-1-c)
				}
			}
			states[t], path[t] = bs, -1
			if bs >= 0 {
				path[t] = pos[bs]
			}
			if total > 0 {
				conf[t] = best / total
			}
		}
		t0 = t1
	}
	return path, states, conf
}
