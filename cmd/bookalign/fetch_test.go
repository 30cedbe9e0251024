package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/fetchtest"
	"github.com/bookalign/bookalign/internal/hygiene"
	"github.com/bookalign/bookalign/transforms"
)

// fetchCmd starts `bookalign fetch` in a child process whose TMPDIR is
// tmp, so that a test sees any file it writes outside --out.
func fetchCmd(tmp string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--", "fetch"}, args...)...)
	cmd.Env = append(os.Environ(), "BOOKALIGN_AS_MAIN=1", "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	return cmd, &stderr
}

// runFetchCmd runs `bookalign fetch` to the end.
func runFetchCmd(t *testing.T, tmp string, args ...string) (stderr string, code int) {
	t.Helper()
	cmd, e := fetchCmd(tmp, args...)
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return e.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return e.String(), 0
}

// TestFetchCommand builds a corpus from the made-up sources, with a book
// that is not found, one that fails once with 500 and one whose body is cut
// short once, and checks the corpus, the rejects, book_meta.tsv, the
// manifest and the thesaurus, and that nothing was written outside --out.
func TestFetchCommand(t *testing.T) {
	f := fetchtest.New(t)
	f.Fail("/cache/epub/4567/pg4567.txt", 500)
	f.Truncate("/cache/epub/12345/pg12345.txt", 1)
	root, tmp := t.TempDir(), t.TempDir()
	out := filepath.Join(root, "out")
	stderr, code := runFetchCmd(t, tmp, f.Args(out)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, want := range []string{"7 summaries (1 unreadable rows), 5 matched", "books: 5 to download, 0 already here",
		"books  5/5  100%", "retrying", "HTTP 404", "7 summaries → 4 pairs", "bookalign run --corpus " + out} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}

	pairsTSV := readString(t, filepath.Join(out, "pairs.tsv"))
	pairs, bad, err := corpus.ParsePairs(strings.NewReader(pairsTSV))
	if err != nil || len(bad) != 0 || len(pairs) != 4 {
		t.Fatalf("pairs.tsv: %d pairs, %v, %v\n%s", len(pairs), bad, err, pairsTSV)
	}
	for i, p := range pairs {
		n := map[string]int{"the-alpha-book": 7, "beta-tales": 123, "gamma": 4567, "delta-road": 12345}[p.ID]
		if n == 0 {
			t.Errorf("unexpected pair %q", p.ID)
			continue
		}
		if got := readString(t, filepath.Join(out, "books", p.ID+".txt")); got != string(f.Texts[n]) {
			t.Errorf("books/%s.txt is not ebook %d as served", p.ID, n)
		}
		book, _ := os.Stat(filepath.Join(out, "books", p.ID+".txt"))
		download, _ := os.Stat(filepath.Join(out, "sources", "gutenberg", strconv.Itoa(n)+".txt"))
		if book == nil || download == nil || !os.SameFile(book, download) {
			t.Errorf("books/%s.txt is stored apart from its download sources/gutenberg/%d.txt", p.ID, n)
		}
		if !strings.Contains(pairsTSV, "CMU Book Summary Dataset ("+f.URL+fetchtest.ArchivePath+")") {
			t.Errorf("pair %d: summary_source does not name the archive", i)
		}
	}

	var rejects []transforms.Reject
	for _, line := range strings.Split(strings.TrimSpace(readString(t, filepath.Join(out, "rejects.jsonl"))), "\n") {
		var r transforms.Reject
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		rejects = append(rejects, r)
	}
	if len(rejects) != 3 {
		t.Fatalf("%d rejects, want 3 (the 404, the unmatched summary, the bad row): %+v", len(rejects), rejects)
	}
	byStage := map[string]transforms.Reject{}
	for _, r := range rejects {
		byStage[r.Stage] = r
	}
	if r := byStage["fetch-book"]; r.Ebook != fetchtest.Missing || r.Reason != "book could not be downloaded" || !strings.Contains(r.Detail, "HTTP 404") {
		t.Errorf("the missing book's reject: %+v", r)
	}
	if byStage["match"].Title != "No Such Book" || byStage["read-summaries"].Line != 7 {
		t.Errorf("rejects: %+v", rejects)
	}

	wantMeta := fetchMetaHeader + "\n" +
		"beta-tales\tyes\texact: downloaded as Project Gutenberg ebook #123 from " + f.URL + "/cache/epub/123/pg123.txt\t[\"Novel\", \"Genre 1\"]\n" +
		"delta-road\tyes\texact: downloaded as Project Gutenberg ebook #12345 from " + f.URL + "/cache/epub/12345/pg12345.txt\t[\"Novel\", \"Genre 3\"]\n" +
		"gamma\tno\texact: downloaded as Project Gutenberg ebook #4567 from " + f.URL + "/cache/epub/4567/pg4567.txt\t[\"Novel\", \"Genre 2\"]\n" +
		"the-alpha-book\tno\texact: downloaded as Project Gutenberg ebook #7 from " + f.URL + "/cache/epub/7/pg7.txt\t[\"Novel\", \"Genre 0\"]\n"
	if got := readString(t, filepath.Join(out, "book_meta.tsv")); got != wantMeta {
		t.Errorf("book_meta.tsv:\n%s\nwant:\n%s", got, wantMeta)
	}
	readme := readString(t, filepath.Join(out, "README.txt"))
	for _, want := range []string{"4 pairs", "3 summaries rejected", "5 matched ebooks, 1 of which could not be downloaded", "Not the paper's corpus", "--pin"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.txt lacks %q", want)
		}
	}
	if th, err := align.LoadThesaurus(filepath.Join(out, "thesaurus")); err != nil || len(th.Synonyms("gleam")) == 0 {
		t.Errorf("the fetched thesaurus is not usable: %v", err)
	}
	manifest := readString(t, filepath.Join(out, "manifest.tsv"))
	if n := strings.Count(manifest, "\n"); n != 15 {
		t.Errorf("manifest.tsv has %d lines, want a header, 8 downloads and ROUGE's 6 files:\n%s", n, manifest)
	}
	if entries, _ := os.ReadDir(root); len(entries) != 1 {
		t.Errorf("written next to --out: %v", entries)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("written to TMPDIR: %v", entries)
	}

	// The experiment runs on the fetched corpus, the Token HMM with the
	// fetched thesaurus's synonyms, scored with the ROUGE data it wrote.
	results := filepath.Join(t.TempDir(), "results")
	if _, stderr, code := bookalign(t, "run", "--corpus", out, "--out", results, "--set", "align.synonyms=true", "--thesaurus", filepath.Join(out, "thesaurus"),
		"--rouge-data", filepath.Join(out, "rouge"),
		"--methods", "first1000", "--set", "align.extra=token", "--set", "align.iterations=2", "--folds", "2", "--set", "min_book_words=100",
		"--set", "min_summary_words=10", "--words", "200", "--report=false"); code != 0 || !strings.Contains(stderr, "pairs_read") {
		t.Fatalf("run on the fetched corpus: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(results, "alignments/token/gamma.jsonl")); err != nil {
		t.Error(err)
	}
	if table := readString(t, filepath.Join(results, "table.md")); !strings.Contains(table, "## Content words (ROUGE -s)") {
		t.Errorf("the run with the fetched ROUGE data has no content-word columns:\n%s", table)
	}

	// Pinned to its own manifest, a second fetch downloads nothing and
	// passes; pinned to a doctored one, it fails and says which file.
	pin := filepath.Join(t.TempDir(), "manifest.tsv")
	writeFile(t, pin, []byte(manifest))
	stderr, code = runFetchCmd(t, tmp, append(f.Args(out), "--pin", pin)...)
	if code != 0 || !strings.Contains(stderr, "books: 0 to download, 4 already here") || !strings.Contains(stderr, "as in the pinned manifest") {
		t.Errorf("pinned rerun: exit %d\n%s", code, stderr)
	}
	writeFile(t, pin, []byte(strings.Replace(manifest, "sources/gutenberg/7.txt\t", "sources/gutenberg/8.txt\t", 1)))
	if stderr, code = runFetchCmd(t, tmp, append(f.Args(out), "--pin", pin)...); code != 1 || !strings.Contains(stderr, "sources/gutenberg/8.txt: in the pinned manifest, not fetched") {
		t.Errorf("doctored pin: exit %d\n%s", code, stderr)
	}
}

const fetchMetaHeader = "id\tpg_header_present\tgutenberg_id_basis\tcmu_genres"

// TestFetchKilledAndResumed kills `bookalign fetch` while it downloads a
// book, runs it again, and gets the corpus that a run never killed gets.
func TestFetchKilledAndResumed(t *testing.T) {
	f := fetchtest.New(t)
	tmp := t.TempDir()
	clean := filepath.Join(t.TempDir(), "out")
	if stderr, code := runFetchCmd(t, tmp, f.Args(clean)...); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}

	out := filepath.Join(t.TempDir(), "out")
	reached, release := f.Hold("/cache/epub/4567/pg4567.txt")
	defer release()
	cmd, stderr := fetchCmd(tmp, f.Args(out)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-reached:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatalf("the fetch never asked for book 4567\n%s", stderr)
	}
	cmd.Process.Kill()
	cmd.Wait()
	release()
	if _, err := os.Stat(filepath.Join(out, "pairs.tsv")); err == nil {
		t.Fatal("the killed fetch got to the corpus")
	}
	resumed, code := runFetchCmd(t, tmp, f.Args(out)...)
	if code != 0 || !strings.Contains(resumed, "books: 2 to download, 2 already here") {
		t.Fatalf("resumed: exit %d\n%s", code, resumed)
	}
	a, b := undated(relTree(t, clean)), undated(relTree(t, out))
	if !reflect.DeepEqual(a, b) {
		for name := range a {
			if a[name] != b[name] {
				t.Errorf("%s differs", name)
			}
		}
		for name := range b {
			if _, ok := a[name]; !ok {
				t.Errorf("%s only in the resumed corpus", name)
			}
		}
	}
}

// undated blanks the days on which books were found missing, in the
// missing list and the rejects, which differ between two fetches on
// either side of midnight.
func undated(tree map[string]string) map[string]string {
	day := regexp.MustCompile(`\d{4}-\d\d-\d\d`)
	for _, name := range []string{fetch.MissingFile, "rejects.jsonl"} {
		if s, ok := tree[name]; ok {
			tree[name] = day.ReplaceAllString(s, "DAY")
		}
	}
	return tree
}

// relTree is treeOf keyed by paths relative to dir.
func relTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for p, s := range treeOf(t, dir) {
		rel, _ := filepath.Rel(dir, p)
		out[rel] = s
	}
	return out
}

// TestFetchLimits: a book whose body never ends is cut off at its cap and
// listed in rejects.jsonl with the URL and the cap while the others make
// their pairs; a source over its cap stops the fetch with a message that
// names the URL, the cap and the flag; a bad --max-size is refused.
func TestFetchLimits(t *testing.T) {
	f := fetchtest.New(t)
	endless := "/cache/epub/4567/pg4567.txt"
	f.Endless(endless)
	tmp := t.TempDir()
	out := filepath.Join(t.TempDir(), "out")
	args := append(f.Args(out), "--timeout", "20s")
	stderr, code := runFetchCmd(t, tmp, append(args, "--max-size", "book=100kB")...)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var reject transforms.Reject
	for _, line := range strings.Split(strings.TrimSpace(readString(t, filepath.Join(out, "rejects.jsonl"))), "\n") {
		var r transforms.Reject
		if err := json.Unmarshal([]byte(line), &r); err == nil && r.Ebook == 4567 {
			reject = r
		}
	}
	if !strings.Contains(reject.Detail, f.URL+endless) || !strings.Contains(reject.Detail, "size cap of 100.0 kB for a book") {
		t.Errorf("the endless book's reject: %+v", reject)
	}
	if pairs := readString(t, filepath.Join(out, "pairs.tsv")); strings.Count(pairs, "\n") != 4 {
		t.Errorf("pairs.tsv: want a header and 3 pairs:\n%s", pairs)
	}
	for name := range relTree(t, out) {
		if strings.HasSuffix(name, ".part") {
			t.Errorf("%s left behind", name)
		}
	}

	stderr, code = runFetchCmd(t, tmp, append(f.Args(filepath.Join(t.TempDir(), "out")), "--max-size", "catalog=100,book=1MB")...)
	for _, want := range []string{f.URL + fetchtest.CatalogPath, "larger than the size cap of 100 B for a catalog", "--max-size KIND=SIZE"} {
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("catalog over its cap: exit %d, stderr lacks %q:\n%s", code, want, stderr)
		}
	}
	for _, bad := range []string{"books=1MB", "book=lots", "book"} {
		if stderr, code := runFetchCmd(t, tmp, append(f.Args(filepath.Join(t.TempDir(), "out")), "--max-size", bad)...); code == 0 || !strings.Contains(stderr, "--max-size") {
			t.Errorf("--max-size %s: exit %d\n%s", bad, code, stderr)
		}
	}
}

// TestFetchRemembersMissing: a book not found is not asked for again by
// the next fetch, which says so in one line and in the reject, until
// --retry-missing.
func TestFetchRemembersMissing(t *testing.T) {
	f := fetchtest.New(t)
	tmp := t.TempDir()
	out := filepath.Join(t.TempDir(), "out")
	missing := "/cache/epub/999/pg999.txt"
	if stderr, code := runFetchCmd(t, tmp, f.Args(out)...); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if list := readString(t, filepath.Join(out, fetch.MissingFile)); !strings.Contains(list, "999\t") || !strings.Contains(list, f.URL+missing) {
		t.Errorf("%s:\n%s", fetch.MissingFile, list)
	}
	stderr, code := runFetchCmd(t, tmp, f.Args(out)...)
	if code != 0 || f.Hits(missing) != 1 || !strings.Contains(stderr, "books: 1 not found by an earlier run, not asked again") {
		t.Errorf("rerun: exit %d, 999 asked %d times in two runs\n%s", code, f.Hits(missing), stderr)
	}
	if rejects := readString(t, filepath.Join(out, "rejects.jsonl")); !strings.Contains(rejects, "--retry-missing") {
		t.Errorf("the reject of 999 does not say how to ask again:\n%s", rejects)
	}
	f.Put(missing, f.Texts[7])
	if stderr, code := runFetchCmd(t, tmp, append(f.Args(out), "--retry-missing")...); code != 0 || f.Hits(missing) != 2 {
		t.Errorf("--retry-missing: exit %d, 999 asked %d times in three runs\n%s", code, f.Hits(missing), stderr)
	}
	if _, err := os.Stat(filepath.Join(out, fetch.MissingFile)); err == nil {
		t.Errorf("%s is left once every book was found", fetch.MissingFile)
	}
}

// closedURL returns an http URL on 127.0.0.1 where nothing listens.
func closedURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return "http://" + l.Addr().String()
}

func TestFetchOffline(t *testing.T) {
	closed := closedURL(t)
	out := filepath.Join(t.TempDir(), "out")
	stderr, code := runFetchCmd(t, t.TempDir(), "--out", out, "--cmu", closed+"/a.tar.gz", "--catalog", closed+"/c.csv", "--gutenberg", closed)
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, want := range []string{"cannot connect", "offline?", "bookalign fetch --out DIR --cmu", "--mirror", "BOOKALIGN_CORPUS"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	// It fetched nothing, so it leaves nothing, and a run there says that
	// there is no corpus, not that a fetch did not finish.
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the fetch that got nothing left %s (%v)", out, err)
	}
	if _, stderr, code := bookalign(t, "run", "--corpus", out, "--out", filepath.Join(t.TempDir(), "run")); code != 1 || !strings.Contains(stderr, "no corpus index at "+filepath.Join(out, "pairs.tsv")) {
		t.Errorf("run after the fetch: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := bookalign(t, "fetch", "--cmu", closed); code != 1 || !strings.Contains(stderr, "--out is required") {
		t.Errorf("no --out: exit %d\n%s", code, stderr)
	}
	handMade := t.TempDir()
	writeFile(t, filepath.Join(handMade, "pairs.tsv"), []byte("id\n"))
	if _, stderr, code := bookalign(t, "fetch", "--out", handMade, "--cmu", closed); code != 1 || !strings.Contains(stderr, "fetch did not make") {
		t.Errorf("--out a corpus made by hand: exit %d\n%s", code, stderr)
	}
}

// TestRunShOffline runs ./run.sh with BOOKALIGN_CORPUS naming a directory
// without a corpus and BOOKALIGN_FETCH=1 on a machine where the sources cannot be reached (all
// on a closed port of 127.0.0.1): it says what it is about to do, then
// fails with fetch's message on how to use local copies. It builds
// bookalign into a temporary directory (BOOKALIGN_BIN) and writes nothing
// into the checkout.
func TestRunShOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds bookalign")
	}
	hygiene.Untouched(t, filepath.Join("..", ".."), "bin", "out", "data")
	closed := closedURL(t)
	corpusDir := filepath.Join(t.TempDir(), "corpus")
	bin := filepath.Join(t.TempDir(), "bin", "bookalign")
	cmd := exec.Command("bash", "../../run.sh")
	cmd.Env = append(os.Environ(), "BOOKALIGN_BIN="+bin, "BOOKALIGN_CORPUS="+corpusDir, "BOOKALIGN_FETCH=1", "BOOKALIGN_OUT="+filepath.Join(t.TempDir(), "out"),
		"BOOKALIGN_FETCH_FLAGS=--cmu "+closed+"/a.tar.gz --catalog "+closed+"/c.csv --gutenberg "+closed+" --thesaurus "+closed+"/t.txt")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("run.sh: %v\n%s", err, stderr.String())
	}
	for _, want := range []string{"no corpus at " + corpusDir + ": building one", "how long that takes", "offline?", "--mirror"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if _, err := os.Stat(corpusDir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the fetch that got nothing left %s (%v)", corpusDir, err)
	}
	if _, err := os.Stat(bin); err != nil {
		t.Errorf("run.sh did not build BOOKALIGN_BIN: %v", err)
	}
}
