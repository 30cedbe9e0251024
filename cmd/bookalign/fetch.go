package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/pipelines"
)

// offlineHelp is added to the error of a fetch that could not connect.
const offlineHelp = `this machine cannot reach the source (offline?). Copy the sources here and point fetch at them (local paths work for every flag):
  bookalign fetch --out DIR --cmu booksummaries.tar.gz (or --summaries summaries.tsv) --catalog pg_catalog.csv --mirror GUTENBERG_MIRROR --thesaurus pg10681.txt
where GUTENBERG_MIRROR is a copy of Project Gutenberg's main collection (ebook 12345 under 1/2/3/4/12345/), or set BOOKALIGN_CORPUS to a corpus directory you already have`

// runFetch is `bookalign fetch`: it parses its flags into flag.CommandLine,
// where Beam's flags live too, downloads the sources into --out and runs
// match on them there.
func runFetch(args []string) error {
	fs := flag.CommandLine
	out := fs.String("out", "", "corpus `DIR` to build: the corpus, its downloads (sources/), thesaurus/ and manifest.tsv; a local directory")
	cmu := fs.String("cmu", fetch.CMUArchive, "CMU Book Summary Dataset archive `URL` (booksummaries.tar.gz), or a local file")
	summaries := fs.String("summaries", "", "summaries TSV `FILE|URL` written by wiki-extract, used instead of --cmu")
	catalog := fs.String("catalog", fetch.GutenbergCatalog, "Project Gutenberg's pg_catalog.csv `URL`, or a local file")
	gutenberg := fs.String("gutenberg", fetch.GutenbergSite, "`BASE` of gutenberg.org's layout: texts at BASE/cache/epub/<n>/pg<n>.txt")
	mirror := fs.String("mirror", "", "`BASE` of a Project Gutenberg mirror (ebook 12345 under BASE/1/2/3/4/12345/), used instead of --gutenberg")
	thesaurus := fs.String("thesaurus", fetch.SiteURLs(fetch.GutenbergSite, fetch.ThesaurusEbook)[0], "Roget's Thesaurus `URL` or file (ebook #10681; default: from --gutenberg's BASE); empty: none")
	decisions := fs.String("decisions", "", "decision list `FILE` for match (key<TAB>ebook<TAB>note lines)")
	delay := fs.Duration("delay", 2*time.Second, "pause between two requests")
	retries := fs.Int("retries", 4, "retries of a request that failed in a way that may pass (5xx, timeout, cut short)")
	backoff := fs.Duration("backoff", 5*time.Second, "wait before the first retry; doubled for each next one")
	timeout := fs.Duration("timeout", 10*time.Minute, "longest time for one request, body included")
	contact := fs.String("contact", "", "your e-mail or URL, added to the User-Agent so that site operators can reach you")
	pin := fs.String("pin", "", "manifest.tsv `FILE` of an earlier fetch: fail if any downloaded file differs from it")
	limits := fetch.Limits{}
	fs.Var(limits, "max-size", "size caps `KIND=SIZE[,…]`, KIND one of catalog, archive, summaries, book, thesaurus, SIZE in bytes, kB, MB or GB, 0 for none (default "+fetch.DefaultLimits.String()+")")
	retryMissing := fs.Bool("retry-missing", false, "ask again for the books that an earlier run did not find (HTTP 404 or 410), listed in DIR/"+fetch.MissingFile)
	term := addTerminalFlags(fs)
	if err := term.parse(fs, "fetch", "bookalign fetch --out DIR [--cmu URL | --summaries FILE|URL] [--catalog URL] [--gutenberg BASE | --mirror BASE] [--thesaurus URL] [--delay 2s] [--max-size KIND=SIZE] [--retry-missing] [Beam flags]", args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("--out is required")
	}
	if store.IsRemote(*out) {
		return fmt.Errorf("--out %s: fetch writes a local directory", *out)
	}
	if err := checkFetchDir(*out); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["thesaurus"] {
		*thesaurus = fetch.SiteURLs(*gutenberg, fetch.ThesaurusEbook)[0]
	}
	var pinned *fetch.Manifest
	if *pin != "" {
		f, err := os.Open(*pin)
		if err != nil {
			return fmt.Errorf("--pin: %w", err)
		}
		pinned, _, err = fetch.ParseManifest(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("--pin %s: %w", *pin, err)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var progress io.Writer = os.Stderr
	logf := func(format string, args ...any) { fmt.Fprintf(os.Stderr, "bookalign fetch: "+format, args...) }
	if *term.quiet {
		progress, logf = nil, func(string, ...any) {}
	}
	job := fetchJob{
		cfg: fetch.Config{
			Sources: fetch.Sources{CMU: *cmu, Summaries: *summaries, Catalog: *catalog, Gutenberg: *gutenberg,
				Mirror: *mirror, Thesaurus: *thesaurus, Decisions: *decisions},
			Dir: *out,
			Client: &fetch.Client{Delay: *delay, Retries: *retries, Backoff: *backoff, Timeout: *timeout, Contact: *contact,
				Log: func(format string, args ...any) { logf(format+"\n", args...) }},
			Progress: progress, Log: logf, Limits: limits, RetryMissing: *retryMissing,
		},
		pinned: pinned, quiet: *term.quiet, logf: logf,
	}
	return job.run(ctx)
}

// fetchJob is one run of `bookalign fetch`.
type fetchJob struct {
	cfg    fetch.Config
	pinned *fetch.Manifest
	quiet  bool
	logf   func(format string, args ...any)
}

func (j fetchJob) run(ctx context.Context) error {
	res, err := fetch.Run(ctx, j.cfg)
	if errors.Is(err, fetch.ErrUnreachable) {
		return fmt.Errorf("%w\n%s", err, offlineHelp)
	}
	if errors.Is(err, context.Canceled) {
		return fmt.Errorf("stopped; what was downloaded is kept in %s: run the same command again to resume", j.cfg.Dir)
	}
	if err != nil {
		return withFlagHint(err)
	}
	if j.pinned != nil {
		if diffs := res.Manifest.Compare(j.pinned); len(diffs) > 0 {
			return fmt.Errorf("the sources differ from the pinned manifest in %d files (no corpus written):\n  %s", len(diffs), strings.Join(diffs, "\n  "))
		}
		j.logf("every file is as in the pinned manifest\n")
	}
	// Pairs of an earlier run are made again; one whose book is gone must
	// not stay behind.
	for _, d := range []string{"books", "summaries"} {
		if err := os.RemoveAll(filepath.Join(j.cfg.Dir, d)); err != nil {
			return err
		}
	}
	dir, err := filepath.Abs(j.cfg.Dir)
	if err != nil {
		return err
	}
	cfg := pipelines.MatchConfig{Summaries: res.Summaries, Catalog: res.Catalog, Books: res.Books, Out: dir,
		Decisions: j.cfg.Decisions, Source: res.SummarySource, Unavailable: res.Unavailable}
	if err := inScratch(filepath.Join(dir, ".tmp"), func() error {
		_, err := buildCorpus(ctx, cfg, j.quiet)
		return err
	}); err != nil {
		return err
	}
	if err := j.linkBooks(dir); err != nil {
		return err
	}
	if err := fetch.Describe(ctx, dir, j.cfg.Sources, res); err != nil {
		return err
	}
	th := ""
	if res.Thesaurus != "" {
		th = " --thesaurus " + res.Thesaurus
	}
	j.logf("corpus in %s (README.txt says what it holds); run the experiment with: bookalign run --corpus %s%s --out OUT\n", j.cfg.Dir, j.cfg.Dir, th)
	return nil
}

// linkBooks makes the corpus's books hard links to their downloads, so
// that each text is stored once; a file system without hard links keeps
// the copies, with a message.
func (j fetchJob) linkBooks(dir string) error {
	n, err := fetch.LinkBooks(dir)
	if errors.Is(err, fetch.ErrNoLink) {
		j.logf("books/ keeps its own copies of the texts: %v\n", err)
		return nil
	}
	if err == nil {
		j.logf("books/: %d texts stored once, as hard links to %s/\n", n, fetch.BooksDir)
	}
	return err
}

// withFlagHint adds to a fetch's error the flag that changes the limit it
// ran into: the size cap or the timeout of one request.
func withFlagHint(err error) error {
	switch {
	case errors.Is(err, fetch.ErrTooLarge):
		return fmt.Errorf("%w\n--max-size KIND=SIZE raises a cap (see docs/running.md, \"Fetch limits\")", err)
	case errors.Is(err, fetch.ErrTimeout):
		return fmt.Errorf("%w\n--timeout sets how long one request may take", err)
	}
	return err
}

// inScratch runs do with the temporary directory (TMPDIR) set to dir, then
// removes dir: the Beam runner leaves files in the temporary directory
// (a loopback worker's placeholder binary), and a fetch writes nothing
// outside --out.
func inScratch(dir string, do func() error) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	old, had := os.LookupEnv("TMPDIR")
	os.Setenv("TMPDIR", dir)
	defer func() {
		if had {
			os.Setenv("TMPDIR", old)
		} else {
			os.Unsetenv("TMPDIR")
		}
		os.RemoveAll(dir)
	}()
	return do()
}

// checkFetchDir refuses an --out that holds a corpus fetch did not make:
// fetch replaces books/ and summaries/, which must not happen to a corpus
// made by hand or by match.
func checkFetchDir(dir string) error {
	_, pairsErr := os.Stat(filepath.Join(dir, "pairs.tsv"))
	_, manifestErr := os.Stat(filepath.Join(dir, fetch.ManifestFile))
	if pairsErr == nil && errors.Is(manifestErr, os.ErrNotExist) {
		return fmt.Errorf("--out %s holds a corpus that fetch did not make (it has pairs.tsv but no %s): choose another directory", dir, fetch.ManifestFile)
	}
	return nil
}
