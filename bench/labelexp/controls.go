package main

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/rouge"
)

// The controls of issue 11, which ask whether the place an aligner finds
// matters to the summarizer or only how many labels it gives:
//
//   - "overlap/subMETHOD": the no-aligner labels (overlap/best: for each
//     summary sentence the book sentence sharing the most words) subsampled
//     at random to as many labels as METHOD/top1 gives the same book;
//   - "random/top1": for each summary sentence a span of randomSpanRows
//     consecutive book rows placed uniformly at random, then the same top-1
//     pick as the aligners' (the row of the span sharing the most words);
//   - "oracle/greedy": the rows of the greedy ROUGE oracle
//     (classify.Oracle) of the book, labels made from the reference summary
//     itself. Labels are only ever read for training books.
//
// The random draws are seeded by the book id, so the labels are the same on
// every run.

// randomSpanRows is the width of a random span: about the number of book
// sentences a whole Passage HMM span holds (docs/alignment.md, "Labels").
const randomSpanRows = 4

// bookRand returns a generator seeded by the book id and a control's name.
func bookRand(id, control string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(control))
	h.Write([]byte{0})
	h.Write([]byte(id))
	return rand.New(rand.NewPCG(h.Sum64(), 11))
}

// subsample returns n of the sentences of labels chosen at random (all of
// them when there are at most n), sorted.
func subsample(labels []int, n int, r *rand.Rand) []int {
	if n >= len(labels) {
		return slices.Clone(labels)
	}
	out := slices.Clone(labels)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	out = out[:max(n, 0)]
	slices.Sort(out)
	return out
}

// randomSpans returns, for every summary sentence that has a word in the
// book, its index and a span of randomSpanRows consecutive rows of the book
// (document sentence indices) at a uniformly random place.
func (o *overlap) randomSpans(r *rand.Rand) (idx []int, spans [][]int) {
	rows := o.book.Rows()
	w := min(randomSpanRows, rows)
	for si, words := range o.summary {
		if len(words) == 0 || w == 0 {
			continue
		}
		start := r.IntN(rows - w + 1)
		span := make([]int, w)
		for k := range span {
			span[k] = int(o.book.Sentence[start+k])
		}
		idx, spans = append(idx, si), append(spans, span)
	}
	return idx, spans
}

// setControls adds the control labels to p; top1 holds the sentences each
// method's top-1 rule labels.
func setControls(p *pairData, ov *overlap, top1 map[string][]int, ref string, s *rouge.Scorer) error {
	best := ov.globalBest()
	for m, l := range top1 {
		p.labels["overlap/sub"+m] = p.book.Labels(subsample(best, len(l), bookRand(p.id, "sub"+m)))
	}
	idx, spans := ov.randomSpans(bookRand(p.id, "random"))
	p.labels["random/top1"] = p.book.Labels(ov.topK(idx, spans, 1))
	rows, err := classify.Oracle(p.doc, p.book, ref, s, classify.DefaultBudget)
	if err != nil {
		return err
	}
	p.labels["oracle/greedy"] = p.book.Labels(rows)
	return nil
}
