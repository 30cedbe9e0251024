package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/text"
)

// TestMain lets the test binary stand in for the bookalign command: with
// BOOKALIGN_AS_MAIN=1 it runs main with the arguments after "--".
func TestMain(m *testing.M) {
	if os.Getenv("BOOKALIGN_AS_MAIN") == "1" {
		for i, a := range os.Args {
			if a == "--" {
				os.Args = append([]string{"bookalign"}, os.Args[i+1:]...)
				break
			}
		}
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// commandLimit bounds one command run by a test: a command that hangs (a
// read of a FIFO, a deadlock) fails its test with a clear message rather
// than the whole test binary at its timeout, and is killed.
const commandLimit = 5 * time.Minute

// bookalign runs the command in a child process and returns its output and
// exit code.
func bookalign(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return bookalignEnv(t, "", args...)
}

// bookalignEnv is bookalign with an extra environment variable, if env is
// not empty.
func bookalignEnv(t *testing.T, env string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	environ := append(os.Environ(), "BOOKALIGN_CORPUS=", "BOOKALIGN_ROUGE_DATA=")
	if env != "" {
		environ = append(environ, env)
	}
	return bookalignIn(t, environ, args...)
}

// bookalignIn is bookalign in the environment environ, in full.
func bookalignIn(t *testing.T, environ []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), commandLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(slices.Clip(environ), "BOOKALIGN_AS_MAIN=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("bookalign %s: still running after %v, killed (hung?)\n%s", strings.Join(args, " "), commandLimit, e.String())
	}
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

func TestRunCommand(t *testing.T) {
	files, _ := testcorpus.Bad(3)
	dir := t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	stdout, stderr, code := bookalign(t, "run", "--corpus", dir, "--out", out,
		"--set", "min_book_words=300", "--set", "min_summary_words=20", "--words", "200", "--folds", "3", "--set", "align.iterations=10")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "\nFirst 1000  ") || !strings.Contains(stdout, "3 books evaluated, 10 pairs rejected") ||
		!strings.HasSuffix(strings.Join(strings.Fields(stdout), " "), filepath.Join(out, "table.md")+" and "+filepath.Join(out, "report", "index.html")+".") {
		t.Errorf("stdout does not end with the compact results table, naming table.md and the report:\n%s", stdout)
	}
	for _, line := range strings.Split(stdout, "\n") {
		if n := utf8.RuneCountInString(line); n >= evaluate.CompactWidth {
			t.Errorf("a line of stdout is %d columns wide: %q", n, line)
		}
	}
	for _, want := range []string{"pairs_read", "summaries_scored", "done in"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "level=INFO") {
		t.Errorf("Beam INFO logging shown without --verbose:\n%s", stderr)
	}
	for _, f := range []string{"results.json", "table.md", "per_book.csv", "rejects.jsonl", "summaries/first1000/book-00.txt",
		"summaries/passage/book-00.txt", "models/passage.json", "features/token.md", "figures/length_ratios.svg"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}

	// The saved model summarizes a book on its own, within the budget.
	summary, stderr, code := bookalign(t, "summarize", "--model", filepath.Join(out, "models", "passage.json"), "--words", "150",
		filepath.Join(dir, "books", "book-01.txt"))
	if code != 0 {
		t.Fatalf("summarize: exit %d: %s", code, stderr)
	}
	if n := text.BudgetWords(summary); n == 0 || n > 150 {
		t.Errorf("summary has %d words, want 1..150:\n%s", n, summary)
	}
	if strings.Contains(summary, "Gutenberg") {
		t.Errorf("summary holds Gutenberg boilerplate:\n%s", summary)
	}
	if _, _, code := bookalign(t, "summarize", filepath.Join(dir, "books", "book-01.txt")); code != 2 {
		t.Errorf("summarize without --model: exit %d, want 2", code)
	}
}

func TestRunCommandErrors(t *testing.T) {
	empty, withIndex := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(withIndex, "pairs.tsv"), []byte("id\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no command", nil, 2, "Commands:"},
		{"unknown command", []string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{"missing corpus", []string{"run", "--corpus", filepath.Join(empty, "nope"), "--out", empty}, 1, "no corpus index"},
		{"corpus without pairs.tsv", []string{"run", "--corpus", empty, "--out", empty}, 1, "no corpus index"},
		{"no output", []string{"run", "--corpus", empty}, 1, "output directory"},
		{"unknown method", []string{"run", "--corpus", empty, "--out", empty, "--methods", "magic"}, 1, `unknown method "magic"`},
		{"stopwords without data", []string{"rouge", "--candidate", "x", "--reference", "y", "--stopwords"}, 1, "rouge-data"},
		{"missing rouge data", []string{"run", "--corpus", withIndex, "--out", empty, "--rouge-data", filepath.Join(empty, "nope")}, 1, "ROUGE data file"},
		{"negative iterations", []string{"run", "--corpus", withIndex, "--out", empty, "--set", "align.iterations=-1"}, 1, "align.iterations -1 is out of range"},
		{"negative lambda", []string{"run", "--corpus", withIndex, "--out", empty, "--set", "lambda=-1"}, 1, "lambda -1 is out of range"},
		{"paper preset without a thesaurus", []string{"run", "--corpus", withIndex, "--out", filepath.Join(empty, "paper"), "--preset", "paper", "--thesaurus", ""}, 1, "align.paper_aligners (set by --preset paper): the Token HMM emits Roget's synonyms"},
		{"rouge data at the root", []string{"run", "--corpus", withIndex, "--out", filepath.Join(empty, "root"), "--rouge-data", "/"}, 1, `ROUGE data file /smart_common_words.txt missing (--rouge-data "/")`},
		{"thesaurus at the root", []string{"run", "--corpus", withIndex, "--out", filepath.Join(empty, "root"), "--thesaurus", "/"}, 1, `thesaurus /roget-10681-body.txt missing (--thesaurus "/")`},
		{"extra argument", []string{"run", "--corpus", empty, "--out", empty, "surplus"}, 2, "unexpected arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := bookalign(t, tt.args...)
			if code != tt.code || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want exit %d mentioning %q", code, stderr, tt.code, tt.want)
			}
		})
	}
}

func TestAlignCommand(t *testing.T) {
	files := testcorpus.Good(1)
	dir := t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	book, summary := filepath.Join(dir, "books", "book-00.txt"), filepath.Join(dir, "summaries", "book-00.txt")
	bookText := string(files["books/book-00.txt"])
	for _, method := range []string{"passage", "token", "jing"} {
		t.Run(method, func(t *testing.T) {
			stdout, stderr, code := bookalign(t, "align", "--method", method, "--book", book, "--summary", summary, "--iterations", "20")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			recs, err := align.ParseRecords([]byte(stdout))
			if err != nil {
				t.Fatal(err)
			}
			if len(recs) < 5 || len(recs) != strings.Count(strings.TrimSpace(stdout), "\n")+1 {
				t.Fatalf("%d records, want one a line and one per summary sentence:\n%s", len(recs), stdout)
			}
			for i, r := range recs {
				if r.SummaryIndex != i || r.Method != method {
					t.Errorf("line %d: %+v", i, r)
				}
				if r.SpanBytes != nil && (r.SpanBytes[0] < 0 || r.SpanBytes[1] > len(bookText) || r.SpanBytes[0] >= r.SpanBytes[1]) {
					t.Errorf("line %d: span %v outside the book", i, r.SpanBytes)
				}
			}
		})
	}
	if _, stderr, code := bookalign(t, "align", "--method", "magic", "--book", book, "--summary", summary); code != 1 || !strings.Contains(stderr, "unknown --method") {
		t.Errorf("unknown method: exit %d, %s", code, stderr)
	}
	if _, _, code := bookalign(t, "align", "--method", "jing"); code != 2 {
		t.Errorf("missing files: exit %d, want 2", code)
	}
}

// TestEndOfRunCounts checks the figures printed at the end of a run: they
// are read from the run's outputs (results.json, rejects.jsonl), so that
// identical runs print identical figures, whatever the runner reported of
// its counters; those are shown only with --verbose, marked as the
// runner's.
func TestEndOfRunCounts(t *testing.T) {
	out := t.TempDir()
	results := `{"books": 2, "rejected": 3, "methods": [{"name": "first1000", "books": 2}, {"name": "passage", "books": 2}]}`
	rejects := `{"id":"a","row":1,"stage":"load","reason":"book: missing"}
{"id":"b","row":2,"stage":"filter-by-length","reason":"book has 3 words, below the minimum of 10 (stopwords and punctuation excluded)"}
{"id":"c","row":3,"stage":"load","reason":"summary: missing"}
`
	for name, data := range map[string]string{"results.json": results, "rejects.jsonl": rejects} {
		if err := os.WriteFile(filepath.Join(out, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A runner that lost some bundles' counts (prism may) and counted
	// something the outputs do not say.
	runner := map[string]int64{"pairs_read": 4, "summaries_scored": 3, "models_trained": 6}
	for _, verbose := range []bool{false, true} {
		var buf bytes.Buffer
		if err := printEndOfRun(context.Background(), &buf, out, runner, verbose); err != nil {
			t.Fatal(err)
		}
		got := buf.String()
		final, partial, _ := strings.Cut(got, "runner")
		norm := strings.Join(strings.Fields(final), " ")
		for _, want := range []string{"pairs_read 5", "books_evaluated 2", "pairs_rejected 3", "rejected_load 2",
			"rejected_filter-by-length 1", "summaries_scored 4"} {
			if !strings.Contains(norm, want) {
				t.Errorf("verbose %v: the final figures lack %q:\n%s", verbose, want, got)
			}
		}
		if strings.Contains(norm, "summaries_scored 3") || strings.Contains(norm, "models_trained") {
			t.Errorf("verbose %v: a runner's counter among the final figures:\n%s", verbose, got)
		}
		if verbose != strings.Contains(partial, "models_trained") {
			t.Errorf("verbose %v: runner's counters shown: %v\n%s", verbose, !verbose, got)
		}
	}
}
