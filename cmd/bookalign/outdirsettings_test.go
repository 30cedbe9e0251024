package main

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/rundir"
)

// TestRunDiffer is a table of a finished run and a new run in the same
// --out: the settings runDiffer names, none when the new run reruns the
// finished one (accepted), the keys as a user gives them otherwise.
func TestRunDiffer(t *testing.T) {
	// run is the configuration of `./run.sh` on the sample: the default
	// settings, the built-in ROUGE data, ROUGE's stopwords resolved for
	// coverage extraction, as openOutDir has it.
	run := func(edit func(*pipelines.Config)) pipelines.Config {
		c := pipelines.Config{Settings: config.Default(), Corpus: "sample", Thesaurus: "../shared/thesaurus",
			Rouge: rouge.Options{DataDir: "builtin"}, CoverageStopwords: []string{"a", "the"}}
		if edit != nil {
			edit(&c)
		}
		c.Settings = c.Settings.WithoutUnused()
		return c
	}
	methods := func(m ...string) func(*pipelines.Config) {
		return func(c *pipelines.Config) { c.Methods = m }
	}
	both := func(edits ...func(*pipelines.Config)) func(*pipelines.Config) {
		return func(c *pipelines.Config) {
			for _, e := range edits {
				e(c)
			}
		}
	}
	first := methods("first1000")
	passage := methods("passage")
	for _, tc := range []struct {
		name         string
		earlier, now func(*pipelines.Config)
		want         []string
	}{
		{"the same run", nil, nil, nil},
		{"all methods, then first1000 alone", nil, first, []string{"methods"}},
		{"first1000, then all methods", first, nil, []string{"methods"}},
		{"methods in another order, one twice", methods("random", "first1000"), methods("first1000", "random", "first1000"), nil},
		{"first1000: other folds", first, both(first, func(c *pipelines.Config) { c.Folds = 6 }), nil},
		{"first1000: other aligner settings", first, both(first, func(c *pipelines.Config) { c.Align.Iterations = 20; c.Align.Synonyms = true }), nil},
		{"first1000: coverage off", first, both(first, func(c *pipelines.Config) { c.Summarizer.Coverage = false }), nil},
		{"first1000: the paper preset", first, both(func(c *pipelines.Config) { c.Settings = config.Paper() }, first), nil},
		{"first1000: lambda, figure_book", first, both(first, func(c *pipelines.Config) { c.Lambda, c.FigureBook = 2, "" }), nil},
		{"first1000: no thesaurus", first, both(first, func(c *pipelines.Config) { c.Thesaurus = "" }), nil},
		{"first1000: words", first, both(first, func(c *pipelines.Config) { c.Words = 500 }), []string{"words"}},
		{"first1000: seed, the bootstrap's", first, both(first, func(c *pipelines.Config) { c.Seed = 2 }), []string{"seed"}},
		{"first1000: length filter and links", first, both(first, func(c *pipelines.Config) { c.MinBookWords, c.MinSummaryWords, c.AllowOutsideSymlinks = 1, 2, true }),
			[]string{"allow_outside_symlinks", "min_book_words", "min_summary_words"}},
		{"first1000: an extra aligner", first, both(first, func(c *pipelines.Config) { c.Align.Extra = []string{"passage"} }), []string{"align.extra"}},
		{"first1000 and an extra aligner: its iterations", both(first, func(c *pipelines.Config) { c.Align.Extra = []string{"passage"} }),
			both(first, func(c *pipelines.Config) { c.Align.Extra = []string{"passage"}; c.Align.Iterations = 20 }), []string{"align.iterations"}},
		{"first1000: corpus, test corpus, ROUGE data", first, both(first, func(c *pipelines.Config) { c.Corpus, c.TestCorpus, c.Rouge.DataDir = "other", "test", "" }),
			[]string{"--corpus", "--rouge-data", "--test-corpus"}},
		{"passage: folds", passage, both(passage, func(c *pipelines.Config) { c.Folds = 6 }), []string{"folds"}},
		{"passage: coverage off, its weights unused", passage, both(passage, func(c *pipelines.Config) { c.Summarizer.Coverage = false }), []string{"summarizer.coverage"}},
		{"passage: a coverage weight", passage, both(passage, func(c *pipelines.Config) { c.Summarizer.CoverageBigram = 5 }), []string{"summarizer.coverage_bigram"}},
		{"passage: the vocabulary, auto against a number", passage, both(passage, func(c *pipelines.Config) { c.Summarizer.Vocabulary = 500 }), []string{"summarizer.vocabulary"}},
		{"passage: lambda fixed, then its tolerance", both(passage, func(c *pipelines.Config) { c.Lambda = 0.5 }),
			both(passage, func(c *pipelines.Config) { c.Lambda, c.LambdaTolerance = 0.5, 0.1 }), nil},
		{"passage: lambda chosen, its tolerance", passage, both(passage, func(c *pipelines.Config) { c.LambdaTolerance = 0.1 }), []string{"lambda_tolerance"}},
		{"passage: the thesaurus, no synonyms", passage, both(passage, func(c *pipelines.Config) { c.Thesaurus = "/elsewhere" }), nil},
		{"token with synonyms: the thesaurus", both(methods("token"), func(c *pipelines.Config) { c.Align.Synonyms = true }),
			both(methods("token"), func(c *pipelines.Config) { c.Align.Synonyms = true; c.Thesaurus = "/elsewhere" }), []string{"--thesaurus"}},
		{"token: the paper preset", methods("token"), both(func(c *pipelines.Config) { c.Settings = config.Paper() }, methods("token")),
			[]string{"align.paper_aligners", "align.whole_spans", "lambda_tolerance", "summarizer.counts", "summarizer.coverage", "summarizer.events"}},
		{"derived: stopwords, runner", nil, func(c *pipelines.Config) { c.CoverageStopwords, c.TrainByMethod = nil, true }, nil},
		{"two differences, sorted", first, both(methods("first1000", "random"), func(c *pipelines.Config) { c.Words = 10 }), []string{"methods", "words"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			diff, err := runDiffer(marshal(t, run(tc.earlier)), marshal(t, run(tc.now)))
			if err != nil {
				t.Fatal(err)
			}
			var keys []string
			for _, d := range diff {
				keys = append(keys, d.Key)
				if d.Earlier == d.Now {
					t.Errorf("%s shown the same on both sides: %q", d.Key, d.Earlier)
				}
			}
			if !slices.Equal(keys, tc.want) {
				t.Errorf("differ in %q, want %q (%+v)", keys, tc.want, diff)
			}
		})
	}
	// What the message shows: the case, and a setting the run
	// chooses (the "auto" of bookalign config).
	for _, tc := range []struct {
		earlier, now func(*pipelines.Config)
		want         rundir.Difference
	}{
		{nil, first, rundir.Difference{Key: "methods", Earlier: "passage,token,jing,first1000,oracle,oracle-content,random,names,lexrank,textrank", Now: "first1000"}},
		{nil, func(c *pipelines.Config) { c.Align.Iterations = 3 }, rundir.Difference{Key: "align.iterations", Earlier: `"auto"`, Now: "3"}},
	} {
		diff, err := runDiffer(marshal(t, run(tc.earlier)), marshal(t, run(tc.now)))
		if err != nil || !slices.Equal(diff, []rundir.Difference{tc.want}) {
			t.Errorf("runDiffer = %+v, %v; want %+v", diff, err, tc.want)
		}
	}
}

// TestRunDifferBadMarker checks that settings in run.json that are not a
// run's are an error naming the file, not a difference.
func TestRunDifferBadMarker(t *testing.T) {
	good := marshal(t, pipelines.Config{Settings: config.Default()})
	for _, tc := range []struct{ name, earlier, err string }{
		{"not JSON", `{`, "the settings in run.json"},
		{"a list", `[]`, "the settings in run.json"},
		{"a field of the wrong type", `{"words":"many"}`, "the settings in run.json"},
	} {
		if _, err := runDiffer(json.RawMessage(tc.earlier), good); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.err)
		}
	}
}

// TestRunDifferCoversConfig fails when pipelines.Config gains a field that
// runDiffer neither compares (config.Settings, runFlags) nor leaves out
// knowingly (runDiffer's comment): a new setting must be classified.
func TestRunDifferCoversConfig(t *testing.T) {
	known := map[string]bool{"Settings": true, "Corpus": true, "TestCorpus": true, "Thesaurus": true, "Rouge": true,
		"Out": true, "CorpusName": true, "CoverageStopwords": true, "TrainByMethod": true}
	for f := range reflect.TypeFor[pipelines.Config]().Fields() {
		if !known[f.Name] {
			t.Errorf("pipelines.Config.%s: compare it in runDiffer (runFlags) or say there why it is left out", f.Name)
		}
	}
	if got := reflect.TypeFor[rouge.Options]().NumField(); got != 2 {
		t.Errorf("rouge.Options has %d fields, runFlags compares 2 (--rouge-data, rouge.stopwords)", got)
	}
}

func marshal(t *testing.T, c pipelines.Config) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
