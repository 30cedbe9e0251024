package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/text"
)

// TestSummarize trains a model on a small corpus and runs summarize on the
// books and files a user may give it: a new book, a training book (the
// same extract as under another name, and a note), and the inputs it must
// refuse. Its help says what README.md's "Summarize your own book" says.
func TestSummarize(t *testing.T) {
	files := testcorpus.Good(4)
	dir := t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if _, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", out, "--methods", "passage", "--quiet", "--report=false",
		"--set", "min_book_words=300", "--set", "min_summary_words=20", "--folds", "2", "--set", "align.iterations=10"); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, stderr)
	}
	model := filepath.Join(out, "models", "passage.json")
	other := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(other, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	training := filepath.Join(dir, "books", "book-01.txt")
	renamed := write("my-novel.txt", files["books/book-01.txt"])
	var utf16le []byte
	for _, u := range utf16.Encode([]rune("\ufeffCall me Ishmael. Some years ago, never mind how long.")) {
		utf16le = append(utf16le, byte(u), byte(u>>8))
	}
	notModel := write("model.json", []byte(`{"format": "bookalign-model-v1"}`))
	for _, tt := range []struct {
		name string
		args []string
		code int
		want string // in stderr
		note bool   // the training-book note on stderr
	}{
		{"a new book", []string{"--model", model, "--words", "150", renamed}, 0, "", false},
		{"a training book", []string{"--model", model, "--words", "150", training}, 0, "is named as book-01, one of the 4 books", true},
		{"a budget past the book", []string{"--model", model, "--words", "1000000000", renamed}, 0, "", false},
		{"--words 0", []string{"--model", model, "--words", "0", renamed}, 1, "--words", false},
		{"--words -1", []string{"--model", model, "--words", "-1", renamed}, 1, "--words", false},
		{"--words not a number", []string{"--model", model, "--words", "many", renamed}, 1, "invalid value", false},
		{"no --model", []string{renamed}, 2, "usage:", false},
		{"two books", []string{"--model", model, renamed, training}, 2, "usage:", false},
		{"a model that does not exist", []string{"--model", filepath.Join(other, "none.json"), renamed}, 1, "none.json", false},
		{"a model of another shape", []string{"--model", notModel, renamed}, 1, "model.json", false},
		{"the book as model", []string{"--model", renamed, renamed}, 1, "my-novel.txt", false},
		{"an empty book", []string{"--model", model, write("empty.txt", nil)}, 1, "empty.txt", false},
		{"a UTF-16 book", []string{"--model", model, write("utf16.txt", utf16le)}, 1, "utf16.txt", false},
		{"a directory as book", []string{"--model", model, other}, 1, "", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := bookalign(t, append([]string{"summarize"}, tt.args...)...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d mentioning %q", code, stderr, tt.code, tt.want)
			}
			if note := strings.Contains(stderr, "not a fair test"); note != tt.note {
				t.Errorf("the training-book note: %v, want %v: %q", note, tt.note, stderr)
			}
			if code == 0 && (stdout == "" || strings.Contains(stdout, "Gutenberg")) {
				t.Errorf("summary %q: want the book's sentences, without boilerplate", stdout)
			}
			if n := text.BudgetWords(stdout); code == 0 && tt.args[2] == "150" && n > 150 {
				t.Errorf("summary of %d words, over the budget of 150", n)
			}
		})
	}
	// A training book is summarized as a new one: as under another name.
	asTraining, _, _ := bookalign(t, "summarize", "--model", model, "--words", "150", training)
	asNew, _, _ := bookalign(t, "summarize", "--model", model, "--words", "150", renamed)
	if asTraining != asNew {
		t.Errorf("the training book's summary differs from the same file's under another name:\n%s\n---\n%s", asTraining, asNew)
	}
	if _, stderr, _ := bookalign(t, "summarize", "--words", "many"); strings.Contains(stderr, "not a fair test") {
		t.Errorf("a flag summarize cannot parse prints the whole how-to:\n%s", stderr)
	}
	_, help, _ := bookalign(t, "summarize", "-h")
	for _, want := range []string{"OUT/models/passage.json", "UTF-8", "Project Gutenberg", "stderr", "OUT/summaries/<method>/<id>.txt"} {
		if !strings.Contains(help, want) {
			t.Errorf("summarize -h does not say %q:\n%s", want, help)
		}
	}
}
