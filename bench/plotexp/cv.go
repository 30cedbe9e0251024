package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/bookalign/bookalign/bench/internal/pairids"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// book is one pair as the harness keeps it: the product's Book with its
// reference, its n-grams, term statistics and texts.
type book struct {
	id      string
	doc     *text.Document
	b       *classify.Book
	g       *coverage.Grams
	stats   *coverage.TermStats
	summary string
	labels  []int // the token aligner's labelled sentences (-labels)
}

// corpusData are the books, their folds and the scorers.
type corpusData struct {
	books          []*book
	fold           []int
	stop           []string
	plain, content *rouge.Scorer // unstemmed, with and without stopwords
}

// load reads the corpus's books as the pipeline prepares them.
func load(o *options) (*corpusData, error) {
	data, err := rouge.ReadData(o.rougeDir, nil)
	if err != nil {
		return nil, err
	}
	if !data.HasStopwords() {
		return nil, fmt.Errorf("%s has no stopword list", o.rougeDir)
	}
	ids, err := pairids.Read(o.corpus)
	if err != nil {
		return nil, err
	}
	if o.books > 0 {
		ids = ids[:min(o.books, len(ids))]
	}
	c := &corpusData{stop: data.Stopwords(), plain: rouge.NewScorers(data, false).NoStem, content: rouge.NewScorers(data, true).NoStem}
	folds, err := cv.Folds(o.seed, o.folds, ids)
	if err != nil {
		return nil, err
	}
	c.books = make([]*book, len(ids))
	c.fold = make([]int, len(ids))
	for i, id := range ids {
		c.fold[i] = folds[id]
	}
	err = parallel(len(ids), func(i int) error {
		bk, err := loadBook(o.corpus, ids[i], c.stop)
		if err == nil && o.labels != "" {
			bk.labels, err = readLabels(o.labels, bk)
		}
		c.books[i] = bk
		return err
	})
	return c, err
}

func loadBook(dir, id string, stop []string) (*book, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "books", id+".txt"))
	if err != nil {
		return nil, err
	}
	ref, err := os.ReadFile(filepath.Join(dir, "summaries", id+".txt"))
	if err != nil {
		return nil, err
	}
	doc, err := text.ParseBook(string(raw))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	b := classify.NewBook(id, doc)
	b.SetReference(string(ref))
	st := b.StatsWithStopwords(stop)
	return &book{id: id, doc: doc, b: b, g: coverage.NewGrams(&b.Terms, stop), stats: &st.Terms, summary: string(ref)}, nil
}

// parallel calls f(0) … f(n-1) on GOMAXPROCS goroutines and returns the
// first error by index.
func parallel(n int, f func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// score is one book's unstemmed recall under one variant: ROUGE-1,
// ROUGE-2, content ROUGE-1, content ROUGE-2.
type score [4]float64

// crossValidate returns scores[variant][book]: each book summarized by the
// coverage model of its fold's training books, under each variant.
func (c *corpusData) crossValidate(o *options) ([][]score, error) {
	var all coverage.TermCounts
	for _, bk := range c.books {
		all.Add(bk.stats)
	}
	scores := make([][]score, len(o.variants))
	for v := range scores {
		scores[v] = make([]score, len(c.books))
	}
	for k := range o.folds {
		var held coverage.TermCounts
		var train, test []int
		for i, bk := range c.books {
			if c.fold[i] == k {
				held.Add(bk.stats)
				test = append(test, i)
			} else {
				train = append(train, i)
			}
		}
		counts, err := all.Without(&held)
		if err != nil {
			return nil, err
		}
		var logits map[int][]float64
		if o.labels != "" {
			if logits, err = c.foldLogits(train, test); err != nil {
				return nil, fmt.Errorf("fold %d: %w", k, err)
			}
		}
		type fitted struct {
			m     *coverage.Model
			stats *coverage.Stats
		}
		models := make(map[variant]fitted)
		for v, p := range o.variants {
			// Variants that differ only in how they extract share a fit.
			key := variant{plot: p.plot}
			if f, ok := models[key]; ok {
				if err := c.extractAll(scores[v], f.m, f.stats, p, test, logits, o); err != nil {
					return nil, err
				}
				continue
			}
			stats := coverage.NewStats(&counts)
			stats.Plot = p.plot
			fitOn, self := train, true
			if o.ceiling {
				fitOn, self = test, false
			}
			cells := make([]*coverage.Cells, len(fitOn))
			if err := parallel(len(fitOn), func(j int) error {
				bk := c.books[fitOn[j]]
				cells[j] = coverage.NewCells(stats, &bk.b.Terms, bk.g, nil, self)
				return nil
			}); err != nil {
				return nil, err
			}
			m, err := coverage.Fit(cells)
			if err != nil {
				return nil, fmt.Errorf("fold %d, %v: %w", k, p, err)
			}
			models[key] = fitted{m, stats}
			if err := c.extractAll(scores[v], m, stats, p, test, logits, o); err != nil {
				return nil, err
			}
		}
		fmt.Fprintf(os.Stderr, "fold %d done\n", k)
	}
	return scores, nil
}

// extractAll summarizes and scores the books test under m and stats as
// the variant p says, into scores.
func (c *corpusData) extractAll(scores []score, m *coverage.Model, stats *coverage.Stats, p variant, test []int, logits map[int][]float64, o *options) error {
	return parallel(len(test), func(j int) error {
		i := test[j]
		s, err := c.summarize(m, stats, p, c.books[i], logits[i], o)
		scores[i] = s
		return err
	})
}

// summarize extracts a summary of bk by coverage alone (no logistic
// prior) under m and stats, and scores it.
func (c *corpusData) summarize(m *coverage.Model, stats *coverage.Stats, p variant, bk *book, logit []float64, o *options) (score, error) {
	l := stats.Look(&bk.b.Terms, bk.g)
	uni, bi := coverage.BookKeys(stats, &bk.b.Terms, bk.g, l, false)
	var x coverage.Extras
	if logit == nil {
		logit = make([]float64, bk.b.Rows())
	}
	if p.link == 0 {
		x = stats.Extras(&bk.b.Terms, bk.g, logit) // the product's, under the plot keys
	} else {
		x.Link, x.LinkContent = p.link, p.linkContent
		x.LinkUni, x.LinkBi = coverage.LinkScores(&bk.b.Terms, bk.g, logit, !p.linkMean)
	}
	cb := m.NewBook(&bk.b.Terms, bk.g, bk.b.Length, logit, uni, bi, c.stop, x)
	opts := o.cover
	opts.Prior = p.prior
	rows := cb.Extract(extract.DefaultBudget, opts)
	sents := make([]int, len(rows))
	for j, r := range rows {
		sents[j] = int(bk.b.Sentence[r])
	}
	txt := extract.Text(bk.doc, sortedInts(sents))
	var s score
	for j, sc := range []*rouge.Scorer{c.plain, c.content} {
		res, err := sc.Score(txt, bk.summary)
		if err != nil {
			return s, fmt.Errorf("%s: %w", bk.id, err)
		}
		s[2*j], s[2*j+1] = res.ROUGE1.Recall, res.ROUGE2.Recall
	}
	return s, nil
}
