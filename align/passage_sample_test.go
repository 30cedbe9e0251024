package align

import (
	"math"
	"math/rand/v2"
	"testing"
)

// values returns log L of every candidate.
func (c *candidates) values() []float64 {
	v := make([]float64, c.n)
	for x := range v {
		v[x] = c.at(x)
	}
	return v
}

// denseSweep is boundaryLikelihood computed at every candidate, token by
// token: the values, their maximum, and whether they are flat.
func denseSweep(m *passageModel, s, first, last, step int) (val []float64, mx float64, flat bool) {
	wc := m.wc[s*m.v : (s+1)*m.v]
	t := m.tw[s]
	cnt := (last-first)*step + 1
	val = make([]float64, cnt)
	if t < 1e-12 {
		return val, 0, true
	}
	word := make([]int32, m.n) // the summary word of each book token, or -1
	for i := range word {
		word[i] = -1
	}
	for _, tk := range m.toks {
		word[tk.pos] = tk.word
	}
	freq := make(map[int32]int32)
	acc := 0.0
	mx = math.Inf(-1)
	logLen := m.logLen[1 : cnt+1]
	i := first
	for x := range val {
		if w := word[i]; w >= 0 {
			if c := wc[w]; c > 0 {
				freq[w]++
				acc += c * m.gain[m.off[w]+freq[w]]
			}
		}
		val[x] = acc - t*logLen[x]
		mx = max(mx, val[x])
		i += step
	}
	return val, mx, false
}

// denseSample draws from val as sample does, with every candidate's
// weight computed.
func denseSample(rng *rand.Rand, val []float64, mx float64, flat bool) int {
	if flat {
		return rng.IntN(len(val))
	}
	for range rejectionTries {
		x := rng.IntN(len(val))
		if d := val[x] - mx; d >= sampleCutoff && rng.Float64() < fastExp(d) {
			return x
		}
	}
	w := make([]float64, len(val))
	total := 0.0
	for x, v := range val {
		if d := v - mx; d >= sampleCutoff {
			w[x] = fastExp(d)
			total += w[x]
		}
	}
	u := rng.Float64() * total
	for x, e := range w {
		u -= e
		if u < 0 && e > 0 {
			return x
		}
	}
	for x := len(w) - 1; x >= 0; x-- {
		if w[x] > 0 {
			return x
		}
	}
	return 0
}

// TestSparseSweep checks that the sweep over summary-word tokens gives
// every candidate the value, and the draws the candidate, that scoring
// every token does, to the bit, on the sweeps of a fit in progress.
func TestSparseSweep(t *testing.T) {
	p, _ := planted{Passages: 6, Size: 120, Vocab: 30, Sentences: 4, Length: 6, Common: 60, Noise: 0.4, Seed: 3}.build(t)
	m := newPassageModel(p, 6, 3, 0.01)
	m.rng = rand.New(rand.NewPCG(1, 2))
	draws, fallbacks := 0, 0
	for round := range 6 {
		m.eStep()
		m.mStep()
		m.stateCounts()
		for s := range m.k {
			for _, sw := range [][3]int{{m.end[s] - 1, 0, -1}, {m.start[s], m.n - 1, +1}, {m.n - 1, m.n / 2, -1}, {0, 0, +1}} {
				first, last, step := sw[0], sw[1], sw[2]
				c := m.boundaryLikelihood(s, first, last, step)
				val, mx, flat := denseSweep(m, s, first, last, step)
				if c.flat != flat || c.n != len(val) || (!flat && c.max != mx) {
					t.Fatalf("round %d, state %d, sweep %v: flat %v n %d max %v, want %v %d %v", round, s, sw, c.flat, c.n, c.max, flat, len(val), mx)
				}
				if !flat {
					for x, v := range val {
						if got := c.at(x); got != v {
							t.Fatalf("round %d, state %d, sweep %v, candidate %d: %v, want %v", round, s, sw, x, got, v)
						}
					}
				}
				for seed := range uint64(5) {
					m.rng, m.drawX = rand.New(rand.NewPCG(seed, 7)), nil
					ref := rand.New(rand.NewPCG(seed, 7))
					got, want := m.sample(c), denseSample(ref, val, mx, flat)
					if got != want {
						t.Fatalf("round %d, state %d, sweep %v, seed %d: drew %d, want %d", round, s, sw, seed, got, want)
					}
					if len(m.drawX) > 0 {
						fallbacks++
					}
					draws++
				}
			}
		}
		m.sStep()
	}
	t.Logf("%d of %d draws fell back to the inverse CDF", fallbacks, draws)
	if fallbacks == 0 || fallbacks == draws {
		t.Errorf("%d of %d draws fell back to the inverse CDF: both ways must be checked", fallbacks, draws)
	}
}

// TestPassageTokenTables checks the sweeps' tables against the book: the
// summary-word tokens in order, one summary word per book word, and the
// counts before every position.
func TestPassageTokenTables(t *testing.T) {
	p, _ := planted{Passages: 5, Size: 80, Vocab: 25, Sentences: 4, Length: 6, Common: 40, Noise: 0.4, Seed: 11}.build(t)
	m := newPassageModel(p, 5, 3, 0.01)
	inSummary := map[int32]bool{}
	for _, ws := range p.Summary.Words {
		for _, w := range ws {
			inSummary[w] = true
		}
	}
	local := map[int32]int32{} // book word → summary word
	x := 0
	for i, w := range p.Book.Words {
		if int(m.tokBefore[i]) != x {
			t.Fatalf("tokBefore[%d] = %d, want %d", i, m.tokBefore[i], x)
		}
		if !inSummary[w] {
			continue
		}
		if x >= len(m.toks) || int(m.toks[x].pos) != i {
			t.Fatalf("summary-word token %d: not at book position %d", x, i)
		}
		tk := m.toks[x]
		if lw, ok := local[w]; ok && lw != tk.word {
			t.Fatalf("book word %d is summary word %d and %d", w, lw, tk.word)
		}
		if tk.off != m.off[tk.word] {
			t.Fatalf("summary-word token %d: offset %d, want %d", x, tk.off, m.off[tk.word])
		}
		if rev := m.revToks[len(m.toks)-1-x]; rev != (sweepToken{-tk.pos, tk.word, tk.off}) {
			t.Fatalf("summary-word token %d: reversed %+v, want %+v", x, rev, tk)
		}
		local[w] = tk.word
		x++
	}
	if x != len(m.toks) || len(m.revToks) != x || int(m.tokBefore[m.n]) != x || len(local) != m.v {
		t.Errorf("%d summary-word tokens (%d reversed), tokBefore[n] %d, %d words; want %d, %d, %d", len(m.toks), len(m.revToks), m.tokBefore[m.n], m.v, x, x, len(local))
	}
}
