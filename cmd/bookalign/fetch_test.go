package main

import (
	"bytes"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/fetchtest"
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
	if n := strings.Count(manifest, "\n"); n != 9 {
		t.Errorf("manifest.tsv has %d lines, want a header and 8 files:\n%s", n, manifest)
	}
	if entries, _ := os.ReadDir(root); len(entries) != 1 {
		t.Errorf("written next to --out: %v", entries)
	}
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("written to TMPDIR: %v", entries)
	}

	// The experiment runs on the fetched corpus, the Token HMM with the
	// fetched thesaurus's synonyms.
	results := filepath.Join(t.TempDir(), "results")
	if _, stderr, code := bookalign(t, "run", "--corpus", out, "--out", results, "--synonyms", "--thesaurus", filepath.Join(out, "thesaurus"),
		"--methods", "first1000", "--align", "token", "--iterations", "2", "--folds", "2", "--min-book-words", "100",
		"--min-summary-words", "10", "--words", "200", "--report=false"); code != 0 || !strings.Contains(stderr, "pairs_read") {
		t.Fatalf("run on the fetched corpus: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(results, "alignments/token/gamma.jsonl")); err != nil {
		t.Error(err)
	}

	// Pinned to its own manifest, a second fetch downloads nothing and
	// passes; pinned to a doctored one, it fails and says which file.
	pin := filepath.Join(t.TempDir(), "manifest.tsv")
	writeFile(t, pin, []byte(manifest))
	stderr, code = runFetchCmd(t, tmp, append(f.Args(out), "--pin", pin)...)
	if code != 0 || !strings.Contains(stderr, "books: 1 to download, 4 already here") || !strings.Contains(stderr, "as in the pinned manifest") {
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
	if code != 0 || !strings.Contains(resumed, "books: 3 to download, 2 already here") {
		t.Fatalf("resumed: exit %d\n%s", code, resumed)
	}
	a, b := relTree(t, clean), relTree(t, out)
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
// fails with fetch's message on how to use local copies.
func TestRunShOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds bin/bookalign")
	}
	closed := closedURL(t)
	corpusDir := filepath.Join(t.TempDir(), "corpus")
	cmd := exec.Command("bash", "../../run.sh")
	cmd.Env = append(os.Environ(), "BOOKALIGN_CORPUS="+corpusDir, "BOOKALIGN_FETCH=1", "BOOKALIGN_OUT="+filepath.Join(t.TempDir(), "out"),
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
}
