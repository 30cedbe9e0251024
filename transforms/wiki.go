package transforms

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/internal/jsonl"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/wiki"
)

var (
	wikiBookPages = beam.NewCounter("bookalign", "wiki_book_pages")
	wikiSummaries = beam.NewCounter("bookalign", "wiki_summaries")
	wikiNoPlot    = beam.NewCounter("bookalign", "wiki_book_pages_rejected")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*WikiChunk)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*WikiReject)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*WikiOutcome)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*wiki.Page)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*wiki.Summary)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*extractFn)(nil)).Elem())
	register.Emitter1[wiki.Summary]()
	register.Function1x1[wiki.Summary, WikiOutcome](summaryOutcome)
	register.Function1x1[WikiReject, WikiOutcome](wikiRejectOutcome)
	register.Function1x1[[]byte, WikiOutcome](startOutcome)
	register.Function1x1[int, WikiOutcome](bookPagesOutcome)
	beam.RegisterType(reflect.TypeOf((*writeExtractFn)(nil)).Elem())
	register.Iter1[WikiOutcome]()
}

// WikiChunk is a work item of a dump: the byte range [Start, End) of the
// file and the offsets of the bzip2 streams that start in it. A dump read
// sequentially is one chunk with one stream at offset 0.
type WikiChunk struct {
	Dump       string
	Start, End int64
	Streams    []int64
}

// WikiReject is a book page without a usable plot, or a part of the dump
// that could not be read, and why. Its JSON form is one line of
// rejects.jsonl.
type WikiReject struct {
	// WikipediaID and Title name the page, where known.
	WikipediaID int64  `json:"wikipedia_id,omitempty"`
	Title       string `json:"title,omitempty"`
	// Stage is "extract" for a book page, "read" for a stream of the dump,
	// "plan" for the multistream index.
	Stage string `json:"stage"`
	// Reason says what is wrong, in words ("no plot section", ...); Detail
	// says more.
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
	// Headings are the page's level-2 headings, to see why no plot section
	// matched.
	Headings []string `json:"headings,omitempty"`
	// Stream is the byte offset in the dump of the stream that could not
	// be read.
	Stream int64 `json:"stream,omitempty"`
}

// WikiOutcome is what reaches the write step of wiki-extract: a summary, a
// reject, a number of book pages seen, or the start marker that makes the
// step run when there is none of these.
type WikiOutcome struct {
	// Kind is 0 for the start marker, 1 for a summary, 2 for a reject and
	// 3 for a count of book pages.
	Kind      int
	Summary   wiki.Summary
	Reject    WikiReject
	BookPages int
}

// Kinds of WikiOutcome.
const (
	wikiOutcomeStart = iota
	wikiOutcomeSummary
	wikiOutcomeReject
	wikiOutcomeBookPages
)

// ExtractSummaries turns book pages into plot summaries with ex (see
// wiki.Extractor): a page without a book infobox is dropped, a book page
// without a usable plot section goes to rejects with the reason. books
// holds a 1 for every book page, which WriteExtract reconciles with the
// summaries and rejects.
//
// In: PCollection<wiki.Page>. Out: PCollection<wiki.Summary>,
// PCollection<WikiReject>, PCollection<int>.
func ExtractSummaries(s beam.Scope, ex wiki.Extractor, pages beam.PCollection) (summaries, rejects, books beam.PCollection) {
	s = s.Scope("transforms.ExtractSummaries")
	return beam.ParDo3(s, &extractFn{Extractor: ex}, pages)
}

// extractFn extracts one page.
type extractFn struct {
	// Extractor holds the book templates, plot headings and minimum length.
	Extractor wiki.Extractor `json:"extractor"`
}

func (f *extractFn) ProcessElement(ctx context.Context, p wiki.Page, emit func(wiki.Summary), reject func(WikiReject), books func(int)) error {
	sum, err := f.Extractor.Extract(&p)
	if errors.Is(err, wiki.ErrNotBook) {
		return nil
	}
	wikiBookPages.Inc(ctx, 1)
	books(1)
	progress.tick("extract", "books")
	var rj *wiki.Reject
	switch {
	case err == nil:
		wikiSummaries.Inc(ctx, 1)
		emit(sum)
	case errors.As(err, &rj):
		wikiNoPlot.Inc(ctx, 1)
		reject(WikiReject{WikipediaID: rj.WikipediaID, Title: rj.Title, Stage: "extract", Reason: rj.Reason, Detail: rj.Detail, Headings: rj.Headings})
	default:
		// Extract documents no other error; keep the page accountable anyway.
		wikiNoPlot.Inc(ctx, 1)
		reject(WikiReject{WikipediaID: p.ID, Title: p.Title, Stage: "extract", Reason: err.Error()})
	}
	return nil
}

// WriteExtract gathers the summaries and rejects in one place and writes
// OUT/summaries.tsv (the CMU Book Summary Dataset's layout, sorted by
// Wikipedia id) and OUT/rejects.jsonl (sorted by Wikipedia id, then stream
// offset). Should a page id come twice (a dump does not repeat pages), the
// first summary in sort order is kept and the others are rejected. It
// fails the pipeline, after writing, when the summaries and the rejected
// book pages do not add up to the book pages seen.
//
// In: PCollection<wiki.Summary>, PCollection<int> of book pages seen, any
// number of PCollection<WikiReject>.
func WriteExtract(s beam.Scope, out string, summaries, books beam.PCollection, rejects ...beam.PCollection) {
	s = s.Scope("transforms.WriteExtract")
	all := []beam.PCollection{
		beam.ParDo(s, startOutcome, beam.Impulse(s)),
		beam.ParDo(s, summaryOutcome, summaries),
		beam.ParDo(s, bookPagesOutcome, books),
	}
	for _, r := range rejects {
		all = append(all, beam.ParDo(s, wikiRejectOutcome, r))
	}
	grouped := beam.GroupByKey(s, beam.AddFixedKey(s, beam.Flatten(s, all...)))
	beam.ParDo0(s, &writeExtractFn{Out: out}, grouped)
}

func startOutcome([]byte) WikiOutcome { return WikiOutcome{Kind: wikiOutcomeStart} }
func summaryOutcome(x wiki.Summary) WikiOutcome {
	return WikiOutcome{Kind: wikiOutcomeSummary, Summary: x}
}
func wikiRejectOutcome(r WikiReject) WikiOutcome {
	return WikiOutcome{Kind: wikiOutcomeReject, Reject: r}
}
func bookPagesOutcome(n int) WikiOutcome {
	return WikiOutcome{Kind: wikiOutcomeBookPages, BookPages: n}
}

// writeExtractFn writes summaries.tsv and rejects.jsonl.
type writeExtractFn struct {
	// Out is the output directory.
	Out string `json:"out"`
}

func (f *writeExtractFn) ProcessElement(ctx context.Context, _ int, iter func(*WikiOutcome) bool) error {
	var (
		sums    []wiki.Summary
		rejects []WikiReject
		books   int
		o       WikiOutcome
	)
	for iter(&o) {
		switch o.Kind {
		case wikiOutcomeSummary:
			sums = append(sums, o.Summary)
		case wikiOutcomeReject:
			rejects = append(rejects, o.Reject)
		case wikiOutcomeBookPages:
			books += o.BookPages
		}
	}
	seen := len(sums)
	for _, r := range rejects {
		if r.Stage == "extract" {
			seen++
		}
	}
	sums, dups := SortSummaries(sums)
	rejects = append(rejects, dups...)
	tsv, jsonl, err := ExtractFiles(sums, rejects)
	if err != nil {
		return err
	}
	if err := WriteFile(ctx, layout.Extract{Dir: f.Out}.Summaries(), tsv); err != nil {
		return err
	}
	if err := WriteFile(ctx, layout.Extract{Dir: f.Out}.Rejects(), jsonl); err != nil {
		return err
	}
	if seen != books {
		return fmt.Errorf("book pages do not reconcile: %d seen, but %d summaries and %d rejected", books, len(sums), seen-len(sums))
	}
	return nil
}

// SortSummaries orders summaries by Wikipedia id and returns, as rejects,
// all but the first of any that share an id. Ties are broken on the whole
// row, so the result does not depend on the input order.
func SortSummaries(sums []wiki.Summary) (kept []wiki.Summary, dups []WikiReject) {
	sort.Slice(sums, func(i, j int) bool {
		a, b := sums[i], sums[j]
		if a.WikipediaID != b.WikipediaID {
			return a.WikipediaID < b.WikipediaID
		}
		return summaryKey(a) < summaryKey(b)
	})
	for i, x := range sums {
		if i > 0 && x.WikipediaID == sums[i-1].WikipediaID {
			dups = append(dups, WikiReject{WikipediaID: x.WikipediaID, Title: x.Title, Stage: "extract", Reason: "duplicate page id", Detail: "the dump holds this page id more than once; the first was kept"})
			continue
		}
		kept = append(kept, x)
	}
	return kept, dups
}

func summaryKey(x wiki.Summary) string {
	return fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%q\x00%s", x.Title, x.Author, x.PubDate, x.FreebaseID, x.Genres, x.Text)
}

// ExtractFiles renders summaries.tsv from sorted summaries, and
// rejects.jsonl from rejects, which it sorts.
func ExtractFiles(sums []wiki.Summary, rejects []WikiReject) (tsv, rejectsJSONL []byte, err error) {
	var tb bytes.Buffer
	w := wiki.NewSummaryWriter(&tb)
	for i := range sums {
		if err := w.Write(&sums[i]); err != nil {
			return nil, nil, err
		}
	}
	if err := w.Flush(); err != nil {
		return nil, nil, err
	}
	sort.Slice(rejects, func(i, j int) bool {
		a, b := rejects[i], rejects[j]
		if a.WikipediaID != b.WikipediaID {
			return a.WikipediaID < b.WikipediaID
		}
		if a.Stream != b.Stream {
			return a.Stream < b.Stream
		}
		if a.Stage != b.Stage {
			return a.Stage < b.Stage
		}
		if a.Reason != b.Reason {
			return a.Reason < b.Reason
		}
		return a.Detail < b.Detail
	})
	var jb bytes.Buffer
	if err := jsonl.Write(&jb, rejects); err != nil {
		return nil, nil, err
	}
	return tb.Bytes(), jb.Bytes(), nil
}
