package main

import (
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/cputime"
	"github.com/bookalign/bookalign/text"
)

// BookCost is what one book costs in the per-book stages the bench
// measures, in thread CPU-seconds: Load parses its book and summary
// (text.ParseBook, text.ParseSummary, as transforms.LoadPairs does), Align
// prepares the pair (align.PrepareForms) and runs each aligner on it, as
// one element of transforms.Align does.
type BookCost struct {
	ID string
	// Tokens are the book's counted tokens (text.CountWords), which the
	// derived per-book stages are shared out by.
	Tokens int
	Load   float64
	// Align is the element's CPU: the preparation and every aligner. The
	// element runs its aligners side by side, so on a worker of several
	// cores its wall is nearer Prepare + the slowest of ByMethod.
	Align    float64
	Prepare  float64
	ByMethod map[string]float64
}

// aligners are the aligners of the default job, built as alignFn.Setup
// builds them: the default settings and seed. The default Token HMM emits
// no synonyms, so no thesaurus is read; should the defaults ask for
// synonyms, newAligners fails rather than measure another aligner.
type aligners struct {
	forms   align.Forms
	methods []string
	byName  map[string]align.Aligner
}

func newAligners() (*aligners, error) {
	s := config.Default()
	methods := []string{align.MethodPassage, align.MethodToken, align.MethodJing}
	if err := s.Align.CheckThesaurus(methods, false); err != nil {
		return nil, err
	}
	a := &aligners{forms: s.Align.Forms(), methods: methods, byName: map[string]align.Aligner{}}
	for _, m := range methods {
		al, err := align.New(m, s.Align.Options(s.Seed, nil))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m, err)
		}
		a.byName[m] = al
	}
	return a, nil
}

// measure loads and aligns the book id of corpusDir on the calling
// goroutine, locked to its thread, and returns its costs.
func (a *aligners) measure(corpusDir, id string) (BookCost, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c := BookCost{ID: id}
	l := corpus.Layout{Dir: corpusDir}
	t0 := cputime.Thread()
	b, err := os.ReadFile(l.Book(id))
	if err != nil {
		return c, err
	}
	s, err := os.ReadFile(l.Summary(id))
	if err != nil {
		return c, err
	}
	book, err := text.ParseBook(string(b))
	if err != nil {
		return c, fmt.Errorf("%s: book: %w", id, err)
	}
	summary, err := text.ParseSummary(string(s))
	if err != nil {
		return c, fmt.Errorf("%s: summary: %w", id, err)
	}
	t1 := cputime.Thread()
	c.Load = seconds(t1 - t0)
	c.Tokens = text.CountWords(book.Text)
	c.ByMethod = map[string]float64{}
	pair, err := align.PrepareForms(book, summary, a.forms)
	if err != nil {
		return c, fmt.Errorf("%s: prepare: %w", id, err)
	}
	t2 := cputime.Thread()
	c.Prepare = seconds(t2 - t1)
	c.Align = c.Prepare
	for _, m := range a.methods {
		start := cputime.Thread()
		if _, err := a.byName[m].Align(pair); err != nil {
			return c, fmt.Errorf("%s: %s: %w", id, m, err)
		}
		c.ByMethod[m] = seconds(cputime.Thread() - start)
		c.Align += c.ByMethod[m]
	}
	return c, nil
}

// measureAll measures ids on workers goroutines (at most one a book), in
// the order of ids.
func (a *aligners) measureAll(corpusDir string, ids []string, workers int) ([]BookCost, error) {
	workers = min(workers, len(ids))
	out := make([]BookCost, len(ids))
	errs := make([]error, len(ids))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				out[i], errs[i] = a.measure(corpusDir, ids[i])
			}
		})
	}
	for i := range ids {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func seconds(d time.Duration) float64 { return d.Seconds() }
