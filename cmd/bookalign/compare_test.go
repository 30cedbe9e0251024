package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/rundir"
)

// TestCompareRefuses checks that compare refuses what is not two finished
// runs, with a message that says why, before it reads any result.
func TestCompareRefuses(t *testing.T) {
	unfinished := t.TempDir()
	if err := os.WriteFile(filepath.Join(unfinished, "run.json"), []byte(`{"format": 1, "command": "run", "settings": {}, "complete": false}`), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"compare", empty}, 2, "usage: bookalign compare"},
		{[]string{"compare", empty, unfinished}, 1, "is not a bookalign run"},
		{[]string{"compare", unfinished, empty}, 1, "is not a finished bookalign run"},
		{[]string{"compare", "/", unfinished}, 1, "compare: / is not a bookalign run"},
	} {
		_, stderr, code := bookalign(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, want %d with %q:\n%s", tc.args, code, tc.code, tc.want, stderr)
		}
	}
}

// finishedRunDir writes a finished run into dir as compare reads it: a
// complete run.json with settings set and inputs, and results.json of the
// scores of methods on three books (the same recall in every run, so that
// only a refusal stops compare) with the ROUGE settings and data given.
func finishedRunDir(t *testing.T, dir string, set pipelines.Config, rs evaluate.RougeSettings, methods ...string) {
	t.Helper()
	js, err := json.Marshal(set)
	if err != nil {
		t.Fatal(err)
	}
	m := rundir.Marker{Format: rundir.FormatVersion, Command: "run", Settings: js, Inputs: "sha256:corpus", Complete: true}
	mb, err := m.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var scores []evaluate.BookScore
	for i, id := range []string{"a", "b", "c"} {
		for _, method := range methods {
			r := 0.3 + 0.1*float64(i)
			scores = append(scores, evaluate.BookScore{ID: id, Method: method, Rouge1: r, Rouge2: r / 4, Rouge1NoStem: r - 0.02, Rouge2NoStem: r / 5})
		}
	}
	res, err := evaluate.Summarize(evaluate.Settings{Seed: set.Seed, Rouge: rs, Resamples: 20, Permutations: 20}, scores, 0)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := res.JSON()
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"run.json": mb, "results.json": rb} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// compareCase is two finished runs compare is given, and what it must say.
type compareCase struct {
	name           string
	setA, setB     pipelines.Config
	rougeA, rougeB evaluate.RougeSettings
	methods        []string
	code           int
	want           []string // on stderr when code is 1, on stdout when 0
}

// twoRunDirs makes the empty directories A and B of two runs.
func twoRunDirs(t *testing.T) (a, b string) {
	t.Helper()
	root := t.TempDir()
	a, b = filepath.Join(root, "A"), filepath.Join(root, "B")
	for _, d := range []string{a, b} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return a, b
}

// runCompareCases writes each case's runs as A and B and runs compare.
func runCompareCases(t *testing.T, cases []compareCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, b := twoRunDirs(t)
			finishedRunDir(t, a, tc.setA, tc.rougeA, tc.methods...)
			finishedRunDir(t, b, tc.setB, tc.rougeB, tc.methods...)
			stdout, stderr, code := bookalign(t, "compare", a, b)
			out := stdout
			if tc.code != 0 {
				out = stderr
			}
			if code != tc.code {
				t.Fatalf("exit %d, want %d:\n%s%s", code, tc.code, stdout, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output does not say %q:\n%s", w, out)
				}
			}
		})
	}
}

// cv is the settings of a run cross-validating with folds folds and seed.
func cv(folds int, seed uint64) pipelines.Config {
	var c pipelines.Config
	c.Corpus, c.Folds, c.Seed, c.Words = "C", folds, seed, 1000
	return c
}

// TestCompareRefusesOtherScoring checks that two runs whose summaries are
// the same but were scored with other ROUGE options or data are refused,
// naming what differs, and that an older results.json without the data's
// fingerprint is refused unless neither run read ROUGE data.
func TestCompareRefusesOtherScoring(t *testing.T) {
	data := func(stop, exc string) evaluate.RougeSettings {
		return evaluate.RougeSettings{Stem: true, Exceptions: true, Data: &rouge.Fingerprint{Stopwords: stop, Exceptions: exc}}
	}
	none := evaluate.RougeSettings{Stem: true, Data: &rouge.Fingerprint{Exceptions: "e0"}}
	runCompareCases(t, []compareCase{
		{"same scoring", cv(10, 1), cv(10, 1), data("s1", "e1"), data("s1", "e1"), []string{"first1000"}, 0, []string{"Identical in both runs, every book in every measure: First 1000."}},
		{"with and without ROUGE data", cv(10, 1), cv(10, 1), data("s1", "e1"), none, []string{"first1000"}, 1, []string{"scored differently", "rouge.exceptions (the WordNet exception table): true in", "--rouge-data"}},
		{"other stopword list", cv(10, 1), cv(10, 1), data("s1", "e1"), data("s2", "e1"), []string{"first1000"}, 1, []string{"rouge.data.stopwords_sha256"}},
		{"other exception table", cv(10, 1), cv(10, 1), data("s1", "e1"), data("s1", "e2"), []string{"first1000"}, 1, []string{"rouge.data.exceptions_sha256"}},
		{"older results.json with ROUGE data", cv(10, 1), cv(10, 1), data("s1", "e1"), evaluate.RougeSettings{Stem: true, Exceptions: true}, []string{"first1000"}, 1, []string{"results.json records no fingerprint", "rerun it"}},
		{"older results.json, no ROUGE data in either", cv(10, 1), cv(10, 1), evaluate.RougeSettings{Stem: true}, none, []string{"first1000"}, 0, []string{"Identical in both runs, every book in every measure: First 1000."}},
	})
}

// TestCompareDependsOnMethods checks that compare refuses a difference of
// --folds only when a method both runs scored depends on it, and compares
// seeds, saying so, when only --seed differs.
func TestCompareDependsOnMethods(t *testing.T) {
	rs := evaluate.RougeSettings{Stem: true, Data: &rouge.Fingerprint{Exceptions: "e0"}}
	testCorpus := func(c pipelines.Config, tc string) pipelines.Config { c.TestCorpus = tc; return c }
	minWords := func(c pipelines.Config, n int) pipelines.Config { c.MinBookWords = n; return c }
	lambda := func(c pipelines.Config, l float64) pipelines.Config { c.Lambda = l; return c }
	coverage := func(c pipelines.Config) pipelines.Config { c.Summarizer.Coverage = true; return c }
	figure := func(c pipelines.Config) pipelines.Config { c.FigureBook, c.Methods = "", []string{"passage"}; return c }
	same := "Identical in both runs, every book in every measure: "
	seeds := "The runs differ in --seed only (A: 1, B: 2): the books are the same, but the folds of cross-validation, the samplers and the random draws differ, so the differences of "
	runCompareCases(t, []compareCase{
		{"baselines, other folds", cv(3, 1), cv(10, 1), rs, rs, []string{"first1000", "names", "oracle", "random"}, 0, []string{same + "First 1000, Oracle, Random, Names."}},
		{"first1000, other seed", cv(10, 1), cv(10, 2), rs, rs, []string{"first1000", "names"}, 0, []string{same + "First 1000, Names."}},
		{"random, other seed", cv(10, 1), cv(10, 2), rs, rs, []string{"first1000", "random"}, 0, []string{"The runs differ in --seed only (A: 1, B: 2): the books are the same, but the random draws differ, so the differences of Random include them"}},
		{"trained, other folds", cv(3, 1), cv(10, 1), rs, rs, []string{"first1000", "passage", "jing"}, 1, []string{"--folds (", "which Block HMM (passage), Jing 1999 (jing) depend on"}},
		{"trained, other folds and seed", cv(3, 1), cv(10, 2), rs, rs, []string{"passage"}, 1, []string{"--folds (", "which Block HMM (passage) depends on"}},
		{"trained, other seed", cv(10, 1), cv(10, 2), rs, rs, []string{"passage", "first1000"}, 0, []string{seeds + "Block HMM (passage) include them (seed variance).\n\nA: "}},
		{"trained, other seed, other figure and methods", cv(10, 1), figure(cv(10, 2)), rs, rs, []string{"passage"}, 0, []string{seeds + "Block HMM (passage) include them"}},
		{"trained on a test corpus, other seed", testCorpus(cv(10, 1), "T"), testCorpus(cv(10, 2), "T"), rs, rs, []string{"passage"}, 0, []string{"the samplers and the random draws differ"}},
		{"trained, other seed and lambda", cv(10, 1), lambda(cv(10, 2), 0.5), rs, rs, []string{"passage"}, 1, []string{"differ in --seed (", "and in lambda: the differences of Block HMM (passage) would mix the two"}},
		{"trained, other seed and coverage", cv(10, 1), coverage(cv(10, 2)), rs, rs, []string{"passage", "first1000"}, 1, []string{"and in summarizer.coverage:"}},
		{"baselines, other seed and lambda", cv(10, 1), lambda(cv(10, 2), 0.5), rs, rs, []string{"first1000"}, 0, []string{same + "First 1000."}},
		{"trained, other lambda, one seed", cv(10, 1), lambda(cv(10, 1), 0.5), rs, rs, []string{"passage"}, 0, []string{same + "Block HMM (passage)."}},
		{"trained on a test corpus, other folds", testCorpus(cv(3, 1), "T"), testCorpus(cv(10, 1), "T"), rs, rs, []string{"passage"}, 0, []string{same + "Block HMM (passage)."}},
		{"other test corpus", testCorpus(cv(10, 1), "T"), testCorpus(cv(10, 1), "U"), rs, rs, []string{"first1000"}, 1, []string{"--test-corpus ("}},
		{"other length filter", minWords(cv(10, 1), 300), cv(10, 1), rs, rs, []string{"first1000"}, 1, []string{"min_book_words ("}},
	})
}

// TestCompareRefusesBadRecall checks that a results.json edited by hand to
// hold a recall outside [0, 1] is refused, naming the file, the method,
// the book and the column, before anything is compared.
func TestCompareRefusesBadRecall(t *testing.T) {
	rs := evaluate.RougeSettings{Stem: true, Data: &rouge.Fingerprint{Exceptions: "e0"}}
	for _, tc := range []struct {
		name   string
		method string
		column string
		value  any
		want   string
	}{
		{"negative", "first1000", "rouge_1_recall", -5, `method "first1000", book "b": rouge_1_recall is -5, not a recall in [0, 1]`},
		{"above one", "random", "rouge_2_recall_nostem", 1.25, `method "random", book "b": rouge_2_recall_nostem is 1.25`},
		{"in range", "random", "rouge_2_recall_nostem", 1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := twoRunDirs(t)
			for _, d := range []string{a, b} {
				finishedRunDir(t, d, cv(10, 1), rs, "first1000", "random")
			}
			path := filepath.Join(b, "results.json")
			editJSON(t, path, func(res map[string]any) {
				for _, m := range res["methods"].([]any) {
					if m := m.(map[string]any); m["name"] == tc.method {
						m["per_book"].(map[string]any)["b"].(map[string]any)[tc.column] = tc.value
					}
				}
			})
			stdout, stderr, code := bookalign(t, "compare", a, b)
			if tc.want == "" {
				if code != 0 || !strings.Contains(stdout, "| Random |") {
					t.Errorf("exit %d:\n%s%s", code, stdout, stderr)
				}
				return
			}
			if code != 1 || !strings.Contains(stderr, path+": ") || !strings.Contains(stderr, tc.want) || stdout != "" {
				t.Errorf("exit %d, want 1 naming %s and saying %q:\n%s%s", code, path, tc.want, stdout, stderr)
			}
		})
	}
}

// editJSON rewrites the JSON object in the file at path with edit.
func editJSON(t *testing.T, path string, edit func(map[string]any)) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	edit(v)
	if b, err = json.Marshal(v); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// rougeDataDir writes a ROUGE data directory holding the stopword list
// stop, the verb exceptions verbs and empty other exception lists.
func rougeDataDir(t *testing.T, stop, verbs string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range rouge.DataFiles() {
		body := ""
		switch name {
		case rouge.StopwordFile:
			body = stop
		case rouge.ExceptionFiles[3]:
			body = verbs
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestCompareRunsScoredOtherwise runs First 1000 on the sample corpus
// without ROUGE data and with two data directories that differ in one
// stopword only, and checks that compare refuses every pair but a run and
// its rerun with the same data: the runs record the data their scorers read.
func TestCompareRunsScoredOtherwise(t *testing.T) {
	root := t.TempDir()
	dataA := rougeDataDir(t, "the\na\nof\n", "went go\nsaw see\n")
	dataB := rougeDataDir(t, "the\na\nand\n", "went go\nsaw see\n")
	dataA2 := rougeDataDir(t, "of\r\nthe\na\nthe\n", "saw see\nwent go\n") // dataA as loaded
	runs := map[string][]string{"none": nil, "A": {"--rouge-data", dataA}, "B": {"--rouge-data", dataB}, "A2": {"--rouge-data", dataA2}}
	for name, extra := range runs {
		args := append([]string{"run", "--corpus", filepath.Join("..", "..", "sample"), "--out", filepath.Join(root, name), "--methods", "first1000", "--quiet", "--report=false"}, extra...)
		if _, stderr, code := bookalign(t, args...); code != 0 {
			t.Fatalf("run %s: exit %d: %s", name, code, stderr)
		}
	}
	for _, tc := range []struct {
		a, b string
		code int
		want string
	}{
		{"none", "A", 1, "rouge.exceptions (the WordNet exception table): false in"},
		{"A", "B", 1, "rouge.data.stopwords_sha256 (the stopword list as loaded)"},
		{"A", "A2", 0, "Identical in both runs, every book in every measure: First 1000."},
	} {
		stdout, stderr, code := bookalign(t, "compare", filepath.Join(root, tc.a), filepath.Join(root, tc.b))
		if code != tc.code || !strings.Contains(stdout+stderr, tc.want) {
			t.Errorf("compare %s %s: exit %d, want %d saying %q:\n%s%s", tc.a, tc.b, code, tc.code, tc.want, stdout, stderr)
		}
	}
}

// TestCompareNoSharedMethod checks that runs without a method in common,
// or without any method, are refused saying so.
func TestCompareNoSharedMethod(t *testing.T) {
	rs := evaluate.RougeSettings{Stem: true, Data: &rouge.Fingerprint{Exceptions: "e0"}}
	runCompareCases(t, []compareCase{
		{"no method in either", cv(10, 1), cv(10, 1), rs, rs, nil, 1, []string{"the runs share no method (A: none; B: none)"}},
	})
}

// TestCompareSeedsOfSampleRuns runs First 1000, Random and the Passage
// HMM on the sample corpus under two seeds, and under another seed and
// other folds, and checks that compare compares the two seeds, saying
// that their folds and draws differ, with First 1000, which no seed
// changes, in one line; and that other folds are still refused.
func TestCompareSeedsOfSampleRuns(t *testing.T) {
	root := t.TempDir()
	runs := map[string][]string{"seed1": {"--seed", "1"}, "seed2": {"--seed", "2"}, "seed2folds4": {"--seed", "2", "--folds", "4"}}
	for name, extra := range runs {
		args := append([]string{"run", "--corpus", filepath.Join("..", "..", "sample"), "--out", filepath.Join(root, name),
			"--methods", "first1000,random,passage", "--folds", "3", "--set", "align.iterations=20", "--quiet", "--report=false"}, extra...)
		if _, stderr, code := bookalign(t, args...); code != 0 {
			t.Fatalf("run %s: exit %d: %s", name, code, stderr)
		}
	}
	stdout, stderr, code := bookalign(t, "compare", filepath.Join(root, "seed1"), filepath.Join(root, "seed2"))
	if code != 0 {
		t.Fatalf("compare of two seeds: exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"The runs differ in --seed only (A: 1, B: 2): the books are the same, but the folds of cross-validation, the samplers and the random draws differ, so the differences of Block HMM (passage), Random include them",
		"| Block HMM (passage) | ROUGE-1 |", "| Random | ROUGE-2 |",
		"Identical in both runs, every book in every measure: First 1000.",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("compare of two seeds does not say %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "| First 1000 |") {
		t.Errorf("compare of two seeds gives First 1000 rows:\n%s", stdout)
	}
	_, stderr, code = bookalign(t, "compare", filepath.Join(root, "seed1"), filepath.Join(root, "seed2folds4"))
	if code != 1 || !strings.Contains(stderr, "differ in their --folds (") || !strings.Contains(stderr, "which Block HMM (passage) depends on") {
		t.Errorf("compare of other folds: exit %d: %s", code, stderr)
	}
}

// TestCompareNamesMethodsAsTables checks that every message of compare
// names a method by its display name, as the tables do ("Word HMM
// (token)", never "token" alone): the seed note, the refusals of other
// folds and of another seed with another setting, the methods of one run
// only and runs that share none.
func TestCompareNamesMethodsAsTables(t *testing.T) {
	rs := evaluate.RougeSettings{Stem: true, Data: &rouge.Fingerprint{Exceptions: "e0"}}
	lambda := cv(10, 2)
	lambda.Lambda = 0.5
	for _, tc := range []struct {
		name               string
		setA, setB         pipelines.Config
		methodsA, methodsB []string
		code               int
		want               string
	}{
		{"seed note", cv(10, 1), cv(10, 2), []string{"token", "jing", "lexrank", "random"}, []string{"token", "jing", "lexrank", "random"}, 0,
			"so the differences of Word HMM (token), Jing 1999 (jing), Random include them"},
		{"other folds", cv(3, 1), cv(10, 1), []string{"token", "oracle-content"}, []string{"token", "oracle-content"}, 1,
			"which Word HMM (token) depends on"},
		{"other seed and setting", cv(10, 1), lambda, []string{"token"}, []string{"token"}, 1,
			"the differences of Word HMM (token) would mix the two"},
		{"one run only", cv(10, 1), cv(10, 1), []string{"first1000", "token", "textrank"}, []string{"first1000"}, 0,
			"Not compared, scored in one run only: Word HMM (token), TextRank."},
		{"none shared", cv(10, 1), cv(10, 1), []string{"token"}, []string{"oracle-content"}, 1,
			"the runs share no method (A: Word HMM (token); B: Content oracle (oracle-content))"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, b := twoRunDirs(t)
			finishedRunDir(t, a, tc.setA, rs, tc.methodsA...)
			finishedRunDir(t, b, tc.setB, rs, tc.methodsB...)
			stdout, stderr, code := bookalign(t, "compare", a, b)
			out := stdout + stderr
			if code != tc.code || !strings.Contains(out, tc.want) {
				t.Fatalf("exit %d, want %d saying %q:\n%s", code, tc.code, tc.want, out)
			}
			bare := out
			for _, m := range evaluate.Methods {
				bare = strings.ReplaceAll(bare, m.Label, "")
			}
			for _, name := range []string{"passage", "token", "jing", "first1000", "lexrank", "textrank", "oracle-content"} {
				if regexp.MustCompile(`(^|[^\w/-])` + name + `($|[^\w-])`).MatchString(bare) {
					t.Errorf("compare names %s without its display name:\n%s", name, out)
				}
			}
		})
	}
}
