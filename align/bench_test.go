package align

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// benchBook is a corpus book of about the corpus's mean length (50,491
// counted tokens against a mean of 51,358) with a summary of about the mean
// length (378 counted tokens against 384).
const benchBook = "the-age-of-innocence"

// namedAligner is an aligner with a name for sub-benchmarks.
type namedAligner struct {
	name string
	a    Aligner
}

// benchAligners are the three methods at their default settings, and the
// Token HMM with Roget's synonyms (bookalign run --synonyms, the paper's).
func benchAligners(b *testing.B) []namedAligner {
	return []namedAligner{
		{"passage", &PassageHMM{Seed: 1}},
		{"token", &TokenHMM{}},
		{"token-synonyms", &TokenHMM{Thesaurus: benchThesaurus(b)}},
		{"jing", &Jing{}},
	}
}

var benchTh *Thesaurus

func benchThesaurus(b *testing.B) *Thesaurus {
	if benchTh == nil {
		th, err := LoadThesaurus(sharedtest.Path(b, "thesaurus"))
		if err != nil {
			b.Fatal(err)
		}
		benchTh = th
	}
	return benchTh
}

// runAligner aligns p b.N times on one locked OS thread and reports the
// thread's CPU time per alignment, which the machine's other load does not
// inflate as it does the wall clock.
func runAligner(b *testing.B, a Aligner, p *Pair) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	var cpu time.Duration
	for b.Loop() {
		start := threadCPU()
		if _, err := a.Align(p); err != nil {
			b.Fatal(err)
		}
		cpu += threadCPU() - start
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkAlign times each method on the mean-length corpus book.
//
//	go test ./align -run '^$' -bench 'Align$' -benchtime 3x
func BenchmarkAlign(b *testing.B) {
	p := loadPair(b, benchBook)
	for _, m := range benchAligners(b) {
		b.Run(m.name, func(b *testing.B) { runAligner(b, m.a, p) })
	}
}

// BenchmarkScaling times each method on half, all, and twice the
// mean-length book (its first half; the book followed by itself), with the
// same summary, to show that time grows linearly with the book.
//
//	go test ./align -run '^$' -bench Scaling -benchtime 3x
func BenchmarkScaling(b *testing.B) {
	p := loadPair(b, benchBook)
	for _, m := range benchAligners(b) {
		for _, f := range []float64{0.5, 1, 2} {
			q := scaledPair(p, f)
			b.Run(fmt.Sprintf("%s/x%.1f/%d", m.name, f, len(q.Book.Words)), func(b *testing.B) { runAligner(b, m.a, q) })
		}
	}
}

// scaledPair returns p with its book cut to its first half (f = 0.5) or
// repeated (f = 2).
func scaledPair(p *Pair, f float64) *Pair {
	q := *p
	switch {
	case f < 1:
		n := int(f * float64(len(p.Book.Words)))
		q.Book.Words, q.Book.Spans, q.Book.Sentence = p.Book.Words[:n], p.Book.Spans[:n], p.Book.Sentence[:n]
	case f > 1:
		ns := int32(len(p.Book.Sentences))
		q.Book.Words = append(append([]int32(nil), p.Book.Words...), p.Book.Words...)
		q.Book.Spans = append(append(q.Book.Spans[:0:0], p.Book.Spans...), p.Book.Spans...)
		q.Book.Sentences = append(append(q.Book.Sentences[:0:0], p.Book.Sentences...), p.Book.Sentences...)
		q.Book.Sentence = append([]int32(nil), p.Book.Sentence...)
		for _, s := range p.Book.Sentence {
			q.Book.Sentence = append(q.Book.Sentence, s+ns)
		}
	}
	return &q
}
