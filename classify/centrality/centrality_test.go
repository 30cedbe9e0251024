package centrality

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// sentences builds Sentences from term ids per sentence.
func sentences(terms int, rows ...[]int32) *Sentences {
	s := &Sentences{Start: []int32{0}, Terms: terms}
	for _, r := range rows {
		s.Tokens = append(s.Tokens, r...)
		s.Start = append(s.Start, int32(len(s.Tokens)))
	}
	return s
}

// randomSentences draws n sentences of 0 to maxLen tokens over terms
// terms, a few frequent: a small book.
func randomSentences(seed uint64, n, terms, maxLen int) *Sentences {
	rng := rand.New(rand.NewPCG(seed, 7))
	rows := make([][]int32, n)
	for i := range rows {
		for range rng.IntN(maxLen + 1) {
			// Squaring skews the draw towards the low ids: frequent terms.
			u := rng.Float64()
			rows[i] = append(rows[i], int32(u*u*float64(terms)))
		}
	}
	return sentences(terms, rows...)
}

// denseLexRank is E&R's continuous LexRank computed the obvious way: the
// n × n matrix of TF-IDF cosines, zero on the diagonal.
func denseLexRank(s *Sentences) *mat.Dense {
	n := s.Len()
	tf := make([][]float64, n)
	df := make([]float64, s.Terms)
	for i := range n {
		tf[i] = make([]float64, s.Terms)
		for _, t := range s.Tokens[s.Start[i]:s.Start[i+1]] {
			if tf[i][t] == 0 {
				df[t]++
			}
			tf[i][t]++
		}
	}
	vec := make([][]float64, n)
	for i := range n {
		vec[i] = make([]float64, s.Terms)
		for t := range s.Terms {
			if df[t] > 0 {
				vec[i][t] = tf[i][t] * math.Log(float64(n)/df[t])
			}
		}
	}
	w := mat.NewDense(n, n, nil)
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			dot, ni, nj := 0.0, 0.0, 0.0
			for t := range s.Terms {
				dot += vec[i][t] * vec[j][t]
				ni += vec[i][t] * vec[i][t]
				nj += vec[j][t] * vec[j][t]
			}
			if ni > 0 && nj > 0 {
				w.Set(i, j, dot/math.Sqrt(ni*nj))
			}
		}
	}
	return w
}

// denseTextRank is M&T's sentence graph computed the obvious way, pairs of
// one-token sentences (0 / 0) and every edge of a shorter one left out.
func denseTextRank(s *Sentences) *mat.Dense {
	n := s.Len()
	w := mat.NewDense(n, n, nil)
	for i := range n {
		si := s.Tokens[s.Start[i]:s.Start[i+1]]
		for j := range n {
			sj := s.Tokens[s.Start[j]:s.Start[j+1]]
			if i == j || len(si) < 2 || len(sj) < 2 {
				continue
			}
			common := 0
			for t := range s.Terms {
				if slices.Contains(si, int32(t)) && slices.Contains(sj, int32(t)) {
					common++
				}
			}
			w.Set(i, j, float64(common)/(math.Log(float64(len(si)))+math.Log(float64(len(sj)))))
		}
	}
	return w
}

// exactStationary solves the walk of stationary on the dense W as a
// linear system: (I − (1 − Jump)(W D⁺ + 1 δᵀ / n)) p = Jump / n, δ the
// dangling sentences.
func exactStationary(t *testing.T, w *mat.Dense) []float64 {
	t.Helper()
	n, _ := w.Dims()
	a := mat.NewDense(n, n, nil)
	for j := range n {
		deg := 0.0
		for i := range n {
			deg += w.At(i, j)
		}
		for i := range n {
			v := 0.0
			if deg > 0 {
				v = w.At(i, j) / deg
			} else {
				v = 1 / float64(n)
			}
			a.Set(i, j, -(1-Jump)*v)
		}
		a.Set(j, j, a.At(j, j)+1)
	}
	rhs := mat.NewVecDense(n, nil)
	for i := range n {
		rhs.SetVec(i, Jump/float64(n))
	}
	var p mat.VecDense
	if err := p.SolveVec(a, rhs); err != nil {
		t.Fatal(err)
	}
	return p.RawVector().Data
}

func l1(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d += math.Abs(a[i] - b[i])
	}
	return d
}

// methods are the two rankings, by name, with their dense reference.
var methods = []struct {
	name  string
	rank  func(*Sentences) ([]float64, error)
	dense func(*Sentences) *mat.Dense
}{
	{"lexrank", LexRank, denseLexRank},
	{"textrank", TextRank, denseTextRank},
}

// TestAgainstDense checks both methods against the exact solution of the
// dense n × n graph, on random small books: the sparse product, the
// diagonal, the dangling sentences and TextRank's factored length term.
func TestAgainstDense(t *testing.T) {
	for _, m := range methods {
		for seed := range uint64(8) {
			s := randomSentences(seed, 20+int(seed)*15, 25, 14)
			got, err := m.rank(s)
			if err != nil {
				t.Fatal(err)
			}
			want := exactStationary(t, m.dense(s))
			if d := l1(got, want); d > 1e-8 {
				t.Errorf("%s seed %d (%d sentences): L1 distance %.3g from the dense solution", m.name, seed, s.Len(), d)
			}
		}
	}
}

// TestInvariants checks what holds of any graph: the scores sum to 1, a
// symmetric document gives the uniform distribution, a hub sentence ranks
// first, and the same input gives the same bits.
func TestInvariants(t *testing.T) {
	// Three sentences, each sharing one term with each other, all of one
	// length: a triangle of equal weights.
	triangle := sentences(3, []int32{0, 1}, []int32{1, 2}, []int32{2, 0})
	// Sentence 0 shares a term with each of the others, which share
	// nothing among themselves.
	hub := sentences(10, []int32{5, 6, 0, 1, 2, 3}, []int32{7, 0}, []int32{1, 8}, []int32{2, 4}, []int32{3, 9})
	for _, m := range methods {
		for _, tc := range []struct {
			name string
			s    *Sentences
		}{{"triangle", triangle}, {"hub", hub}, {"random", randomSentences(3, 200, 60, 20)}} {
			p, err := m.rank(tc.s)
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for _, x := range p {
				sum += x
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Errorf("%s %s: scores sum to %v", m.name, tc.name, sum)
			}
			again, _ := m.rank(tc.s)
			for i := range p {
				if math.Float64bits(p[i]) != math.Float64bits(again[i]) {
					t.Fatalf("%s %s: score %d is %v, then %v", m.name, tc.name, i, p[i], again[i])
				}
			}
		}
		p, _ := m.rank(triangle)
		for i, x := range p {
			if math.Abs(x-1.0/3) > 1e-9 {
				t.Errorf("%s triangle: score %d is %v, want 1/3", m.name, i, x)
			}
		}
		p, _ = m.rank(hub)
		for i := 1; i < len(p); i++ {
			if p[i] >= p[0] {
				t.Errorf("%s hub: sentence %d scores %v, not below the hub's %v", m.name, i, p[i], p[0])
			}
		}
	}
}

// TestDegenerate checks documents with no edges, which every sentence's
// walk leaves by jumping: the uniform distribution.
func TestDegenerate(t *testing.T) {
	for _, m := range methods {
		for _, tc := range []struct {
			name string
			s    *Sentences
		}{
			{"one word, the same", sentences(1, []int32{0}, []int32{0}, []int32{0})},
			{"one word each, for textrank", sentences(2, []int32{0}, []int32{0}, []int32{1}, []int32{0})},
			{"no tokens", sentences(0, nil, nil, nil)},
			{"nothing shared", sentences(4, []int32{0, 1}, []int32{2, 3})},
			{"one sentence", sentences(2, []int32{0, 1, 1})},
		} {
			if strings.HasSuffix(tc.name, "textrank") && m.name != "textrank" {
				continue
			}
			p, err := m.rank(tc.s)
			if err != nil {
				t.Fatalf("%s %s: %v", m.name, tc.name, err)
			}
			for i, x := range p {
				if x != p[0] {
					t.Errorf("%s %s: score %d is %v, score 0 %v", m.name, tc.name, i, x, p[0])
				}
			}
			if len(p) != tc.s.Len() {
				t.Errorf("%s %s: %d scores for %d sentences", m.name, tc.name, len(p), tc.s.Len())
			}
		}
		if p, err := m.rank(&Sentences{}); err != nil || len(p) != 0 {
			t.Errorf("%s of nothing = %v, %v; want no scores", m.name, p, err)
		}
	}
}

// TestOneWordSentencesLexRank checks that LexRank, unlike TextRank, links
// one-word sentences: equal words are cosine 1.
func TestOneWordSentencesLexRank(t *testing.T) {
	p, err := LexRank(sentences(2, []int32{0}, []int32{0}, []int32{1}, []int32{0}))
	if err != nil {
		t.Fatal(err)
	}
	if !(p[0] > p[2]) || p[0] != p[1] || p[0] != p[3] {
		t.Errorf("scores %v: want the three sentences of word 0 equal and above the other", p)
	}
}

// TestMalformed checks that input that is not Sentences is an error.
func TestMalformed(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    *Sentences
	}{
		{"term out of range", sentences(2, []int32{0, 2})},
		{"negative term", sentences(2, []int32{-1})},
		{"start past tokens", &Sentences{Start: []int32{0, 3}, Tokens: []int32{0}, Terms: 1}},
		{"start decreasing", &Sentences{Start: []int32{0, 2, 1, 2}, Tokens: []int32{0, 0}, Terms: 1}},
		{"start not at 0", &Sentences{Start: []int32{1, 2}, Tokens: []int32{0, 0}, Terms: 1}},
		{"tokens and no start", &Sentences{Tokens: []int32{0}, Terms: 1}},
	} {
		for _, m := range methods {
			if _, err := m.rank(tc.s); !errors.Is(err, ErrSentences) {
				t.Errorf("%s %s: error %v, want ErrSentences", m.name, tc.name, err)
			}
		}
	}
}

// TestLowRank checks the factored length term against 1 / (x + y) on every
// pair of log lengths from 2 to 3,000 tokens, and that its rank is small.
func TestLowRank(t *testing.T) {
	for _, top := range []int{2, 3, 60, 3000} {
		var x []float64
		for l := 2; l <= top; l++ {
			x = append(x, math.Log(float64(l)))
		}
		g, k, maxErr, err := lowRank(x)
		if err != nil {
			t.Fatal(err)
		}
		worst := 0.0
		for a := range x {
			for b := range x {
				approx := 0.0
				for q := range k {
					approx += g[a*k+q] * g[b*k+q]
				}
				want := 1 / (x[a] + x[b])
				worst = max(worst, math.Abs(approx-want)/want)
			}
		}
		if worst > LowRankTolerance || worst > maxErr*(1+1e-6)+1e-15 {
			t.Errorf("lengths 2..%d: relative error %.3g (reported %.3g), want at most %g", top, worst, maxErr, LowRankTolerance)
		}
		if k > 40 {
			t.Errorf("lengths 2..%d: rank %d", top, k)
		}
		t.Logf("lengths 2..%d: rank %d, relative error %.2g", top, k, worst)
	}
	if _, _, _, err := lowRank([]float64{0, 1}); err == nil {
		t.Error("log length 0 factored; want an error")
	}
}
