package main

import (
	"flag"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/pipelines"
)

func TestExperimentFlags(t *testing.T) {
	def := pipelines.DefaultConfig()
	for _, tc := range []struct {
		name       string
		args       []string
		features   classify.Settings
		wholeSpans bool
		lambda     float64
		paperAlign bool
	}{
		{"defaults", nil, def.Features, false, 0, false},
		{"paper preset", []string{"--preset", "paper"}, classify.Settings{}, true, 0, true},
		{"paper preset keeps lambda", []string{"--preset=paper", "--lambda", "1e-5"}, classify.Settings{}, true, 1e-5, true},
		{"explicit flags win over the preset", []string{"--count-features", "--preset", "paper", "--whole-span-labels=false"},
			classify.Settings{Counts: true}, false, 0, true},
		{"paper preset with vocabulary setting", []string{"--preset", "paper", "--min-vocab-books", "3"}, classify.Settings{MinBooks: 3}, true, 0, true},
		{"plot features and spread", []string{"--plot-features", "dialogue,chapter", "--coverage=false", "--segments", "10", "--redundancy", "0.5"},
			func() classify.Settings {
				s := def.Features
				s.Characters, s.Dialogue, s.Chapter, s.Segments, s.Redundancy = false, true, true, 10, 0.5
				s.Coverage, s.CoverageBigram, s.CoveragePrior, s.CoverageMinWords, s.CoverageFunction = false, 0, 0, 0, 0
				return s
			}(), false, 0, false},
		{"no coverage", []string{"--coverage=false"}, func() classify.Settings {
			s := def.Features
			s.Coverage, s.CoverageBigram, s.CoveragePrior, s.CoverageMinWords, s.CoverageFunction = false, 0, 0, 0, 0
			return s
		}(), false, 0, false},
		{"coverage weights", []string{"--coverage-bigram", "2", "--coverage-prior", "0.1", "--coverage-min-words", "0"}, func() classify.Settings {
			s := def.Features
			s.CoverageBigram, s.CoveragePrior, s.CoverageMinWords = 2, 0.1, 0
			return s
		}(), false, 0, false},
		{"paper preset, then coverage", []string{"--preset", "paper", "--coverage", "--coverage-prior", "0"},
			classify.Settings{Coverage: true, CoverageBigram: def.Features.CoverageBigram, CoverageMinWords: def.Features.CoverageMinWords, CoverageFunction: def.Features.CoverageFunction}, true, 0, true},
		{"no plot features", []string{"--plot-features="}, func() classify.Settings {
			s := def.Features
			s.Characters, s.Dialogue, s.Chapter = false, false, false
			return s
		}(), false, 0, false},
		{"paper preset, stemmed aligners", []string{"--preset", "paper", "--paper-aligners=false"}, classify.Settings{}, true, 0, false},
		{"paper aligners alone", []string{"--paper-aligners"}, def.Features, false, 0, true},
		{"event features", []string{"--event-features=" + map[bool]string{true: "false", false: "true"}[def.Features.Events]},
			func() classify.Settings {
				s := def.Features
				s.Events = !s.Events
				return s
			}(), false, 0, false},
		{"paper preset, then event features", []string{"--preset", "paper", "--event-features"}, classify.Settings{Events: true}, true, 0, true},
		{"paper preset, then a plot feature", []string{"--preset", "paper", "--plot-features", "characters", "--segments", "5"},
			classify.Settings{Characters: true, Segments: 5}, true, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			read := addExperimentFlags(fs)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			cfg := read()
			if !reflect.DeepEqual(cfg.Features, tc.features) || cfg.Align.WholeSpans != tc.wholeSpans || cfg.Lambda != tc.lambda || cfg.Align.PaperAligners != tc.paperAlign {
				t.Errorf("features %+v whole spans %v lambda %v paper aligners %v, want %+v %v %v %v",
					cfg.Features, cfg.Align.WholeSpans, cfg.Lambda, cfg.Align.PaperAligners, tc.features, tc.wholeSpans, tc.lambda, tc.paperAlign)
			}
		})
	}
	for _, bad := range [][]string{{"--preset", "fast"}, {"--plot-features", "characters,plot"}} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		addExperimentFlags(fs)
		if err := fs.Parse(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestBesideIsThePreset checks that --beside paper leaves the run's own
// settings as they are and adds the variant that --preset paper with the
// same flags would run: the paper variant is the preset, explicit flags
// included.
func TestBesideIsThePreset(t *testing.T) {
	read := func(args ...string) pipelines.Config {
		t.Helper()
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		cfg := addExperimentFlags(fs)
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return cfg()
	}
	for _, args := range [][]string{
		nil,
		{"--coverage=false", "--segments", "5", "--lambda", "1e-4"},
		{"--coverage", "--coverage-bigram", "2"},
		{"--whole-span-labels", "--min-vocab-books", "2"},
		{"--paper-aligners=false", "--plot-features", "dialogue"},
	} {
		own, paper := read(args...), read(append(args, "--preset", "paper")...)
		got := read(append(args, "--beside", "paper")...)
		want := []pipelines.Variant{pipelines.VariantOf("paper", paper)}
		if !reflect.DeepEqual(got.Beside, want) {
			t.Errorf("%q: beside %+v, want %+v", args, got.Beside, want)
		}
		got.Beside = nil
		if !reflect.DeepEqual(got, own) {
			t.Errorf("%q: --beside paper changed the run's own settings:\n%+v\nwant\n%+v", args, got, own)
		}
		got.Beside, got.Corpus, got.Out = want, "corpus", "out"
		if err := got.Validate(); err != nil {
			t.Errorf("%q: --beside paper: %v", args, err)
		}
		paper.Beside, paper.Corpus, paper.Out = want, "corpus", "out"
		if err := paper.Validate(); err == nil || !strings.Contains(err.Error(), "nothing to compare") {
			t.Errorf("%q: --preset paper --beside paper: %v, want the preset refused as compared with itself", args, err)
		}
	}
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addExperimentFlags(fs)
	if err := fs.Parse([]string{"--beside", "fast"}); err == nil {
		t.Error("--beside fast: no error")
	}
}

// TestSynonymsFlag checks that --synonyms reaches the aligners' options and
// that the Token HMM uses synonyms by default only with the paper's
// aligners, when a thesaurus is given.
func TestSynonymsFlag(t *testing.T) {
	for _, tc := range []struct {
		args          []string
		synonyms, use bool
	}{
		{[]string{"--thesaurus", "th"}, false, false},
		{[]string{"--thesaurus", "th", "--synonyms"}, true, true},
		{[]string{"--thesaurus", "th", "--preset", "paper"}, false, true},
		{[]string{"--thesaurus", "th", "--preset", "paper", "--paper-aligners=false"}, false, false},
		{[]string{"--thesaurus=", "--synonyms"}, true, false},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		read := addExperimentFlags(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		cfg := read()
		if cfg.Align.Synonyms != tc.synonyms || cfg.Align.UsesSynonyms() != tc.use {
			t.Errorf("%q: Synonyms %v, UsesSynonyms %v; want %v, %v", tc.args, cfg.Align.Synonyms, cfg.Align.UsesSynonyms(), tc.synonyms, tc.use)
		}
	}
}

// TestPassagePriorFlag checks that --passage-prior reaches the aligners'
// options and that Validate refuses a negative or NaN prior.
func TestPassagePriorFlag(t *testing.T) {
	for _, tc := range []struct {
		arg   string
		want  float64
		valid bool
	}{{"100", 100, true}, {"0", 0, true}, {"-1", -1, false}, {"NaN", 0, false}} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		read := addExperimentFlags(fs)
		if err := fs.Parse([]string{"--passage-prior", tc.arg}); err != nil {
			t.Fatal(err)
		}
		cfg := read()
		cfg.Corpus, cfg.Out = "c", "o"
		if err := cfg.Validate(); (err == nil) != tc.valid {
			t.Errorf("--passage-prior %s: Validate() = %v, want valid: %v", tc.arg, err, tc.valid)
		}
		if tc.valid && cfg.Align.PassagePrior != tc.want {
			t.Errorf("--passage-prior %s: PassagePrior %v, want %v", tc.arg, cfg.Align.PassagePrior, tc.want)
		}
	}
}

// TestSynonymCapFlag checks that --synonym-cap reaches the aligners'
// options and that Validate refuses a negative cap.
func TestSynonymCapFlag(t *testing.T) {
	for _, tc := range []struct {
		arg   string
		valid bool
	}{{"30", true}, {"0", true}, {"-1", false}} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		read := addExperimentFlags(fs)
		if err := fs.Parse([]string{"--synonyms", "--thesaurus", "th", "--synonym-cap", tc.arg}); err != nil {
			t.Fatal(err)
		}
		cfg := read()
		cfg.Corpus, cfg.Out = "c", "o"
		if err := cfg.Validate(); (err == nil) != tc.valid {
			t.Errorf("--synonym-cap %s: Validate() = %v, want valid: %v", tc.arg, err, tc.valid)
		}
		if want := map[string]int{"30": 30, "0": 0, "-1": -1}[tc.arg]; cfg.Align.SynonymCap != want {
			t.Errorf("--synonym-cap %s: SynonymCap %d, want %d", tc.arg, cfg.Align.SynonymCap, want)
		}
	}
}

// TestCheckCoverageFlags checks that coverage settings that do not go
// together are refused in the command line's words, and that those that do
// pass.
func TestCheckCoverageFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // a part of the error; "" when valid
	}{
		{nil, ""},
		{[]string{"--coverage=false", "--segments", "10"}, ""},
		{[]string{"--preset", "paper"}, ""},
		{[]string{"--coverage-prior", "0"}, ""},
		{[]string{"--segments", "10"}, "--segments and --redundancy need --coverage=false"},
		{[]string{"--redundancy", "0.5"}, "--segments and --redundancy need --coverage=false"},
		{[]string{"--coverage=false", "--coverage-prior", "0.1"}, "--coverage-prior"},
		{[]string{"--preset", "paper", "--coverage-bigram", "2"}, "--coverage-bigram"},
	} {
		fs := flag.NewFlagSet("test", flag.ContinueOnError)
		read := addExperimentFlags(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		err := checkCoverageFlags(read().Features)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%q: %v, want an error holding %q", tc.args, err, tc.want)
		}
	}
}

// TestNumericFlagRanges checks every numeric flag of run (and of align and
// summarize, where they share one) against its range before anything
// runs: a value out of range is refused with the flag, the value and the
// range allowed, and the values at the edge of the range pass.
func TestNumericFlagRanges(t *testing.T) {
	noCoverage := []string{"--coverage=false"}
	for _, tc := range []struct {
		flag      string
		bad, good []string // values
		extra     []string // other flags the case needs
		want      string   // a part of the range in the message
	}{
		{"words", []string{"0", "-5"}, []string{"1"}, nil, "at least 1"},
		{"min-book-words", []string{"-1"}, []string{"0"}, nil, "0 or more"},
		{"min-summary-words", []string{"-1"}, []string{"0"}, nil, "0 or more"},
		{"iterations", []string{"-1"}, []string{"0", "1"}, nil, "0 or more"},
		{"folds", []string{"1", "0", "-3"}, []string{"2"}, nil, "at least 2"},
		{"lambda", []string{"-1", "NaN", "+Inf"}, []string{"0", "1e-4"}, nil, "finite"},
		{"min-vocab-books", []string{"-1"}, []string{"0"}, nil, "0 or more"},
		{"passage-prior", []string{"-1", "NaN", "+Inf"}, []string{"0", "100"}, nil, "finite"},
		{"synonym-cap", []string{"-1"}, []string{"0"}, []string{"--synonyms", "--thesaurus", "th"}, "0 or more"},
		{"segments", []string{"-1"}, []string{"0", "10"}, noCoverage, "0 or more"},
		{"redundancy", []string{"-0.5", "NaN", "+Inf"}, []string{"0", "0.5"}, noCoverage, "finite"},
		{"coverage-bigram", []string{"-1", "NaN", "+Inf"}, []string{"0", "3"}, nil, "finite"},
		{"coverage-prior", []string{"-1", "NaN"}, []string{"0", "0.03"}, nil, "finite"},
		{"coverage-min-words", []string{"-1"}, []string{"0", "15"}, nil, "0 or more"},
	} {
		for _, v := range append(tc.bad, tc.good...) {
			t.Run(tc.flag+"="+v, func(t *testing.T) {
				fs := flag.NewFlagSet("test", flag.ContinueOnError)
				read := addExperimentFlags(fs)
				if err := fs.Parse(append(slices.Clone(tc.extra), "--"+tc.flag, v)); err != nil {
					t.Fatal(err)
				}
				cfg := read()
				cfg.Corpus, cfg.Out = "c", "o"
				err := cfg.Validate()
				if slices.Contains(tc.good, v) {
					if err != nil {
						t.Errorf("--%s %s refused: %v", tc.flag, v, err)
					}
					return
				}
				if err == nil {
					t.Fatalf("--%s %s: no error", tc.flag, v)
				}
				for _, want := range []string{"--" + tc.flag + " " + v, tc.want} {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("--%s %s: %q lacks %q", tc.flag, v, err, want)
					}
				}
			})
		}
	}

	// align and summarize check the flags they share with run as run does,
	// before they read a file.
	for _, tc := range []struct {
		name string
		run  func([]string, io.Writer, io.Writer) error
		args []string
		want string
	}{
		{"align --iterations", runAlign, []string{"--method", "jing", "--book", "b", "--summary", "s", "--iterations", "-1"}, "--iterations -1"},
		{"align --synonym-cap", runAlign, []string{"--method", "token", "--book", "b", "--summary", "s", "--synonym-cap", "-2"}, "--synonym-cap -2"},
		{"summarize --words", runSummarize, []string{"--model", "m", "--words", "0", "b.txt"}, "--words 0"},
	} {
		err := tc.run(tc.args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "want") {
			t.Errorf("%s: %v, want an error naming %q and the range", tc.name, err, tc.want)
		}
	}
}
