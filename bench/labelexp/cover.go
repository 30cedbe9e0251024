package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/rouge"
	"gonum.org/v1/gonum/stat"
)

// runCover cross-validates the trained summarizers under coverage
// extraction (classify.Settings.Coverage, issue 12): for each method, each
// outer fold trains the logistic model on its aligner's top1 labels (lambda
// chosen on the inner split, as in the pipeline) and the coverage model,
// and summarizes the test books under every (bigram weight, prior weight,
// function-word weight) of the grid; with -function the coverage model
// names ROUGE's stopwords (classify.Settings.CoverageStopwords, issue 27).
// With -nested, the same is done on the inner split of the training books
// (fit on four fifths, summarize the held-out fifth), and each fold takes,
// for each method, the weights whose held-out summaries score best under
// -criterion (by default the mean unstemmed ROUGE-1 + ROUGE-2; with
// -floor, among the weights that reach it): the "METHOD/nested" rows,
// chosen on training books only.
func runCover(args []string) error {
	fl := flag.NewFlagSet("cover", flag.ExitOnError)
	corpusDir := fl.String("corpus", "../shared/corpus", "corpus directory")
	cache := fl.String("cache", "/tmp/labelexp", "alignment cache directory")
	rougeData := fl.String("rouge-data", "../shared/rouge", "ROUGE-1.5.5 data directory")
	methods := fl.String("methods", "passage,token,jing", "comma-separated aligners whose top1 labels train the logistic model, or label variants (\"passage/span\")")
	bigrams := fl.String("bigram", "1,2,3,4", "comma-separated bigram weights (Settings.CoverageBigram)")
	priors := fl.String("prior", "0,0.01,0.03,0.1", "comma-separated prior weights (Settings.CoveragePrior)")
	minWords := fl.Int("min-words", 15, "shortest row taken (Settings.CoverageMinWords)")
	folds := fl.Int("folds", 10, "cross-validation folds")
	seed := fl.Uint64("seed", 1, "seed of the folds and of the inner splits")
	nested := fl.Bool("nested", true, "also choose the weights per fold on the inner split")
	priorForm := fl.String("prior-form", "logp", "what the prior weighs: logp (the row's log-probability, as the pipeline), pct (its log-odds' percentile in the book, 0 to 1) or z (its log-odds standardized in the book)")
	ensemble := fl.Bool("ensemble", false, "also summarize with the prior of the methods' mean log-odds (the \"ensemble\" rows)")
	out := fl.String("out", "", "per-book CSV to append to (default CACHE/cover.csv)")
	tag := fl.String("tag", "", "prefix of the variant names in the output")
	functions := fl.String("function", "", "comma-separated weights of a function-word hit (classify.Settings.CoverageFunction, ROUGE's stopwords); empty: every n-gram counts alike")
	criterion := fl.String("criterion", "all", "what -nested maximizes on the held-out training books: all (unstemmed ROUGE-1 + ROUGE-2 with stopwords), content (the same with ROUGE's -s) or content-r2 (ROUGE-2 with -s)")
	floor := fl.String("floor", "", "ROUGE-1,ROUGE-2 recall (unstemmed, with stopwords) a weighting must reach on the held-out training books to be chosen (empty: none; when none reaches it, the best with stopwords is chosen)")
	fl.Parse(args)
	if !slices.Contains([]string{"all", "content", "content-r2"}, *criterion) {
		return fmt.Errorf("-criterion %q: want all, content or content-r2", *criterion)
	}
	var floors []float64
	if *floor != "" {
		var err error
		if floors, err = floatList(*floor); err != nil || len(floors) != 2 {
			return fmt.Errorf("-floor %q: want two recalls", *floor)
		}
	}
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
	if !slices.Contains(priorForms, *priorForm) {
		return fmt.Errorf("-prior-form %q: want one of %s", *priorForm, strings.Join(priorForms, ", "))
	}
	fv := []float64{1}
	if *functions != "" {
		if fv, err = floatList(*functions); err != nil {
			return err
		}
	}
	var opts []classify.CoverageOptions
	for _, f := range fv {
		for _, b := range bv {
			for _, a := range av {
				opts = append(opts, classify.CoverageOptions{Bigram: b, Prior: a, MinWords: *minWords, Function: f})
			}
		}
	}
	start := time.Now()
	ms := strings.Split(*methods, ",")
	var labels []string
	for _, m := range ms {
		labels = append(labels, labelOf(m))
	}
	settings := coverSettings
	if *functions != "" {
		data, err := rouge.LoadData(*rougeData)
		if err != nil {
			return err
		}
		settings.CoverageStopwords = data.Stopwords()
	}
	sc, pairs, names, err := loadExperiment(*corpusDir, *cache, *rougeData, labels)
	if err != nil {
		return err
	}
	cx := &coverExp{settings: settings, criterion: *criterion, floor: floors, pairs: pairs, methods: ms, opts: opts, sc: sc, seed: *seed, nested: *nested, ensemble: *ensemble, priorForm: *priorForm, res: map[string]*result{}}
	if *ensemble {
		ms = append(ms, ensembleName)
	}
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
	if o.Function != 1 {
		return fmt.Sprintf("%s/b%g/a%g/l%d/f%g", m, o.Bigram, o.Prior, o.MinWords, o.Function)
	}
	return fmt.Sprintf("%s/b%g/a%g/l%d", m, o.Bigram, o.Prior, o.MinWords)
}

// coverExp is one run of runCover.
type coverExp struct {
	pairs    []*pairData
	methods  []string
	opts     []classify.CoverageOptions
	sc       scorers
	seed     uint64
	nested   bool
	ensemble bool
	// priorForm is what the prior term weighs (the -prior-form flag).
	priorForm string
	res       map[string]*result
	chosen    map[string][]string
	// settings are the collection's features and coverage terms;
	// criterion is what the nested choice maximizes (the -criterion flag).
	settings  classify.Settings
	criterion string
	floor     []float64 // nil or the ROUGE-1, ROUGE-2 recalls of -floor
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
		train, test, counts, err := splitFold(cx.pairs, plan, k, cx.settings.CoverageStopwords)
		if err != nil {
			return err
		}
		col, err := counts.Collection(cx.settings)
		if err != nil {
			return err
		}
		trainF := featurize(col, train)
		fitIdx, held, err := classify.InnerSplit(cx.seed, classify.DefaultInnerFolds, ids0(train), nil)
		if err != nil {
			return err
		}
		inner, outer := map[string]*classify.Model{}, map[string]*classify.Model{}
		for _, m := range cx.methods {
			for i, p := range train {
				trainF[i].Label = p.labels[labelOf(m)]
			}
			choice := 0
			if cx.nested {
				fitF := make([]*classify.Features, len(fitIdx))
				for j, i := range fitIdx {
					fitF[j] = trainF[i]
				}
				if inner[m], err = cx.fit(col, fitF); err != nil {
					return err
				}
				if choice, err = cx.choose(heldOut(train, held), m, inner); err != nil {
					return err
				}
			}
			model, err := cx.fit(col, trainF)
			if err != nil {
				return err
			}
			outer[m] = model
			if err := cx.test(test, m, outer, choice); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "fold %d %s: lambda %g, coverage model %d cells %d iterations\n", k, m, model.Lambda, model.Coverage.Cells, model.Coverage.Iterations)
		}
		if cx.ensemble {
			choice := 0
			if cx.nested {
				if choice, err = cx.choose(heldOut(train, held), ensembleName, inner); err != nil {
					return err
				}
			}
			if err := cx.test(test, ensembleName, outer, choice); err != nil {
				return err
			}
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

// labelOf returns the label variant a method's model trains on: its top1
// labels, or the variant itself when m names one ("passage/span").
func labelOf(m string) string {
	if strings.Contains(m, "/") {
		return m
	}
	return m + "/top1"
}

// ensembleName names the summarizer whose prior is the mean log-odds of the
// methods' models.
const ensembleName = "ensemble"

// heldOut returns the training books of the inner split's held-out part.
func heldOut(train []*pairData, held []int) []*pairData {
	out := make([]*pairData, len(held))
	for j, i := range held {
		out[j] = train[i]
	}
	return out
}

// choose summarizes the held-out books with method under every weighting
// and returns the index of the weighting that scores best under the
// criterion (the -criterion flag), recording it. With a floor, only the
// weightings whose mean ROUGE-1 and ROUGE-2 with stopwords reach it
// compete; when none does, all compete on ROUGE with stopwords.
func (cx *coverExp) choose(held []*pairData, method string, models map[string]*classify.Model) (int, error) {
	res, err := cx.summarize(models, held, method)
	if err != nil {
		return 0, err
	}
	criterion := cx.criterion
	above := func(r *result) bool {
		return cx.floor == nil || mean(r.n1, held) >= cx.floor[0] && mean(r.n2, held) >= cx.floor[1]
	}
	if !slices.ContainsFunc(cx.opts, func(o classify.CoverageOptions) bool { return above(res[coverName(method, o)]) }) {
		criterion, above = "all", func(*result) bool { return true }
	}
	choice, best := 0, math.Inf(-1)
	for i, o := range cx.opts {
		r := res[coverName(method, o)]
		if !above(r) {
			continue
		}
		var s float64
		switch criterion {
		case "all":
			s = mean(r.n1, held) + mean(r.n2, held)
		case "content":
			s = mean(r.c1, held) + mean(r.c2, held)
		case "content-r2":
			s = mean(r.c2, held)
		}
		if s > best {
			best, choice = s, i
		}
	}
	cx.chosen[method] = append(cx.chosen[method], coverName(method, cx.opts[choice]))
	return choice, nil
}

// test summarizes the test books with method under every weighting and
// merges the scores into the results, the choice-th into the nested row.
func (cx *coverExp) test(books []*pairData, method string, models map[string]*classify.Model, choice int) error {
	res, err := cx.summarize(models, books, method)
	if err != nil {
		return err
	}
	for name, r := range res {
		cx.res[name].merge(r)
		if m, ok := models[method]; ok {
			cx.res[name].lambdas = append(cx.res[name].lambdas, m.Lambda)
		}
	}
	cx.res[method+"/nested"].merge(res[coverName(method, cx.opts[choice])])
	return nil
}

// coverageBook prepares p for extraction by method: its own model, or for
// the ensemble the first method's coverage model with the mean log-odds of
// all methods' models; the prior reads the log-odds as -prior-form says.
func (cx *coverExp) coverageBook(models map[string]*classify.Model, p *pairData, method string) (*classify.CoverageBook, error) {
	if method != ensembleName {
		cb := models[method].CoverageBook(p.book, nil)
		if cx.priorForm == "logp" {
			return cb, nil
		}
		return cb.WithLogits(priorValues(models[method].Scores(p.book), cx.priorForm))
	}
	var mean []float64
	for _, m := range cx.methods {
		s := models[m].Scores(p.book)
		if mean == nil {
			mean = make([]float64, len(s))
		}
		for i, x := range s {
			mean[i] += x / float64(len(cx.methods))
		}
	}
	return models[cx.methods[0]].CoverageBook(p.book, nil).WithLogits(priorValues(mean, cx.priorForm))
}

// priorForms are the values of -prior-form.
var priorForms = []string{"logp", "pct", "z"}

// priorValues returns log-odds whose LogSigmoid is what the prior of form
// weighs: the log-odds themselves ("logp"), or, up to a constant that does
// not change the extract, their percentile ("pct") or standardized value
// ("z") within the book, using LogSigmoid(x) = x for x < -30.
func priorValues(logit []float64, form string) []float64 {
	out := make([]float64, len(logit))
	switch form {
	case "pct":
		idx := make([]int, len(logit))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return logit[idx[a]] < logit[idx[b]] })
		for rank, i := range idx {
			out[i] = float64(rank)/float64(max(1, len(idx)-1)) - 100
		}
	case "z":
		m, sd := stat.MeanStdDev(logit, nil)
		for i, x := range logit {
			out[i] = (x-m)/max(sd, 1e-9) - 100
		}
	default:
		copy(out, logit)
	}
	return out
}

// summarize summarizes books with method under every weighting and scores
// them; the results are named by coverName.
func (cx *coverExp) summarize(models map[string]*classify.Model, books []*pairData, method string) (map[string]*result, error) {
	out := map[string]*result{}
	for _, o := range cx.opts {
		out[coverName(method, o)] = newResult(coverName(method, o))
	}
	var mu sync.Mutex
	var firstErr error
	parallel(len(books), func(i int) {
		p := books[i]
		cb, err := cx.coverageBook(models, p, method)
		if err != nil {
			mu.Lock()
			firstErr = err
			mu.Unlock()
			return
		}
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
