package transforms

import (
	"context"
	"errors"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/wiki"
)

var (
	wikiBookPages = beam.NewCounter("bookalign", "wiki_book_pages")
	wikiSummaries = beam.NewCounter("bookalign", "wiki_summaries")
	wikiNoPlot    = beam.NewCounter("bookalign", "wiki_book_pages_rejected")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*WikiChunk)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*wiki.Page)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*wiki.Summary)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*extractFn)(nil)).Elem())
	register.Emitter1[wiki.Summary]()
	beam.RegisterType(reflect.TypeOf((*writeExtractFn)(nil)).Elem())
}

// WikiChunk is a work item of a dump: the byte range [Start, End) of the
// file and the offsets of the bzip2 streams that start in it. A dump read
// sequentially is one chunk with one stream at offset 0.
type WikiChunk struct {
	Dump       string
	Start, End int64
	Streams    []int64
}

// ExtractSummaries turns book pages into plot summaries with ex (see
// wiki.Extractor): a page without a book infobox is dropped, a book page
// without a usable plot section goes to rejects with the reason. books
// holds a 1 for every book page, which WriteExtract reconciles with the
// summaries and rejects.
//
// In: PCollection<wiki.Page>. Out: PCollection<wiki.Summary>,
// PCollection<Reject>, PCollection<int>.
func ExtractSummaries(s beam.Scope, ex wiki.Extractor, pages beam.PCollection) (summaries, rejects, books beam.PCollection) {
	s = s.Scope("transforms.ExtractSummaries")
	return beam.ParDo3(s, &extractFn{Extractor: ex}, pages)
}

// extractFn extracts one page.
type extractFn struct {
	// Extractor holds the book templates, plot headings and minimum length.
	Extractor wiki.Extractor `json:"extractor"`
}

func (f *extractFn) ProcessElement(ctx context.Context, p wiki.Page, emit func(wiki.Summary), reject func(Reject), books func(int)) error {
	sum, err := f.Extractor.Extract(&p)
	if errors.Is(err, wiki.ErrNotBook) {
		return nil
	}
	wikiBookPages.Inc(ctx, 1)
	books(1)
	tick("extract", "books")
	var rj *wiki.Reject
	switch {
	case err == nil:
		wikiSummaries.Inc(ctx, 1)
		emit(sum)
	case errors.As(err, &rj):
		wikiNoPlot.Inc(ctx, 1)
		reject(Reject{Input: outcome.PageInput, WikipediaID: rj.WikipediaID, Title: rj.Title, Stage: outcome.StageExtract, Reason: rj.Reason, Detail: rj.Detail, Headings: rj.Headings})
	default:
		// Extract documents no other error; keep the page accountable anyway.
		wikiNoPlot.Inc(ctx, 1)
		reject(Reject{Input: outcome.PageInput, WikipediaID: p.ID, Title: p.Title, Stage: outcome.StageExtract, Reason: err.Error()})
	}
	return nil
}

// WriteExtract gathers the summaries and rejects in one place
// (WriteOutcomes) and writes OUT/summaries.tsv (the CMU Book Summary
// Dataset's layout, sorted by Wikipedia id) and OUT/rejects.jsonl (sorted
// by Wikipedia id, then stream offset), see outcome.ExtractFiles. Should a
// page id come twice (a dump does not repeat pages), the first summary in
// sort order is kept and the others are rejected. It fails the pipeline,
// after writing, when the summaries and the rejected book pages do not add
// up to the book pages seen.
//
// In: PCollection<wiki.Summary>, PCollection<int> of book pages seen, any
// number of PCollection<Reject>.
func WriteExtract(s beam.Scope, out string, summaries, books beam.PCollection, rejects ...beam.PCollection) {
	WriteOutcomes(s.Scope("transforms.WriteExtract"), &writeExtractFn{Out: out}, summaryOutcome, summaries, books, rejects...)
}

// writeExtractFn writes summaries.tsv and rejects.jsonl.
type writeExtractFn struct {
	// Out is the output directory.
	Out string `json:"out"`
}

func (f *writeExtractFn) ProcessElement(ctx context.Context, _ int, iter func(*Outcome) bool) error {
	g := gatherOutcomes(iter)
	files, kept, rejected, err := outcome.ExtractFiles(g.summaries, g.rejects)
	if err != nil {
		return err
	}
	if err := writeOutcomeFiles(ctx, f.Out, files); err != nil {
		return err
	}
	return outcome.Reconcile("book pages", g.read, kept, rejected)
}
