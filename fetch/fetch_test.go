package fetch_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/fetchtest"
	"github.com/bookalign/bookalign/rouge"
)

// run fetches the fixture's sources into dir.
func run(ctx context.Context, t *testing.T, src fetch.Sources, dir string) (*fetch.Result, error) {
	t.Helper()
	return fetch.Run(ctx, config(src, dir))
}

// day is the date the tests' fetches run on.
var day = time.Date(2024, 6, 1, 12, 0, 0, 0, time.UTC)

// config fetches src into dir with a quick client on day.
func config(src fetch.Sources, dir string) fetch.Config {
	return fetch.Config{Sources: src, Dir: dir, Client: quick(), Now: func() time.Time { return day }}
}

// logTo returns a Log function that writes into b.
func logTo(b *strings.Builder) func(string, ...any) {
	return func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
}

func sha(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func TestRun(t *testing.T) {
	f := fetchtest.New(t)
	f.Fail("/cache/epub/4567/pg4567.txt", 500)
	f.Truncate("/cache/epub/12345/pg12345.txt", 1)
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	res, err := run(context.Background(), t, f.Sources(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{7, 123, 999, 4567, 12345}; !reflect.DeepEqual(res.Selection.Ebooks, want) {
		t.Errorf("ebooks %v, want %v", res.Selection.Ebooks, want)
	}
	if s := res.Selection; s.Summaries != 7 || s.BadRows != 1 || s.Unmatched != 1 {
		t.Errorf("selection %+v: want 7 rows, 1 bad, 1 unmatched", s)
	}
	if why := res.Unavailable[fetchtest.Missing]; len(res.Unavailable) != 1 || !strings.Contains(why, "404") || !strings.Contains(why, "/cache/epub/999/pg999.txt") {
		t.Errorf("unavailable %v", res.Unavailable)
	}
	if f.Hits("/cache/epub/4567/pg4567.txt") != 2 || f.Hits("/cache/epub/12345/pg12345.txt") != 2 {
		t.Error("the 500 or the cut body was not retried once")
	}
	if res.Downloaded != 4 || res.Skipped != 0 {
		t.Errorf("%d downloaded, %d skipped", res.Downloaded, res.Skipped)
	}

	// The manifest lists every file with its URL, size and digest, and the
	// file on disk says the same.
	want := map[string][]byte{
		"thesaurus/roget-10681-body.txt": f.Thesaurus,
		"sources/booksummaries.tar.gz":   f.Archive,
		"sources/booksummaries.txt":      f.SummariesTSV,
		"sources/pg_catalog.csv":         f.Catalog,
		"sources/gutenberg/7.txt":        f.Texts[7],
		"sources/gutenberg/123.txt":      f.Texts[123],
		"sources/gutenberg/4567.txt":     f.Texts[4567],
		"sources/gutenberg/12345.txt":    f.Texts[12345],
	}
	for _, name := range append(rouge.DataFiles(), rouge.BuiltinReadme) {
		want[fetch.RougeDir+"/"+name], _ = rouge.BuiltinFile(name)
	}
	m := readManifest(t, dir)
	if !reflect.DeepEqual(m.Entries(), res.Manifest.Entries()) {
		t.Error("manifest.tsv differs from the result's manifest")
	}
	if len(m.Entries()) != len(want) {
		t.Errorf("%d manifest entries, want %d", len(m.Entries()), len(want))
	}
	for rel, b := range want {
		e, ok := m.Get(rel)
		if !ok || e.Size != int64(len(b)) || e.SHA256 != sha(b) {
			t.Errorf("%s: manifest %+v, want %d bytes sha256 %s", rel, e, len(b), sha(b))
		}
		if got, err := os.ReadFile(filepath.Join(dir, rel)); err != nil || !bytes.Equal(got, b) {
			t.Errorf("%s: file differs from what was served (%v)", rel, err)
		}
	}
	if e, _ := m.Get("sources/gutenberg/7.txt"); e.URL != f.URL+"/cache/epub/7/pg7.txt" {
		t.Errorf("book 7 URL %q", e.URL)
	}
	onlyOut(t, root)
}

func TestRunMirror(t *testing.T) {
	f := fetchtest.New(t)
	src := f.Sources()
	src.Mirror = f.URL + fetchtest.MirrorRoot + "/"
	f.Fail("/mirror/4/5/6/4567/4567-0.txt", 502)
	dir := t.TempDir()
	res, err := run(context.Background(), t, src, dir)
	if err != nil {
		t.Fatal(err)
	}
	m := res.Manifest
	for n, path := range map[int]string{7: "/mirror/0/7/7-0.txt", 123: "/mirror/1/2/123/123.txt", 4567: "/mirror/4/5/6/4567/4567-0.txt",
		12345: "/mirror/1/2/3/4/12345/12345-0.txt"} {
		if e, ok := m.Get(fetch.BookFile(n)); !ok || e.URL != f.URL+path || e.SHA256 != sha(f.Texts[n]) {
			t.Errorf("ebook %d: %+v, want it from %s", n, e, path)
		}
	}
	if f.Hits("/mirror/1/2/123/123-0.txt") != 1 {
		t.Error("the UTF-8 file of 123 was not tried first")
	}
	if why := res.Unavailable[fetchtest.Missing]; !strings.Contains(why, "/mirror/9/9/999/999-8.txt") {
		t.Errorf("999: %q does not name every URL tried", why)
	}
}

// TestRunResume stops a fetch while it downloads a book, then runs it
// again: the books already there are not downloaded again, and the result
// is the same as that of a fetch that was never stopped.
func TestRunResume(t *testing.T) {
	f := fetchtest.New(t)
	clean := t.TempDir()
	if _, err := run(context.Background(), t, f.Sources(), clean); err != nil {
		t.Fatal(err)
	}

	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	reached, release := f.Hold("/cache/epub/4567/pg4567.txt")
	defer release()
	go func() { <-reached; cancel() }()
	if _, err := run(ctx, t, f.Sources(), dir); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: err = %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "sources/gutenberg/4567.txt")); err == nil {
		t.Fatal("the book being downloaded when stopped is in place")
	}
	res, err := run(context.Background(), t, f.Sources(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Skipped != 2 || res.Downloaded != 2 {
		t.Errorf("resumed: %d skipped, %d downloaded; want 2 and 2", res.Skipped, res.Downloaded)
	}
	for _, p := range []string{"/cache/epub/7/pg7.txt", "/cache/epub/123/pg123.txt", fetchtest.CatalogPath, fetchtest.ArchivePath} {
		if h := f.Hits(p); h != 2 {
			t.Errorf("%s requested %d times in the three runs, want 2", p, h)
		}
	}
	if a, b := tree(t, clean), tree(t, dir); !reflect.DeepEqual(a, b) {
		t.Errorf("resumed fetch differs from a clean one:\n%v\n%v", keys(a), keys(b))
	}
}

// TestRunDamagedFile: a file changed after it was downloaded is
// downloaded again.
func TestRunDamagedFile(t *testing.T) {
	f := fetchtest.New(t)
	dir := t.TempDir()
	if _, err := run(context.Background(), t, f.Sources(), dir); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "sources/gutenberg/7.txt"), []byte("damaged"), 0o644)
	res, err := run(context.Background(), t, f.Sources(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if res.Downloaded != 1 || f.Hits("/cache/epub/7/pg7.txt") != 2 {
		t.Errorf("%d downloaded, book 7 requested %d times", res.Downloaded, f.Hits("/cache/epub/7/pg7.txt"))
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "sources/gutenberg/7.txt")); !bytes.Equal(b, f.Texts[7]) {
		t.Error("the damaged book was not replaced")
	}
}

func TestRunSummariesTSV(t *testing.T) {
	f := fetchtest.New(t)
	local := filepath.Join(t.TempDir(), "summaries.tsv")
	os.WriteFile(local, f.SummariesTSV, 0o644)
	for _, summaries := range []string{f.URL + fetchtest.SummariesPath, local} {
		src := f.Sources()
		src.CMU, src.Summaries, src.Thesaurus = "", summaries, ""
		dir := t.TempDir()
		res, err := run(context.Background(), t, src, dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Selection.Ebooks) != 5 || res.SummarySource != summaries || res.Thesaurus != "" {
			t.Errorf("%s: %+v", summaries, res)
		}
		if e, ok := res.Manifest.Get("sources/summaries.tsv"); !ok || e.SHA256 != sha(f.SummariesTSV) {
			t.Errorf("%s: manifest %+v", summaries, e)
		}
		if _, err := os.Stat(filepath.Join(dir, "sources/booksummaries.tar.gz")); err == nil {
			t.Error("the CMU archive was fetched too")
		}
	}
}

func TestRunSourceErrors(t *testing.T) {
	f := fetchtest.New(t)
	for name, edit := range map[string]func(*fetch.Sources){
		"no archive":        func(s *fetch.Sources) { s.CMU = f.URL + "/nope.tar.gz" },
		"no catalog":        func(s *fetch.Sources) { s.Catalog = f.URL + "/nope.csv" },
		"not a thesaurus":   func(s *fetch.Sources) { s.Thesaurus = f.URL + fetchtest.CatalogPath },
		"archive not a tar": func(s *fetch.Sources) { s.CMU = f.URL + fetchtest.CatalogPath },
	} {
		src := f.Sources()
		edit(&src)
		if _, err := run(context.Background(), t, src, t.TempDir()); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func readManifest(t *testing.T, dir string) *fetch.Manifest {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, fetch.ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	m, bad, err := fetch.ParseManifest(bytes.NewReader(b))
	if err != nil || bad != 0 {
		t.Fatalf("manifest: %d bad rows, %v", bad, err)
	}
	return m
}

// readManifestIfAny is readManifest, or an empty manifest when dir has
// none.
func readManifestIfAny(t *testing.T, dir string) *fetch.Manifest {
	t.Helper()
	if _, err := os.Stat(filepath.Join(dir, fetch.ManifestFile)); errors.Is(err, os.ErrNotExist) {
		return fetch.NewManifest()
	}
	return readManifest(t, dir)
}

// onlyOut fails unless root holds nothing but out/ (or nothing: a fetch
// that got nothing leaves nothing), and out/ no .part file.
func onlyOut(t *testing.T, root string) {
	t.Helper()
	entries, _ := os.ReadDir(root)
	if len(entries) > 1 || len(entries) == 1 && entries[0].Name() != "out" {
		t.Errorf("written next to out/: %v", entries)
	}
	if len(entries) == 0 {
		return
	}
	for name := range tree(t, filepath.Join(root, "out")) {
		if strings.HasSuffix(name, ".part") {
			t.Errorf("%s left behind", name)
		}
	}
}

// tree returns every file under dir by its relative path.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// badSources are sources served as something else than they should be,
// each as a fetch finds it: its server path, what is served there, the
// file it would be kept as, and whether it stops the fetch (a book does
// not: it is listed as unavailable).
func badSources(t *testing.T, f *fetchtest.Fixture) []struct {
	name, path string
	body       []byte
	rel        string
	fatal      bool
	want       string
	edit       func(*fetch.Sources)
} {
	noMember := fetchtest.Archive(t, map[string][]byte{"booksummaries/README": []byte("no summaries\n")})
	return []struct {
		name, path string
		body       []byte
		rel        string
		fatal      bool
		want       string
		edit       func(*fetch.Sources)
	}{
		{"catalog as HTML", fetchtest.CatalogPath, []byte(fetchtest.ErrorPage), "sources/pg_catalog.csv", true, "HTML", nil},
		{"catalog without its header", fetchtest.CatalogPath, []byte("one,two\n1,2\n"), "sources/pg_catalog.csv", true, "catalog", nil},
		{"archive as HTML", fetchtest.ArchivePath, []byte(fetchtest.ErrorPage), "sources/booksummaries.tar.gz", true, "HTML", nil},
		{"archive without the summaries", fetchtest.ArchivePath, noMember, "sources/booksummaries.tar.gz", true, "booksummaries.txt", nil},
		{"summaries as HTML", fetchtest.SummariesPath, []byte(fetchtest.ErrorPage), "sources/summaries.tsv", true, "HTML",
			func(s *fetch.Sources) { s.CMU, s.Summaries = "", f.URL+fetchtest.SummariesPath }},
		{"thesaurus as HTML", "/cache/epub/10681/pg10681.txt", []byte(fetchtest.ErrorPage), "thesaurus/roget-10681-body.txt", true, "HTML", nil},
		{"book as HTML", "/cache/epub/7/pg7.txt", []byte(fetchtest.ErrorPage), "sources/gutenberg/7.txt", false, "HTML", nil},
		{"book of binary data", "/cache/epub/7/pg7.txt", []byte("PK\x03\x04\x00\x00\x00\x08"), "sources/gutenberg/7.txt", false, "binary", nil},
		{"empty book", "/cache/epub/7/pg7.txt", nil, "sources/gutenberg/7.txt", false, "empty", nil},
	}
}

// TestRunRefusesBadSources: a source that answers 200 with something else
// than it should (an HTML error page) is not kept nor listed in the
// manifest: a source stops the fetch with the reason, a book is listed as
// unavailable with it. Once the server is right, a rerun gets the file.
func TestRunRefusesBadSources(t *testing.T) {
	f := fetchtest.New(t)
	for _, tc := range badSources(t, f) {
		t.Run(tc.name, func(t *testing.T) {
			good := f.Get(tc.path)
			f.Put(tc.path, tc.body)
			defer f.Put(tc.path, good)
			src := f.Sources()
			if tc.edit != nil {
				tc.edit(&src)
			}
			dir := t.TempDir()
			hits := f.Hits(tc.path)
			res, err := run(context.Background(), t, src, dir)
			why := ""
			if tc.fatal {
				if err == nil {
					t.Fatal("no error")
				}
				why = err.Error()
			} else {
				if err != nil {
					t.Fatal(err)
				}
				why = res.Unavailable[7]
			}
			if !errors.Is(err, fetch.ErrInvalid) && tc.fatal || !strings.Contains(why, tc.want) || !strings.Contains(why, tc.path) {
				t.Errorf("reason %q: want ErrInvalid, %q and the URL", why, tc.want)
			}
			if _, ok := readManifestIfAny(t, dir).Get(tc.rel); ok {
				t.Errorf("%s is in the manifest", tc.rel)
			}
			if _, err := os.Stat(filepath.Join(dir, tc.rel)); err == nil {
				t.Errorf("%s was kept", tc.rel)
			}
			f.Put(tc.path, good)
			if _, err := run(context.Background(), t, src, dir); err != nil {
				t.Fatal(err)
			}
			if h := f.Hits(tc.path) - hits; h != 2 {
				t.Errorf("asked %d times in two runs, want 2", h)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, tc.rel)); !bytes.Equal(b, good) {
				t.Errorf("%s is not the good file once it is served", tc.rel)
			}
		})
	}
}

// TestRunDistrustsBadCache: a bad file that an earlier run kept and listed
// in the manifest, intact, is downloaded again, with a message saying why.
func TestRunDistrustsBadCache(t *testing.T) {
	f := fetchtest.New(t)
	for _, tc := range badSources(t, f) {
		t.Run(tc.name, func(t *testing.T) {
			src := f.Sources()
			if tc.edit != nil {
				tc.edit(&src)
			}
			dir := t.TempDir()
			if _, err := run(context.Background(), t, src, dir); err != nil {
				t.Fatal(err)
			}
			// What a run that trusted any 200 would have left.
			os.WriteFile(filepath.Join(dir, tc.rel), tc.body, 0o644)
			m := readManifest(t, dir)
			e, _ := m.Get(tc.rel)
			e.Size, e.SHA256 = int64(len(tc.body)), sha(tc.body)
			m.Put(e)
			os.WriteFile(filepath.Join(dir, fetch.ManifestFile), m.Marshal(), 0o644)

			hits := f.Hits(tc.path)
			var log strings.Builder
			cfg := config(src, dir)
			cfg.Log = logTo(&log)
			if _, err := fetch.Run(context.Background(), cfg); err != nil {
				t.Fatal(err)
			}
			if h := f.Hits(tc.path) - hits; h != 1 {
				t.Errorf("asked %d times, want 1", h)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, tc.rel)); !bytes.Equal(b, f.Get(tc.path)) {
				t.Errorf("%s was not replaced", tc.rel)
			}
			if !strings.Contains(log.String(), tc.rel+": the copy here is not usable") || !strings.Contains(log.String(), tc.want) {
				t.Errorf("the log does not say why %s is fetched again:\n%s", tc.rel, log.String())
			}
		})
	}
}

// TestRunSizeCap: a source over its kind's cap stops the fetch, a book over
// it is listed as unavailable and the rest go on; either way the error
// names the URL and the cap and no .part file is left.
func TestRunSizeCap(t *testing.T) {
	tests := []struct {
		name   string
		limits fetch.Limits
		path   string
		fatal  bool
	}{
		{"endless book", fetch.Limits{fetch.KindBook: 100e3}, "/cache/epub/4567/pg4567.txt", false},
		{"catalog over the cap", fetch.Limits{fetch.KindCatalog: 100}, fetchtest.CatalogPath, true},
		{"archive over the cap", fetch.Limits{fetch.KindArchive: 100}, fetchtest.ArchivePath, true},
		{"thesaurus over the cap", fetch.Limits{fetch.KindThesaurus: 100}, "/cache/epub/10681/pg10681.txt", true},
		{"summaries in the archive over the cap", fetch.Limits{fetch.KindSummaries: 100}, fetchtest.ArchivePath, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := fetchtest.New(t)
			f.Endless("/cache/epub/4567/pg4567.txt")
			root := t.TempDir()
			dir := filepath.Join(root, "out")
			cfg := config(f.Sources(), dir)
			cfg.Limits = tc.limits
			cfg.Client.Timeout = 2 * time.Second // a net under a cap that fails
			res, err := fetch.Run(context.Background(), cfg)
			var max int64
			for _, n := range tc.limits {
				max = n
			}
			why := ""
			if tc.fatal {
				if !errors.Is(err, fetch.ErrTooLarge) {
					t.Fatalf("err = %v, want ErrTooLarge", err)
				}
				why = err.Error()
			} else {
				if err != nil {
					t.Fatal(err)
				}
				why = res.Unavailable[4567]
				if res.Downloaded != 3 || len(res.Unavailable) != 2 {
					t.Errorf("%d downloaded, unavailable %v: the other books did not go on", res.Downloaded, res.Unavailable)
				}
			}
			if !strings.Contains(why, tc.path) || !strings.Contains(why, fetch.Bytes(max)) || !strings.Contains(why, "cap") {
				t.Errorf("%q does not name the URL and the cap of %s", why, fetch.Bytes(max))
			}
			onlyOut(t, root)
		})
	}
}

// TestRunRemembersMissing: a book not found is listed in missing.tsv, each
// URL with the date, and not asked for again, unless RetryMissing says so
// or it is to come from other URLs; once found it leaves the list.
func TestRunRemembersMissing(t *testing.T) {
	f := fetchtest.New(t)
	dir := t.TempDir()
	path := "/cache/epub/999/pg999.txt"
	fetchWith := func(retry bool, src fetch.Sources) (*fetch.Result, string) {
		t.Helper()
		var log strings.Builder
		cfg := config(src, dir)
		cfg.RetryMissing, cfg.Log = retry, logTo(&log)
		res, err := fetch.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		return res, log.String()
	}
	missing := func() string {
		b, _ := os.ReadFile(filepath.Join(dir, fetch.MissingFile))
		return string(b)
	}

	fetchWith(false, f.Sources())
	row := "999\t2024-06-01\t" + f.URL + path + "\n"
	if got := missing(); got != fetch.MissingHeader+"\n"+row {
		t.Errorf("missing.tsv:\n%s\nwant the 404 of 999 dated 2024-06-01", got)
	}
	res, log := fetchWith(false, f.Sources())
	if f.Hits(path) != 1 || res.Missing != 1 {
		t.Errorf("rerun: 999 asked %d times in two runs, %d passed over", f.Hits(path), res.Missing)
	}
	if why := res.Unavailable[999]; !strings.Contains(why, "2024-06-01") || !strings.Contains(why, "404") || !strings.Contains(why, "--retry-missing") {
		t.Errorf("reason %q", why)
	}
	if !strings.Contains(log, "1 not found by an earlier run, not asked again") {
		t.Errorf("the log does not say that 999 is passed over:\n%s", log)
	}

	day = day.AddDate(0, 0, 1)
	defer func() { day = day.AddDate(0, 0, -1) }()
	if res, _ := fetchWith(true, f.Sources()); f.Hits(path) != 2 || res.Missing != 0 || !strings.Contains(missing(), "999\t2024-06-02\t") {
		t.Errorf("--retry-missing: asked %d times, %d passed over, missing.tsv:\n%s", f.Hits(path), res.Missing, missing())
	}

	mirror := f.Sources()
	mirror.Mirror = f.URL + fetchtest.MirrorRoot
	if fetchWith(false, mirror); f.Hits("/mirror/9/9/999/999-0.txt") != 1 {
		t.Error("a book missing from the site was not looked for in a mirror")
	}

	f.Put(path, f.Texts[7])
	if res, _ := fetchWith(false, f.Sources()); f.Hits(path) != 2 || res.Unavailable[999] == "" {
		t.Errorf("without --retry-missing: asked %d times, unavailable %v", f.Hits(path), res.Unavailable)
	}
	res, _ = fetchWith(true, f.Sources())
	if _, ok := res.Unavailable[999]; ok || f.Hits(path) != 3 {
		t.Errorf("found at last: unavailable %v, asked %d times", res.Unavailable, f.Hits(path))
	}
	if strings.Contains(missing(), "999") {
		t.Errorf("999 is still in missing.tsv once found:\n%s", missing())
	}
}
