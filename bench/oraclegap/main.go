// Command oraclegap measures how far the content oracle (bookalign's
// oracle-content: extract.Oracle with ROUGE's stemmed scorer that removes
// stopwords, -m -s) is from the best extract a local search finds from it.
// For each book it takes the greedy extract, and a greedy that takes the
// largest gain per word instead of the largest gain, and improves each
// with moves that keep the summary within the budget: add a sentence, swap
// a selected sentence for an unselected one, or drop one and refill the
// room greedily; a move is taken when it raises R1 + R2 recall under the
// same scorer (ROUGE-1.5.5 as bookalign scores, bigrams across sentences
// included), the largest gain first, until no move raises it. The better
// of the two local optima is the best found: a lower bound of the best
// extract, not the optimum. The oracle that keeps the stopwords
// (bookalign's oracle) is scored on the content words too, for comparison.
//
//	go run ./bench/oraclegap [-corpus ../shared/corpus] [-rouge-data ../shared/rouge]
//	    [-books 5] [-ids id,...] [-words 1000]
//
// It prints one row per book and the means; see docs/notebook/experiment.md, "The
// content oracle".
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bookalign/bookalign/bench/internal/pairids"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

func main() {
	corpusDir := flag.String("corpus", "../shared/corpus", "corpus `DIR`")
	rougeDir := flag.String("rouge-data", "../shared/rouge", "ROUGE-1.5.5 data `DIR` (its stopword list is required)")
	books := flag.Int("books", 5, "the first N books of pairs.tsv (ignored with -ids)")
	ids := flag.String("ids", "", "comma-separated book ids to measure instead")
	words := flag.Int("words", extract.DefaultBudget, "summary budget in words")
	flag.Parse()
	if err := run(os.Stdout, *corpusDir, *rougeDir, *ids, *books, *words); err != nil {
		fmt.Fprintln(os.Stderr, "oraclegap:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, corpusDir, rougeDir, idList string, n, budget int) error {
	data, err := rouge.ReadData(rougeDir, nil)
	if err != nil {
		return err
	}
	if !data.HasStopwords() {
		return fmt.Errorf("%s has no stopword list", rougeDir)
	}
	content := rouge.NewScorers(data, true).Stem
	plain := rouge.NewScorers(data, false).Stem
	var list []string
	if idList != "" {
		list = strings.Split(idList, ",")
	} else {
		all, err := pairids.Read(corpusDir)
		if err != nil {
			return err
		}
		list = all[:min(n, len(all))]
	}
	fmt.Fprintf(w, "Content R1 / R2 recall in percent (ROUGE-1.5.5 -m -s), %d-word budget.\n\n", budget)
	fmt.Fprintln(w, "| Book | Stopword oracle | Greedy (oracle-content) | Greedy + local search | Gain-per-word greedy | Best found | Δ R1+R2, best − greedy | Sentences, greedy → best | Time |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|---:|")
	var sumP, sumG, sumGL, sumW, sumL [2]float64
	for _, id := range list {
		g, err := measure(corpusDir, id, content, plain, budget)
		if err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %+.2f | %d → %d | %.1fs |\n", id, pair(g.plain), pair(g.greedy), pair(g.greedyLocal), pair(g.perWord), pair(g.local),
			100*(g.local[0]+g.local[1]-g.greedy[0]-g.greedy[1]), g.greedySents, g.localSents, g.took.Seconds())
		for k := range 2 {
			sumP[k] += g.plain[k]
			sumG[k] += g.greedy[k]
			sumGL[k] += g.greedyLocal[k]
			sumW[k] += g.perWord[k]
			sumL[k] += g.local[k]
		}
	}
	if m := float64(len(list)); m > 0 {
		for k := range 2 {
			sumP[k] /= m
			sumG[k] /= m
			sumGL[k] /= m
			sumW[k] /= m
			sumL[k] /= m
		}
		fmt.Fprintf(w, "| mean | %s | %s | %s | %s | %s | %+.2f | | |\n", pair(sumP), pair(sumG), pair(sumGL), pair(sumW), pair(sumL), 100*(sumL[0]+sumL[1]-sumG[0]-sumG[1]))
	}
	return nil
}

func pair(r [2]float64) string { return fmt.Sprintf("%.2f / %.2f", 100*r[0], 100*r[1]) }

// gap is one book's measurement: content R1 and R2 recall (unrounded) of
// the stopword oracle, the greedy content oracle, the local search from
// it, the gain-per-word greedy and the best summary found.
type gap struct {
	plain, greedy, greedyLocal [2]float64
	perWord, local             [2]float64
	greedySents, localSents    int
	took                       time.Duration
}

func measure(corpusDir, id string, content, plain *rouge.Scorer, budget int) (gap, error) {
	raw, err := os.ReadFile(filepath.Join(corpusDir, "books", id+".txt"))
	if err != nil {
		return gap{}, err
	}
	ref, err := os.ReadFile(filepath.Join(corpusDir, "summaries", id+".txt"))
	if err != nil {
		return gap{}, err
	}
	doc, err := text.ParseBook(string(raw))
	if err != nil {
		return gap{}, err
	}
	b := classify.NewBook(id, doc)
	start := time.Now()
	greedy, err := extract.Oracle(doc, b, string(ref), content, budget)
	if err != nil {
		return gap{}, err
	}
	p, err := extract.Oracle(doc, b, string(ref), plain, budget)
	if err != nil {
		return gap{}, err
	}
	ls, err := newSearch(doc, b, string(ref), content, budget)
	if err != nil {
		return gap{}, err
	}
	greedyLocal, _, err := ls.improve(greedy)
	if err != nil {
		return gap{}, err
	}
	perWord := ls.perWord()
	perWordLocal, _, err := ls.improve(perWord)
	if err != nil {
		return gap{}, err
	}
	local := greedyLocal
	if sum(ls.exact(perWordLocal)) > sum(ls.exact(greedyLocal)) {
		local = perWordLocal
	}
	g := gap{greedySents: len(greedy), localSents: len(local), took: time.Since(start)}
	for _, sents := range [][]int{p, greedy, greedyLocal, perWord, local} {
		words := 0
		for _, si := range sents {
			words += text.BudgetWords(doc.Str(doc.Sentences[si].Span))
		}
		if words > budget {
			return gap{}, fmt.Errorf("a summary of %d words, over the budget of %d", words, budget)
		}
	}
	g.plain, g.greedy, g.greedyLocal, g.perWord, g.local = ls.exact(p), ls.exact(greedy), ls.exact(greedyLocal), ls.exact(perWord), ls.exact(local)
	return g, nil
}
