package fetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/match"
)

// Sources are where a fetch finds its inputs. Each is an http(s) or file
// URL, or a local path.
type Sources struct {
	// CMU is the CMU Book Summary Dataset archive (booksummaries.tar.gz).
	CMU string
	// Summaries, if set, is a summaries TSV (as wiki-extract writes it)
	// used instead of the CMU archive.
	Summaries string
	// Catalog is Project Gutenberg's pg_catalog.csv.
	Catalog string
	// Gutenberg is the base of gutenberg.org's layout (SiteURLs); Mirror,
	// if set, the base of a mirror of the main collection (MirrorURLs),
	// used instead.
	Gutenberg, Mirror string
	// Thesaurus is Roget's Thesaurus (ebook #10681); empty fetches none.
	Thesaurus string
	// Decisions is a local decision list for match (see
	// match.ParseDecisions), or empty.
	Decisions string
}

// A Config says what to fetch, where to and how.
type Config struct {
	Sources
	// Dir is the fetch directory: the corpus, with its sources under
	// sources/ and the thesaurus under thesaurus/. Nothing is written
	// elsewhere.
	Dir string
	// Client downloads; Progress, if not nil, shows the books' progress
	// line; Log, if not nil, is told what is being done.
	Client   *Client
	Progress io.Writer
	Log      func(format string, args ...any)
	// Limits caps the size of each kind of source; nil means
	// DefaultLimits.
	Limits Limits
	// RetryMissing asks again for the books that an earlier run found
	// missing (MissingFile), which are otherwise passed over.
	RetryMissing bool
	// Now is the clock that dates MissingFile's rows; nil means time.Now.
	Now func() time.Time
}

// A Result is what a fetch got: local files for `bookalign match` and the
// books that could not be had.
type Result struct {
	// Summaries, Catalog, Books (a flat mirror), Thesaurus (a directory
	// for --thesaurus, empty if none was fetched) and Rouge (ROUGE's data
	// files, a directory for --rouge-data) are local paths.
	Summaries, Catalog, Books, Thesaurus, Rouge string
	// SummarySource names where the summaries came from.
	SummarySource string
	Selection     Selection
	// Unavailable maps an ebook that could not be downloaded to the reason.
	Unavailable map[int]string
	// Downloaded and Skipped count the books fetched now and those already
	// there from an earlier run.
	Downloaded, Skipped int
	// Missing counts the books passed over because an earlier run found
	// them missing.
	Missing int
	// Manifest is the fetch directory's manifest once written.
	Manifest *Manifest
}

// Run downloads the sources into cfg.Dir: the thesaurus, the summaries
// (the CMU archive, from which booksummaries.txt is extracted, or a
// summaries TSV), the catalog, then writes ROUGE's data files from the
// binary (RougeDir), and downloads the texts of the ebooks that
// matching the summaries against the catalog selects (see Select), into a
// flat mirror that `bookalign match --books` reads. Each download must be
// within its kind's cap (cfg.Limits) and pass its kind's Check to be
// kept. A book that cannot be downloaded is recorded in Unavailable and
// the rest go on; one not found is also listed in MissingFile and passed
// over by later runs unless cfg.RetryMissing. A source that cannot be
// had, an unreachable host or a cancelled ctx stop the run. What was
// downloaded stays, listed in the manifest, so that running again resumes.
func Run(ctx context.Context, cfg Config) (res *Result, err error) {
	if cfg.Log == nil {
		cfg.Log = func(string, ...any) {}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	st, err := OpenStore(ctx, cfg.Dir, cfg.Client)
	if err != nil {
		return nil, err
	}
	st.Limits, st.Log = cfg.Limits, cfg.Log
	defer func() {
		if cerr := st.Close(ctx); err == nil {
			err = cerr
		}
		if res != nil {
			res.Manifest = st.Manifest()
		}
	}()
	res = &Result{Unavailable: map[int]string{}, Books: st.Path(BooksDir)}
	if err := fetchSources(ctx, cfg, st, res); err != nil {
		return nil, err
	}
	if err := writeRouge(ctx, st); err != nil {
		return nil, err
	}
	res.Rouge = st.Path(RougeDir)
	if res.Selection, err = selectFiles(res.Summaries, res.Catalog, cfg.Decisions); err != nil {
		if errors.Is(err, ErrTooManyRows) {
			err = fmt.Errorf("%s: %w (the CMU dataset has 16,559)", res.SummarySource, err)
		}
		return nil, err
	}
	sel := res.Selection
	cfg.Log("%d summaries (%d unreadable rows), %d matched to a Gutenberg text, %d not\n",
		sel.Summaries, sel.BadRows, len(sel.Ebooks), sel.Unmatched)
	if err := fetchBooks(ctx, cfg, st, res); err != nil {
		return nil, err
	}
	return res, nil
}

// fetchSources downloads the thesaurus, the summaries and the catalog
// into st and records their local paths in res.
func fetchSources(ctx context.Context, cfg Config, st *Store, res *Result) error {
	get := func(k Kind, what, rel, url string) error {
		e, skipped, err := st.Fetch(ctx, k, rel, SourceURL(url))
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if skipped {
			cfg.Log("%s: %s already here (%s)\n", what, rel, Bytes(e.Size))
		} else {
			cfg.Log("%s: %s ← %s (%s)\n", what, rel, e.URL, Bytes(e.Size))
		}
		return nil
	}
	if cfg.Thesaurus != "" {
		if err := get(KindThesaurus, "thesaurus", ThesaurusDir+"/"+align.ThesaurusFile, cfg.Thesaurus); err != nil {
			return err
		}
		res.Thesaurus = st.Path(ThesaurusDir)
	}
	if cfg.Summaries != "" {
		rel := SourcesDir + "/summaries.tsv"
		if err := get(KindSummaries, "summaries", rel, cfg.Summaries); err != nil {
			return err
		}
		res.Summaries, res.SummarySource = st.Path(rel), cfg.Summaries
	} else {
		rel := SourcesDir + "/booksummaries.tar.gz"
		if err := get(KindArchive, "CMU Book Summary Dataset", rel, cfg.CMU); err != nil {
			return err
		}
		var err error
		if res.Summaries, err = extractSummaries(st, rel); err != nil {
			return err
		}
		res.SummarySource = "CMU Book Summary Dataset (" + cfg.CMU + ")"
	}
	rel := SourcesDir + "/pg_catalog.csv"
	if err := get(KindCatalog, "catalog", rel, cfg.Catalog); err != nil {
		return err
	}
	res.Catalog = st.Path(rel)
	return nil
}

// fetchBooks downloads the selected ebooks into st's flat mirror.
func fetchBooks(ctx context.Context, cfg Config, st *Store, res *Result) error {
	name := filepath.Join(cfg.Dir, MissingFile)
	missing, err := ReadMissingList(name)
	if err != nil {
		return err
	}
	b := &bookRun{cfg: cfg, st: st, res: res, missing: missing, missingFile: name,
		today: cfg.Now().UTC().Format(time.DateOnly)}
	b.plan()
	bar := NewProgress(cfg.Progress, "books", len(res.Selection.Ebooks))
	for _, n := range res.Selection.Ebooks {
		if err := b.fetch(ctx, n, bar); err != nil {
			return err
		}
	}
	return nil
}

// A bookRun downloads the books of one Run.
type bookRun struct {
	cfg     Config
	st      *Store
	res     *Result
	missing *MissingList
	// missingFile is where missing is kept; today dates its new rows.
	missingFile, today string
}

// urls returns where ebook n is looked for.
func (b *bookRun) urls(n int) []string {
	if b.cfg.Mirror != "" {
		return MirrorURLs(b.cfg.Mirror, n)
	}
	return SiteURLs(b.cfg.Gutenberg, n)
}

// knownMissing reports whether ebook n is passed over, because an earlier
// run found none of its URLs and it is not here, and says why.
func (b *bookRun) knownMissing(n int) (string, bool) {
	if b.cfg.RetryMissing {
		return "", false
	}
	urls := b.urls(n)
	day, ok := b.missing.Known(urls)
	if !ok {
		return "", false
	}
	if _, have := b.st.Have(KindBook, BookFile(n), urls...); have {
		return "", false
	}
	return missingReason(urls, day), true
}

// missingReason is why a book not found at urls on day is unavailable,
// the same in the run that found it missing and in those that pass it
// over, so that a resumed fetch writes the rejects a whole one does.
func missingReason(urls []string, day string) string {
	return fmt.Sprintf("not found (HTTP 404 or 410) at %s on %s; later fetches do not ask again (bookalign fetch --retry-missing does)",
		strings.Join(urls, ", "), day)
}

// plan says how many books are to be downloaded, already here, and passed
// over as missing.
func (b *bookRun) plan() {
	ebooks := b.res.Selection.Ebooks
	todo, known := 0, 0
	for _, n := range ebooks {
		if _, ok := b.knownMissing(n); ok {
			known++
		} else if _, ok := b.st.Have(KindBook, BookFile(n), b.urls(n)...); !ok {
			todo++
		}
	}
	delay := b.cfg.Client.Delay
	b.cfg.Log("books: %d to download, %d already here: about %s at one request every %v\n",
		todo, len(ebooks)-todo-known, Estimate(todo, delay).Round(time.Second), delay)
	if known > 0 {
		b.cfg.Log("books: %d not found by an earlier run, not asked again (%s lists them; --retry-missing asks again)\n", known, MissingFile)
	}
}

// fetch downloads ebook n, unless it is here or known to be missing. A
// book that cannot be had goes to Unavailable, and what a failed download
// left in its place is removed; only a cancelled ctx, an unreachable host
// or a failure to write the fetch directory is an error.
func (b *bookRun) fetch(ctx context.Context, n int, bar *Progress) error {
	if why, ok := b.knownMissing(n); ok {
		b.res.Missing++
		b.res.Unavailable[n] = why
		bar.Add(0, 0, true)
		return nil
	}
	start := time.Now()
	urls := b.urls(n)
	e, skipped, err := b.st.Fetch(ctx, KindBook, BookFile(n), urls...)
	switch {
	case err == nil:
		if skipped {
			b.res.Skipped++
		} else {
			b.res.Downloaded++
		}
		if b.missing.Remove(n) {
			if err := b.missing.Save(ctx, b.missingFile); err != nil {
				return err
			}
		}
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, ErrUnreachable):
		return fmt.Errorf("ebook %d: %w", n, err)
	default:
		b.res.Unavailable[n] = err.Error()
		bar.Break()
		b.cfg.Log("ebook %d: %v\n", n, err)
		if errors.Is(err, ErrNotFound) {
			b.res.Unavailable[n] = missingReason(urls, b.today)
			b.missing.Add(n, b.today, urls)
			if err := b.missing.Save(ctx, b.missingFile); err != nil {
				return err
			}
		}
		if err := b.st.DropUnusable(KindBook, BookFile(n)); err != nil {
			return err
		}
	}
	bar.Add(e.Size, time.Since(start), skipped)
	return nil
}

// Estimate is how long downloading n files takes at one request every
// delay, at the least: the time spent transferring comes on top.
func Estimate(n int, delay time.Duration) time.Duration {
	return time.Duration(n) * delay
}

// extractSummaries writes the CMU archive's booksummaries.txt into the
// store, next to the archive, and records it in the manifest.
func extractSummaries(st *Store, archive string) (string, error) {
	in, err := os.Open(st.Path(archive))
	if err != nil {
		return "", err
	}
	defer in.Close()
	rel := SourcesDir + "/" + SummariesMember
	name := st.Path(rel)
	out, err := os.Create(name + ".part")
	if err != nil {
		return "", err
	}
	_, err = ExtractMember(in, SummariesMember, &capWriter{w: out, max: st.Limits.Max(KindSummaries),
		what: SummariesMember + " in the archive", kind: KindSummaries})
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name+".part", name)
	}
	if err != nil {
		os.Remove(name + ".part")
		return "", fmt.Errorf("%s: %w", archive, err)
	}
	if _, err := st.Record(rel, archive+"#"+SummariesMember); err != nil {
		return "", err
	}
	return name, nil
}

// selectFiles runs Select on local files.
func selectFiles(summaries, catalog, decisions string) (Selection, error) {
	var d match.Decisions
	if decisions != "" {
		f, err := os.Open(decisions)
		if err != nil {
			return Selection{}, err
		}
		d, err = match.ParseDecisions(f)
		f.Close()
		if err != nil {
			return Selection{}, fmt.Errorf("%s: %w", decisions, err)
		}
	}
	s, err := os.Open(summaries)
	if err != nil {
		return Selection{}, err
	}
	defer s.Close()
	c, err := os.Open(catalog)
	if err != nil {
		return Selection{}, err
	}
	defer c.Close()
	return Select(s, c, d)
}

// SourceURL returns s as a URL: an http, https or file URL as it is, and a
// local path as a file URL.
func SourceURL(s string) string {
	for _, scheme := range []string{"http://", "https://", "file://"} {
		if strings.HasPrefix(strings.ToLower(s), scheme) {
			return s
		}
	}
	if abs, err := filepath.Abs(s); err == nil {
		s = abs
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(s)}).String()
}
