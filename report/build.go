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
	"github.com/bookalign/bookalign/layout"
)

// Files reads and writes whole files by path, a local path or a URL such as
// gs://bucket/key; bookalign passes Beam's filesystems.
type Files struct {
	Read func(ctx context.Context, path string) ([]byte, error)
	// ReadWritten reads a file the run wrote whose size grows with the
	// corpus (results.json) whatever its size; nil means Read.
	ReadWritten func(ctx context.Context, path string) ([]byte, error)
	Exists      func(ctx context.Context, path string) (bool, error)
	Write       func(ctx context.Context, path string, data []byte) error
	// RemoveAll removes a directory and everything under it (nothing when
	// there is none), and Rename gives a directory another name. With
	// both, Build replaces the earlier report whole (see Build); without
	// them it writes the pages in place.
	RemoveAll func(ctx context.Context, dir string) error
	Rename    func(ctx context.Context, from, to string) error
}

// whole reports whether the report can be replaced whole.
func (f Files) whole() bool { return f.RemoveAll != nil && f.Rename != nil }

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
// Out/report/books/<id>.html, from a finished run's outputs; given
// Files.RemoveAll and Rename, it builds them in Out/report.tmp, which then
// replaces Out/report whole. Every book id and method name read back from
// results.json is checked with corpus.ValidID before it names a file, so
// that nothing is read from outside the corpus nor written outside
// Out/report. A book whose page cannot be built is listed in Built.Failed
// and on the index, and does not stop the others; an unreadable
// results.json does.
func Build(ctx context.Context, f Files, o Options) (*Built, error) {
	res, err := readResults(ctx, f, o.Out)
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
	pairs, err := readPairs(ctx, f, dir)
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
	final := layout.Out{Dir: o.Out}.Report()
	rep, err := startReport(ctx, f, o.Out)
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
					err = buildBook(ctx, f, o.Out, rep, dir, ids[i], pairs[ids[i]], res, methods)
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
	if ix.Features, err = readFeatures(ctx, f, o.Out, methods); err != nil {
		return nil, err
	}
	if ix.Figures, err = readFigures(ctx, f, o.Out); err != nil {
		return nil, err
	}
	page, err := RenderIndex(ix)
	if err != nil {
		return nil, err
	}
	if err := f.Write(ctx, rep.Index(), page); err != nil {
		return nil, err
	}
	if err := finishReport(ctx, f, rep, final); err != nil {
		return nil, err
	}
	return built, nil
}

// startReport returns the directory to build the report in: Out/report
// itself, or, when the report is replaced whole, Out/report.tmp, emptied of
// what an interrupted build left there.
func startReport(ctx context.Context, f Files, out string) (layout.Report, error) {
	if !f.whole() {
		return layout.Out{Dir: out}.Report(), nil
	}
	rep := layout.Out{Dir: out}.ReportBuild()
	if err := f.RemoveAll(ctx, rep.Dir); err != nil {
		return rep, fmt.Errorf("clearing %s: %w", rep.Dir, err)
	}
	return rep, nil
}

// finishReport puts the report built in rep in place of final, when they
// differ: the earlier report is removed, and rep renamed.
func finishReport(ctx context.Context, f Files, rep, final layout.Report) error {
	if rep.Dir == final.Dir {
		return nil
	}
	if err := f.RemoveAll(ctx, final.Dir); err != nil {
		return fmt.Errorf("removing the earlier report %s: %w", final.Dir, err)
	}
	if err := f.Rename(ctx, rep.Dir, final.Dir); err != nil {
		return fmt.Errorf("moving %s to %s: %w", rep.Dir, final.Dir, err)
	}
	return nil
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

func readResults(ctx context.Context, f Files, out string) (*evaluate.Results, error) {
	path := layout.Out{Dir: out}.Results()
	read := f.Read
	if f.ReadWritten != nil {
		read = f.ReadWritten
	}
	b, err := read(ctx, path)
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
func readPairs(ctx context.Context, f Files, dir string) (map[string]corpus.Pair, error) {
	path := corpus.Layout{Dir: dir}.Pairs()
	b, err := f.Read(ctx, path)
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
func buildBook(ctx context.Context, f Files, out string, rep layout.Report, dir, id string, pair corpus.Pair, res *evaluate.Results, methods []string) error {
	books := corpus.Layout{Dir: dir}
	raw, err := f.Read(ctx, books.Book(id))
	if err != nil {
		return err
	}
	summary, err := f.Read(ctx, books.Summary(id))
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
	optional := func(path string) ([]byte, bool, error) {
		ok, err := f.Exists(ctx, path)
		if err != nil || !ok {
			return nil, false, err
		}
		data, err := f.Read(ctx, path)
		return data, err == nil, err
	}
	files := layout.Out{Dir: out}
	for _, m := range Aligners {
		data, ok, err := optional(files.Alignment(m, id))
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
		data, ok, err := optional(files.Selection(m, id))
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
	return f.Write(ctx, rep.Book(id), page)
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

func readFeatures(ctx context.Context, f Files, out string, methods []string) (map[string][]logistic.RankedFeature, error) {
	feats := map[string][]logistic.RankedFeature{}
	for _, m := range methods {
		path := layout.Out{Dir: out}.Features(m)
		if ok, err := f.Exists(ctx, path); err != nil || !ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		b, err := f.Read(ctx, path)
		if err != nil {
			return nil, err
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

func readFigures(ctx context.Context, f Files, out string) ([]Figure, error) {
	var figs []Figure
	for _, rf := range runFigures {
		path := corpus.Join(out, rf.file)
		ok, err := f.Exists(ctx, path)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		svg, err := f.Read(ctx, path)
		if err != nil {
			return nil, err
		}
		figs = append(figs, Figure{Title: rf.title, Caption: rf.caption, SVG: svg})
	}
	return figs, nil
}
