package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/internal/browsertest"
	"github.com/bookalign/bookalign/internal/testcorpus"
)

// reportCorpus is a small corpus whose summaries are sentences lifted from
// their books, so that every aligner aligns them, and whose first book and
// summary hold HTML and a script that must show as text.
func reportCorpus(t *testing.T) string {
	t.Helper()
	files := testcorpus.Good(3)
	for i := range 3 {
		id := fmt.Sprintf("book-%02d", i)
		book := string(files["books/"+id+".txt"])
		switch i {
		case 0:
			book = strings.Replace(book, ". ", `. Then <script>window.pwned = 1</script> and <b>bold</b> & "quoted" text. `, 1)
		case 2:
			// Windows line ends and letters outside the BMP (two UTF-16
			// code units each) move every later offset.
			book = strings.ReplaceAll(strings.Replace(book, ". ", ". The 𝔊𝔬𝔱𝔥𝔦𝔠 word. ", 3), "\n", "\r\n")
		}
		files["books/"+id+".txt"] = []byte(book)
		var picked []string
		sentences := strings.Split(book, ". ")
		for k := range 8 {
			s := strings.TrimSpace(sentences[(2*k+1)*len(sentences)/17])
			if len(strings.Fields(s)) >= 6 {
				picked = append(picked, s+".")
			}
		}
		if i == 0 {
			picked = append(picked, `An <img src=x onerror="window.pwned=2"> tag in the summary.`)
		}
		files["summaries/"+id+".txt"] = []byte(strings.Join(picked, " ") + "\n")
	}
	dir := t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestReport runs a small experiment, checks that it wrote a report that
// `bookalign report` rebuilds byte for byte, and drives the report in
// headless Chromium.
func TestReport(t *testing.T) {
	dir := reportCorpus(t)
	out := filepath.Join(t.TempDir(), "out")
	_, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", out,
		"--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200", "--folds", "3", "--set", "align.iterations=20")
	if code != 0 {
		t.Fatalf("run: exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "3 book pages") {
		t.Errorf("run does not report the report's pages:\n%s", stderr)
	}
	first := readDir(t, filepath.Join(out, "report"))
	if len(first) != 4 {
		t.Fatalf("report has %d files, want index.html and 3 book pages: %v", len(first), keysOf(first))
	}
	if err := os.RemoveAll(filepath.Join(out, "report")); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := bookalign(t, "report", "--out", out); code != 0 {
		t.Fatalf("report: exit %d\n%s", code, stderr)
	}
	again := readDir(t, filepath.Join(out, "report"))
	for name, b := range first {
		if !bytes.Equal(b, again[name]) {
			t.Errorf("bookalign report rebuilt %s differently", name)
		}
	}
	// --report=false leaves the report out.
	noReport := filepath.Join(t.TempDir(), "out")
	if _, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", noReport, "--methods", "first1000", "--report=false",
		"--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200"); code != 0 {
		t.Fatalf("run --report=false: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(noReport, "report")); !os.IsNotExist(err) {
		t.Errorf("run --report=false wrote a report: %v", err)
	}
	if _, _, code := bookalign(t, "report", "--out", t.TempDir()); code != 1 {
		t.Errorf("report of a directory without results: exit %d, want 1", code)
	}
	// Two runs of the same books and folds, the default and the paper
	// preset, compared; a run of other folds is refused.
	runs := map[string]string{}
	for _, preset := range []string{"default", "paper"} {
		runs[preset] = filepath.Join(t.TempDir(), preset)
		if _, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", runs[preset], "--methods", "jing", "--preset", preset, "--report=false",
			"--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200", "--folds", "3"); code != 0 {
			t.Fatalf("run --preset %s: exit %d\n%s", preset, code, stderr)
		}
	}
	stdout, stderr, code := bookalign(t, "compare", runs["paper"], runs["default"])
	if code != 0 || !strings.Contains(stdout, "| Jing 1999 (jing) | ROUGE-1 |") || !strings.Contains(stdout, "| Jing 1999 (jing) | ROUGE-2 no stem |") {
		t.Errorf("compare: exit %d\n%s\n%s", code, stdout, stderr)
	}
	otherFolds := filepath.Join(t.TempDir(), "folds2")
	if _, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", otherFolds, "--methods", "jing", "--report=false",
		"--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200", "--folds", "2"); code != 0 {
		t.Fatalf("run --folds 2: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := bookalign(t, "compare", runs["paper"], otherFolds); code != 1 || !strings.Contains(stderr, "--folds (") || !strings.Contains(stderr, "which Jing 1999 (jing) depends on") {
		t.Errorf("compare of runs with other folds: exit %d\n%s", code, stderr)
	}
	if _, stderr, code := bookalign(t, "compare", runs["paper"], noReport); code != 1 || !strings.Contains(stderr, "share no method") {
		t.Errorf("compare of runs without a method in common: exit %d\n%s", code, stderr)
	}

	b := browsertest.Start(t)
	index := b.Open(t, filepath.Join(out, "report", "index.html"))
	browsertest.CheckIndex(t, index, 9) // the default methods but oracle-content, which needs ROUGE data
	page := b.Open(t, filepath.Join(out, "report", "books", "book-00.html"))
	browsertest.CheckBook(t, page, 3)
	if got := page.Eval(t, `[window.pwned === undefined, document.getElementById('book').textContent.includes('<script>window.pwned = 1</script>'),
		document.body.textContent.includes('<img src=x onerror="window.pwned=2">')]`); got != "[true,true,true]" {
		t.Errorf("book or summary HTML was not shown as text (pwned undefined, script shown, img shown): %s", got)
	}
	page.Screenshot(t, "book-00.png")
	for _, id := range []string{"book-01", "book-02"} {
		checkHighlightText(t, b.Open(t, filepath.Join(out, "report", "books", id+".html")), out, dir, id)
	}
	index.Screenshot(t, "index.png")
	b.CheckNoErrors(t, page)
}

// checkHighlightText clicks each summary sentence of a book page and checks
// that each aligner's highlight covers exactly the text of its span_bytes in
// the book file (with line ends as a browser reads them, and line breaks
// inside a prose paragraph shown as spaces).
func checkHighlightText(t *testing.T, page *browsertest.Page, out, corpusDir, id string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(corpusDir, "books", id+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	crlf := strings.NewReplacer("\r\n", "\n", "\r", "\n")
	for _, m := range []string{"passage", "token", "jing"} {
		data, err := os.ReadFile(filepath.Join(out, "alignments", m, id+".jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		records, err := align.ParseRecords(data)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for _, r := range records {
			if r.SpanBytes == nil {
				continue
			}
			page.Click(t, fmt.Sprintf("#s%d .text", r.SummaryIndex))
			var got string
			page.EvalInto(t, fmt.Sprintf(`(() => { const h = CSS.highlights.get('align-%s'); return h ? [...h][0].toString() : ''; })()`, m), &got)
			// The page joins the lines of a prose paragraph: a line break may
			// show as a space, one character for one.
			want := crlf.Replace(string(raw[r.SpanBytes[0]:r.SpanBytes[1]]))
			if strings.ReplaceAll(got, "\n", " ") != strings.ReplaceAll(want, "\n", " ") {
				t.Errorf("%s, %s, summary sentence %d: highlighted %q, want %q", id, m, r.SummaryIndex, got, want)
			}
			checked++
		}
		if checked == 0 {
			t.Errorf("%s, %s: no aligned sentence to check", id, m)
		}
	}
}

// TestReportOfRun checks a report made elsewhere, such as the one ./run.sh
// leaves in out/report, in the browser: its index, and the page of
// BOOKALIGN_REPORT_BOOK (default heart-of-darkness).
//
//	BOOKALIGN_REPORT=out/report go test ./cmd/bookalign -run TestReportOfRun -artifacts -outputdir /tmp/shots
func TestReportOfRun(t *testing.T) {
	dir := os.Getenv("BOOKALIGN_REPORT")
	if dir == "" {
		t.Skip("set BOOKALIGN_REPORT to a report directory to check it in the browser")
	}
	book := os.Getenv("BOOKALIGN_REPORT_BOOK")
	if book == "" {
		book = "heart-of-darkness"
	}
	b := browsertest.Start(t)
	index := b.Open(t, filepath.Join(dir, "index.html"))
	browsertest.CheckIndex(t, index, -1)
	page := b.Open(t, filepath.Join(dir, "books", book+".html"))
	browsertest.CheckBook(t, page, 3)
	// The README's picture: a sentence from the first third of the summary.
	var n int
	page.EvalInto(t, `document.querySelectorAll('#sentences .sentence').length`, &n)
	page.Click(t, fmt.Sprintf("#s%d .text", n/4))
	page.Screenshot(t, book+".png")
	mean, longest := browsertest.ScrollTiming(t, page, 200)
	t.Logf("%s: scrolled the book top to bottom in 200 frames: mean frame %.1f ms, longest %.1f ms", book, mean, longest)
	index.Screenshot(t, "index.png")
	b.CheckNoErrors(t, index)
}

func readDir(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func keysOf[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestReportChangedCorpus checks that `bookalign report` rebuilds its pages
// folder whole, so no page of an earlier build survives, and refuses a
// corpus that changed since the run, naming what changed.
func TestReportChangedCorpus(t *testing.T) {
	dir := t.TempDir()
	writeCorpus(t, dir)
	out := filepath.Join(t.TempDir(), "out")
	if stderr, code := runInto(t, dir, out); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	stalePage := filepath.Join(out, "report", "books", "removed-book.html")
	if err := os.MkdirAll(filepath.Dir(stalePage), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stalePage, []byte("<p>old</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := bookalign(t, "report", "--out", out); code != 0 {
		t.Fatalf("report: exit %d: %s", code, stderr)
	}
	if exists(stalePage) {
		t.Error("a page of an earlier build survived the report's rebuild")
	}
	if !exists(filepath.Join(out, "report", "books", "book-01.html")) {
		t.Fatal("no page for book-01")
	}
	page, err := os.ReadFile(filepath.Join(out, "report", "books", "book-01.html"))
	if err != nil {
		t.Fatal(err)
	}

	// The same corpus elsewhere, given with --corpus, is the run's.
	moved := t.TempDir()
	writeCorpus(t, moved)
	if _, stderr, code := bookalign(t, "report", "--out", out, "--corpus", moved); code != 0 {
		t.Fatalf("report --corpus of a copy of the corpus: exit %d: %s", code, stderr)
	}

	book := filepath.Join(dir, "books", "book-01.txt")
	f, err := os.OpenFile(book, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\nAn edited ending.\n"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, stderr, code := bookalign(t, "report", "--out", out)
	if code != 1 || !strings.Contains(stderr, "books/book-01.txt") {
		t.Errorf("report on an edited corpus: exit %d, want 1 naming books/book-01.txt: %s", code, stderr)
	}
	if again, err := os.ReadFile(filepath.Join(out, "report", "books", "book-01.html")); err != nil || !bytes.Equal(again, page) {
		t.Errorf("the refused report touched the earlier pages (%v)", err)
	}

	// A marker without the list of input files (an older bookalign) is
	// checked against its fingerprint.
	m := runMarker(t, out)
	delete(m, "input_files")
	b, _ := json.Marshal(m)
	if err := os.WriteFile(filepath.Join(out, "run.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := bookalign(t, "report", "--out", out); code != 1 || !strings.Contains(stderr, "differ") {
		t.Errorf("report on an edited corpus, marker without files: exit %d, want 1: %s", code, stderr)
	}
}
