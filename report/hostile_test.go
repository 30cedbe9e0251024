package report

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/evaluate"
)

// filesUnder returns the files under root, relative to it.
func filesUnder(t *testing.T, root string) map[string]bool {
	t.Helper()
	files := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			files[rel] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// written returns the files under root that were not in before.
func written(t *testing.T, root string, before map[string]bool) []string {
	t.Helper()
	var added []string
	for f := range filesUnder(t, root) {
		if !before[f] {
			added = append(added, filepath.Join(root, f))
		}
	}
	return added
}

// hostileRun writes a run whose results.json names the given books and
// methods, over a corpus holding a book "good" (and no "missing") and a
// secret text outside it.
func hostileRun(t *testing.T, ids, methods []string) (out, secret string) {
	t.Helper()
	root := t.TempDir()
	dir, out := filepath.Join(root, "corpus"), filepath.Join(root, "a", "b", "out")
	secret = filepath.Join(root, "secret.txt")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(secret, "The secret words.\n")
	write(filepath.Join(dir, "pairs.tsv"), "id\ttitle\tauthor\ngood\tGood\tA\n")
	write(filepath.Join(dir, "books", "good.txt"), "It was a dark night. The ship sailed on.\n")
	write(filepath.Join(dir, "summaries", "good.txt"), "A ship sails at night.\n")
	res := evaluate.Results{Corpus: dir}
	for _, m := range methods {
		mr := evaluate.MethodResult{Name: m, PerBook: map[string]evaluate.BookRecall{}}
		for _, id := range ids {
			mr.PerBook[id] = evaluate.BookRecall{}
		}
		res.Methods = append(res.Methods, mr)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(out, "results.json"), string(b))
	return out, secret
}

// TestBuildRefusesUnsafeIDs reads back a results.json naming books and
// methods that are paths out of the run: nothing is written outside
// Out/report, nothing outside the corpus is embedded, the good book still
// gets its page.
func TestBuildRefusesUnsafeIDs(t *testing.T) {
	rel := strings.Repeat("../", 6)
	out, secret := hostileRun(t, []string{"good", "missing", "../../secret", rel + strings.TrimPrefix(filepath.Dir(os.TempDir()), "/") + "x"}, []string{"first1000"})
	root := filepath.Dir(filepath.Dir(filepath.Dir(out)))
	before := filesUnder(t, root)
	built, err := Build(context.Background(), Options{Out: out, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range written(t, root, before) {
		if !strings.HasPrefix(filepath.Clean(p), filepath.Join(out, "report")+string(filepath.Separator)) {
			t.Errorf("wrote %s, outside %s/report", p, out)
		}
	}
	if built.Pages != 1 || len(built.Failed) != 3 {
		t.Errorf("%d pages, failed %+v; want the good book only", built.Pages, built.Failed)
	}
	for _, f := range built.Failed {
		if want := "unsafe book id"; f.ID == "missing" {
			if !strings.Contains(f.Reason, "no such file") {
				t.Errorf("book without files: %+v", f)
			}
		} else if !strings.Contains(f.Reason, want) {
			t.Errorf("failure %+v does not say %q", f, want)
		}
	}
	index, err := os.ReadFile(filepath.Join(out, "report", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(index), "secret words") {
		t.Errorf("%s embedded in the index", secret)
	}

	out, _ = hostileRun(t, []string{"good"}, []string{"../../../m"})
	root = filepath.Dir(filepath.Dir(filepath.Dir(out)))
	before = filesUnder(t, root)
	if _, err := Build(context.Background(), Options{Out: out}); err == nil || !strings.Contains(err.Error(), "method") {
		t.Errorf("unsafe method name: error %v", err)
	}
	if w := written(t, root, before); len(w) > 0 {
		t.Errorf("wrote %v for a results.json with an unsafe method", w)
	}
}
