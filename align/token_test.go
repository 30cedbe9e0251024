package align

import (
	"math"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/text"
)

// tinyPair builds a pair from space-separated words, one sentence per
// string.
func tinyPair(t *testing.T, book, summary []string) *Pair {
	t.Helper()
	build := func(sents []string) (string, []text.Sentence) {
		var b strings.Builder
		var out []text.Sentence
		for _, s := range sents {
			start := b.Len()
			b.WriteString(s + ".")
			out = append(out, text.Sentence{Span: text.Span{Start: start, End: b.Len()}})
			b.WriteString(" ")
		}
		return b.String(), out
	}
	bt, bs := build(book)
	st, ss := build(summary)
	p, err := PrepareText(bt, bs, st, ss)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// bruteForce enumerates every state sequence of m and returns p(t) and
// the probability of the best sequence, with the transitions written out
// from their definitions, one pair of states at a time.
func bruteForce(m *tokenModel) (total, best float64, bestPath []int) {
	type state struct {
		pos  int // book position, or -1 for a null state
		c    int // null chunk
		pair int32
	}
	states := func(t int) []state {
		var out []state
		w := m.obsW[t]
		for x, j := range m.cand[w] {
			out = append(out, state{pos: int(j), pair: m.candPair[w][x]})
		}
		for c := range m.nb {
			out = append(out, state{pos: -1, c: c})
		}
		return out
	}
	coef := func(bs binSet, theta []float64, x int) []float64 {
		c := make([]float64, bs.len())
		bs.coefAt(c, theta, x, m.n, m.p0)
		return c
	}
	emit := func(t int, s state) float64 {
		if s.pos < 0 {
			return m.p0 * m.nullEmit[m.obsW[t]]
		}
		return m.eta[s.pair]
	}
	trans := func(t int, from, to state) float64 {
		bins, thR, thN := m.step(t)
		if to.pos < 0 { // to a null state: p0, counted in emit
			if from.pos >= 0 && from.pos/m.chunk == to.c || from.pos < 0 && from.c == to.c {
				return 1
			}
			return 0
		}
		x, theta := from.pos, thR
		if from.pos < 0 {
			x, theta = int(m.centers[from.c]), thN
		}
		b := bins.of(to.pos - x)
		if b < 0 {
			return 0
		}
		return theta[b] * coef(bins, theta, x)[b]
	}
	start := func(s state) float64 {
		if s.pos < 0 {
			return 1 / float64(m.nb)
		}
		b := m.coarse.of(s.pos)
		return m.pi[b] * coef(m.coarse, m.pi, 0)[b]
	}
	var rec func(t int, prev state, p float64, path []int)
	rec = func(t int, prev state, p float64, path []int) {
		if t == len(m.obs) {
			total += p
			if p > best {
				best, bestPath = p, append([]int(nil), path...)
			}
			return
		}
		for _, s := range states(t) {
			q := p * emit(t, s)
			if t == 0 {
				q *= start(s)
			} else {
				q *= trans(t, prev, s)
			}
			if q > 0 {
				rec(t+1, s, q, append(path, s.pos))
			}
		}
	}
	rec(0, state{}, 1, nil)
	return total, best, bestPath
}

func TestTokenHMMBruteForce(t *testing.T) {
	book := []string{
		"alpha beta gamma delta", "beta epsilon alpha zeta", "eta theta alpha beta",
		"gamma iota kappa", "lambda alpha mu beta nu", "xi omicron gamma pi",
		"rho beta sigma alpha", "tau upsilon phi chi",
	}
	summary := []string{"alpha beta gamma", "beta alpha"}
	p := tinyPair(t, book, summary)
	for _, literal := range []bool{false, true} {
		m := newTokenModel(p, nil, tokenSettings{tau: 5, chunk: 8, literal: literal, identity: 0.9, emitPrior: 5, jumpPrior: 0.1, nullPrior: 10})
		for range 3 { // move the parameters away from uniform
			m.forward()
			m.backward()
			m.mStep()
		}
		logP := m.forward()
		m.backward()
		total, best, bestPath := bruteForce(m)
		if d := logP - math.Log(total); math.Abs(d) > 1e-9 {
			t.Errorf("literal=%v: forward log p = %.12f, enumeration %.12f", literal, logP, math.Log(total))
		}
		// Posteriors sum to one at every step.
		for tt := range m.obs {
			s := 0.0
			for x := m.off[tt]; x < m.off[tt+1]; x++ {
				s += m.alpha[x] * m.beta[x]
			}
			for c := range m.nb {
				s += m.alphaN[tt*m.nb+c] * m.betaN[tt*m.nb+c]
			}
			if math.Abs(s-1) > 1e-9 {
				t.Errorf("literal=%v: posteriors of observation %d sum to %g", literal, tt, s)
			}
		}
		// Every step is one transition: the expected counts sum to T.
		n := m.cNull
		for _, c := range [][]float64{m.cTheta, m.cThetaN, m.cRho, m.cPi} {
			for _, x := range c {
				n += x
			}
		}
		if math.Abs(n-float64(len(m.obs))) > 1e-9 {
			t.Errorf("literal=%v: expected transitions sum to %g, want %d", literal, n, len(m.obs))
		}
		path, _ := m.viterbi()
		for tt, pos := range path {
			if int(pos) != bestPath[tt] && bestPath[tt] >= 0 {
				t.Errorf("literal=%v: Viterbi path %v, enumeration's best %v (p = %g)", literal, path, bestPath, best)
				break
			}
		}
	}
}
