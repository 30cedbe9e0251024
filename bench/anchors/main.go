// Command anchors measures the aligners on silver anchors: summary
// sentences that quote their book verbatim (FindAnchors: a run of at
// least -min-run word tokens found at exactly one place of the book). A
// method hits an anchored sentence when its aligned span lies within ±250
// counted tokens of the quotation and is at most 1,000 counted tokens long.
// Each method runs twice, on the summary as written and with every quotation
// cut out and replaced by one nonsense word (MaskAnchors), which asks
// whether the method finds the place without the quotation, as it must for
// the many summary sentences that quote nothing. A calibration table gives
// the masked hit rate by decile of the aligners' confidence.
//
//	go run ./bench/anchors [-corpus ../shared/corpus] [-thesaurus ../shared/thesaurus]
//	    [-min-run 8] [-extend=true] [-workers 2] [-methods passage,token,jing] [-books id,...]
//
// -h lists the variants -methods accepts (METHOD[:OPTION...], for instance
// token:exact:nocontext). Only books with at least one anchor are aligned.
// The anchors themselves are found on exact lower-cased tokens, whatever a
// variant's word forms. See docs/notebook/alignment.md, "Masked anchors".
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/bench/internal/pairids"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/cputime"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// The hit rule.
const (
	hitRadius = 250
	maxSpan   = 1000
)

func main() {
	corpusDir := flag.String("corpus", "../shared/corpus", "corpus directory")
	thDir := flag.String("thesaurus", "../shared/thesaurus", "Roget's Thesaurus directory")
	var rule AnchorRule
	flag.IntVar(&rule.MinRun, "min-run", 8, "shortest verbatim run (word tokens) that anchors a summary sentence")
	flag.IntVar(&rule.MinContent, "min-content", 2, "least number of the run's tokens that are not stopwords")
	flag.BoolVar(&rule.Extend, "extend", true, "mask the whole verbatim run, not only its first -min-run tokens")
	workers := flag.Int("workers", 2, "books aligned at once")
	methods := flag.String("methods", "passage,token,jing", "comma-separated variants (see -h)")
	books := flag.String("books", "", "comma-separated corpus ids (default: all of pairs.tsv)")
	rougeDir := flag.String("rouge-data", "", "ROUGE data directory (WordNet exceptions), for the lemma option")
	detail := flag.String("detail", "", "write one tab-separated line per variant, condition and anchor to this file")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: anchors [flags]\n\nVariants (-methods): %s\n\nFlags:\n", variantHelp)
		flag.PrintDefaults()
	}
	flag.Parse()
	if err := run(*corpusDir, *thDir, *rougeDir, rule, *workers, *methods, *books, *detail); err != nil {
		fmt.Fprintln(os.Stderr, "anchors:", err)
		os.Exit(1)
	}
}

func run(corpusDir, thDir, rougeDir string, rule AnchorRule, workers int, methodList, bookList, detail string) error {
	var lemmas *rouge.Data
	if rougeDir != "" {
		var err error
		if lemmas, err = rouge.ReadData(rougeDir, nil); err != nil {
			return err
		}
	}
	var vs []variant
	for _, name := range strings.Split(methodList, ",") {
		v, err := parseVariant(name, lemmas)
		if err != nil {
			return err
		}
		vs = append(vs, v)
	}
	th, err := align.LoadThesaurus(thDir)
	if err != nil {
		return err
	}
	ids, err := pairids.Read(corpusDir)
	if err != nil {
		return err
	}
	if bookList != "" {
		ids = strings.Split(bookList, ",")
	}

	res := make([]*result, 2*len(vs))
	for i, v := range vs {
		res[2*i] = &result{name: v.name}
		res[2*i+1] = &result{name: v.name, masked: true}
	}
	var (
		mu              sync.Mutex
		wg              sync.WaitGroup
		nBooks, nAnchor int
		firstErr        error
	)
	work := make(chan string)
	start := time.Now()
	for range max(1, workers) {
		wg.Go(func() {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for id := range work {
				book, summary, err := loadDocs(corpusDir, id)
				var anchors []Anchor
				if err == nil {
					var p *align.Pair
					if p, err = align.Prepare(book, summary); err == nil {
						anchors = FindAnchors(book, summary, p, rule)
					}
				}
				var outs [][]outcome
				var cpus []time.Duration
				for _, v := range vs {
					if err != nil || len(anchors) == 0 {
						break
					}
					var p *align.Pair
					if p, err = v.prepare(book, summary); err != nil {
						break
					}
					a := v.aligner(th)
					for _, q := range []*align.Pair{p, MaskAnchors(p, anchors)} {
						c0 := cputime.Thread()
						al, aerr := a.Align(q)
						cpus = append(cpus, cputime.Thread()-c0)
						if aerr != nil {
							err = fmt.Errorf("%s: %w", v.name, aerr)
							break
						}
						outs = append(outs, score(id, q, al, anchors))
					}
				}
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("%s: %w", id, err)
				}
				if err == nil && len(anchors) > 0 {
					nBooks++
					nAnchor += len(anchors)
					for i, o := range outs {
						res[i].add(id, o, cpus[i])
					}
					fmt.Fprintf(os.Stderr, "%s: %d anchors (%d books, %d anchors, %s)\n", id, len(anchors), nBooks, nAnchor, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		})
	}
	for _, id := range ids {
		work <- id
	}
	close(work)
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	fmt.Printf("%d books with anchors, %d anchored summary sentences (verbatim run ≥ %d tokens); hit: within ±%d counted tokens, span ≤ %d\n\n",
		nBooks, nAnchor, rule.MinRun, hitRadius, maxSpan)
	printTable(os.Stdout, res)
	fmt.Println()
	printCalibration(os.Stdout, res)
	if detail != "" {
		return writeDetail(detail, res)
	}
	return nil
}

// loadDocs reads and parses corpus pair id.
func loadDocs(dir, id string) (book, summary *text.Document, err error) {
	l := corpus.Layout{Dir: dir}
	b, err := os.ReadFile(l.Book(id))
	if err != nil {
		return nil, nil, err
	}
	s, err := os.ReadFile(l.Summary(id))
	if err != nil {
		return nil, nil, err
	}
	if book, err = text.ParseBook(string(b)); err != nil {
		return nil, nil, err
	}
	summary, err = text.ParseSummary(string(s))
	return book, summary, err
}
