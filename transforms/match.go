package transforms

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/match"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/text"
	"github.com/bookalign/bookalign/wiki"
)

var (
	summariesRead    = beam.NewCounter("bookalign", "summaries_read")
	summariesBadRows = beam.NewCounter("bookalign", "summaries_bad_rows")
	summariesMatched = beam.NewCounter("bookalign", "summaries_matched")
	summariesNoMatch = beam.NewCounter("bookalign", "summaries_unmatched")
	ebooksShared     = beam.NewCounter("bookalign", "summaries_sharing_an_ebook")
	booksFetched     = beam.NewCounter("bookalign", "books_fetched")
	booksMissing     = beam.NewCounter("bookalign", "books_unusable")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*SummaryRow)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*MatchedSummary)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*match.Record)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*readSummariesFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*matchFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*namePairsFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*fetchBookFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*writeCorpusFn)(nil)).Elem())
	register.Emitter1[SummaryRow]()
	register.Emitter1[MatchedSummary]()
	register.Emitter1[match.Record]()
	register.Emitter1[Reject]()
	register.Iter1[MatchedSummary]()
}

// SummaryRow is one summary of a summaries TSV and its line there.
type SummaryRow struct {
	Line    int
	Summary wiki.Summary
}

// MatchedSummary is a summary matched to a Gutenberg ebook (the fields of
// match.Match), with the corpus id once NamePairs has given it one.
type MatchedSummary struct {
	Line        int
	Summary     wiki.Summary
	Ebook       int
	EbookTitle  string
	EbookAuthor string
	Reason      string
	Decided     bool
	ID          string
}

// Match returns the match.Match that m holds.
func (m *MatchedSummary) Match() match.Match {
	return match.Match{Query: query(m.Summary), Ebook: m.Ebook, EbookTitle: m.EbookTitle,
		EbookAuthor: m.EbookAuthor, Reason: m.Reason, Decided: m.Decided, ID: m.ID}
}

func query(s wiki.Summary) match.Query {
	return match.Query{Key: strconv.FormatInt(s.WikipediaID, 10), Title: s.Title, Author: s.Author}
}

// ReadSummaries reads a summaries TSV (as wiki-extract writes it, or the
// CMU booksummaries.txt) at path, local or gs://. It returns the good rows,
// a reject for each malformed one, and a PCollection<int> holding the
// number of rows read, which WriteCorpus reconciles. A missing file fails
// the pipeline.
//
// Out: PCollection<SummaryRow>, PCollection<Reject>, PCollection<int>.
func ReadSummaries(s beam.Scope, path string) (rows, rejects, count beam.PCollection) {
	s = s.Scope("transforms.ReadSummaries")
	return beam.ParDo3(s, &readSummariesFn{Path: path}, beam.Impulse(s))
}

// readSummariesFn parses the summaries TSV.
type readSummariesFn struct {
	// Path is the summaries TSV.
	Path string `json:"path"`
}

func (f *readSummariesFn) ProcessElement(ctx context.Context, _ []byte, emit func(SummaryRow), reject func(Reject), count func(int)) error {
	in, err := store.Open(ctx, f.Path)
	if err != nil {
		return fmt.Errorf("opening the summaries: %w", err)
	}
	defer in.Close()
	r := wiki.NewSummaryReader(in)
	n := 0
	for {
		sum, err := r.Read()
		if err == io.EOF {
			break
		}
		reason := wiki.RowFault(err)
		if err != nil && reason == "" {
			return fmt.Errorf("reading %s: %w", f.Path, err)
		}
		n++
		summariesRead.Inc(ctx, 1)
		if err != nil {
			summariesBadRows.Inc(ctx, 1)
			reject(Reject{Input: outcome.SummaryInput, Line: r.Line(), Stage: outcome.StageReadSummaries, Reason: reason, Detail: err.Error()})
			continue
		}
		emit(SummaryRow{Line: r.Line(), Summary: sum})
	}
	count(n)
	return nil
}

// MatchSummaries matches each summary with a Project Gutenberg ebook of
// the catalog at catalog (pg_catalog.csv, local or gs://), by normalised
// title and author surname, with the decision list at decisions (may be
// empty) overriding (see match.Matcher). A summary that is not matched
// goes to rejects with the reason and the candidates. The catalog is read
// once per worker.
//
// In: PCollection<SummaryRow>. Out: PCollection<MatchedSummary>, PCollection<Reject>.
func MatchSummaries(s beam.Scope, catalog, decisions string, rows beam.PCollection) (matched, rejects beam.PCollection) {
	s = s.Scope("transforms.MatchSummaries")
	return beam.ParDo2(s, &matchFn{Catalog: catalog, Decisions: decisions}, rows)
}

// matchFn matches one summary.
type matchFn struct {
	// Catalog is the path of pg_catalog.csv.
	Catalog string `json:"catalog"`
	// Decisions is the path of the decision list, or empty.
	Decisions string `json:"decisions"`

	m *match.Matcher
}

func (f *matchFn) Setup(ctx context.Context) error {
	m, bad, err := LoadMatcher(ctx, f.Catalog, f.Decisions)
	if err != nil {
		return err
	}
	if bad > 0 {
		log.Warnf(ctx, "%s: %d catalog rows could not be read and were skipped", f.Catalog, bad)
	}
	f.m = m
	return nil
}

// LoadMatcher reads the catalog and the decision list (if decisions is
// not empty) and returns a Matcher of them, with the number of catalog
// rows that could not be used.
func LoadMatcher(ctx context.Context, catalog, decisions string) (m *match.Matcher, badRows int, err error) {
	in, err := store.Open(ctx, catalog)
	if err != nil {
		return nil, 0, fmt.Errorf("opening the catalog: %w", err)
	}
	defer in.Close()
	books, bad, err := match.ReadCatalog(in)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", catalog, err)
	}
	m = match.NewMatcher(books)
	if decisions != "" {
		d, err := store.Open(ctx, decisions)
		if err != nil {
			return nil, 0, fmt.Errorf("opening the decision list: %w", err)
		}
		defer d.Close()
		if m.Decisions, err = match.ParseDecisions(d); err != nil {
			return nil, 0, fmt.Errorf("%s: %w", decisions, err)
		}
	}
	return m, len(bad), nil
}

func (f *matchFn) ProcessElement(ctx context.Context, row SummaryRow, emit func(MatchedSummary), reject func(Reject)) error {
	got, err := f.m.Match(query(row.Summary))
	var nm *match.NoMatch
	switch {
	case err == nil:
		summariesMatched.Inc(ctx, 1)
		tick(outcome.StageMatch, "summaries")
		emit(MatchedSummary{Line: row.Line, Summary: row.Summary, Ebook: got.Ebook, EbookTitle: got.EbookTitle,
			EbookAuthor: got.EbookAuthor, Reason: got.Reason, Decided: got.Decided})
	case errors.As(err, &nm):
		summariesNoMatch.Inc(ctx, 1)
		reject(noMatchReject(row.Line, row.Summary, outcome.StageMatch, nm))
	default:
		return err
	}
	return nil
}

func noMatchReject(line int, s wiki.Summary, stage string, nm *match.NoMatch) Reject {
	return Reject{Input: outcome.SummaryInput, Line: line, WikipediaID: s.WikipediaID, Title: s.Title, Author: s.Author, Stage: stage,
		Reason: nm.Reason, Detail: nm.Detail, Candidates: nm.Candidates}
}

// NamePairs gathers the matches in one place, refuses those that share an
// ebook with another summary (match.OnePerEbook) and gives the others
// their corpus ids (match.AssignIDs), which depend only on the set of
// matches.
//
// In: PCollection<MatchedSummary>. Out: PCollection<MatchedSummary> with
// IDs, PCollection<Reject>.
func NamePairs(s beam.Scope, matched beam.PCollection) (named, rejects beam.PCollection) {
	s = s.Scope("transforms.NamePairs")
	grouped := beam.GroupByKey(s, beam.AddFixedKey(s, matched))
	return beam.ParDo2(s, &namePairsFn{}, grouped)
}

// namePairsFn assigns the ids.
type namePairsFn struct{}

func (f *namePairsFn) ProcessElement(ctx context.Context, _ int, iter func(*MatchedSummary) bool, emit func(MatchedSummary), reject func(Reject)) error {
	byKey := map[string]MatchedSummary{}
	var ms []match.Match
	var m MatchedSummary
	for iter(&m) {
		x := m.Match()
		if _, dup := byKey[x.Key]; dup {
			return fmt.Errorf("summary %s matched twice", x.Key)
		}
		byKey[x.Key] = m
		ms = append(ms, x)
	}
	kept, refused := match.OnePerEbook(ms)
	for _, nm := range refused {
		ebooksShared.Inc(ctx, 1)
		in := byKey[nm.Key]
		reject(noMatchReject(in.Line, in.Summary, outcome.StageName, nm))
	}
	if err := match.AssignIDs(kept, nil); err != nil {
		return err
	}
	for _, x := range kept {
		out := byKey[x.Key]
		out.ID = x.ID
		emit(out)
	}
	return nil
}

// FetchBooks finds each matched ebook in the mirror at mirror (local or
// gs://, laid out as <n>.txt or <n>/<n>-0.txt, see match.BookPaths), and
// writes the pair into the corpus at out: books/<id>.txt exactly as found
// and summaries/<id>.txt. A book that is missing, not valid UTF-8 or
// without a word goes to rejects; unavailable (may be nil) says why an
// ebook missing from the mirror could not be downloaded into it, which the
// reject then gives.
//
// In: PCollection<MatchedSummary>. Out: PCollection<match.Record>, PCollection<Reject>.
func FetchBooks(s beam.Scope, mirror, out string, unavailable map[int]string, named beam.PCollection) (pairs, rejects beam.PCollection) {
	s = s.Scope("transforms.FetchBooks")
	return beam.ParDo2(s, &fetchBookFn{Mirror: mirror, Out: out, Unavailable: unavailable}, named)
}

// fetchBookFn fetches and writes one pair.
type fetchBookFn struct {
	// Mirror is the root of the Gutenberg mirror.
	Mirror string `json:"mirror"`
	// Out is the corpus directory written.
	Out string `json:"out"`
	// Unavailable maps an ebook that could not be downloaded to the reason.
	Unavailable map[int]string `json:"unavailable,omitempty"`
}

func (f *fetchBookFn) ProcessElement(ctx context.Context, m MatchedSummary, emit func(match.Record), reject func(Reject)) error {
	fail := func(reason, detail string) {
		booksMissing.Inc(ctx, 1)
		reject(Reject{Input: outcome.SummaryInput, Line: m.Line, WikipediaID: m.Summary.WikipediaID, Title: m.Summary.Title, Author: m.Summary.Author,
			Stage: outcome.StageFetchBook, Reason: reason, Detail: detail, Ebook: m.Ebook})
	}
	var lookupErr error
	rel, ok := match.LocateBook(m.Ebook, func(rel string) bool {
		found, err := store.Exists(ctx, corpus.Join(f.Mirror, rel))
		if err != nil && lookupErr == nil {
			lookupErr = err
		}
		return found
	})
	if lookupErr != nil {
		return fmt.Errorf("looking for ebook %d in %s: %w", m.Ebook, f.Mirror, lookupErr)
	}
	if why, bad := f.Unavailable[m.Ebook]; bad && !ok {
		fail("book could not be downloaded", why)
		return nil
	}
	if !ok {
		fail("book not in the mirror", "looked for "+strings.Join(match.BookPaths(m.Ebook), ", "))
		return nil
	}
	book, err := store.ReadFile(ctx, corpus.Join(f.Mirror, rel))
	if err != nil {
		return err
	}
	words, reason := corpus.BookWords(book)
	if reason != "" {
		fail(reason, rel)
		return nil
	}
	layout := corpus.Layout{Dir: f.Out}
	if err := store.WriteFile(ctx, layout.Book(m.ID), book); err != nil {
		return err
	}
	if err := store.WriteFile(ctx, layout.Summary(m.ID), []byte(m.Summary.Text+"\n")); err != nil {
		return err
	}
	booksFetched.Inc(ctx, 1)
	tick("fetch", "books")
	emit(match.Record{ID: m.ID, Line: m.Line, WikipediaID: m.Summary.WikipediaID, Title: m.Summary.Title, Author: m.Summary.Author,
		Ebook: m.Ebook, EbookTitle: m.EbookTitle, EbookAuthor: m.EbookAuthor, Reason: m.Reason, Decided: m.Decided,
		BookPath: rel, BookWords: words, SummaryWords: text.CountWords(m.Summary.Text)})
	return nil
}

// WriteCorpus gathers the pairs, the rejects and the number of summary
// rows read in one place (WriteOutcomes) and writes the corpus index:
// OUT/pairs.tsv, OUT/matches.jsonl and OUT/rejects.jsonl
// (outcome.CorpusFiles). source names where the summaries come from, for
// pairs.tsv's summary_source. It fails the pipeline, after writing, when
// pairs and rejects do not add up to the rows read.
//
// In: PCollection<match.Record>, PCollection<int> of rows read, any
// number of PCollection<Reject>.
func WriteCorpus(s beam.Scope, out, source string, pairs, rows beam.PCollection, rejects ...beam.PCollection) {
	WriteOutcomes(s.Scope("transforms.WriteCorpus"), &writeCorpusFn{Out: out, Source: source}, pairOutcome, pairs, rows, rejects...)
}

// writeCorpusFn writes the corpus index files.
type writeCorpusFn struct {
	// Out is the corpus directory.
	Out string `json:"out"`
	// Source names where the summaries come from.
	Source string `json:"source"`
}

func (f *writeCorpusFn) ProcessElement(ctx context.Context, _ int, iter func(*Outcome) bool) error {
	g := gatherOutcomes(iter)
	files, err := outcome.CorpusFiles(f.Source, g.pairs, g.rejects)
	if err != nil {
		return err
	}
	if err := writeOutcomeFiles(ctx, f.Out, files); err != nil {
		return err
	}
	return outcome.Reconcile("summaries", g.read, len(g.pairs), len(g.rejects))
}
