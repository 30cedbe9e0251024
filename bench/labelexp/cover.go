package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bookalign/bookalign/classify"
)

// runCover cross-validates the trained summarizers under coverage
// extraction (classify.Settings.Coverage, issue 12): for each method, each
// outer fold trains the logistic model on its aligner's top1 labels (lambda
// chosen on the inner split, as in the pipeline) and the coverage model,
// and summarizes the test books under every (bigram weight, prior weight)
// of the grid. With -nested, the same is done on the inner split of the
// training books (fit on four fifths, summarize the held-out fifth), and
// each fold takes, for each method, the weights whose held-out summaries
// have the highest mean unstemmed ROUGE-1 + ROUGE-2: the "METHOD/nested"
// rows, chosen on training books only.
func runCover(args []string) error {
	fl := flag.NewFlagSet("cover", flag.ExitOnError)
	corpusDir := fl.String("corpus", "../shared/corpus", "corpus directory")
	cache := fl.String("cache", "/tmp/labelexp", "alignment cache directory")
	rougeData := fl.String("rouge-data", "../shared/rouge", "ROUGE-1.5.5 data directory")
	methods := fl.String("methods", "passage,token,jing", "comma-separated aligners whose top1 labels train the logistic model")
	bigrams := fl.String("bigram", "1,2,3,4", "comma-separated bigram weights (Settings.CoverageBigram)")
	priors := fl.String("prior", "0,0.01,0.03,0.1", "comma-separated prior weights (Settings.CoveragePrior)")
	minWords := fl.Int("min-words", 15, "shortest row taken (Settings.CoverageMinWords)")
	folds := fl.Int("folds", 10, "cross-validation folds")
	seed := fl.Uint64("seed", 1, "seed of the folds and of the inner splits")
	nested := fl.Bool("nested", true, "also choose the weights per fold on the inner split")
	out := fl.String("out", "", "per-book CSV to append to (default CACHE/cover.csv)")
	tag := fl.String("tag", "", "prefix of the variant names in the output")
	fl.Parse(args)
	if *out == "" {
		*out = filepath.Join(*cache, "cover.csv")
	}
	bv, err := floatList(*bigrams)
	if err != nil {
		return err
	}
	av, err := floatList(*priors)
	if err != nil {
		return err
	}
	var opts []classify.CoverageOptions
	for _, b := range bv {
		for _, a := range av {
			opts = append(opts, classify.CoverageOptions{Bigram: b, Prior: a, MinWords: *minWords})
		}
	}
	start := time.Now()
	ms := strings.Split(*methods, ",")
	var labels []string
	for _, m := range ms {
		labels = append(labels, m+"/top1")
	}
	sc, pairs, names, err := loadExperiment(*corpusDir, *cache, *rougeData, labels)
	if err != nil {
		return err
	}
	cx := &coverExp{pairs: pairs, methods: ms, opts: opts, sc: sc, seed: *seed, nested: *nested, res: map[string]*result{}}
	for _, m := range ms {
		for _, o := range opts {
			cx.res[coverName(m, o)] = newResult(coverName(m, o))
		}
		cx.res[m+"/nested"] = newResult(m + "/nested")
	}
	if err := cx.crossValidate(*folds); err != nil {
		return err
	}
	results := []*result{names}
	for _, m := range ms {
		for _, o := range opts {
			results = append(results, cx.res[coverName(m, o)])
		}
		if *nested {
			results = append(results, cx.res[m+"/nested"])
		}
	}
	for _, r := range results {
		r.name = *tag + r.name
	}
	report(pairs, results, names, true)
	if *nested {
		for _, m := range ms {
			fmt.Printf("\n%s nested choices (per fold): %s\n", m, strings.Join(cx.chosen[m], ", "))
		}
	}
	fmt.Fprintf(os.Stderr, "took %v\n", time.Since(start).Round(time.Second))
	return appendCSV(*out, pairs, results)
}

// coverName names the variant of method m under weights o.
func coverName(m string, o classify.CoverageOptions) string {
	return fmt.Sprintf("%s/b%g/a%g/l%d", m, o.Bigram, o.Prior, o.MinWords)
}

// coverExp is one run of runCover.
type coverExp struct {
	pairs   []*pairData
	methods []string
	opts    []classify.CoverageOptions
	sc      scorers
	seed    uint64
	nested  bool
	res     map[string]*result
	chosen  map[string][]string
}

// coverSettings are the features of the pipeline's default with coverage
// extraction (its weights do not matter here: Extract takes them).
var coverSettings = classify.Settings{Counts: true, Events: true, Coverage: true, CoverageBigram: 1, CoverageMinWords: 15}

func (cx *coverExp) crossValidate(n int) error {
	ids := make([]string, len(cx.pairs))
	for i, p := range cx.pairs {
		ids[i] = p.id
	}
	plan, err := classify.NewPlan(cx.seed, n, ids, nil, false)
	if err != nil {
		return err
	}
	cx.chosen = map[string][]string{}
	for k := range n {
		fstart := time.Now()
		train, test, counts, err := splitFold(cx.pairs, plan, k)
		if err != nil {
			return err
		}
		col, err := counts.Collection(coverSettings)
		if err != nil {
			return err
		}
		trainF := featurize(col, train)
		fitIdx, held, err := classify.InnerSplit(cx.seed, classify.DefaultInnerFolds, ids0(train), nil)
		if err != nil {
			return err
		}
		for _, m := range cx.methods {
			for i, p := range train {
				trainF[i].Label = p.labels[m+"/top1"]
			}
			choice := 0
			if cx.nested {
				fitF := make([]*classify.Features, len(fitIdx))
				for j, i := range fitIdx {
					fitF[j] = trainF[i]
				}
				inner, err := cx.fit(col, fitF)
				if err != nil {
					return err
				}
				heldPairs := make([]*pairData, len(held))
				for j, i := range held {
					heldPairs[j] = train[i]
				}
				res, err := cx.summarize(inner, heldPairs, m)
				if err != nil {
					return err
				}
				best := math.Inf(-1)
				for i, o := range cx.opts {
					r := res[coverName(m, o)]
					if s := 100 * (mean(r.n1, heldPairs) + mean(r.n2, heldPairs)); s > best {
						best, choice = s, i
					}
				}
				cx.chosen[m] = append(cx.chosen[m], coverName(m, cx.opts[choice]))
			}
			model, err := cx.fit(col, trainF)
			if err != nil {
				return err
			}
			res, err := cx.summarize(model, test, m)
			if err != nil {
				return err
			}
			for name, r := range res {
				cx.res[name].merge(r)
				cx.res[name].lambdas = append(cx.res[name].lambdas, model.Lambda)
			}
			cx.res[m+"/nested"].merge(res[coverName(m, cx.opts[choice])])
			fmt.Fprintf(os.Stderr, "fold %d %s: lambda %g, coverage model %d cells %d iterations\n", k, m, model.Lambda, model.Coverage.Cells, model.Coverage.Iterations)
		}
		fmt.Fprintf(os.Stderr, "fold %d done in %v\n", k, time.Since(fstart).Round(time.Second))
	}
	return nil
}

func ids0(ps []*pairData) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.id
	}
	return out
}

// fit trains a model as the pipeline does: lambda chosen on the inner split
// of feats.
func (cx *coverExp) fit(col *classify.Collection, feats []*classify.Features) (*classify.Model, error) {
	r := classify.Recipe{Features: col.Settings, Seed: cx.seed, Budget: classify.DefaultBudget}
	return r.Trainer().Train(col, feats)
}

// summarize summarizes books with m under every weighting and scores them;
// the results are named by coverName.
func (cx *coverExp) summarize(m *classify.Model, books []*pairData, method string) (map[string]*result, error) {
	out := map[string]*result{}
	for _, o := range cx.opts {
		out[coverName(method, o)] = newResult(coverName(method, o))
	}
	var mu sync.Mutex
	var firstErr error
	parallel(len(books), func(i int) {
		p := books[i]
		cb := m.CoverageBook(p.book, nil)
		for _, o := range cx.opts {
			one := newResult("")
			err := cx.sc.score(p, cb.Extract(classify.DefaultBudget, o), one)
			mu.Lock()
			if err != nil && firstErr == nil {
				firstErr = err
			}
			out[coverName(method, o)].merge(one)
			mu.Unlock()
		}
	})
	return out, firstErr
}

// floatList parses a comma-separated list of numbers.
func floatList(list string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(list, ",") {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}
