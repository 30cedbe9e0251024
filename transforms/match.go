package transforms

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/jsonl"
	"github.com/bookalign/bookalign/match"
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
	beam.RegisterType(reflect.TypeOf((*CorpusPair)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*MatchReject)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*CorpusOutcome)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*readSummariesFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*matchFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*namePairsFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*fetchBookFn)(nil)).Elem())
	register.Function1x1[CorpusPair, CorpusOutcome](pairOutcome)
	register.Function1x1[MatchReject, CorpusOutcome](matchRejectOutcome)
	register.Function1x1[int, CorpusOutcome](summaryRowsOutcome)
	beam.RegisterType(reflect.TypeOf((*writeCorpusFn)(nil)).Elem())
	register.Emitter1[SummaryRow]()
	register.Emitter1[MatchedSummary]()
	register.Emitter1[CorpusPair]()
	register.Emitter1[MatchReject]()
	register.Iter1[MatchedSummary]()
	register.Iter1[CorpusOutcome]()
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

// CorpusPair is a pair written to the corpus: its row of pairs.tsv and its
// line of matches.jsonl.
type CorpusPair struct {
	ID          string `json:"id"`
	Line        int    `json:"summaries_line"`
	WikipediaID int64  `json:"wikipedia_id"`
	Title       string `json:"title"`
	Author      string `json:"author"`
	Ebook       int    `json:"gutenberg_id"`
	EbookTitle  string `json:"ebook_title"`
	EbookAuthor string `json:"ebook_author,omitempty"`
	// Reason says why the match was made; Decided that the decision list
	// made it.
	Reason  string `json:"reason"`
	Decided bool   `json:"decided,omitempty"`
	// BookPath is where the book was found, relative to the mirror.
	BookPath     string `json:"book_path"`
	BookWords    int    `json:"book_words"`
	SummaryWords int    `json:"summary_words"`
}

// MatchReject is a summary that did not become a pair, and why. Its JSON
// form is one line of CORPUS/rejects.jsonl.
type MatchReject struct {
	// Line is the summary's line in the summaries TSV.
	Line        int    `json:"line"`
	WikipediaID int64  `json:"wikipedia_id,omitempty"`
	Title       string `json:"title,omitempty"`
	Author      string `json:"author,omitempty"`
	// Stage is "read-summaries", "match", "name" or "fetch-book".
	Stage  string `json:"stage"`
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
	// Candidates are the ebooks a decision list could choose from.
	Candidates []int `json:"candidates,omitempty"`
	// Ebook is the ebook matched, for a book that could not be fetched.
	Ebook int `json:"ebook,omitempty"`
}

// CorpusOutcome is what reaches the write step of match: a pair, a reject,
// or the number of summary rows read.
type CorpusOutcome struct {
	// Kind is 1 for a pair, 2 for a reject, 3 for a row count.
	Kind   int
	Pair   CorpusPair
	Reject MatchReject
	Rows   int
}

// Kinds of CorpusOutcome.
const (
	corpusOutcomePair = iota + 1
	corpusOutcomeReject
	corpusOutcomeRows
)

func query(s wiki.Summary) match.Query {
	return match.Query{Key: strconv.FormatInt(s.WikipediaID, 10), Title: s.Title, Author: s.Author}
}

// ReadSummaries reads a summaries TSV (as wiki-extract writes it, or the
// CMU booksummaries.txt) at path, local or gs://. It returns the good rows,
// a reject for each malformed one, and a PCollection<int> holding the
// number of rows read, which WriteCorpus reconciles. A missing file fails
// the pipeline.
//
// Out: PCollection<SummaryRow>, PCollection<MatchReject>, PCollection<int>.
func ReadSummaries(s beam.Scope, path string) (rows, rejects, count beam.PCollection) {
	s = s.Scope("transforms.ReadSummaries")
	return beam.ParDo3(s, &readSummariesFn{Path: path}, beam.Impulse(s))
}

// readSummariesFn parses the summaries TSV.
type readSummariesFn struct {
	// Path is the summaries TSV.
	Path string `json:"path"`
}

func (f *readSummariesFn) ProcessElement(ctx context.Context, _ []byte, emit func(SummaryRow), reject func(MatchReject), count func(int)) error {
	in, err := OpenFile(ctx, f.Path)
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
		reason := rowError(err)
		if err != nil && reason == "" {
			return fmt.Errorf("reading %s: %w", f.Path, err)
		}
		n++
		summariesRead.Inc(ctx, 1)
		if err != nil {
			summariesBadRows.Inc(ctx, 1)
			reject(MatchReject{Line: r.Line(), Stage: "read-summaries", Reason: reason, Detail: err.Error()})
			continue
		}
		emit(SummaryRow{Line: r.Line(), Summary: sum})
	}
	count(n)
	return nil
}

// rowError names the fault of one row, after which the reader goes on,
// and returns "" for any other error.
func rowError(err error) string {
	for _, e := range []error{wiki.ErrFieldCount, wiki.ErrBadID, wiki.ErrBadGenres, wiki.ErrInvalidUTF8} {
		if errors.Is(err, e) {
			return strings.TrimPrefix(e.Error(), "wiki: ")
		}
	}
	return ""
}

// MatchSummaries matches each summary with a Project Gutenberg ebook of
// the catalog at catalog (pg_catalog.csv, local or gs://), by normalised
// title and author surname, with the decision list at decisions (may be
// empty) overriding (see match.Matcher). A summary that is not matched
// goes to rejects with the reason and the candidates. The catalog is read
// once per worker.
//
// In: PCollection<SummaryRow>. Out: PCollection<MatchedSummary>, PCollection<MatchReject>.
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
	in, err := OpenFile(ctx, catalog)
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
		d, err := OpenFile(ctx, decisions)
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

func (f *matchFn) ProcessElement(ctx context.Context, row SummaryRow, emit func(MatchedSummary), reject func(MatchReject)) error {
	got, err := f.m.Match(query(row.Summary))
	var nm *match.NoMatch
	switch {
	case err == nil:
		summariesMatched.Inc(ctx, 1)
		progress.tick("match", "summaries")
		emit(MatchedSummary{Line: row.Line, Summary: row.Summary, Ebook: got.Ebook, EbookTitle: got.EbookTitle,
			EbookAuthor: got.EbookAuthor, Reason: got.Reason, Decided: got.Decided})
	case errors.As(err, &nm):
		summariesNoMatch.Inc(ctx, 1)
		reject(noMatchReject(row.Line, row.Summary, "match", nm))
	default:
		return err
	}
	return nil
}

func noMatchReject(line int, s wiki.Summary, stage string, nm *match.NoMatch) MatchReject {
	return MatchReject{Line: line, WikipediaID: s.WikipediaID, Title: s.Title, Author: s.Author, Stage: stage,
		Reason: nm.Reason, Detail: nm.Detail, Candidates: nm.Candidates}
}

// NamePairs gathers the matches in one place, refuses those that share an
// ebook with another summary (match.OnePerEbook) and gives the others
// their corpus ids (match.AssignIDs), which depend only on the set of
// matches.
//
// In: PCollection<MatchedSummary>. Out: PCollection<MatchedSummary> with
// IDs, PCollection<MatchReject>.
func NamePairs(s beam.Scope, matched beam.PCollection) (named, rejects beam.PCollection) {
	s = s.Scope("transforms.NamePairs")
	grouped := beam.GroupByKey(s, beam.AddFixedKey(s, matched))
	return beam.ParDo2(s, &namePairsFn{}, grouped)
}

// namePairsFn assigns the ids.
type namePairsFn struct{}

func (f *namePairsFn) ProcessElement(ctx context.Context, _ int, iter func(*MatchedSummary) bool, emit func(MatchedSummary), reject func(MatchReject)) error {
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
		reject(noMatchReject(in.Line, in.Summary, "name", nm))
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
// In: PCollection<MatchedSummary>. Out: PCollection<CorpusPair>, PCollection<MatchReject>.
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

func (f *fetchBookFn) ProcessElement(ctx context.Context, m MatchedSummary, emit func(CorpusPair), reject func(MatchReject)) error {
	fail := func(reason, detail string) {
		booksMissing.Inc(ctx, 1)
		reject(MatchReject{Line: m.Line, WikipediaID: m.Summary.WikipediaID, Title: m.Summary.Title, Author: m.Summary.Author,
			Stage: "fetch-book", Reason: reason, Detail: detail, Ebook: m.Ebook})
	}
	var lookupErr error
	rel, ok := match.LocateBook(m.Ebook, func(rel string) bool {
		found, err := Exists(ctx, corpus.Join(f.Mirror, rel))
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
	book, err := ReadFile(ctx, corpus.Join(f.Mirror, rel))
	if err != nil {
		return err
	}
	words, reason := bookWords(book)
	if reason != "" {
		fail(reason, rel)
		return nil
	}
	layout := corpus.Layout{Dir: f.Out}
	if err := WriteFile(ctx, layout.Book(m.ID), book); err != nil {
		return err
	}
	if err := WriteFile(ctx, layout.Summary(m.ID), []byte(m.Summary.Text+"\n")); err != nil {
		return err
	}
	booksFetched.Inc(ctx, 1)
	progress.tick("fetch", "books")
	emit(CorpusPair{ID: m.ID, Line: m.Line, WikipediaID: m.Summary.WikipediaID, Title: m.Summary.Title, Author: m.Summary.Author,
		Ebook: m.Ebook, EbookTitle: m.EbookTitle, EbookAuthor: m.EbookAuthor, Reason: m.Reason, Decided: m.Decided,
		BookPath: rel, BookWords: words, SummaryWords: text.CountWords(m.Summary.Text)})
	return nil
}

// bookWords counts the words of a book's body (Project Gutenberg
// boilerplate excluded; stopwords and punctuation too), or says why the
// book cannot be used.
func bookWords(book []byte) (int, string) {
	if !utf8.Valid(book) {
		return 0, fmt.Sprintf("book is not valid UTF-8 (first bad byte at offset %d)", firstInvalid(book))
	}
	raw := string(book)
	body := text.GutenbergBody(raw)
	n := text.CountWords(raw[body.Start:body.End])
	if n == 0 {
		return 0, "book has no words"
	}
	return n, ""
}

func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

// WriteCorpus gathers the pairs, the rejects and the number of summary
// rows read in one place and writes the corpus index: OUT/pairs.tsv (the
// columns of the shared corpus, sorted by id), OUT/matches.jsonl (why each
// pair was made, sorted by id) and OUT/rejects.jsonl (sorted by line of the
// summaries TSV). source names where the summaries come from, for
// pairs.tsv's summary_source. It fails the pipeline, after writing, when
// pairs and rejects do not add up to the rows read.
//
// In: PCollection<CorpusPair>, PCollection<int> of rows read, any number
// of PCollection<MatchReject>.
func WriteCorpus(s beam.Scope, out, source string, pairs, rows beam.PCollection, rejects ...beam.PCollection) {
	s = s.Scope("transforms.WriteCorpus")
	all := []beam.PCollection{
		beam.ParDo(s, pairOutcome, pairs),
		beam.ParDo(s, summaryRowsOutcome, rows),
	}
	for _, r := range rejects {
		all = append(all, beam.ParDo(s, matchRejectOutcome, r))
	}
	grouped := beam.GroupByKey(s, beam.AddFixedKey(s, beam.Flatten(s, all...)))
	beam.ParDo0(s, &writeCorpusFn{Out: out, Source: source}, grouped)
}

func pairOutcome(p CorpusPair) CorpusOutcome {
	return CorpusOutcome{Kind: corpusOutcomePair, Pair: p}
}
func matchRejectOutcome(r MatchReject) CorpusOutcome {
	return CorpusOutcome{Kind: corpusOutcomeReject, Reject: r}
}
func summaryRowsOutcome(n int) CorpusOutcome {
	return CorpusOutcome{Kind: corpusOutcomeRows, Rows: n}
}

// writeCorpusFn writes the corpus index files.
type writeCorpusFn struct {
	// Out is the corpus directory.
	Out string `json:"out"`
	// Source names where the summaries come from.
	Source string `json:"source"`
}

func (f *writeCorpusFn) ProcessElement(ctx context.Context, _ int, iter func(*CorpusOutcome) bool) error {
	var (
		pairs   []CorpusPair
		rejects []MatchReject
		rows    int
		o       CorpusOutcome
	)
	for iter(&o) {
		switch o.Kind {
		case corpusOutcomePair:
			pairs = append(pairs, o.Pair)
		case corpusOutcomeReject:
			rejects = append(rejects, o.Reject)
		case corpusOutcomeRows:
			rows += o.Rows
		}
	}
	files, err := CorpusFiles(f.Source, pairs, rejects)
	if err != nil {
		return err
	}
	rel := corpus.Layout{}
	for _, name := range []string{rel.Pairs(), rel.Matches(), rel.Rejects()} {
		if err := WriteFile(ctx, corpus.Join(f.Out, name), files[name]); err != nil {
			return err
		}
	}
	if len(pairs)+len(rejects) != rows {
		return fmt.Errorf("summaries do not reconcile: %d rows read, but %d pairs were written and %d summaries rejected", rows, len(pairs), len(rejects))
	}
	return nil
}

// CorpusFiles renders pairs.tsv, matches.jsonl and rejects.jsonl; it sorts
// pairs by id and rejects by line, stage and reason.
func CorpusFiles(source string, pairs []CorpusPair, rejects []MatchReject) (map[string][]byte, error) {
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].ID < pairs[j].ID })
	sort.Slice(rejects, func(i, j int) bool {
		a, b := rejects[i], rejects[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Stage != b.Stage {
			return a.Stage < b.Stage
		}
		return a.Reason < b.Reason
	})
	rows := make([]corpus.PairRow, len(pairs))
	for i, p := range pairs {
		rows[i] = corpus.PairRow{ID: p.ID, Title: p.Title, Author: p.Author, Ebook: p.Ebook, WikipediaID: p.WikipediaID,
			BookWords: p.BookWords, SummaryWords: p.SummaryWords,
			SummarySource: fmt.Sprintf("%s, Wikipedia page %d", source, p.WikipediaID),
			BookSource:    fmt.Sprintf("Project Gutenberg #%d: %s", p.Ebook, p.BookPath)}
	}
	var tsv, mj, rj bytes.Buffer
	if err := corpus.WritePairs(&tsv, rows); err != nil {
		return nil, err
	}
	if err := jsonl.Write(&mj, pairs); err != nil {
		return nil, err
	}
	if err := jsonl.Write(&rj, rejects); err != nil {
		return nil, err
	}
	rel := corpus.Layout{}
	return map[string][]byte{rel.Pairs(): tsv.Bytes(), rel.Matches(): mj.Bytes(), rel.Rejects(): rj.Bytes()}, nil
}
