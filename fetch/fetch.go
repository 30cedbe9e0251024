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
}

// A Result is what a fetch got: local files for `bookalign match` and the
// books that could not be had.
type Result struct {
	// Summaries, Catalog, Books (a flat mirror) and Thesaurus (a directory
	// for --thesaurus, empty if none was fetched) are local paths.
	Summaries, Catalog, Books, Thesaurus string
	// SummarySource names where the summaries came from.
	SummarySource string
	Selection     Selection
	// Unavailable maps an ebook that could not be downloaded to the reason.
	Unavailable map[int]string
	// Downloaded and Skipped count the books fetched now and those already
	// there from an earlier run.
	Downloaded, Skipped int
	// Manifest is the fetch directory's manifest once written.
	Manifest *Manifest
}

// Run downloads the sources into cfg.Dir: the thesaurus, the summaries
// (the CMU archive, from which booksummaries.txt is extracted, or a
// summaries TSV), the catalog, and then the texts of the ebooks that
// matching the summaries against the catalog selects (see Select), into a
// flat mirror that `bookalign match --books` reads. A book that cannot be
// downloaded is recorded in Unavailable and the rest go on; a source that
// cannot be had, an unreachable host or a cancelled ctx stop the run. What
// was downloaded stays, listed in the manifest, so that running again
// resumes.
func Run(ctx context.Context, cfg Config) (res *Result, err error) {
	logf := cfg.Log
	if logf == nil {
		logf = func(string, ...any) {}
	}
	st, err := OpenStore(cfg.Dir, cfg.Client)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := st.Close(); err == nil {
			err = cerr
		}
		if res != nil {
			res.Manifest = st.Manifest()
		}
	}()
	res = &Result{Unavailable: map[int]string{}, Books: st.Path(BooksDir)}

	get := func(what, rel string, urls ...string) error {
		e, skipped, err := st.Fetch(ctx, rel, urls...)
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if skipped {
			logf("%s: %s already here (%s)\n", what, rel, Bytes(e.Size))
		} else {
			logf("%s: %s ← %s (%s)\n", what, rel, e.URL, Bytes(e.Size))
		}
		return nil
	}

	if cfg.Thesaurus != "" {
		rel := ThesaurusDir + "/" + align.ThesaurusFile
		if err := get("thesaurus", rel, SourceURL(cfg.Thesaurus)); err != nil {
			return nil, err
		}
		res.Thesaurus = st.Path(ThesaurusDir)
		if _, err := align.LoadThesaurus(res.Thesaurus); err != nil {
			return nil, fmt.Errorf("thesaurus from %s cannot be used: %w", cfg.Thesaurus, err)
		}
	}

	if cfg.Summaries != "" {
		rel := SourcesDir + "/summaries.tsv"
		if err := get("summaries", rel, SourceURL(cfg.Summaries)); err != nil {
			return nil, err
		}
		res.Summaries, res.SummarySource = st.Path(rel), cfg.Summaries
	} else {
		rel := SourcesDir + "/booksummaries.tar.gz"
		if err := get("CMU Book Summary Dataset", rel, SourceURL(cfg.CMU)); err != nil {
			return nil, err
		}
		if res.Summaries, err = extractSummaries(st, rel); err != nil {
			return nil, err
		}
		res.SummarySource = "CMU Book Summary Dataset (" + cfg.CMU + ")"
	}

	rel := SourcesDir + "/pg_catalog.csv"
	if err := get("catalog", rel, SourceURL(cfg.Catalog)); err != nil {
		return nil, err
	}
	res.Catalog = st.Path(rel)

	if res.Selection, err = selectFiles(res.Summaries, res.Catalog, cfg.Decisions); err != nil {
		return nil, err
	}
	sel := res.Selection
	logf("%d summaries (%d unreadable rows), %d matched to a Gutenberg text, %d not\n",
		sel.Summaries, sel.BadRows, len(sel.Ebooks), sel.Unmatched)

	urls := func(n int) []string { return SiteURLs(cfg.Gutenberg, n) }
	if cfg.Mirror != "" {
		urls = func(n int) []string { return MirrorURLs(cfg.Mirror, n) }
	}
	todo := 0
	for _, n := range sel.Ebooks {
		if _, ok := st.Have(BookFile(n), urls(n)...); !ok {
			todo++
		}
	}
	logf("books: %d to download, %d already here: about %s at one request every %v\n",
		todo, len(sel.Ebooks)-todo, Estimate(todo, cfg.Client.Delay).Round(time.Second), cfg.Client.Delay)

	bar := NewProgress(cfg.Progress, "books", len(sel.Ebooks))
	for _, n := range sel.Ebooks {
		start := time.Now()
		e, skipped, err := st.Fetch(ctx, BookFile(n), urls(n)...)
		switch {
		case err == nil:
			if skipped {
				res.Skipped++
			} else {
				res.Downloaded++
			}
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case errors.Is(err, ErrUnreachable):
			return nil, fmt.Errorf("ebook %d: %w", n, err)
		default:
			res.Unavailable[n] = err.Error()
			bar.Break()
			logf("ebook %d: %v\n", n, err)
		}
		bar.Add(e.Size, time.Since(start), skipped)
	}
	return res, nil
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
	_, err = ExtractMember(in, SummariesMember, out)
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
