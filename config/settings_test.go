package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify/features"
)

func TestPresets(t *testing.T) {
	def, paper := Default(), Paper()
	if !def.Summarizer.Coverage || !def.Summarizer.Counts || !def.Summarizer.Events || def.Align.PaperAligners || def.Align.WholeSpans {
		t.Errorf("defaults %+v", def)
	}
	if !reflect.DeepEqual(paper.Summarizer, features.Settings{}) || !paper.Align.PaperAligners || !paper.Align.WholeSpans ||
		paper.LambdaTolerance != 0 || def.LambdaTolerance <= 0 {
		t.Errorf("paper %+v", paper)
	}
	// The paper preset changes only the aligners' label rule and forms, the
	// summarizer and how closely the fits that choose lambda converge: the
	// books, folds and budget are the same.
	paper.Align, paper.Summarizer, paper.LambdaTolerance = def.Align, def.Summarizer, def.LambdaTolerance
	if !reflect.DeepEqual(paper, def) {
		t.Errorf("the paper preset changes more than the method:\n%+v\n%+v", paper, def)
	}
	for _, name := range []string{"", "default", "paper"} {
		if _, err := Preset(name); err != nil {
			t.Errorf("Preset(%q): %v", name, err)
		}
	}
	if _, err := Preset("fast"); err == nil {
		t.Error("unknown preset: no error")
	}
}

func TestWriteRead(t *testing.T) {
	for _, s := range []Settings{Default(), Paper()} {
		var b bytes.Buffer
		if err := s.Write(&b); err != nil {
			t.Fatal(err)
		}
		var doc map[string]map[string]any
		_ = json.Unmarshal(b.Bytes(), &doc) // the sections
		if _, ok := doc["summarizer"]["counts"]; !ok {
			t.Errorf("a field left out:\n%s", b.String())
		}
		if _, ok := doc["summarizer"]["coverage_stopwords"]; ok {
			t.Errorf("the run's stopword list written:\n%s", b.String())
		}
		// Read over the other preset gives s back: every field is written.
		got, err := Read(&b, Settings{Seed: 99, Summarizer: features.Settings{Vocabulary: 7}})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.WithoutUnused(), s) {
			t.Errorf("read back:\n%+v\nwant\n%+v", got, s)
		}
	}
	for _, bad := range []string{`{"lamda": 1}`, `{"align": {"iteration": 1}}`, `{"words": "many"}`, `{} {}`, `[`} {
		if _, err := Read(strings.NewReader(bad), Default()); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	s, err := Read(strings.NewReader(`{"lambda": 0.5}`), Paper())
	if err != nil || s.Lambda != 0.5 || !s.Align.PaperAligners {
		t.Errorf("a partial file over the paper preset: %+v, %v", s, err)
	}
}

func TestSet(t *testing.T) {
	for _, tc := range []struct {
		key, value string
		check      func(Settings) bool
	}{
		{"lambda", "0.5", func(s Settings) bool { return s.Lambda == 0.5 }},
		{"seed", "18446744073709551615", func(s Settings) bool { return s.Seed == 18446744073709551615 }},
		{"figure_book", "emma", func(s Settings) bool { return s.FigureBook == "emma" }},
		{"figure_book", "", func(s Settings) bool { return s.FigureBook == "" }},
		{"methods", "passage, names", func(s Settings) bool { return reflect.DeepEqual(s.Methods, []string{"passage", "names"}) }},
		{"align.extra", `["jing"]`, func(s Settings) bool { return reflect.DeepEqual(s.Align.Extra, []string{"jing"}) }},
		{"align.extra", "token", func(s Settings) bool { return reflect.DeepEqual(s.Align.Extra, []string{"token"}) }},
		{"summarizer.coverage_prior", "0", func(s Settings) bool { return s.Summarizer.CoveragePrior == 0 && s.Summarizer.Coverage }},
	} {
		s, err := Default().Set(tc.key, tc.value)
		if err != nil || !tc.check(s) {
			t.Errorf("Set(%q, %q) = %+v, %v", tc.key, tc.value, s, err)
		}
	}
	for _, tc := range []struct{ key, value, want string }{
		{"lamda", "1", `unknown setting "lamda"`},
		{"align.iteration", "1", "known in this section: extra, iterations"},
		{"align", "1", "is a section"},
		{"lambda.x", "1", "not a section"},
		{"words", "many", "words"},
	} {
		if _, err := Default().Set(tc.key, tc.value); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Set(%q, %q): %v, want an error with %q", tc.key, tc.value, err, tc.want)
		}
	}
}

func TestCheck(t *testing.T) {
	if err := Default().Check(); err != nil {
		t.Fatal(err)
	}
	if err := Paper().Check(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		key, value string
		want       string // "" for no error
	}{
		{"folds", "1", "folds 1 is out of range: want 2 to 1000"},
		{"folds", "1000", ""},
		{"folds", "1001", "folds 1001 is out of range: want 2 to 1000"},
		{"folds", "1000000000", "folds 1000000000 is out of range"},
		{"words", "0", "words 0 is out of range: want 1 to 33554432"},
		{"words", "33554433", "words 33554433 is out of range"},
		{"min_book_words", "-1", "min_book_words -1 is out of range: want 0 to 33554432"},
		{"min_summary_words", "1000000000", "min_summary_words 1000000000 is out of range"},
		{"lambda", "-1", "lambda -1 is out of range: want 0 to 1000"},
		{"lambda", "1e300", "lambda 1e+300 is out of range: want 0 to 1000"},
		{"lambda", "1000", ""},
		{"lambda_tolerance", "1", "lambda_tolerance 1 is out of range: want 0 or more, below 1"},
		{"lambda_tolerance", "0.5", ""},
		{"align.iterations", "-1", "align.iterations -1 is out of range: want 0 to 10000"},
		{"align.iterations", "1000000000", "align.iterations 1000000000 is out of range"},
		{"align.passage_prior", "-1", "align.passage_prior -1 is out of range: want 0, or 1e-06 to 1e+12"},
		{"align.passage_prior", "1e307", "align.passage_prior 1e+307 is out of range"},
		{"align.passage_prior", "1e-300", "align.passage_prior 1e-300 is out of range"},
		{"align.passage_prior", "1e12", ""},
		{"summarizer.names", "-3", "summarizer.names -3 is out of range: want 0 to 1048576 (0: 100)"},
		{"summarizer.names", "1048577", "summarizer.names 1048577 is out of range"},
		{"summarizer.names", "1048576", ""},
		{"summarizer.names", "1000000000", "summarizer.names 1000000000 is out of range"},
		{"summarizer.vocabulary", "-1", "summarizer.vocabulary -1 is out of range: want 0 to 1048576 (0: 10000)"},
		{"summarizer.vocabulary", "1048577", "summarizer.vocabulary 1048577 is out of range"},
		{"summarizer.coverage_bigram", "1e307", "summarizer.coverage_bigram 1e+307 is out of range: want 0 to 1e+06"},
		{"summarizer.coverage_prior", "-0.5", "summarizer.coverage_prior -0.5 is out of range"},
		{"summarizer.coverage_function", "2", "summarizer.coverage_function 2 is out of range: want 0 to 1"},
		{"summarizer.coverage_min_words", "-1", "summarizer.coverage_min_words -1 is out of range: want 0 to 33554432"},
		{"summarizer.coverage_plot", "names,first", `summarizer.coverage_plot names,first is out of range: want a comma-separated list of names, spread, density, link; or none`},
		{"summarizer.coverage_plot", "names,spread,density,link", ""},
		{"summarizer.coverage_plot", "link=0.25", `summarizer.coverage_plot link=0.25 is out of range: want a comma-separated list of names, spread, density, link; or none`},
		{"summarizer.coverage_plot", "names,spread,density", ""},
		{"summarizer.coverage_plot", "none", ""},
	} {
		s, err := Default().Set(tc.key, tc.value)
		if err != nil {
			t.Fatalf("Set(%q, %q): %v", tc.key, tc.value, err)
		}
		err = s.Check()
		wantError(t, err, tc.want, fmt.Sprintf("%s=%s", tc.key, tc.value))
	}
}

// TestCheckCancelling: coverage extraction with a zero prior weight never
// uses the trained models; with a trained method it is refused, naming
// both keys.
func TestCheckCancelling(t *testing.T) {
	for _, tc := range []struct {
		name string
		sets [][2]string
		want string // "" for no error
	}{
		{"zero prior", [][2]string{{"summarizer.coverage_prior", "0"}}, "summarizer.coverage_prior 0 with summarizer.coverage true"},
		{"zero prior, baselines only", [][2]string{{"summarizer.coverage_prior", "0"}, {"methods", "first1000,random"}}, ""},
		{"zero prior, one trained", [][2]string{{"summarizer.coverage_prior", "0"}, {"methods", "jing,random"}}, "the summaries of jing would not"},
		{"zero prior, coverage off", [][2]string{{"summarizer.coverage_prior", "0"}, {"summarizer.coverage", "false"}}, ""},
	} {
		s := Default()
		var err error
		for _, kv := range tc.sets {
			if s, err = s.Set(kv[0], kv[1]); err != nil {
				t.Fatal(err)
			}
		}
		err = s.Check()
		wantError(t, err, tc.want, tc.name)
	}
}

// TestCoverageTurnedOn: turning coverage extraction on over the paper
// preset, with --set or in a file, brings the documented default weights,
// unless they are given; the result passes Check.
func TestCoverageTurnedOn(t *testing.T) {
	want := Default().Summarizer
	want.Counts, want.Events = false, false
	viaSet, err := Paper().Set("summarizer.coverage", "true")
	if err != nil {
		t.Fatal(err)
	}
	viaFile, err := Read(strings.NewReader(`{"summarizer": {"coverage": true}}`), Paper())
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]Settings{"--set": viaSet, "file": viaFile} {
		if !reflect.DeepEqual(s.Summarizer, want) {
			t.Errorf("%s: %+v, want %+v", name, s.Summarizer, want)
		}
		if err := s.Check(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	given, err := Read(strings.NewReader(`{"summarizer": {"coverage": true, "coverage_bigram": 2}}`), Paper())
	if err != nil || given.Summarizer.CoverageBigram != 2 || given.Summarizer.CoveragePrior != CoveragePrior {
		t.Errorf("a weight given: %+v, %v", given.Summarizer, err)
	}
	// A weight set before coverage is turned on is kept, a zero too.
	for _, bigram := range []string{"5", "0"} {
		s, err := Paper().Set("summarizer.coverage_bigram", bigram)
		if err == nil {
			s, err = s.Set("summarizer.coverage", "true")
		}
		if err != nil || fmt.Sprint(s.Summarizer.CoverageBigram) != bigram || s.Summarizer.CoveragePrior != CoveragePrior {
			t.Errorf("coverage_bigram=%s, then coverage on: %+v, %v", bigram, s.Summarizer, err)
		}
	}
	// Off again, the weights are cleared.
	off, err := viaSet.Set("summarizer.coverage", "false")
	if err != nil || !reflect.DeepEqual(off.WithoutUnused().Summarizer, Paper().Summarizer) {
		t.Errorf("off again: %+v, %v", off.Summarizer, err)
	}
}

// TestReadRefuses: what decoding into Settings would let pass silently or
// report in Go's terms is refused in the settings' terms, at every level.
func TestReadRefuses(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`{"WORDS": 5, "words": 1000, "Words": 7}`, `unknown setting "WORDS": keys are lower case, as in "words"`},
		{`{"words": 5, "words": 7}`, `setting "words" given twice`},
		{`{"align": {"iterations": 5, "iterations": 7}}`, `setting "align.iterations" given twice`},
		{`{"align": {"Iterations": 5}}`, `unknown setting "align.Iterations": keys are lower case, as in "align.iterations"`},
		{`{"summarizer": {"NAMES": 5}}`, `as in "summarizer.names"`},
		{`{"summarizer": {"names": 1}, "summarizer": {"names": 2}}`, `setting "summarizer" given twice`},
		{`{"Summarizer": {"names": 1}}`, `as in "summarizer"`},
		{`{"summarizer": {"coverage_stopwords": ["the"]}}`, "summarizer.coverage_stopwords is not a setting: coverage extraction takes ROUGE's stopword list"},
		{`{"words": null}`, `setting "words" is null`},
		{`{"align": null}`, `setting "align" is null`},
		{`null`, "want a JSON object of settings"},
		{`[1]`, "want a JSON object of settings, as bookalign config prints, not a list"},
		{``, "empty or cut short"},
		{`{"words": "many"}`, "words: want a whole number (e.g. 1000), not a string"},
		{`{"words": 1e30}`, "words: want a whole number (e.g. 1000), not the number 1e30"},
		{`{"seed": -1}`, "seed: want a whole number, 0 or more"},
		{`{"align": {"iterations": 1.5}}`, `align.iterations: want a whole number (e.g. 50) or "auto" (the aligners' own: Passage HMM 500 rounds, Token HMM at most 20), not the number 1.5`},
		{`{"lambda": "abc"}`, `lambda: want a finite number (e.g. 0.5) or "auto" (chosen on an inner split of each training set), not a string`},
		{`{"figure_book": 5}`, `figure_book: want a string (e.g. "heart-of-darkness"), not a number`},
		{`{"methods": 5}`, `methods: want a list of strings (e.g. ["passage", "first1000"]), not a number`},
		{`{"lambda": 1e400}`, "lambda: want a finite number"},
		{`{"methods": "passage"}`, "methods: want a list of strings"},
		{`{"words": 5 x`, "not JSON at byte"},
		{`{"` + strings.Repeat("k", 1000) + `": 1}`, `(1000 bytes)`},
	} {
		_, err := Read(strings.NewReader(tc.doc), Default())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.60s: %v, want an error with %q", tc.doc, err, tc.want)
		}
		if err != nil && (strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "json:") || len(err.Error()) > 400) {
			t.Errorf("%.60s: %v: Go's terms, or too long", tc.doc, err)
		}
	}
}

func TestWithoutUnused(t *testing.T) {
	s := Default()
	s.Summarizer.Coverage = false
	if got := s.WithoutUnused().Summarizer; got.CoverageBigram != 0 || got.CoveragePrior != 0 || got.CoverageMinWords != 0 || got.CoverageFunction != 0 || got.Validate() != nil {
		t.Errorf("coverage off: %+v", got)
	}
	if got := Default().WithoutUnused(); !reflect.DeepEqual(got, Default()) {
		t.Errorf("the defaults changed: %+v", got)
	}
}

func FuzzRead(f *testing.F) {
	var b bytes.Buffer
	_ = Default().Write(&b)
	f.Add(b.String())
	f.Add(`{"align": {"extra": ["jing"]}, "lambda": 1e-3}`)
	f.Fuzz(func(t *testing.T, doc string) {
		s, err := Read(strings.NewReader(doc), Default())
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := s.Write(&out); err != nil {
			t.Fatal(err)
		}
		again, err := Read(&out, Settings{})
		if err != nil {
			t.Fatalf("written settings do not read back: %v\n%s", err, out.String())
		}
		if !reflect.DeepEqual(again.WithoutUnused(), s.WithoutUnused()) {
			t.Fatalf("round trip changed the settings:\n%+v\n%+v", again, s)
		}
	})
}

// TestCheckNames: the settings that name things are checked with the
// numbers, so that `bookalign config` refuses what a run would, and a long
// value is quoted short.
func TestCheckNames(t *testing.T) {
	long := strings.Repeat("x", 60<<20)
	for _, tc := range []struct {
		name string
		edit func(s *Settings)
		want string // "" for no error
	}{
		{"defaults", func(*Settings) {}, ""},
		{"no methods", func(s *Settings) { s.Methods = nil }, "no method to run: methods is empty"},
		{"unknown method", func(s *Settings) { s.Methods = []string{"passage", "magic"} }, `unknown method "magic" in methods (known: passage, token, jing`},
		{"a method twice", func(s *Settings) { s.Methods = []string{"passage", "first1000", "passage"} }, `methods lists "passage" twice`},
		{"unknown aligner", func(s *Settings) { s.Align.Extra = []string{"first1000"} }, `unknown aligner "first1000" in align.extra (known: passage, token, jing)`},
		{"an aligner twice", func(s *Settings) { s.Align.Extra = []string{"jing", "jing"} }, `align.extra lists "jing" twice`},
		{"figure_book unsafe", func(s *Settings) { s.FigureBook = "../x" }, `figure_book "../x": id`},
		{"figure_book long", func(s *Settings) { s.FigureBook = long }, `figure_book "` + strings.Repeat("x", 64) + `"… (62914560 bytes): id longer than 200 bytes`},
		{"a long method", func(s *Settings) { s.Methods = []string{long} }, `unknown method "` + strings.Repeat("x", 64) + `"… (62914560 bytes)`},
	} {
		s := Default()
		tc.edit(&s)
		err := s.Check()
		wantError(t, err, tc.want, tc.name)
	}
}

// wantError reports an error unless err is nil where want is empty, or
// holds want and is short (one line of a terminal or two) where it is not.
func wantError(t *testing.T, err error, want, what string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: %v", what, err)
	case want != "" && (err == nil || !strings.Contains(err.Error(), want) || len(err.Error()) > 400):
		t.Errorf("%s: %.400v, want an error with %q", what, err, want)
	}
}
