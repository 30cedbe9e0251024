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
// a secret, and a row with invalid UTF-8, in a pairs.tsv whose lines end in
// a lone CR. It returns the corpus directory and the secret's path.
func hostileCorpus(t *testing.T, root string) (dir, secret string) {
	t.Helper()
	dir, secret = filepath.Join(root, "corpus"), filepath.Join(root, "secret.txt")
	files := testcorpus.Good(3)
	good := files["books/book-00.txt"]
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
		"toc\tContents\tT", "fifo\tPipe\tP", "outside\tSecret\tS", "bad-utf8\tBad \xff title\tU", "",
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
	args := []string{"run", "--corpus", dir, "--out", out, "--methods", "passage,first1000", "--folds", "2", "--iterations", "10",
		"--min-book-words", "300", "--min-summary-words", "20", "--words", "200", "--figure-book", "toc"}
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
	if res.Books != 3 || res.Rejected != 4 {
		t.Errorf("%d books, %d rejected; want 3 and 4 of the 7 rows (all read despite lone CRs)", res.Books, res.Rejected)
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
	if _, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", out2, "--methods", "first1000", "--min-book-words", "300",
		"--min-summary-words", "20", "--words", "200", "--allow-outside-symlinks", "--quiet"); code != 0 {
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
