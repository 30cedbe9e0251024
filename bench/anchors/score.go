package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"time"

	"github.com/bookalign/bookalign/align"
)

// outcome is one method's result on one anchored sentence.
type outcome struct {
	book     string // corpus id
	sentence int    // summary sentence
	pos      int    // the anchor's counted book token
	aligned  bool
	dist     int // counted tokens from the span to the anchor, 0 inside
	span     int // span length in counted tokens
	start    int // the span's first counted token (when aligned)
	words    int // the sentence's counted tokens in the pair aligned (the mask word counts one)
	// atAnchor and atSpan are the numbers of the sentence's distinct word
	// forms (in the pair aligned) that the book holds within ±hitRadius
	// counted tokens of the anchor and of the span's middle: where the
	// sentence's own words point.
	atAnchor, atSpan int
	conf             float64
}

func (o outcome) near() bool { return o.aligned && o.dist <= hitRadius }
func (o outcome) hit() bool  { return o.near() && o.span <= maxSpan }

// score returns the outcome of every anchor of book id under alignment a.
func score(id string, q *align.Pair, a *align.Alignment, anchors []Anchor) []outcome {
	out := make([]outcome, len(anchors))
	for i, an := range anchors {
		out[i] = outcome{book: id, sentence: an.Sentence, pos: an.Pos, words: len(q.Summary.Words[an.Sentence])}
		sa := a.Sentences[an.Sentence]
		if !sa.Aligned {
			continue
		}
		out[i].aligned, out[i].conf = true, sa.Confidence
		out[i].dist, out[i].span, out[i].start = distance(sa.Tokens, an.Pos), sa.Tokens.Len(), sa.Tokens.Start
		out[i].atAnchor = wordsNear(q, an.Sentence, an.Pos)
		out[i].atSpan = wordsNear(q, an.Sentence, (sa.Tokens.Start+sa.Tokens.End-1)/2)
	}
	return out
}

// wordsNear returns the number of distinct word forms of summary sentence k
// of q found among the book's counted tokens within ±hitRadius of pos.
func wordsNear(q *align.Pair, k, pos int) int {
	want := map[int32]bool{}
	for _, w := range q.Summary.Words[k] {
		want[w] = true
	}
	n := 0
	for i := max(0, pos-hitRadius); i <= min(len(q.Book.Words)-1, pos+hitRadius); i++ {
		if w := q.Book.Words[i]; want[w] {
			delete(want, w)
			n++
		}
	}
	return n
}

// distance returns how far pos lies from the span, 0 inside it.
func distance(iv align.Interval, pos int) int {
	switch {
	case pos < iv.Start:
		return iv.Start - pos
	case pos >= iv.End:
		return pos - (iv.End - 1)
	}
	return 0
}

// result gathers one variant's outcomes, on the summary as written or with
// the quotations masked.
type result struct {
	name    string
	masked  bool
	out     []outcome
	books   int
	cpu     time.Duration
	slowest string
	slowCPU time.Duration
}

func (r *result) add(id string, o []outcome, cpu time.Duration) {
	r.out = append(r.out, o...)
	r.books++
	r.cpu += cpu
	if cpu > r.slowCPU {
		r.slowest, r.slowCPU = id, cpu
	}
}

func (r *result) share(f func(outcome) bool) float64 {
	n := 0
	for _, o := range r.out {
		if f(o) {
			n++
		}
	}
	return 100 * float64(n) / float64(max(1, len(r.out)))
}

// printTable writes one markdown row per variant and condition.
func printTable(w io.Writer, res []*result) {
	fmt.Fprintf(w, "| method | quotations | hits (±%d, span ≤ %d) | within ±%d, any span | unaligned | median distance | median span | CPU per book | slowest book (CPU) |\n", hitRadius, maxSpan, hitRadius)
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range res {
		var dists, spans []float64
		for _, o := range r.out {
			d := math.Inf(1)
			if o.aligned {
				d = float64(o.dist)
				spans = append(spans, float64(o.span))
			}
			dists = append(dists, d)
		}
		cond := "kept"
		if r.masked {
			cond = "masked"
		}
		fmt.Fprintf(w, "| %s | %s | %.1f%% | %.1f%% | %.1f%% | %.0f | %.0f | %.2fs | %s (%.2fs) |\n",
			r.name, cond, r.share(outcome.hit), r.share(outcome.near), r.share(func(o outcome) bool { return !o.aligned }),
			median(dists), median(spans), r.cpu.Seconds()/float64(max(1, r.books)), r.slowest, r.slowCPU.Seconds())
	}
}

// printCalibration writes, per variant, the masked hit rate by decile of
// confidence (unaligned sentences have confidence 0).
func printCalibration(w io.Writer, res []*result) {
	fmt.Fprintf(w, "Masked hit rate by confidence decile (1 = least confident; each cell: hit rate, [lowest confidence of the decile])\n\n")
	fmt.Fprintf(w, "| method | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range res {
		if !r.masked || len(r.out) == 0 {
			continue
		}
		o := slices.Clone(r.out)
		sort.SliceStable(o, func(i, j int) bool { return o[i].conf < o[j].conf })
		fmt.Fprintf(w, "| %s |", r.name)
		for d := range 10 {
			lo, hi := d*len(o)/10, (d+1)*len(o)/10
			hits := 0
			for _, x := range o[lo:hi] {
				if x.hit() {
					hits++
				}
			}
			fmt.Fprintf(w, " %.0f%% [%.2f] |", 100*float64(hits)/float64(max(1, hi-lo)), o[lo].conf)
		}
		fmt.Fprintln(w)
	}
}

// median returns the median of x, NaN for none.
func median(x []float64) float64 {
	d := slices.Clone(x)
	sort.Float64s(d)
	if len(d) == 0 {
		return math.NaN()
	}
	return d[len(d)/2]
}

// writeDetail writes every outcome to file path, one tab-separated line
// each after a header, for comparing variants anchor by anchor.
func writeDetail(path string, res []*result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "variant\tquotations\tbook\tsentence\tanchor\taligned\tdistance\tspan\tconfidence\thit\tstart\twords\tat_anchor\tat_span")
	for _, r := range res {
		cond := "kept"
		if r.masked {
			cond = "masked"
		}
		for _, o := range r.out {
			fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%t\t%d\t%d\t%.4f\t%t\t%d\t%d\t%d\t%d\n", r.name, cond, o.book, o.sentence, o.pos, o.aligned, o.dist, o.span, o.conf, o.hit(), o.start, o.words, o.atAnchor, o.atSpan)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
