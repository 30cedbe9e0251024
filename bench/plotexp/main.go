// Command plotexp measures variants of the coverage model's keys (the
// plot properties of classify/coverage's Plot: names, spread, density,
// link) on a corpus, under the product's own code: classify.NewBook and
// its term statistics, coverage.NewStats, NewCells, Fit, BookKeys and
// Book.Extract, and ROUGE's scorer (unstemmed, with and without ROUGE's
// stopwords, -s). It cross-validates as `bookalign run` does (cv.Folds,
// the seed and the book ids), by default without the logistic model:
// extraction uses the coverage term alone (the prior α = 0), so it needs
// no aligner and a variant costs a fit and an extract per fold, not a run
// (with -labels, each fold also trains the logistic model, below). Every
// variant is scored on the same folds; the nested row scores each fold's
// books by the variant that fold's training books chose: the best mean
// content ROUGE-1 + ROUGE-2 over the books of the other folds, among the
// variants whose ROUGE-1 / ROUGE-2 with stopwords there reach -floor.
//
//	go run ./bench/plotexp [-corpus ../shared/corpus] [-rouge-data ../shared/rouge]
//	    [-folds 10] [-seed 1] [-books 0] [-variants 'none;names;spread;first;meet']
//	    [-bigram 3] [-function 0.2] [-min-words 15] [-floor 0.52,0.115] [-csv FILE] [-ceiling]
//	    [-labels RUN]
//
// A variant is the plot properties of the keys (coverage.ParsePlot), then
// optionally "/prior=A" (extract with the logistic prior α = A) and
// "/link=D", "/linkmean=D" or "/linkcontent=D" (scale each n-gram's
// expected count by exp(D × its link score, coverage.LinkScores: the max,
// or the mean, of the log-probabilities of its rows; linkcontent the mean,
// of the content n-grams only). Those need the sentence model: with
// -labels RUN, each fold trains the Word HMM summarizer's logistic model
// on its training books, labelled by the token alignments of the finished
// run RUN (logistic.go).
//
// `plotexp nest` makes the same nested choice among finished runs of
// `bookalign run` (nest.go).
//
// It prints a table of the variants' mean unstemmed recall and the nested
// row; -csv writes every book's scores under every variant. See
// docs/notebook/experiment.md, "The plot's people and events".
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/classify/coverage"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "nest" {
		if err := nestMain(os.Stdout, os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "plotexp:", err)
			os.Exit(1)
		}
		return
	}
	var o options
	flag.StringVar(&o.corpus, "corpus", "../shared/corpus", "corpus `DIR`")
	flag.StringVar(&o.rougeDir, "rouge-data", "../shared/rouge", "ROUGE-1.5.5 data `DIR` (its stopword list is required)")
	flag.IntVar(&o.folds, "folds", 10, "cross-validation folds")
	flag.Uint64Var(&o.seed, "seed", 1, "seed of the folds")
	flag.IntVar(&o.books, "books", 0, "the first N books of pairs.tsv (0: all)")
	variants := flag.String("variants", "none;names;spread;first;meet", "semicolon-separated variants, each plot properties (coverage.ParsePlot), then optionally /prior=A and /link=D, /linkmean=D or /linkcontent=D")
	flag.Float64Var(&o.cover.Bigram, "bigram", 3, "β, a bigram hit against a unigram hit")
	flag.Float64Var(&o.cover.Function, "function", 0.2, "γ, the weight of an n-gram holding a stopword")
	flag.IntVar(&o.cover.MinWords, "min-words", 15, "shortest sentence taken")
	floor := flag.String("floor", "0.52,0.115", "the least ROUGE-1,ROUGE-2 recall with stopwords a nested choice accepts")
	flag.StringVar(&o.csv, "csv", "", "write every book's scores to `FILE`")
	flag.StringVar(&o.labels, "labels", "", "a finished `RUN` dir of bookalign run, whose token alignments label each fold's logistic model (needed by /link and /prior)")
	flag.BoolVar(&o.ceiling, "ceiling", false, "fit each fold's model to its test books' own summaries: the ceiling of the model's features")
	flag.Parse()
	if err := o.parse(*variants, *floor); err != nil {
		fmt.Fprintln(os.Stderr, "plotexp:", err)
		os.Exit(2)
	}
	if err := run(os.Stdout, &o); err != nil {
		fmt.Fprintln(os.Stderr, "plotexp:", err)
		os.Exit(1)
	}
}

// A variant is a coverage model, the plot properties of its keys, and how
// it extracts: with -labels, it may also extract with the logistic prior α (prior) and
// scale each n-gram's expected count by exp(link × its link score,
// coverage.LinkScores: the max, or with linkMean the mean, of its rows'
// log-probabilities).
type variant struct {
	plot        coverage.Plot
	link, prior float64
	linkMean    bool
	linkContent bool // the link scales content n-grams only
}

// parseVariant reads "PLOT[/link=D|/linkmean=D|/linkcontent=D][/prior=A]".
func parseVariant(s string) (variant, error) {
	var v variant
	parts := strings.Split(strings.TrimSpace(s), "/")
	var err error
	if v.plot, err = coverage.ParsePlot(strings.TrimSpace(parts[0])); err != nil {
		return v, err
	}
	for _, part := range parts[1:] {
		name, value, _ := strings.Cut(part, "=")
		f, err := strconv.ParseFloat(value, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return v, fmt.Errorf("variant %q: %q is not a number", s, value)
		}
		switch name {
		case "link":
			v.link = f
		case "linkmean":
			v.link, v.linkMean = f, true
		case "linkcontent":
			v.link, v.linkMean, v.linkContent = f, true, true
		case "prior":
			v.prior = f
		default:
			return v, fmt.Errorf("variant %q: unknown %q: want link, linkmean, linkcontent or prior", s, name)
		}
	}
	return v, nil
}

func (v variant) String() string {
	s := v.plot.String()
	if v.link != 0 {
		kind := map[bool]string{true: "mean"}[v.linkMean]
		if v.linkContent {
			kind = "content"
		}
		s += fmt.Sprintf("/link%s=%g", kind, v.link)
	}
	if v.prior != 0 {
		s += fmt.Sprintf("/prior=%g", v.prior)
	}
	return s
}

// options are the harness's flags.
type options struct {
	corpus, rougeDir, csv string
	labels                string
	folds, books          int
	seed                  uint64
	variants              []variant
	cover                 coverage.Options
	floor                 [2]float64
	ceiling               bool
}

// parse reads the variants and the floor.
func (o *options) parse(variants, floor string) error {
	for _, v := range strings.Split(variants, ";") {
		p, err := parseVariant(v)
		if err != nil {
			return err
		}
		if (p.link != 0 || p.prior != 0) && o.labels == "" {
			return fmt.Errorf("variant %v needs -labels", p)
		}
		o.variants = append(o.variants, p)
	}
	parts := strings.Split(floor, ",")
	if len(parts) != 2 {
		return fmt.Errorf("-floor %q: want R1,R2", floor)
	}
	for i, s := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return fmt.Errorf("-floor: %w", err)
		}
		o.floor[i] = f
	}
	if o.folds < 2 {
		return fmt.Errorf("-folds %d: want at least 2", o.folds)
	}
	return nil
}

func run(w io.Writer, o *options) error {
	c, err := load(o)
	if err != nil {
		return err
	}
	scores, err := c.crossValidate(o)
	if err != nil {
		return err
	}
	report(w, o, c, scores)
	if o.csv != "" {
		return writeCSV(o.csv, o, c, scores)
	}
	return nil
}
