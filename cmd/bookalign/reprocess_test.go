package main

import (
	"bytes"
	"crypto/sha1"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/gcstest"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/reprocess"
	"github.com/fsouza/fake-gcs-server/fakestorage"
)

// reprocessFixture holds two dumps made from the fixture's three book
// pages, the second with Animal Farm's plot edited and a page added, and a
// catalog and mirror that hold Animal Farm, Animalia and the added book.
type reprocessFixture struct {
	dumps, state, out, catalog, mirror string
	// dump2 writes the second dump into dumps.
	dump2 func()
}

func newReprocessFixture(t *testing.T) *reprocessFixture {
	t.Helper()
	sample, err := os.ReadFile(sharedtest.Path(t, "wikidump", "enwiki-book-pages-sample.xml"))
	if err != nil {
		t.Fatal(err)
	}
	head, pages := splitPages(t, string(sample))
	root := t.TempDir()
	f := &reprocessFixture{
		dumps: filepath.Join(root, "dumps"), state: filepath.Join(root, "state"), out: filepath.Join(root, "out"),
		catalog: filepath.Join(root, "pg_catalog.csv"), mirror: filepath.Join(root, "mirror"),
	}
	if err := os.MkdirAll(f.dumps, 0o755); err != nil {
		t.Fatal(err)
	}
	// The first dump: the sample as it is, one bzip2 stream, no index.
	writeFile(t, filepath.Join(f.dumps, "enwiki-20240101-pages-articles.xml.bz2"), bz2(t, string(sample)))
	f.dump2 = func() {
		edited := strings.Replace(pages[1], "]], the old boar on the Manor Farm", "]], the aged prize boar on the Manor Farm", 1)
		if edited == pages[1] {
			t.Fatal("the Animal Farm edit did not apply")
		}
		added := "  <page>\n    <title>The Time Machine</title>\n    <ns>0</ns>\n    <id>30001</id>\n    <revision>\n      <id>1</id>\n" +
			"      <text xml:space=\"preserve\">{{Infobox book\n| name = The Time Machine\n| author = [[H. G. Wells]]\n| pub_date = 1895\n}}\n" +
			"'''''The Time Machine''''' is a novella.\n\n== Plot ==\nA Victorian scientist builds a machine and travels to the year 802,701, " +
			"where he meets the gentle Eloi and the Morlocks who live below ground. He loses his machine, recovers it and returns home " +
			"to tell his friends, then leaves again and is never seen.\n\n== Reception ==\nPraised.\n</text>\n    </revision>\n  </page>\n"
		// The second dump: a multistream dump, two pages a stream, with its index.
		groups := [][]string{{pages[0], edited}, {pages[2], added}}
		var dump []byte
		var index strings.Builder
		dump = append(dump, bz2(t, head)...)
		for _, g := range groups {
			off := len(dump)
			for _, p := range g {
				fmt.Fprintf(&index, "%d:%s:%s\n", off, between(p, "<id>", "</id>"), between(p, "<title>", "</title>"))
			}
			dump = append(dump, bz2(t, strings.Join(g, ""))...)
		}
		dump = append(dump, bz2(t, "</mediawiki>\n")...)
		writeFile(t, filepath.Join(f.dumps, "enwiki-20240201-pages-articles-multistream.xml.bz2"), dump)
		writeFile(t, filepath.Join(f.dumps, "enwiki-20240201-pages-articles-multistream-index.txt.bz2"), bz2(t, index.String()))
	}
	writeFile(t, f.catalog, []byte(`Text#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves
9001,Text,2021-01-01,Animal Farm,en,"Orwell, George, 1903-1950",Satire,PR,
9002,Text,2021-01-02,Animalia,en,"Base, Graeme, 1958-",Alphabet,PZ,
35,Text,2004-10-02,The Time Machine,en,"Wells, H. G. (Herbert George), 1866-1946",Time travel,PR,Science Fiction
84,Text,1993-10-01,"Frankenstein; Or, The Modern Prometheus",en,"Shelley, Mary Wollstonecraft, 1797-1851",Horror,PR,
`))
	books := testcorpus.Good(3)
	writeFile(t, filepath.Join(f.mirror, "9001.txt"), books["books/book-00.txt"])
	writeFile(t, filepath.Join(f.mirror, "9002", "9002-0.txt"), books["books/book-01.txt"])
	writeFile(t, filepath.Join(f.mirror, "35.txt"), books["books/book-02.txt"])
	return f
}

// args are the reprocess flags for the fixture, scaled down for speed.
func (f *reprocessFixture) args() []string {
	return []string{"reprocess", "--dumps", f.dumps, "--state", f.state, "--out", f.out, "--catalog", f.catalog, "--books", f.mirror,
		"--methods", "first1000", "--set", "min_book_words=100", "--set", "min_summary_words=10", "--words", "200"}
}

// TestReprocess drives two dumps through reprocess: the first is processed
// into OUT/20240101 with a first-dump changes.md; a rerun does nothing; the
// second dump, interrupted after matching and again after its outputs were
// moved into place, resumes and writes OUT/20240201 with a changes.md that
// lists the added and edited summaries and the moves of the results table;
// a last rerun changes nothing.
func TestReprocess(t *testing.T) {
	f := newReprocessFixture(t)

	_, stderr, code := bookalign(t, f.args()...)
	if code != 0 {
		t.Fatalf("first dump: exit %d\n%s", code, stderr)
	}
	first := filepath.Join(f.out, "20240101")
	for _, name := range []string{"extract/summaries.tsv", "extract/rejects.jsonl", "corpus/pairs.tsv", "corpus/matches.jsonl",
		"corpus/rejects.jsonl", "corpus/books/animal-farm.txt", "corpus/summaries/animalia.txt", "results/results.json", "results/table.md", "changes.md"} {
		if _, err := os.Stat(filepath.Join(first, name)); err != nil {
			t.Error(err)
		}
	}
	if md := readString(t, filepath.Join(first, "changes.md")); !strings.Contains(md, "first processed dump") || !strings.Contains(md, "| First 1000 | 2 |") {
		t.Errorf("first changes.md:\n%s", md)
	}
	if table := readString(t, filepath.Join(first, "results/table.md")); !strings.Contains(table, "Corpus: `"+filepath.Join(first, "corpus")+"`") {
		t.Errorf("table.md does not name the corpus where it now is:\n%s", table)
	}
	state := readString(t, filepath.Join(f.state, "state.json"))

	// The same dump again: nothing to do, nothing changed.
	before := treeOf(t, filepath.Dir(f.out))
	if _, stderr, code := bookalign(t, f.args()...); code != 0 || !strings.Contains(stderr, "nothing to do") {
		t.Fatalf("repeat: exit %d\n%s", code, stderr)
	}
	sameTree(t, before, treeOf(t, filepath.Dir(f.out)))

	// The second dump, with a crash after matching: nothing is marked done.
	f.dump2()
	second := filepath.Join(f.out, "20240201")
	if _, stderr, code := bookalignEnv(t, "BOOKALIGN_TEST_CRASH_AFTER=match", f.args()...); code != 75 {
		t.Fatalf("crash after match: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(second); !os.IsNotExist(err) {
		t.Errorf("%s exists after a crash: %v", second, err)
	}
	if got := readString(t, filepath.Join(f.state, "state.json")); got != state {
		t.Errorf("state changed by a crashed run:\n%s", got)
	}
	// A crash after the move, before the state is written.
	_, stderr, code = bookalignEnv(t, "BOOKALIGN_TEST_CRASH_AFTER=moved", f.args()...)
	if code != 75 || !strings.Contains(stderr, "reusing extract of an earlier try") || !strings.Contains(stderr, "reusing match of an earlier try") {
		t.Fatalf("resume: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := bookalign(t, f.args()...); code != 0 || !strings.Contains(stderr, "complete but was not recorded") {
		t.Fatalf("record after the move: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(second + ".partial"); !os.IsNotExist(err) {
		t.Errorf("work directory left behind: %v", err)
	}

	st, err := reprocess.ParseState([]byte(readString(t, filepath.Join(f.state, "state.json"))))
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Runs) != 2 || st.Runs[1].Date != "20240201" || st.Runs[1].Summaries != 3 || st.Runs[1].Pairs != 3 || st.Runs[1].Books != 3 {
		t.Errorf("state %+v", st.Runs)
	}
	pairs := readString(t, filepath.Join(second, "corpus/pairs.tsv"))
	for _, want := range []string{"animal-farm\tAnimal Farm\tGeorge Orwell\t9001\t620\t", "animalia\tAnimalia\tGraeme Base\t9002\t332\t", "the-time-machine\tThe Time Machine\tH. G. Wells\t35\t30001\t"} {
		if !strings.Contains(pairs, want) {
			t.Errorf("pairs.tsv lacks %q:\n%s", want, pairs)
		}
	}
	if s := readString(t, filepath.Join(second, "corpus/summaries/animal-farm.txt")); !strings.Contains(s, "the aged prize boar") {
		t.Errorf("edited summary not in the corpus: %.100s", s)
	}
	md := readString(t, filepath.Join(second, "changes.md"))
	for _, want := range []string{
		"# Changes in the dump of 2024-02-01 since 2024-01-01",
		"| summaries extracted | 2 | 3 | +1 |",
		"1 added, 0 removed, 1 changed.",
		"| 30001 | The Time Machine |",
		"| 620 | Animal Farm | text |",
		"Pairs added (1): `the-time-machine`.",
		"| First 1000 | 2 → 3 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("changes.md lacks %q:\n%s", want, md)
		}
	}

	// Once more: nothing to do.
	before = treeOf(t, filepath.Dir(f.out))
	if _, stderr, code := bookalign(t, f.args()...); code != 0 || !strings.Contains(stderr, "enwiki-20240201-pages-articles-multistream.xml.bz2 was processed") {
		t.Fatalf("final repeat: exit %d\n%s", code, stderr)
	}
	sameTree(t, before, treeOf(t, filepath.Dir(f.out)))
}

func TestReprocessErrors(t *testing.T) {
	empty := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing flags", []string{"reprocess", "--dumps", empty}, "are required"},
		{"no dump", []string{"reprocess", "--dumps", empty, "--state", empty, "--out", empty, "--catalog", "c", "--books", "b", "--methods", "first1000"}, "no dump named"},
		{"bad method", []string{"reprocess", "--dumps", empty, "--state", empty, "--out", empty, "--catalog", "c", "--books", "b", "--methods", "magic"}, "unknown method"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := bookalign(t, tt.args...)
			if code != 1 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit 1 mentioning %q", code, stderr, tt.want)
			}
		})
	}
}

// TestWikiExtractAndMatchCommands runs the two commands by hand on the
// fixture's sample: wiki-extract finds two summaries and one reject, and
// match makes a corpus of the two.
func TestWikiExtractAndMatchCommands(t *testing.T) {
	f := newReprocessFixture(t)
	extract, corpusDir := filepath.Join(t.TempDir(), "extract"), filepath.Join(t.TempDir(), "corpus")
	_, stderr, code := bookalign(t, "wiki-extract", "--dump", filepath.Join(f.dumps, "enwiki-20240101-pages-articles.xml.bz2"), "--out", extract)
	if code != 0 || !strings.Contains(stderr, "3 pages") || !strings.Contains(stderr, "2 summaries, 1 book pages rejected") {
		t.Fatalf("wiki-extract: exit %d\n%s", code, stderr)
	}
	_, stderr, code = bookalign(t, "match", "--summaries", filepath.Join(extract, "summaries.tsv"), "--catalog", f.catalog, "--books", f.mirror, "--out", corpusDir)
	if code != 0 || !strings.Contains(stderr, "2 summaries → 2 pairs") {
		t.Fatalf("match: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := bookalign(t, "match", "--summaries", "nope.tsv", "--catalog", f.catalog, "--books", f.mirror, "--out", corpusDir); code != 1 || !strings.Contains(stderr, "--summaries nope.tsv: no such file") {
		t.Errorf("missing summaries: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := bookalign(t, "wiki-extract", "--dump", "nope.xml.bz2", "--out", extract); code != 1 || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing dump: exit %d\n%s", code, stderr)
	}
}

// splitPages cuts an export into its header and its <page> elements.
func splitPages(t *testing.T, xml string) (head string, pages []string) {
	t.Helper()
	i := strings.Index(xml, "<page>")
	if i < 0 {
		t.Fatal("no page in the sample")
	}
	head, rest := xml[:i], xml[i:]
	for {
		end := strings.Index(rest, "</page>")
		if end < 0 {
			break
		}
		pages = append(pages, "  "+rest[:end+len("</page>")]+"\n")
		next := strings.Index(rest[end:], "<page>")
		if next < 0 {
			break
		}
		rest = rest[end+next:]
	}
	if len(pages) != 3 {
		t.Fatalf("%d pages in the sample, want 3", len(pages))
	}
	return head, pages
}

func between(s, a, b string) string {
	_, s, _ = strings.Cut(s, a)
	s, _, _ = strings.Cut(s, b)
	return s
}

func bz2(t *testing.T, data string) []byte { return testcorpus.Bzip2(t, data) }

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// treeOf returns every file under dir with its content.
func treeOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		out[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, a, b map[string]string) {
	t.Helper()
	var names []string
	for n := range a {
		names = append(names, n)
	}
	for n := range b {
		if _, ok := a[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if a[n] != b[n] {
			t.Errorf("%s changed", n)
		}
	}
}

// TestReprocessGCS runs reprocess with the dumps, the state, the outputs,
// the catalog and the mirror on Google Cloud Storage (an in-process fake
// GCS server): the multistream dump is read with ranged reads, the work is
// moved into place object by object, and a rerun does nothing.
func TestReprocessGCS(t *testing.T) {
	f := newReprocessFixture(t)
	os.Remove(filepath.Join(f.dumps, "enwiki-20240101-pages-articles.xml.bz2"))
	f.dump2()
	srv := gcstest.Start(t)
	srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "data"})
	root := filepath.Dir(f.out)
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		srv.CreateObject(fakestorage.Object{ObjectAttrs: fakestorage.ObjectAttrs{BucketName: "data", Name: filepath.ToSlash(rel)}, Content: b})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"reprocess", "--dumps", "gs://data/dumps", "--state", "gs://data/state", "--out", "gs://data/out",
		"--catalog", "gs://data/pg_catalog.csv", "--books", "gs://data/mirror",
		"--methods", "first1000", "--set", "min_book_words=100", "--set", "min_summary_words=10", "--words", "200"}
	if _, stderr, code := bookalignEnv(t, "BOOKALIGN_TEST_CRASH_AFTER=move", args...); code != 75 {
		t.Fatalf("crash before the move: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := bookalign(t, args...); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	listed, err := srv.ListObjectsWithOptionsPaginated("data", fakestorage.ListOptions{Prefix: "out/"}) // no MaxResults: one page
	if err != nil {
		t.Fatal(err)
	}
	objs := listed.Objects
	names := map[string]bool{}
	for _, o := range objs {
		names[o.Name] = true
		if strings.Contains(o.Name, ".partial") {
			t.Errorf("left behind: %s", o.Name)
		}
	}
	for _, want := range []string{"out/20240201/extract/summaries.tsv", "out/20240201/corpus/pairs.tsv", "out/20240201/corpus/books/the-time-machine.txt",
		"out/20240201/results/results.json", "out/20240201/changes.md", "out/20240201/progress.json"} {
		if !names[want] {
			t.Errorf("no %s in %v", want, names)
		}
	}
	state, err := srv.GetObject("data", "state/state.json")
	if err != nil || !bytes.Contains(state.Content, []byte(`"pairs": 3`)) {
		t.Fatalf("state: %s, %v", state.Content, err)
	}
	if _, stderr, code := bookalign(t, args...); code != 0 || !strings.Contains(stderr, "nothing to do") {
		t.Fatalf("rerun: exit %d\n%s", code, stderr)
	}
}

// TestReprocessRefusesIncompleteDump offers reprocess a dump caught
// mid-download, then the whole dump with a checksum file that does not
// match it: both are refused with a reason and nothing is recorded. With
// the right checksum the whole dump is processed.
func TestReprocessRefusesIncompleteDump(t *testing.T) {
	f := newReprocessFixture(t)
	path := filepath.Join(f.dumps, "enwiki-20240101-pages-articles.xml.bz2")
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sums := filepath.Join(f.dumps, "enwiki-20240101-sha1sums.txt")
	refused := func(what, want string) {
		t.Helper()
		_, stderr, code := bookalign(t, f.args()...)
		if code != 1 || !strings.Contains(stderr, "refusing enwiki-20240101-pages-articles.xml.bz2, not processed and not recorded") || !strings.Contains(stderr, want) {
			t.Fatalf("%s: exit %d, want 1 with %q\n%s", what, code, want, stderr)
		}
		if _, err := os.Stat(filepath.Join(f.state, "state.json")); !os.IsNotExist(err) {
			t.Fatalf("%s: state.json written: %v", what, err)
		}
		if _, err := os.Stat(filepath.Join(f.out, "20240101")); !os.IsNotExist(err) {
			t.Fatalf("%s: outputs written: %v", what, err)
		}
	}
	for _, cut := range []int{len(whole) * 2 / 3, len(whole) - 3} {
		writeFile(t, path, whole[:cut])
		refused(fmt.Sprintf("cut at %d of %d bytes", cut, len(whole)), "end-of-stream marker")
	}
	// The XML cut short but the bzip2 data whole, as when a dump is
	// recompressed from a partial file.
	sample := readString(t, sharedtest.Path(t, "wikidump", "enwiki-book-pages-sample.xml"))
	writeFile(t, path, bz2(t, sample[:len(sample)*3/4]))
	refused("XML cut short", "does not end with </mediawiki>")

	writeFile(t, path, whole)
	writeFile(t, sums, []byte(fmt.Sprintf("%x  enwiki-20240101-pages-articles.xml.bz2\n", sha1.Sum(whole[:len(whole)-1]))))
	refused("checksum mismatch", "but enwiki-20240101-sha1sums.txt gives")
	writeFile(t, sums, []byte(fmt.Sprintf("%x  enwiki-20240101-pages-articles-multistream.xml.bz2\n", sha1.Sum(whole))))
	refused("not listed", "does not list enwiki-20240101-pages-articles.xml.bz2")

	writeFile(t, sums, []byte(fmt.Sprintf("%x  enwiki-20240101-pages-articles.xml.bz2\n", sha1.Sum(whole))))
	_, stderr, code := bookalign(t, f.args()...)
	if code != 0 || !strings.Contains(stderr, "verified enwiki-20240101-pages-articles.xml.bz2: end of data") || !strings.Contains(stderr, "sha1 of enwiki-20240101-pages-articles.xml.bz2") {
		t.Fatalf("whole dump: exit %d\n%s", code, stderr)
	}
	st, err := reprocess.ParseState([]byte(readString(t, filepath.Join(f.state, "state.json"))))
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Runs) != 1 || st.Runs[0].Summaries != 2 || st.Runs[0].Content == "" || !strings.Contains(st.Runs[0].Verified, "sha1") {
		t.Errorf("state %+v", st.Runs)
	}
}

// TestReprocessEditOfEqualLength edits a plain XML dump without changing
// its length, after a crash and again after the dump was processed: the
// work of the crashed run is not resumed on the old text, and the
// processed dump is processed again.
func TestReprocessEditOfEqualLength(t *testing.T) {
	f := newReprocessFixture(t)
	os.Remove(filepath.Join(f.dumps, "enwiki-20240101-pages-articles.xml.bz2"))
	path := filepath.Join(f.dumps, "enwiki-20240101-pages-articles.xml")
	sample := readString(t, sharedtest.Path(t, "wikidump", "enwiki-book-pages-sample.xml"))
	writeFile(t, path, []byte(sample))
	if _, stderr, code := bookalignEnv(t, "BOOKALIGN_TEST_CRASH_AFTER=extract", f.args()...); code != 75 {
		t.Fatalf("crash after extract: exit %d\n%s", code, stderr)
	}
	summary := filepath.Join(f.out, "20240101", "corpus/summaries/animal-farm.txt")
	for i, edit := range []string{"the odd boar on", "the big boar on"} {
		edited := strings.Replace(sample, "the old boar on", edit, 1)
		if edited == sample || len(edited) != len(sample) {
			t.Fatalf("the edit %q did not apply", edit)
		}
		writeFile(t, path, []byte(edited))
		_, stderr, code := bookalign(t, f.args()...)
		if code != 0 || strings.Contains(stderr, "reusing") || strings.Contains(stderr, "nothing to do") {
			t.Fatalf("after the edit %q: exit %d\n%s", edit, code, stderr)
		}
		if want := []string{"redoing extract: its inputs changed: dump", "changed since it was processed"}[i]; !strings.Contains(stderr, want) {
			t.Errorf("after the edit %q, stderr lacks %q:\n%s", edit, want, stderr)
		}
		if s := readString(t, summary); !strings.Contains(s, edit) {
			t.Errorf("the summary does not have the edit %q: %.120s", edit, s)
		}
	}
}
