package fetch_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/fetchtest"
)

// run fetches the fixture's sources into dir.
func run(ctx context.Context, t *testing.T, src fetch.Sources, dir string) (*fetch.Result, error) {
	t.Helper()
	return fetch.Run(ctx, fetch.Config{Sources: src, Dir: dir, Client: quick()})
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

// onlyOut fails unless root holds nothing but out/, and out/ no .part file.
func onlyOut(t *testing.T, root string) {
	t.Helper()
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 || entries[0].Name() != "out" {
		t.Errorf("written next to out/: %v", entries)
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
