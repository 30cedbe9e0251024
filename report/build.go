package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/rundir"
)

// Options say which run to report on.
type Options struct {
	// Out is the run's output directory; the report goes to Out/report.
	Out string
	// Corpus is where the books and summaries are; empty means the corpus
	// results.json names (its test corpus, when there is one).
	Corpus string
	// Workers render book pages in parallel; zero means GOMAXPROCS.
	Workers int
	// Progress, if set, is called after each book page.
	Progress func(done, total int)
}

// Aligners are the methods whose alignments a book page shows.
var Aligners = evaluate.NamesOf(evaluate.Trained)

// Built says what Build wrote.
type Built struct {
	// Pages is the number of book pages written.
	Pages int
	// Failed lists the books without a page, and why; the index lists them
	// too.
	Failed []Failure
}

// Failure is a book whose page could not be built.
type Failure struct {
	ID, Reason string
}

// Build writes Out/report/index.html and one page per evaluated book,
// Out/report/books/<id>.html, from a finished run's outputs, local or
// gs:// (internal/store); it builds them in Out/report.tmp, which then
// replaces Out/report whole (rundir.StartReport, FinishReport). Every book id and method name read back from
// results.json is checked with corpus.ValidID before it names a file, so
// that nothing is read from outside the corpus nor written outside
// Out/report. A book whose page cannot be built is listed in Built.Failed
// and on the index, and does not stop the others; an unreadable
// results.json does.
func Build(ctx context.Context, o Options) (*Built, error) {
	res, err := readResults(ctx, o.Out)
	if err != nil {
		return nil, err
	}
	dir := o.Corpus
	if dir == "" {
		dir = res.Corpus
		if res.TestCorpus != "" {
			dir = res.TestCorpus
		}
	}
	pairs, err := readPairs(ctx, dir)
	if err != nil {
		return nil, err
	}
	methods := make([]string, len(res.Methods))
	for i, m := range res.Methods {
		// Method names become file names: refuse any that could leave Out.
		if err := corpus.ValidID(m.Name); err != nil {
			return nil, fmt.Errorf("%s names method %q: %w", layout.Out{Dir: o.Out}.Results(), m.Name, err)
		}
		methods[i] = m.Name
	}
	rep, err := rundir.StartReport(ctx, o.Out)
	if err != nil {
		return nil, err
	}
	ids := BookIDs(res)
	built := &Built{}
	failures := make([]*Failure, len(ids))
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range max(o.workers(), 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				// An id read back from results.json names files to read and
				// write: one that is not a safe file name gets no page.
				err := corpus.ValidID(ids[i])
				if err != nil {
					err = fmt.Errorf("results.json holds an unsafe book id: %w", err)
				} else {
					err = buildBook(ctx, o.Out, rep, dir, ids[i], pairs[ids[i]], res, methods)
				}
				if err != nil {
					failures[i] = &Failure{ID: ids[i], Reason: err.Error()}
				}
				mu.Lock()
				done++
				if o.Progress != nil {
					o.Progress(done, len(ids))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range ids {
		if ctx.Err() != nil {
			break
		}
		work <- i
	}
	close(work)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, fl := range failures {
		if fl != nil {
			built.Failed = append(built.Failed, *fl)
		}
	}
	built.Pages = len(ids) - len(built.Failed)

	ix := &Index{Results: res, Titles: map[string]string{}, Failed: built.Failed}
	for id, p := range pairs {
		ix.Titles[id] = p.Title
	}
	if ix.Features, err = readFeatures(ctx, o.Out, methods); err != nil {
		return nil, err
	}
	if ix.Figures, err = readFigures(ctx, o.Out); err != nil {
		return nil, err
	}
	page, err := RenderIndex(ix)
	if err != nil {
		return nil, err
	}
	if err := store.WriteFile(ctx, rep.Index(), page); err != nil {
		return nil, err
	}
	if err := rundir.FinishReport(ctx, o.Out); err != nil {
		return nil, err
	}
	return built, nil
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// readResults reads results.json, whatever its size (store.ReadWritten):
// it grows with the corpus.
func readResults(ctx context.Context, out string) (*evaluate.Results, error) {
	path := layout.Out{Dir: out}.Results()
	b, err := store.ReadWritten(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("%w (is %q the output of a finished run?)", atPath(path, err), out)
	}
	var res evaluate.Results
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, atPath(path, err)
	}
	return &res, nil
}

// readPairs returns the corpus's rows by id, for titles and authors.
func readPairs(ctx context.Context, dir string) (map[string]corpus.Pair, error) {
	path := corpus.Layout{Dir: dir}.Pairs()
	b, err := store.ReadFile(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("the corpus index %w (give the corpus with --corpus)", atPath(path, err))
	}
	rows, _, err := corpus.ParsePairs(bytes.NewReader(b))
	if err != nil {
		return nil, atPath(path, err)
	}
	out := make(map[string]corpus.Pair, len(rows))
	for _, p := range rows {
		out[p.ID] = p
	}
	return out, nil
}

// buildBook gathers one book's files and writes its page into rep.
func buildBook(ctx context.Context, out string, rep layout.Report, dir, id string, pair corpus.Pair, res *evaluate.Results, methods []string) error {
	books := corpus.Layout{Dir: dir}
	raw, err := store.ReadFile(ctx, books.Book(id))
	if err != nil {
		return err
	}
	summary, err := store.ReadFile(ctx, books.Summary(id))
	if err != nil {
		return err
	}
	b := &Book{
		ID: id, Title: pair.Title, Author: pair.Author, Raw: string(raw), Summary: string(summary),
		Alignments: map[string][]align.Record{}, Selections: map[string][][2]int{}, Scores: map[string]evaluate.BookRecall{},
	}
	for _, m := range res.Methods {
		if s, ok := m.PerBook[id]; ok {
			b.Scores[m.Name] = s
		}
	}
	files := layout.Out{Dir: out}
	for _, m := range Aligners {
		data, ok, err := store.ReadOptional(ctx, files.Alignment(m, id))
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if b.Alignments[m], err = align.ParseRecords(data); err != nil {
			return fmt.Errorf("%s: %w", layout.Rel.Alignment(m, id), err)
		}
	}
	for _, m := range methods {
		data, ok, err := store.ReadOptional(ctx, files.Selection(m, id))
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		var sel extract.SelectionFile
		if err := json.Unmarshal(data, &sel); err != nil {
			return fmt.Errorf("%s: %w", layout.Rel.Selection(m, id), err)
		}
		b.Selections[m] = sel.Spans
	}
	page, err := RenderBook(b, append(methods, missing(Aligners, methods)...))
	if err != nil {
		return err
	}
	return store.WriteFile(ctx, rep.Book(id), page)
}

// missing returns the elements of want not in have.
func missing(want, have []string) []string {
	var out []string
	for _, w := range want {
		found := false
		for _, h := range have {
			found = found || h == w
		}
		if !found {
			out = append(out, w)
		}
	}
	return out
}

func readFeatures(ctx context.Context, out string, methods []string) (map[string][]logistic.RankedFeature, error) {
	feats := map[string][]logistic.RankedFeature{}
	for _, m := range methods {
		path := layout.Out{Dir: out}.Features(m)
		b, ok, err := store.ReadOptional(ctx, path)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		var rows []logistic.RankedFeature
		if err := json.Unmarshal(b, &rows); err != nil {
			return nil, atPath(path, err)
		}
		feats[m] = rows
	}
	return feats, nil
}

// runFigures are the paper's figures a run draws, in the order shown.
var runFigures = []struct{ file, title, caption string }{
	{layout.Rel.LengthFigure(), "Figure 1: summary/book length ratios",
		"The paper's Figure 1: the distribution of summary/book length ratios over the pairs, with the mean and the 5% and 95% quantiles."},
	{layout.Rel.BoundaryFigure(), "Figure 3: boundary samples of one passage",
		"The paper's Figure 3: where the samples of the Block HMM (passage) put the two ends of one summary sentence's passage."},
}

func readFigures(ctx context.Context, out string) ([]Figure, error) {
	var figs []Figure
	for _, rf := range runFigures {
		path := corpus.Join(out, rf.file)
		svg, ok, err := store.ReadOptional(ctx, path)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		figs = append(figs, Figure{Title: rf.title, Caption: rf.caption, SVG: svg})
	}
	return figs, nil
}
