//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/transforms"
)

// hostileCorpus writes, under root, a corpus made to break a run: three
// good pairs, then a Figure 3 pair whose summary is a table of contents, a
// book that is a FIFO, a book that is a symbolic link out of the corpus to
// a secret, a row with invalid UTF-8, a summary in UTF-16LE without a byte
// order mark and a summary that shares no word with its book, in a
// pairs.tsv whose lines end in a lone CR. It returns the corpus directory
// and the secret's path.
func hostileCorpus(t *testing.T, root string) (dir, secret string) {
	t.Helper()
	dir, secret = filepath.Join(root, "corpus"), filepath.Join(root, "secret.txt")
	files := testcorpus.Good(5)
	good := files["books/book-00.txt"]
	files["books/utf16.txt"], files["summaries/utf16.txt"] = files["books/book-03.txt"], utf16LE(files["summaries/book-03.txt"])
	files["books/alien.txt"], files["summaries/alien.txt"] = files["books/book-04.txt"], alienSummary()
	for _, id := range []string{"book-03", "book-04"} {
		delete(files, "books/"+id+".txt")
		delete(files, "summaries/"+id+".txt")
	}
	var toc []string
	for i := 1; i <= 40; i++ {
		toc = append(toc, fmt.Sprintf("Chapter %d ........ %d", i, 7*i))
	}
	files["books/toc.txt"] = good
	files["summaries/toc.txt"] = []byte(strings.Join(toc, "\n"))
	files["summaries/fifo.txt"] = files["summaries/book-01.txt"]
	files["summaries/outside.txt"] = files["summaries/book-02.txt"]
	files["pairs.tsv"] = []byte(strings.Join([]string{
		"id\ttitle\tauthor", "book-00\tA\tX", "book-01\tB\tY", "book-02\tC\tZ",
		"toc\tContents\tT", "fifo\tPipe\tP", "outside\tSecret\tS", "bad-utf8\tBad \xff title\tU",
		"utf16\tWide\tW", "alien\tElsewhere\tE", "",
	}, "\r"))
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	// The secret is a readable book, so that following the link would work.
	if err := os.WriteFile(secret, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "books", "outside.txt")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "books", "fifo.txt"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, secret
}

// utf16LE encodes ASCII text as UTF-16LE without a byte order mark: every
// other byte is NUL, and the whole is valid UTF-8.
func utf16LE(ascii []byte) []byte {
	out := make([]byte, 0, 2*len(ascii))
	for _, b := range ascii {
		out = append(out, b, 0)
	}
	return out
}

// alienSummary is a summary of some 200 words none of which is in the
// books of testcorpus.
func alienSummary() []byte {
	words := strings.Fields("zebra quantum piano velvet orbit cactus lantern meadow violin glacier tulip harbour canyon saffron")
	var b strings.Builder
	for i := range 200 {
		w := words[(i*5+i/len(words))%len(words)]
		if i%10 == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		b.WriteString(w)
		if i%10 == 9 {
			b.WriteString(". ")
		} else {
			b.WriteString(" ")
		}
	}
	return []byte(b.String())
}

func readRejectsFile(t *testing.T, path string) map[string]transforms.Reject {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]transforms.Reject{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r transforms.Reject
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		out[r.ID] = r
	}
	return out
}

// TestHostileCorpus runs `bookalign run` (prism, in process) and `bookalign
// report` on the hostile corpus: the run finishes, every pair ends in the
// results or in rejects.jsonl with the reason, the figure is skipped with a
// note, the tiny training folds fall back to a fixed lambda, nothing is read
// through the link out of the corpus, and a tampered results.json writes
// nothing outside OUT/report.
func TestHostileCorpus(t *testing.T) {
	root := t.TempDir()
	dir, secret := hostileCorpus(t, root)
	out := filepath.Join(root, "runs", "out")
	args := []string{"run", "--corpus", dir, "--out", out, "--methods", "passage,first1000", "--folds", "2", "--set", "align.iterations=10",
		"--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200", "--set", "figure_book=toc"}
	_, stderr, code := bookalign(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "too few to choose it") || !strings.Contains(stderr, "figure 3 skipped") {
		t.Errorf("stderr lacks the lambda fallback or the figure warnings:\n%s", stderr)
	}
	m := runMarker(t, out)
	if w := fmt.Sprint(m["warnings"]); m["complete"] != true || !strings.Contains(w, "fixed lambda") || !strings.Contains(w, "Figure 3 was not drawn") {
		t.Errorf("run marker %v: want a complete run warning of the lambda fallback and the skipped figure", m)
	}
	var res struct{ Books, Rejected int }
	b, err := os.ReadFile(filepath.Join(out, "results.json"))
	if err != nil || json.Unmarshal(b, &res) != nil {
		t.Fatalf("results.json: %v", err)
	}
	if res.Books != 3 || res.Rejected != 6 {
		t.Errorf("%d books, %d rejected; want 3 and 6 of the 9 rows (all read despite lone CRs)", res.Books, res.Rejected)
	}
	rejects := readRejectsFile(t, filepath.Join(out, "rejects.jsonl"))
	index, err := os.ReadFile(filepath.Join(dir, "pairs.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]struct{ stage, reason string }{
		"toc":      {"align", ""},
		"fifo":     {"load", "named pipe"},
		"outside":  {"load", "outside the corpus"},
		"bad-utf8": {"read-pairs", fmt.Sprintf("byte %d of pairs.tsv", bytes.IndexByte(index, 0xff))},
		"utf16":    {"load", "summary: text: looks like UTF-16 (NUL bytes in 50% of bytes)"},
		"alien":    {"align", "passage: labelled no book sentence"},
	} {
		r, ok := rejects[id]
		if !ok || r.Stage != want.stage || !strings.Contains(r.Reason, want.reason) {
			t.Errorf("reject of %s: %+v, want stage %s saying %q", id, r, want.stage, want.reason)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "figures", "boundary_density.skipped.json")); err != nil {
		t.Errorf("no note on the skipped Figure 3: %v", err)
	}
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".txt") && strings.Contains(p, "outside") {
			t.Errorf("%s written from the linked secret", p)
		}
		return nil
	})

	// A results.json tampered with names a book outside the run: read as a
	// path, the id reaches ROOT/secret.txt from the corpus's books/ and
	// writes OUT/secret.html from OUT/report/books/.
	b = []byte(strings.Replace(string(b), `"book-00":`, `"../../secret":{},"book-00":`, 1))
	if err := os.WriteFile(filepath.Join(out, "results.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := bookalign(t, "report", "--out", out, "--corpus", dir); code != 0 || !strings.Contains(stderr, "unsafe book id") {
		t.Errorf("report of a tampered run: exit %d: %s", code, stderr)
	}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".html") && !strings.HasPrefix(p, filepath.Join(out, "report")+"/") {
			t.Errorf("report wrote %s, outside %s/report", p, out)
		}
		return nil
	})

	// Following links out of the corpus is a choice; the FIFO is still refused.
	out2 := filepath.Join(root, "runs", "allowed")
	if _, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", out2, "--methods", "first1000", "--set", "min_book_words=300",
		"--set", "min_summary_words=20", "--words", "200", "--set=allow_outside_symlinks=true", "--quiet"); code != 0 {
		t.Fatalf("--allow-outside-symlinks: exit %d: %s", code, stderr)
	}
	rejects = readRejectsFile(t, filepath.Join(out2, "rejects.jsonl"))
	if _, ok := rejects["outside"]; ok || rejects["fifo"].Stage != "load" {
		t.Errorf("with --allow-outside-symlinks: rejects %+v", rejects)
	}
	if _, err := os.Stat(filepath.Join(out2, "summaries", "first1000", "outside.txt")); err != nil {
		t.Errorf("the linked book %s was not summarized: %v", secret, err)
	}

	// The run into the first --out with other settings is refused.
	if _, stderr, code := bookalign(t, append(args, "--seed", "5")...); code != 1 || !strings.Contains(stderr, "other settings") {
		t.Errorf("rerun with other settings: exit %d: %s", code, stderr)
	}
}

// TestHeaderOnlyCorpus runs a corpus whose pairs.tsv is a header: the run
// finishes, and warns in its marker that there was nothing to do.
func TestHeaderOnlyCorpus(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "pairs.tsv"), []byte("id\ttitle\tauthor\r"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	stderr, code := runInto(t, dir, out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if w := fmt.Sprint(runMarker(t, out)["warnings"]); !strings.Contains(w, "no rows") {
		t.Errorf("run marker warnings %q", w)
	}
	if !strings.Contains(stderr, "no rows") {
		t.Errorf("no warning on the terminal: %s", stderr)
	}
}

// lastLine returns the last line of s that is not empty.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// TestAllPairsRejected runs a corpus whose every pair is rejected (three
// books too short for the minimum, one a link out of the corpus): the run
// writes every reject to rejects.jsonl and ends, with a non-zero exit, on
// one line that says all the pairs were rejected and the commonest
// reasons, not in Beam's internals. With trained summarizers the pipeline
// has stages that wait on the books; without them it has not. A test
// corpus all of whose pairs are rejected ends the same way.
func TestAllPairsRejected(t *testing.T) {
	root := t.TempDir()
	dir, secret := filepath.Join(root, "corpus"), filepath.Join(root, "secret.txt")
	files := testcorpus.Good(3)
	files["summaries/outside.txt"] = files["summaries/book-00.txt"]
	files["pairs.tsv"] = append(files["pairs.tsv"], "outside\tSecret\tS\n"...)
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(secret, files["books/book-00.txt"], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(secret, filepath.Join(dir, "books", "outside.txt")); err != nil {
		t.Fatal(err)
	}
	for _, methods := range []string{"passage,first1000", "first1000"} {
		t.Run(methods, func(t *testing.T) {
			out := filepath.Join(root, "out-"+methods)
			_, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", out, "--methods", methods, "--folds", "2", "--set", "align.iterations=10",
				"--set", "min_book_words=10000000", "--set", "min_summary_words=20", "--words", "200", "--report=false")
			if code != 1 {
				t.Fatalf("exit %d, want 1: %s", code, stderr)
			}
			if strings.Contains(stderr, "Singleton") || strings.Contains(stderr, "DataSource") {
				t.Errorf("Beam's internals on the terminal:\n%s", stderr)
			}
			last := lastLine(stderr)
			for _, want := range []string{"all 4 pairs were rejected", "3 at filter-by-length", "below the minimum of 10000000",
				"1 at load", "outside the corpus", "rejects.jsonl"} {
				if !strings.Contains(last, want) {
					t.Errorf("last line %q lacks %q", last, want)
				}
			}
			if rejects := readRejectsFile(t, filepath.Join(out, "rejects.jsonl")); len(rejects) != 4 {
				t.Errorf("rejects.jsonl holds %d pairs, want 4: %v", len(rejects), rejects)
			}
			if m := runMarker(t, out); m["complete"] != false || !strings.Contains(fmt.Sprint(m["error"]), "all 4 pairs were rejected") {
				t.Errorf("run marker %v: want an incomplete run saying why", m)
			}
		})
	}

	// A test corpus all of whose pairs are rejected, beside a training
	// corpus that is fine: one model is trained, none is used.
	test := filepath.Join(root, "test")
	other := testcorpus.Good(6)
	if err := (testcorpus.Files{
		"pairs.tsv":         []byte("id\ttitle\tauthor\nt-1\tOne\tO\nt-2\tTwo\tT\n"),
		"books/t-1.txt":     other["books/book-04.txt"],
		"summaries/t-1.txt": []byte("Too short."),
		"books/t-2.txt":     other["books/book-05.txt"],
		"summaries/t-2.txt": []byte("Too short as well."),
	}).WriteTo(test); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(root, "out-test")
	_, stderr, code := bookalign(t, "run", "--corpus", dir, "--test-corpus", test, "--out", out, "--methods", "passage,first1000",
		"--set", "align.iterations=10", "--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200", "--report=false")
	if last := lastLine(stderr); code != 1 || !strings.Contains(last, "all 2 pairs of the test corpus (--test-corpus) were rejected") ||
		!strings.Contains(last, "2 at filter-by-length") {
		t.Errorf("exit %d, last line %q: want 1 and all test pairs rejected\n%s", code, last, stderr)
	}
}

// TestTooFewBooks runs the trained summarizers on corpora with too few
// books for cross-validation: one pair in all, one usable pair of three,
// two pairs that share one book text. Each ends in one clear error naming
// the books and the folds, not in a fold with books and no model.
func TestTooFewBooks(t *testing.T) {
	oneUsable := testcorpus.Good(3)
	oneUsable["summaries/book-01.txt"] = []byte("Too short.")
	oneUsable["summaries/book-02.txt"] = []byte("Too short as well.")
	oneText := testcorpus.Good(2)
	oneText["books/book-01.txt"] = oneText["books/book-00.txt"]
	for _, tc := range []struct {
		name  string
		files testcorpus.Files
		want  []string
	}{
		{"one pair", testcorpus.Good(1), []string{"1 pair", "--folds 2", "at least 2"}},
		{"one usable pair", oneUsable, []string{"1 usable book", "rejected", "--folds 2", "at least 2"}},
		{"one book text", oneText, []string{"2 usable books", "1 distinct text", "--folds 2", "at least 2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, out := t.TempDir(), filepath.Join(t.TempDir(), "out")
			if err := tc.files.WriteTo(dir); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", out, "--methods", "passage,first1000", "--folds", "2",
				"--set", "align.iterations=10", "--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200", "--report=false")
			if code != 1 {
				t.Fatalf("exit %d, want 1: %s", code, stderr)
			}
			last := lastLine(stderr)
			for _, want := range tc.want {
				if !strings.Contains(last, want) {
					t.Errorf("last line %q lacks %q", last, want)
				}
			}
			if strings.Contains(stderr, "no model") || strings.Contains(last, "DataSource") {
				t.Errorf("the error is Beam's or a symptom's:\n%s", stderr)
			}
		})
	}
}

// TestTestCorpusOverlap refuses, before any pipeline, a test corpus that
// is the training corpus (however its path is written), that shares a pair
// id with it, or that holds one of its book texts under another id.
func TestTestCorpusOverlap(t *testing.T) {
	root := t.TempDir()
	train := filepath.Join(root, "train")
	if err := testcorpus.Good(3).WriteTo(train); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(train, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	other := testcorpus.Good(6) // book-03 … book-05: texts the training corpus has not
	sharedID := testcorpus.Files{
		"pairs.tsv":             []byte("id\ttitle\tauthor\nbook-01\tOther\tO\nbook-09\tNine\tN\n"),
		"books/book-01.txt":     other["books/book-04.txt"],
		"summaries/book-01.txt": other["summaries/book-04.txt"],
		"books/book-09.txt":     other["books/book-05.txt"],
		"summaries/book-09.txt": other["summaries/book-05.txt"],
	}
	sharedText := testcorpus.Files{
		"pairs.tsv":             []byte("id\ttitle\tauthor\ncopy\tCopy\tC\nbook-09\tNine\tN\n"),
		"books/copy.txt":        testcorpus.Good(3)["books/book-02.txt"],
		"summaries/copy.txt":    other["summaries/book-03.txt"],
		"books/book-09.txt":     other["books/book-05.txt"],
		"summaries/book-09.txt": other["summaries/book-05.txt"],
	}
	for name, files := range map[string]testcorpus.Files{"shared-id": sharedID, "shared-text": sharedText} {
		if err := files.WriteTo(filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name, test string
		want       []string
	}{
		{"same directory", train + "/", []string{"the same corpus"}},
		{"same directory, dotted", train + "/../train/.", []string{"the same corpus"}},
		{"same directory through a link", filepath.Join(root, "link"), []string{"the same corpus"}},
		{"shared id", filepath.Join(root, "shared-id"), []string{"book-01", "both"}},
		{"shared text", filepath.Join(root, "shared-text"), []string{`"copy"`, `"book-02"`, "same book text"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			_, stderr, code := bookalign(t, "run", "--corpus", train, "--test-corpus", tc.test, "--out", out, "--methods", "passage",
				"--set", "align.iterations=10", "--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200", "--report=false")
			if code != 1 {
				t.Fatalf("exit %d, want 1: %s", code, stderr)
			}
			for _, want := range append(tc.want, "--test-corpus") {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, stderr)
				}
			}
			if exists(filepath.Join(out, "run.json")) {
				t.Errorf("the run started: %s exists", filepath.Join(out, "run.json"))
			}
		})
	}
}
