package rouge_test

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/rouge"
)

// longLines returns a candidate and a reference of n words each, every
// one on a single line, as a book or summary without line breaks is.
func longLines(n int) (cand, ref string) {
	rng := rand.New(rand.NewPCG(2013, 15))
	words := pseudoWords(rng, 3000)
	zipf := rand.NewZipf(rand.New(rand.NewPCG(7, 15)), 1.1, 2, uint64(len(words)-1))
	oneLine := func(s string) string { return strings.ReplaceAll(s, "\n", " ") + "\n" }
	return oneLine(pseudoText(rng, zipf, words, n)), oneLine(pseudoText(rng, zipf, words, n))
}

// TestLongLineMemory scores a 40,000-word line against another: the union
// LCS of the two lines is one table of about 40,000 x 40,000 cells, 200 MB
// even at one bit a cell, and the scoring must allocate far less (the
// columns it keeps at once are bounded; see trace).
func TestLongLineMemory(t *testing.T) {
	cand, ref := longLines(40000)
	s := &rouge.Scorer{}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := s.Score(cand, ref)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("ROUGE-L %+v; %.1f MB allocated", res.ROUGEL, float64(alloc)/1e6)
	if res.ROUGEL.Hits == 0 || res.ROUGEL.Hits > res.ROUGE1.Hits {
		t.Errorf("ROUGE-L hits %d, ROUGE-1 hits %d", res.ROUGEL.Hits, res.ROUGE1.Hits)
	}
	if alloc > 48<<20 {
		t.Errorf("scoring two 40,000-word lines allocated %.1f MB, want at most 48 MiB", float64(alloc)/1e6)
	}
}

// BenchmarkLongLine scores a line of n words against another of n words:
// time grows as n², memory as n.
func BenchmarkLongLine(b *testing.B) {
	for _, n := range []int{10000, 40000, 160000} {
		cand, ref := longLines(n)
		b.Run(fmt.Sprintf("words=%d", n), func(b *testing.B) {
			s := &rouge.Scorer{}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.Score(cand, ref); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
