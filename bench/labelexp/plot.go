package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bookalign/bookalign/classify"
)

// featureSet is one set of features to cross-validate: a name such as
// "counts+characters" and the classify.Settings it stands for.
type featureSet struct {
	name   string
	set    classify.Settings
	labels string // the label variant trained on
	// weights: "" (every row 1), "overlap" or "conf": soft labels from
	// pairData.shares or conf (classify.RowWeights).
	weights string
	pairs   int    // classify.Trainer.Pairs: the pairwise ranking loss
	lambda  string // the trainer of this set, overriding -trainer
}

// weightFloor is the least weight of a soft label (classify.RowWeights).
const weightFloor = 0.1

// parseFeatureSet reads "paper" or a "+"-joined list of counts,
// characters, dialogue, chapter, events, lengthfine, and of the training
// parts woverlap, wconf (soft labels), pairsN (the pairwise loss with N
// negatives per positive) and lX (lambda X).
func parseFeatureSet(s string) (featureSet, error) {
	fs := featureSet{name: s}
	if s == "paper" {
		return fs, nil
	}
	for _, part := range strings.Split(s, "+") {
		switch part {
		case "counts":
			fs.set.Counts = true
		case "characters":
			fs.set.Characters = true
		case "dialogue":
			fs.set.Dialogue = true
		case "chapter":
			fs.set.Chapter = true
		case "events":
			fs.set.Events = true
		case "lengthfine":
			fs.set.LengthFine = true
		case "woverlap":
			fs.weights = "overlap"
		case "wconf":
			fs.weights = "conf"
		default:
			if n, ok := strings.CutPrefix(part, "pairs"); ok {
				k, err := strconv.Atoi(n)
				if err != nil || k <= 0 {
					return fs, fmt.Errorf("feature set %q: bad part %q", s, part)
				}
				fs.pairs = k
				continue
			}
			if l, ok := strings.CutPrefix(part, "l"); ok {
				if _, err := strconv.ParseFloat(l, 64); err != nil {
					return fs, fmt.Errorf("feature set %q: bad part %q", s, part)
				}
				fs.lambda = l
				continue
			}
			return fs, fmt.Errorf("feature set %q: unknown part %q", s, part)
		}
	}
	return fs, nil
}

// rule is one extraction rule: segments (0: no quotas) and redundancy.
type rule struct {
	segments   int
	redundancy float64
}

func (r rule) String() string { return fmt.Sprintf("seg%d/mmr%g", r.segments, r.redundancy) }

// runPlot cross-validates the summarizer under feature sets × extraction
// rules (issue 12), every rule scored on the same model, and chooses one
// (feature set, rule) per fold on the inner split of the training books
// (nested): the one whose summaries of the held-out training books have
// the highest mean unstemmed ROUGE-1 + ROUGE-2 recall.
func runPlot(args []string) error {
	fl := flag.NewFlagSet("plot", flag.ExitOnError)
	corpusDir := fl.String("corpus", "../shared/corpus", "corpus directory")
	cache := fl.String("cache", "/tmp/labelexp", "alignment cache directory")
	rougeData := fl.String("rouge-data", "../shared/rouge", "ROUGE-1.5.5 data directory")
	labels := fl.String("labels", "passage/top1", "comma-separated label variants (see eval; agree/top1 and union/top1 combine the three aligners' top1 labels); with more than one, variants are named LABELS:FEATURES/RULE")
	trainer := fl.String("trainer", "1e-4", `lambda: a number, or "auto" (the pipeline's choice on an inner split)`)
	sets := fl.String("features", "counts,counts+characters,counts+dialogue,counts+chapter,counts+characters+dialogue+chapter", "comma-separated feature sets")
	segments := fl.String("segments", "0,5,10,20", "comma-separated Settings.Segments")
	redundancy := fl.String("redundancy", "0,0.5,1,2", "comma-separated Settings.Redundancy")
	folds := fl.Int("folds", 10, "cross-validation folds")
	seed := fl.Uint64("seed", 1, "seed of the folds")
	out := fl.String("out", "", "per-book CSV to append to (default CACHE/plot.csv)")
	tag := fl.String("tag", "", "prefix of the variant names in the output")
	nested := fl.Bool("nested", true, "fit on the inner split too and choose one variant per fold (false: the outer folds only, for seed runs of fixed variants)")
	fl.Parse(args)
	if *out == "" {
		*out = filepath.Join(*cache, "plot.csv")
	}
	var fsets []featureSet
	labelList := strings.Split(*labels, ",")
	for _, l := range labelList {
		for _, s := range strings.Split(*sets, ",") {
			f, err := parseFeatureSet(s)
			if err != nil {
				return err
			}
			f.labels = l
			if len(labelList) > 1 {
				f.name = l + ":" + f.name
			}
			fsets = append(fsets, f)
		}
	}
	reds, err := floatList(*redundancy)
	if err != nil {
		return err
	}
	var rules []rule
	for _, s := range strings.Split(*segments, ",") {
		n, err := strconv.Atoi(s)
		if err != nil {
			return err
		}
		for _, x := range reds {
			rules = append(rules, rule{n, x})
		}
	}
	start := time.Now()
	sc, pairs, names, err := loadExperiment(*corpusDir, *cache, *rougeData, labelList)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d feature sets × %d rules = %d variants\n", len(fsets), len(rules), len(fsets)*len(rules))
	px := &plotExp{pairs: pairs, nested: *nested, trainer: *trainer, sets: fsets, rules: rules, sc: sc, res: map[string]*result{}}
	for _, f := range fsets {
		for _, r := range rules {
			px.res[f.name+"/"+r.String()] = newResult(f.name + "/" + r.String())
		}
	}
	px.res["nested"] = newResult("nested")
	if err := px.crossValidate(*folds, *seed); err != nil {
		return err
	}
	results := []*result{names}
	for _, f := range fsets {
		for _, r := range rules {
			results = append(results, px.res[f.name+"/"+r.String()])
		}
	}
	if *nested {
		results = append(results, px.res["nested"])
	}
	for _, r := range results {
		r.name = *tag + r.name
	}
	report(pairs, results, names, true)
	if *nested {
		fmt.Println("\nnested choices (per fold):", strings.Join(px.chosen, ", "))
	}
	fmt.Fprintf(os.Stderr, "took %v\n", time.Since(start).Round(time.Second))
	return appendCSV(*out, pairs, results)
}

// plotExp is one run of runPlot.
type plotExp struct {
	pairs   []*pairData
	nested  bool // fit on the inner split and choose a variant per fold
	trainer string
	sets    []featureSet
	rules   []rule
	sc      scorers
	res     map[string]*result
	chosen  []string
	mu      sync.Mutex
}

func (px *plotExp) crossValidate(n int, seed uint64) error {
	ids := make([]string, len(px.pairs))
	for i, p := range px.pairs {
		ids[i] = p.id
	}
	plan, err := classify.NewPlan(seed, n, ids, nil, false)
	if err != nil {
		return err
	}
	for k := range n {
		fstart := time.Now()
		train, test, counts, err := splitFold(px.pairs, plan, k, nil)
		if err != nil {
			return err
		}
		fitIdx, held, err := innerSplit(train)
		if err != nil {
			return err
		}
		inner := map[string]float64{}
		foldRes := map[string]*result{}
		for _, fset := range px.sets {
			col, err := counts.Collection(fset.set)
			if err != nil {
				return err
			}
			trainF := featurize(col, train)
			for i, p := range train {
				trainF[i].Label = p.labels[fset.labels]
				switch fset.weights {
				case "overlap":
					trainF[i].Weight = classify.RowWeights(trainF[i].Label, p.shares[fset.labels], weightFloor)
				case "conf":
					trainF[i].Weight = classify.RowWeights(trainF[i].Label, p.conf[fset.labels], weightFloor)
				}
			}
			if px.nested {
				if err := px.scoreInner(col, fset, train, trainF, fitIdx, held, inner); err != nil {
					return err
				}
			}
			// Outer: fit on all training books, score the test books.
			m, err := px.train(col, fset, trainF)
			if err != nil {
				return err
			}
			quotas := px.quotas(trainF)
			trainF = nil
			testF := featurize(col, test)
			outerRes, err := px.summarize(m, quotas, test, testF, fset.name)
			if err != nil {
				return err
			}
			for name, r := range outerRes {
				foldRes[name] = r
				px.res[name].merge(r)
				px.res[name].lambdas = append(px.res[name].lambdas, m.Lambda)
			}
		}
		if !px.nested {
			fmt.Fprintf(os.Stderr, "fold %d done in %v\n", k, time.Since(fstart).Round(time.Second))
			continue
		}
		best, bestScore := "", math.Inf(-1)
		names := make([]string, 0, len(inner))
		for name := range inner {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if inner[name] > bestScore {
				best, bestScore = name, inner[name]
			}
		}
		px.res["nested"].merge(foldRes[best])
		px.chosen = append(px.chosen, best)
		fmt.Fprintf(os.Stderr, "fold %d done in %v; inner choice %s (%.2f)\n", k, time.Since(fstart).Round(time.Second), best, bestScore)
	}
	return nil
}

// scoreInner fits a model of feature set set on the fitIdx books of
// train and records in inner, for every rule, the mean unstemmed ROUGE-1 +
// ROUGE-2 of the summaries of the held books.
func (px *plotExp) scoreInner(col *classify.Collection, fset featureSet, train []*pairData, trainF []*classify.Features, fitIdx, held []int, inner map[string]float64) error {
	var fitF []*classify.Features
	for _, i := range fitIdx {
		fitF = append(fitF, trainF[i])
	}
	m, err := px.train(col, fset, fitF)
	if err != nil {
		return err
	}
	heldPairs := make([]*pairData, len(held))
	heldF := make([]*classify.Features, len(held))
	for j, i := range held {
		heldPairs[j], heldF[j] = train[i], trainF[i]
	}
	innerRes, err := px.summarize(m, px.quotas(fitF), heldPairs, heldF, fset.name)
	if err != nil {
		return err
	}
	for name, r := range innerRes {
		inner[name] = 100 * (mean(r.n1, heldPairs) + mean(r.n2, heldPairs))
	}
	return nil
}

func (px *plotExp) train(col *classify.Collection, fset featureSet, feats []*classify.Features) (*classify.Model, error) {
	trainer := px.trainer
	if fset.lambda != "" {
		trainer = fset.lambda
	}
	if trainer != "auto" {
		if _, err := strconv.ParseFloat(trainer, 64); err != nil {
			return nil, fmt.Errorf("trainer %q", trainer)
		}
	}
	r, err := recipe(col, trainer, nil, feats, px.sc)
	if err != nil {
		return nil, err
	}
	tr := r.Trainer()
	tr.Pairs = fset.pairs
	return tr.Train(col, feats)
}

// quotas returns classify.LearnQuota of the labelled books for each
// number of segments of the rules.
func (px *plotExp) quotas(labelled []*classify.Features) map[int][]float64 {
	out := map[int][]float64{}
	for _, r := range px.rules {
		if _, ok := out[r.segments]; ok || r.segments == 0 {
			continue
		}
		q, err := classify.LearnQuota(labelled, r.segments)
		if err != nil {
			panic(err) // segments > 0
		}
		out[r.segments] = q
	}
	return out
}

// summarize summarizes books (features feats) with m under every rule and
// scores them; the results are named SET/RULE.
func (px *plotExp) summarize(m *classify.Model, quotas map[int][]float64, books []*pairData, feats []*classify.Features, set string) (map[string]*result, error) {
	out := map[string]*result{}
	for _, r := range px.rules {
		out[set+"/"+r.String()] = newResult(set + "/" + r.String())
	}
	var mu sync.Mutex
	var firstErr error
	parallel(len(books), func(i int) {
		p := books[i]
		z := m.Logits(feats[i])
		for _, r := range px.rules {
			rows := p.book.ExtractSpread(z, classify.DefaultBudget, classify.Spread{Quota: quotas[r.segments], Redundancy: r.redundancy})
			one := newResult("")
			err := px.sc.score(p, rows, one)
			mu.Lock()
			if err != nil && firstErr == nil {
				firstErr = err
			}
			out[set+"/"+r.String()].merge(one)
			mu.Unlock()
		}
	})
	return out, firstErr
}
