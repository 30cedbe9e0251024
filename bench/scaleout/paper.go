package main

import (
	"fmt"

	"github.com/bookalign/bookalign/classify/cv"
)

// The stages the bench does not time itself are derived from the CPU-s of
// the default job's profile of 2026-11-29 (231.5 CPU-s in 123 s, quiet,
// 245 books; docs/benchmarks.md, "Floors: the least CPU each stage of the
// default job needs"), and, where that table has no row, that of 402fbd0
// (docs/notebook/benchmarks.md, "Floors at 402fbd0"). Each figure is a
// stage's whole CPU, shared out over its elements as the comments say.
const (
	// Per book, shared by counted tokens.
	featurizeCPU = 23.3 // "featurizing the training sets"
	baselinesCPU = 15.8 // "baselines (TextRank, LexRank, oracles, Names, Random)"

	// Per training set (10 folds and the set of all books).
	objectiveCPU  = 59.0 // "logistic objective", shared by a set's training books
	coverageCPU   = 9.4  // "coverage model fit", one a set
	readSetCPU    = 4.8  // "reading a set's books in training"
	collectionCPU = 1.0  // "building the sets' collections", about 1
	summarizeCPU  = 14.9 // "summarizing the held-out books", by held-out books
	rougeCPU      = 3.6  // "ROUGE scoring", in the training elements, by held-out books

	// Serial: one element each.
	setSumsCPU = 6.2 // "fold and set sums (one element)", Floors at 402fbd0
	bigramsCPU = 1.2 // "bigram counts of the corpus", its merge, Floors at 402fbd0

	// One pass of the logistic objective over BenchmarkObjective's rows, ms,
	// for one model alone and for three side by side (docs/benchmarks.md,
	// "Shared passes over the training rows", the kept row): the profile's
	// objective is that of a set's three models fitted together, as prism
	// fits them; a model fitted alone costs passAlone/passThree × 3 of its
	// share.
	passAlone = 22.7
	passThree = 51.0

	// profileTokens are the counted tokens of the profile's corpus
	// ("245 books of 12.5 M counted tokens"); a corpus of other size
	// gets every figure above scaled by its counted tokens over these.
	profileTokens = 12.5e6
)

// trainMethods are the trained summarizers, one model each per set.
var trainMethods = []string{"passage", "token", "jing"}

// derivedStages returns the stages after the alignments, their CPU scaled
// by the books' counted tokens over profileTokens and shared out over the
// books of costs and over the training keys of the default plan (cv.Folds
// with seed 1 and 10 folds, and the set of all books). Training is keyed
// as bookalign run keys it (cmd/bookalign's trainByMethod): by set on at
// most as many workers as sets, each key fitting its three models
// together, paying its set's coverage fit, reading and collection once and
// summarizing its held-out books for the three; by (method, set) on more,
// each key fitting one model alone (passAlone/passThree), paying its set's
// fixed costs itself, and a third of the summarizing.
func derivedStages(costs []BookCost) ([]Stage, error) {
	ids := make([]string, len(costs))
	var tokens float64
	for i, c := range costs {
		ids[i] = c.ID
		tokens += float64(c.Tokens)
	}
	if tokens == 0 {
		return nil, fmt.Errorf("scaleout: the books have no counted tokens")
	}
	const folds = 10
	fold, err := cv.Folds(1, folds, ids)
	if err != nil {
		return nil, err
	}
	held := make([]float64, folds)
	for _, f := range fold {
		held[f]++
	}
	n := float64(len(ids))
	scale := tokens / profileTokens

	byTokens := func(name string, total float64) Stage {
		s := Stage{Name: name, Source: "derived", Elements: make([]float64, len(costs))}
		for i, c := range costs {
			s.Elements[i] = scale * total * float64(c.Tokens) / tokens
		}
		return s
	}
	// The objective is shared by the training books of all sets, the
	// summarizing by the held-out books of the fold sets.
	var trainBooks float64
	for f := range folds {
		trainBooks += n - held[f]
	}
	trainBooks += n // the set of all books
	perSet := coverageCPU/(folds+1) + readSetCPU/(folds+1) + collectionCPU/(folds+1)
	m := float64(len(trainMethods))
	alone := m * passAlone / passThree
	setKey := func(train, test float64) float64 {
		return scale * (objectiveCPU*train/trainBooks + perSet + (summarizeCPU+rougeCPU)*test/n)
	}
	methodKey := func(train, test float64) float64 {
		return scale * (objectiveCPU*alone*train/trainBooks/m + perSet + (summarizeCPU+rougeCPU)*test/n/m)
	}
	const sets = folds + 1
	bySet := Stage{Name: "train and summarize, set keys", Source: "derived", MaxWorkers: sets}
	for f := range folds {
		bySet.Elements = append(bySet.Elements, setKey(n-held[f], held[f]))
	}
	bySet.Elements = append(bySet.Elements, setKey(n, 0))
	byMethod := Stage{Name: "train and summarize, (method, set) keys", Source: "derived", MinWorkers: sets + 1}
	for range trainMethods {
		for f := range folds {
			byMethod.Elements = append(byMethod.Elements, methodKey(n-held[f], held[f]))
		}
		byMethod.Elements = append(byMethod.Elements, methodKey(n, 0))
	}
	return []Stage{
		{Name: "fold plan and set statistics", Serial: scale * (setSumsCPU + bigramsCPU), Source: "derived"},
		byTokens("featurize the training sets, per book", featurizeCPU),
		bySet,
		byMethod,
		byTokens("baselines, per book", baselinesCPU),
	}, nil
}

// measuredStages returns the per-book stages the bench timed.
func measuredStages(costs []BookCost) []Stage {
	load := Stage{Name: "load (parse), per book", Source: "measured"}
	al := Stage{Name: "align (3 aligners), per book", Source: "measured"}
	for _, c := range costs {
		load.Elements = append(load.Elements, c.Load)
		al.Elements = append(al.Elements, c.Align)
	}
	return []Stage{load, al}
}
