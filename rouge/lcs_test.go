package rouge

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// naiveScores computes the ROUGE-1, ROUGE-2 and ROUGE-L hits of cand
// against ref straight from the definitions, with maps and full LCS tables,
// as ROUGE-1.5.5 does. It is the oracle for Reference.Score.
func naiveScores(ref, cand [][]string) (hits1, hits2, hitsL int) {
	flat := func(s [][]string) (toks []string) {
		for _, x := range s {
			toks = append(toks, x...)
		}
		return toks
	}
	grams := func(toks []string, n int) map[string]int {
		g := map[string]int{}
		for i := 0; i+n <= len(toks); i++ {
			g[strings.Join(toks[i:i+n], " ")]++
		}
		return g
	}
	r, c := flat(ref), flat(cand)
	for n, hits := range []*int{&hits1, &hits2} {
		gc := grams(c, n+1)
		for g, k := range grams(r, n+1) {
			*hits += min(k, gc[g])
		}
	}
	remRef, remCand := grams(r, 1), grams(c, 1)
	for _, rs := range ref {
		mark := make([]bool, len(rs))
		for _, cs := range cand {
			naiveMarkLCS(mark, rs, cs)
		}
		for i, tok := range rs {
			if mark[i] && remRef[tok] > 0 && remCand[tok] > 0 {
				hitsL++
				remRef[tok]--
				remCand[tok]--
			}
		}
	}
	return hits1, hits2, hitsL
}

// naiveMarkLCS fills the whole LCS table of r and c with its directions and
// marks the positions of r that the traceback passes diagonally.
func naiveMarkLCS(mark []bool, r, c []string) {
	const diag, up, left = 1, 2, 3
	m, n := len(r), len(c)
	l := make([][]int, m+1)
	b := make([][]int, m+1)
	for i := range l {
		l[i] = make([]int, n+1)
		b[i] = make([]int, n+1)
	}
	for i := 1; i <= m; i++ {
		for j := 1; j <= n; j++ {
			switch {
			case r[i-1] == c[j-1]:
				l[i][j], b[i][j] = l[i-1][j-1]+1, diag
			case l[i-1][j] >= l[i][j-1]:
				l[i][j], b[i][j] = l[i-1][j], up
			default:
				l[i][j], b[i][j] = l[i][j-1], left
			}
		}
	}
	for i, j := m, n; i > 0 && j > 0; {
		switch b[i][j] {
		case diag:
			i, j = i-1, j-1
			mark[i] = true
		case up:
			i--
		default:
			j--
		}
	}
}

// randomText returns a text of a few lines of up to maxLen tokens over a
// small vocabulary, so that tokens repeat and LCS tables have many ties.
func randomText(rng *rand.Rand, vocab, maxLen int) string {
	var b strings.Builder
	lines := rng.IntN(5)
	for range lines {
		for range rng.IntN(maxLen) {
			b.WriteString(string(rune('a' + rng.IntN(vocab))))
			b.WriteByte(' ')
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// checkAgainstNaive scores cand against ref both ways and reports any
// difference in the hits.
func checkAgainstNaive(t *testing.T, s *Scorer, cand, ref string) {
	t.Helper()
	r, err := s.Prepare(ref)
	if err != nil {
		t.Fatal(err)
	}
	got := r.Score(cand)
	rs, _ := s.Analyze(ref)
	cs, _ := s.Analyze(cand)
	h1, h2, hl := naiveScores(rs, cs)
	if got.ROUGE1.Hits != h1 || got.ROUGE2.Hits != h2 || got.ROUGEL.Hits != hl {
		t.Errorf("cand %q ref %q: hits %d %d %d, want %d %d %d", cand, ref,
			got.ROUGE1.Hits, got.ROUGE2.Hits, got.ROUGEL.Hits, h1, h2, hl)
	}
}

// TestScoreAgainstNaive compares the table cuts of unionLCS, its two ways of
// filling a table (bit-parallel up to 64 rows) and the bigram index with the
// plain definitions on many random texts.
func TestScoreAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := &Scorer{}
	for _, tt := range []struct{ n, maxLen int }{{20000, 12}, {300, 200}} {
		for range tt.n {
			vocab := 1 + rng.IntN(6)
			checkAgainstNaive(t, s, randomText(rng, vocab, tt.maxLen), randomText(rng, vocab, tt.maxLen))
			if t.Failed() {
				return
			}
		}
	}
}

// TestReferenceReuse scores many candidates against one Reference, so that
// its working memory is reused, and compares each with a fresh one.
func TestReferenceReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := &Scorer{}
	ref := randomText(rng, 5, 12) + "x y z\n"
	r, err := s.Prepare(ref)
	if err != nil {
		t.Fatal(err)
	}
	for range 2000 {
		cand := randomText(rng, 8, 12)
		want, _ := s.Score(cand, ref)
		if got := r.Score(cand); got != want {
			t.Fatalf("cand %q: reused reference gives %+v, fresh %+v", cand, got, want)
		}
	}
}

func FuzzScoreAgainstNaive(f *testing.F) {
	f.Add("a b\nb a", "a b a")
	f.Add("the cat sat\non the mat", "the mat\nthe cat sat on")
	f.Fuzz(func(t *testing.T, cand, ref string) {
		checkAgainstNaive(t, &Scorer{}, cand, ref)
		checkAgainstNaive(t, &Scorer{Stem: true}, cand, ref)
	})
}

// TestReferenceConcurrent scores with one Reference from several goroutines;
// run it with -race.
func TestReferenceConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	s := &Scorer{Stem: true}
	r, err := s.Prepare(randomText(rng, 6, 12))
	if err != nil {
		t.Fatal(err)
	}
	cands := make([]string, 200)
	want := make([]Result, len(cands))
	for i := range cands {
		cands[i] = randomText(rng, 9, 12)
		want[i] = r.Score(cands[i])
	}
	done := make(chan error)
	for g := range 4 {
		go func() {
			for k := range 500 {
				i := (g*31 + k) % len(cands)
				if got := r.Score(cands[i]); got != want[i] {
					done <- fmt.Errorf("cand %q: got %+v, want %+v", cands[i], got, want[i])
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestTraceCutsAgainstNaive lowers the budget of LCS columns so that the
// tables of long lines are cut into blocks, one to eight levels deep, and
// compares the scores with the plain definitions.
func TestTraceCutsAgainstNaive(t *testing.T) {
	defer func(b int) { lcsBudgetWords = b }(lcsBudgetWords)
	rng := rand.New(rand.NewPCG(9, 9))
	s := &Scorer{}
	for _, budget := range []int{1, 8, 50, 300} {
		lcsBudgetWords = budget
		for range 60 {
			vocab := 2 + rng.IntN(8)
			checkAgainstNaive(t, s, randomText(rng, vocab, 400), randomText(rng, vocab, 400))
			if t.Failed() {
				t.Fatalf("budget %d words", budget)
			}
		}
	}
}

func TestCutLevels(t *testing.T) {
	for _, tt := range []struct{ n, w, budget, levels, k int }{
		{1000, 10, 1 << 20, 0, 1000},     // the whole table fits
		{1000, 10, 700, 1, 32},           // 2*33*10 = 660
		{1000, 10, 330, 2, 10},           // 3*11*10 = 330
		{1000000, 14063, 4 << 20, 3, 32}, // a 5 MB line against itself: 4*33*14063 words
		{5, 1000, 1, 2, 2},               // nothing fits: halves
	} {
		levels, k := cutLevels(tt.n, tt.w, tt.budget)
		if levels != tt.levels || k != tt.k {
			t.Errorf("cutLevels(%d, %d, %d) = %d, %d; want %d, %d", tt.n, tt.w, tt.budget, levels, k, tt.levels, tt.k)
		}
	}
	for _, tt := range []struct{ n, e, want int }{{1, 3, 1}, {8, 3, 2}, {9, 3, 3}, {1000000, 2, 1000}, {1000001, 2, 1001}} {
		if got := root(tt.n, tt.e); got != tt.want {
			t.Errorf("root(%d, %d) = %d, want %d", tt.n, tt.e, got, tt.want)
		}
	}
}
