package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/internal/bounds"
	"github.com/bookalign/bookalign/pipelines"
)

// readFlags parses args as run's experiment flags and returns the
// configuration they make.
func readFlags(t *testing.T, args ...string) (pipelines.Config, error) {
	t.Helper()
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	read := addExperimentFlags(fs)
	if err := fs.Parse(args); err != nil {
		return pipelines.Config{}, err
	}
	return read()
}

// TestExperimentFlags checks the order in which the settings are made:
// the preset, the settings file over it, each --set, then the flags given
// explicitly.
func TestExperimentFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(file, []byte(`{"lambda": 0.5, "folds": 5, "align": {"iterations": 7}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	def, paper := config.Default(), config.Paper()
	noCoverage := def
	noCoverage.Summarizer = features.Settings{Counts: true, Events: true}
	for _, tc := range []struct {
		name string
		args []string
		want func() config.Settings
	}{
		{"defaults", nil, func() config.Settings { return def }},
		{"paper preset", []string{"--preset", "paper"}, func() config.Settings { return paper }},
		{"preset by name", []string{"--preset", "default"}, func() config.Settings { return def }},
		{"settings file", []string{"--config", file}, func() config.Settings {
			s := def
			s.Lambda, s.Folds, s.Align.Iterations = 0.5, 5, 7
			return s
		}},
		{"settings file over the paper preset", []string{"--preset", "paper", "--config", file}, func() config.Settings {
			s := paper
			s.Lambda, s.Folds, s.Align.Iterations = 0.5, 5, 7
			return s
		}},
		{"--set over the file, flags over --set", []string{"--config", file, "--set", "lambda=0.25", "--set", "folds=3", "--folds", "4", "--seed", "9"}, func() config.Settings {
			s := def
			s.Lambda, s.Folds, s.Seed, s.Align.Iterations = 0.25, 4, 9, 7
			return s
		}},
		{"--set a list and a section's key", []string{"--set", "methods=passage,names", "--set", "align.extra=[\"jing\"]", "--set", "summarizer.events=false"}, func() config.Settings {
			s := def
			s.Methods, s.Align.Extra, s.Summarizer.Events = []string{"passage", "names"}, []string{"jing"}, false
			return s
		}},
		{"coverage off drops its weights", []string{"--set", "summarizer.coverage=false"}, func() config.Settings { return noCoverage }},
		{"--methods and --words", []string{"--methods", "names,first1000", "--words", "500"}, func() config.Settings {
			s := def
			s.Methods, s.Words = []string{"names", "first1000"}, 500
			return s
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := readFlags(t, tc.args...)
			if err != nil {
				t.Fatal(err)
			}
			if want := tc.want(); !reflect.DeepEqual(cfg.Settings, want) {
				t.Errorf("settings\n%+v\nwant\n%+v", cfg.Settings, want)
			}
		})
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"lamda": 0.5}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--preset", "fast"}, "unknown preset"},
		{[]string{"--config", bad}, "lamda"},
		{[]string{"--config", filepath.Join(t.TempDir(), "none.json")}, "--config"},
		{[]string{"--set", "lamda=0.5"}, `unknown setting "lamda"`},
		{[]string{"--set", "align.iteration=5"}, `unknown setting "align.iteration" (known in this section: extra, iterations`},
		{[]string{"--set", "align=5"}, "is a section"},
		{[]string{"--set", "words=many"}, "--set words=many: words: want a whole number (e.g. 1000), not a string"},
		{[]string{"--set", "WORDS=5"}, `--set WORDS=5: unknown setting "WORDS": keys are lower case, as in "words"`},
		{[]string{"--set", "summarizer.coverage_stopwords=the"}, "summarizer.coverage_stopwords is not a setting"},
		{[]string{"--preset", "paper", "--set", "summarizer.coverage_bigram=5"}, "--set summarizer.coverage_bigram=5 has no effect with summarizer.coverage false"},
		{[]string{"--set", "summarizer.coverage_prior=0.5", "--set", "summarizer.coverage=false"}, "--set summarizer.coverage_prior=0.5 has no effect"},
		{[]string{"--set", "words=" + strings.Repeat("9", 1000)}, `--set words=` + bounds.Quote(strings.Repeat("9", 1000)) + `: words: want a whole number (e.g. 1000), not the number "` + strings.Repeat("9", 64) + `"… (1000 bytes)`},
		{[]string{"--set", "lambda"}, "KEY=VALUE"},
	} {
		_, err := readFlags(t, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.80q: error %.300v, want one with %q", tc.args, err, tc.want)
		}
		if err != nil && strings.Count(err.Error(), "--set") > 1 {
			t.Errorf("%.80q: %v: the flag named twice", tc.args, err)
		}
	}
}

// TestConfigCommand checks that `bookalign config` prints settings that
// `bookalign run --config` reads back as they were, for both presets and
// with settings changed, the settings whose 0 means "the run chooses"
// printed as "auto: MEANING", and that config prints such a file back
// as it was.
func TestConfigCommand(t *testing.T) {
	for _, args := range [][]string{
		{"--preset", "default"},
		{"--preset", "paper"},
		{"--preset", "default", "--set", "lambda=0.5", "--set", "align.iterations=auto", "--set", "summarizer.names=7"},
	} {
		preset := args[1]
		var out strings.Builder
		if err := runConfig(args, &out); err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{`"align"`, `"summarizer"`, `"coverage": `, `"counts": `, `"extra": []`, `"iterations": "auto: `, `"passage_prior": "auto: 100"`} {
			if !strings.Contains(out.String(), key) {
				t.Errorf("%s: %s missing from\n%s", preset, key, out.String())
			}
		}
		file := filepath.Join(t.TempDir(), "s.json")
		if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		want, err := readSettings(preset, "", setFlag(slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "--set" || a == "--preset" || a == preset })))
		if err != nil {
			t.Fatal(err)
		}
		var again strings.Builder
		if err := runConfig([]string{"--config", file}, &again); err != nil || again.String() != out.String() {
			t.Errorf("%v: config --config of its own output: %v\n%s\nwant\n%s", args, err, again.String(), out.String())
		}
		// Over the other preset, the file alone makes the settings.
		other := map[string]string{"default": "paper", "paper": "default"}[preset]
		cfg, err := readFlags(t, "--preset", other, "--config", file)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(cfg.Settings, want) {
			t.Errorf("%v read back:\n%+v\nwant\n%+v", args, cfg.Settings, want)
		}
	}
	if err := runConfig([]string{"--set", "words=0"}, io.Discard); err == nil || !strings.Contains(err.Error(), "words 0 is out of range") {
		t.Errorf("config --set words=0: %v", err)
	}
}

// TestNumericSettingRanges checks every number of the settings against
// its range before anything runs: a value out of range is refused with
// the setting, the value and the range allowed, and the values at the
// edge of the range pass.
func TestNumericSettingRanges(t *testing.T) {
	for _, tc := range []struct {
		key       string
		bad, good []string
		want      string
	}{
		{"words", []string{"0", "-5", "33554433"}, []string{"1", "33554432"}, "want 1 to 33554432"},
		{"min_book_words", []string{"-1", "33554433"}, []string{"0"}, "want 0 to 33554432"},
		{"min_summary_words", []string{"-1"}, []string{"0"}, "want 0 to 33554432"},
		{"align.iterations", []string{"-1", "10001", "1000000000"}, []string{"0", "1", "10000"}, "want 0 to 10000"},
		{"folds", []string{"1", "0", "-3", "1001", "1000000000"}, []string{"2", "1000"}, "want 2 to 1000"},
		{"lambda", []string{"-1", "1001", "1e+307"}, []string{"0", "1e-4", "1000"}, "want 0 to 1000"},
		{"lambda_tolerance", []string{"-1", "1", "1e+307"}, []string{"0", "1e-4"}, "want 0 or more, below 1"},
		{"align.passage_prior", []string{"-1", "1e+307", "1e-09"}, []string{"0", "100", "1e12", "1e-6"}, "want 0, or 1e-06 to 1e+12"},
		{"summarizer.coverage_bigram", []string{"-1", "1e+307"}, []string{"0", "3", "1e6"}, "want 0 to 1e+06"},
		{"summarizer.coverage_prior", []string{"-1", "1e+307"}, []string{"0.03", "1e6"}, "want 0 to 1e+06"},
		{"summarizer.coverage_function", []string{"-1", "1.5"}, []string{"0", "1"}, "want 0 to 1"},
		{"summarizer.coverage_min_words", []string{"-1", "33554433"}, []string{"0", "15"}, "want 0 to 33554432"},
		{"summarizer.coverage_plot", []string{"x", "names,", "names,first", "link,", "link=1"}, []string{"", "none", "names", "density,spread,names", "link", "names,spread,density,link"}, "want a comma-separated list of names, spread, density, link; or none"},
		{"summarizer.names", []string{"-3", "1048577", "1000000000"}, []string{"0", "1048576"}, "want 0 to 1048576 (0: 100)"},
		{"summarizer.vocabulary", []string{"-3", "1048577"}, []string{"0", "1048576"}, "want 0 to 1048576 (0: 10000)"},
	} {
		for _, v := range append(tc.bad, tc.good...) {
			cfg, err := readFlags(t, "--set", tc.key+"="+v)
			if err != nil {
				t.Fatalf("%s=%s: %v", tc.key, v, err)
			}
			cfg.Corpus, cfg.Out = "c", "o"
			err = cfg.Check()
			good := slices.Contains(tc.good, v)
			switch {
			case good && err != nil:
				t.Errorf("%s=%s refused: %v", tc.key, v, err)
			case !good && err == nil:
				t.Errorf("%s=%s: no error", tc.key, v)
			case !good && (!strings.Contains(err.Error(), tc.key+" "+v) || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("%s=%s: %q lacks the setting, the value or %q", tc.key, v, err, tc.want)
			}
		}
	}

	// align and summarize check their own numeric flags before they read
	// a file.
	for _, tc := range []struct {
		name string
		run  func([]string, io.Writer, io.Writer) error
		args []string
		want string
	}{
		{"align --iterations", runAlign, []string{"--method", "jing", "--book", "b", "--summary", "s", "--iterations", "-1"}, "--iterations -1"},
		{"summarize --words", runSummarize, []string{"--model", "m", "--words", "0", "b.txt"}, "--words 0"},
	} {
		err := tc.run(tc.args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "want") {
			t.Errorf("%s: %v, want an error naming %q and the range", tc.name, err, tc.want)
		}
	}
}
