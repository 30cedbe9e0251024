package config

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify"
)

func TestPresets(t *testing.T) {
	def, paper := Default(), Paper()
	if !def.Summarizer.Coverage || !def.Summarizer.Counts || !def.Summarizer.Events || def.Align.PaperAligners || def.Align.WholeSpans {
		t.Errorf("defaults %+v", def)
	}
	if !reflect.DeepEqual(paper.Summarizer, classify.Settings{}) || !paper.Align.PaperAligners || !paper.Align.WholeSpans ||
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
		got, err := Read(&b, Settings{Seed: 99, Summarizer: classify.Settings{Vocabulary: 7}})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, s) {
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

func TestCheckRanges(t *testing.T) {
	s := Default()
	if err := s.CheckRanges(true); err != nil {
		t.Fatal(err)
	}
	s.Folds = 1
	if err := s.CheckRanges(false); err != nil {
		t.Errorf("one fold without cross-validation: %v", err)
	}
	if err := s.CheckRanges(true); err == nil || !strings.Contains(err.Error(), "folds 1 is out of range: want at least 2") {
		t.Errorf("one fold: %v", err)
	}
	s = Default()
	s.Align.PassagePrior = -1
	if err := s.CheckRanges(true); err == nil || !strings.Contains(err.Error(), "align.passage_prior -1") {
		t.Errorf("a negative prior: %v", err)
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
