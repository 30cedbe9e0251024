package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// TestNested checks the nested choice: each fold takes the variant with
// the best content ROUGE-1 + ROUGE-2 on the other folds' books among
// those that reach the floor, never by its own books.
func TestNested(t *testing.T) {
	fold := []int{0, 0, 1, 1}
	// Variant 0 is best on fold 1's books, variant 1 on fold 0's; variant
	// 2 has the best content scores but misses the floor.
	scores := [][]score{
		{{0.5, 0.1, 0.1, 0.01}, {0.5, 0.1, 0.1, 0.01}, {0.5, 0.1, 0.3, 0.05}, {0.5, 0.1, 0.3, 0.05}},
		{{0.5, 0.1, 0.4, 0.05}, {0.5, 0.1, 0.4, 0.05}, {0.5, 0.1, 0.2, 0.01}, {0.5, 0.1, 0.2, 0.01}},
		{{0.4, 0.1, 0.9, 0.9}, {0.4, 0.1, 0.9, 0.9}, {0.4, 0.1, 0.9, 0.9}, {0.4, 0.1, 0.9, 0.9}},
	}
	got := nested(scores, fold, 2, [2]float64{0.45, 0.05})
	// Fold 0 chooses on fold 1's books (variant 0), fold 1 on fold 0's
	// (variant 1).
	if want := []int{0, 1}; got[0] != want[0] || got[1] != want[1] {
		t.Errorf("choices %v, want %v", got, want)
	}
	// With a floor none reaches, the best content scores win.
	if got := nested(scores, fold, 2, [2]float64{0.9, 0.9}); got[0] != 2 || got[1] != 2 {
		t.Errorf("no variant at the floor: choices %v, want [2 2]", got)
	}
	ns := nestedScores(scores, fold, []int{0, 1})
	if ns[0] != scores[0][0] || ns[3] != scores[1][3] {
		t.Errorf("nested scores %v", ns)
	}
}

// TestHarnessOnSample runs the harness on the sample corpus under two
// variants and checks that it scores every book under each, the same on a
// second run.
func TestHarnessOnSample(t *testing.T) {
	rougeDir := sharedtest.Path(t, "rouge")
	dir := t.TempDir()
	o := options{corpus: filepath.Join("..", "..", "sample"), rougeDir: rougeDir, folds: 3, seed: 1}
	if err := o.parse("none;names,spread,density", "0.5,0.1"); err != nil {
		t.Fatal(err)
	}
	o.cover.Bigram, o.cover.Function, o.cover.MinWords = 3, 0.2, 15
	var csvs []string
	for i := range 2 {
		o.csv = filepath.Join(dir, "run"+string(rune('0'+i))+".csv")
		var out bytes.Buffer
		if err := run(&out, &o); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "| names,spread,density |") || !strings.Contains(out.String(), "chosen by the folds:") {
			t.Errorf("report:\n%s", out.String())
		}
		b, err := os.ReadFile(o.csv)
		if err != nil {
			t.Fatal(err)
		}
		csvs = append(csvs, string(b))
	}
	if csvs[0] != csvs[1] {
		t.Error("two runs differ")
	}
	lines := strings.Split(strings.TrimSpace(csvs[0]), "\n")
	if len(lines) != 1+2*12 {
		t.Fatalf("%d lines, want a header and 24 rows", len(lines))
	}
	for _, l := range lines[1:] {
		if strings.Contains(l, ",0.00000,0.00000,0.00000,0.00000") {
			t.Errorf("a book scored nothing: %s", l)
		}
	}
}

// TestNest checks `plotexp nest` on two runs' per_book.csv, and its
// refusals.
func TestNest(t *testing.T) {
	dir := t.TempDir()
	header := "method,id,rouge_1_recall,rouge_2_recall,rouge_1_recall_nostem,rouge_2_recall_nostem,rouge_1_recall_content,rouge_2_recall_content,rouge_1_recall_content_nostem,rouge_2_recall_content_nostem\n"
	write := func(name string, content float64) string {
		var b strings.Builder
		b.WriteString(header)
		for _, id := range []string{"a", "b", "c", "d"} {
			b.WriteString("token," + id + ",0,0,0.5,0.1,0,0," + strconv.FormatFloat(content, 'g', -1, 64) + ",0.01\n")
			b.WriteString("names," + id + ",0,0,0.4,0.1,0,0,0.9,0.9\n")
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	lo, hi := write("lo.csv", 0.2), write("hi.csv", 0.3)
	var out bytes.Buffer
	if err := nestMain(&out, []string{"-folds", "2", "lo=" + lo, "hi=" + hi}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "chosen by the folds: hi in 2;") || !strings.Contains(out.String(), "| nested | 50.00 | 10.00 | 30.00 | 1.00 |") {
		t.Errorf("output:\n%s", out.String())
	}
	for _, args := range [][]string{
		{},
		{"lo"},
		{"x=" + filepath.Join(dir, "missing.csv")},
		{"-method", "jing", "lo=" + lo},
		{"-folds", "1", "lo=" + lo},
	} {
		if err := nestMain(&out, args); err == nil {
			t.Errorf("nest %v: no error", args)
		}
	}
}
