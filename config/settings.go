package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/evaluate"
)

// Settings are what an experiment computes. The zero value of a field is
// not always its default: start from Default or Paper.
type Settings struct {
	// Methods are the summarizers to run and score (evaluate.Methods):
	// passage, token and jing are trained on the labels of the aligner of
	// the same name; first1000, oracle, oracle-content, random, names,
	// lexrank and textrank are baselines. Default: all of them.
	Methods []string `json:"methods"`
	// Words is the summary budget in words (all word tokens, punctuation
	// excluded). Default extract.DefaultBudget, the paper's 1000.
	Words int `json:"words"`
	// Folds is the number of cross-validation folds over books, at least
	// 2. Default 10, the paper's.
	Folds int `json:"folds"`
	// Seed seeds every random choice: the Passage HMM's sampler, the folds,
	// the inner split that chooses lambda, the random baseline and the
	// bootstrap. Default 1.
	Seed uint64 `json:"seed"`
	// MinBookWords and MinSummaryWords reject a pair whose book or summary
	// has fewer words, stopwords and punctuation excluded. Defaults 10000
	// and 100, the paper's.
	MinBookWords    int `json:"min_book_words"`
	MinSummaryWords int `json:"min_summary_words"`
	// Lambda fixes the L2 strength of the logistic regression; 0 (the
	// default) chooses it on an inner split of each training set.
	Lambda float64 `json:"lambda"`
	// LambdaTolerance is the gradient threshold at which the fits on the
	// inner split that choose lambda stop; 0 means the final fit's, 1e-5
	// (Paper). Default 1e-4: the candidates' held-out scores differ by
	// 25 to 35 times what the looser threshold moves them, and the inner
	// fits take 40% fewer passes over the rows (the 245-book corpus).
	LambdaTolerance float64 `json:"lambda_tolerance"`
	// FigureBook is the id of the pair whose Passage HMM samples draw the
	// paper's Figure 3 (figures/boundary_density.svg); empty draws none.
	// Default "heart-of-darkness".
	FigureBook string `json:"figure_book"`
	// AllowOutsideSymlinks reads books and summaries that are symbolic
	// links to files outside the corpus directory; by default (false)
	// their pairs are rejected.
	AllowOutsideSymlinks bool `json:"allow_outside_symlinks"`
	// Align configures the aligners (align.Settings documents each
	// field).
	Align align.Settings `json:"align"`
	// Summarizer configures the trained summarizers' features and
	// extraction (features.Settings documents each field).
	Summarizer features.Settings `json:"summarizer"`
}

// Presets are the names Preset knows.
var Presets = []string{"default", "paper"}

// The default weights of coverage extraction (features.Settings): a
// bigram hit weighs CoverageBigram unigram hits, a hit on an n-gram
// holding one of ROUGE's stopwords weighs CoverageFunction of a content
// n-gram's, the logistic model's log-probability is added CoveragePrior
// times (the three chosen inside the training folds), and
// no sentence shorter than CoverageMinWords words is taken (fixed
// beforehand: shorter sentences score more ROUGE per word but make a
// summary of fragments).
const (
	CoverageBigram   = 3
	CoveragePrior    = 0.01
	CoverageFunction = 0.2
	CoverageMinWords = 15
	// CoveragePlot is the default plot properties of the coverage model's
	// keys (features.Settings.CoveragePlot): the nested choice inside the
	// training folds took these three in 10 of 10 folds.
	// The sentence model's link (`link`) is not in it: it buys content
	// ROUGE-2 with the paper's columns ("Which n-grams").
	CoveragePlot = "names,spread,density"
)

// Default returns the product's settings: the paper's, plus count and
// event-word features and coverage extraction.
func Default() Settings {
	return Settings{
		Methods:         evaluate.NamesOf(),
		Words:           extract.DefaultBudget,
		Folds:           10,
		Seed:            1,
		MinBookWords:    10000,
		MinSummaryWords: 100,
		LambdaTolerance: 1e-4,
		FigureBook:      "heart-of-darkness",
		Summarizer: features.Settings{Counts: true, Events: true, Coverage: true,
			CoverageBigram: CoverageBigram, CoveragePrior: CoveragePrior, CoverageMinWords: CoverageMinWords,
			CoverageFunction: CoverageFunction, CoveragePlot: CoveragePlot},
	}
}

// Paper returns the paper's exact choices (Bamman and Smith 2013, §3–4):
// the aligners as it describes them, every sentence of an aligned span
// labelled, its features only, the most probable sentences extracted.
// Lambda is chosen as by default.
func Paper() Settings {
	s := Default()
	s.Align.WholeSpans, s.Align.PaperAligners = true, true
	s.Summarizer = features.Settings{}
	s.LambdaTolerance = 0
	return s
}

// Preset returns the settings of a preset: "default" (or empty) or
// "paper".
func Preset(name string) (Settings, error) {
	switch name {
	case "", "default":
		return Default(), nil
	case "paper":
		return Paper(), nil
	}
	return Settings{}, fmt.Errorf("unknown preset %q (known: %q, %q)", name, Presets[0], Presets[1])
}

// Read applies the JSON settings of r over base: fields absent from r
// keep base's values, but for the coverage weights when base has coverage
// extraction off and its weights cleared (WithoutUnused): they take their
// defaults, so that turning coverage on in r brings them, unless r gives
// them. Unknown keys (compared exactly), a key given twice in an object,
// nulls and trailing data are errors. A setting whose 0 means "the run
// chooses" (autoSettings) may be given as "auto", or as Write prints it.
// An empty list of extra aligners reads as none (nil). Weights that coverage off leaves unused are kept,
// for a later change to turn it on; WithoutUnused clears them.
func Read(r io.Reader, base Settings) (Settings, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Settings{}, err
	}
	if err := checkKeys(data); err != nil {
		return Settings{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(readAuto(data)))
	dec.DisallowUnknownFields()
	s := base.withCoverageWeights()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, decodeError(err)
	}
	if dec.More() {
		return Settings{}, fmt.Errorf("more than one JSON document")
	}
	if len(s.Align.Extra) == 0 {
		s.Align.Extra = nil // as Default has it
	}
	return s, nil
}

// Write writes s as indented JSON with every setting present, in the
// order of the types' fields (features.Settings leaves its zero fields out
// of a saved model; a settings file shows them all). A setting whose 0
// means "the run chooses" (autoSettings) is written as the string
// "auto: MEANING", which Read takes back as 0. With coverage
// extraction off and its weights cleared, they are written at their
// defaults, which turning it on brings (Read).
func (s Settings) Write(w io.Writer) error {
	if s.Align.Extra == nil {
		s.Align.Extra = []string{}
	}
	s = s.withCoverageWeights()
	summarizer, err := allFields(s.Summarizer)
	if err != nil {
		return err
	}
	type settings Settings // without the Summarizer's own encoding
	full := struct {
		settings
		Summarizer json.RawMessage `json:"summarizer"`
	}{settings(s), summarizer}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(full); err != nil {
		return err
	}
	_, err = w.Write(writeAuto(b.Bytes()))
	return err
}

// allFields encodes a struct as a JSON object with every field, in their
// order, whatever their omitempty; fields tagged "-" and lists not set
// are left out.
func allFields(v any) (json.RawMessage, error) {
	rv := reflect.ValueOf(v)
	var b bytes.Buffer
	b.WriteByte('{')
	for i := 0; i < rv.NumField(); i++ {
		f := rv.Type().Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if f.Type.Kind() == reflect.Slice && rv.Field(i).IsNil() {
			continue
		}
		val, err := json.Marshal(rv.Field(i).Interface())
		if err != nil {
			return nil, err
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(name)
		b.Write(key)
		b.WriteByte(':')
		b.Write(val)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// WithoutUnused returns s without the settings that its choices make
// unused: the coverage weights when coverage extraction is off (the
// summarizer refuses them there, features.Settings.Validate).
func (s Settings) WithoutUnused() Settings {
	if !s.Summarizer.Coverage {
		c := &s.Summarizer
		c.CoverageBigram, c.CoveragePrior, c.CoverageMinWords, c.CoverageFunction, c.CoveragePlot = 0, 0, 0, 0, ""
	}
	return s
}

// withCoverageWeights returns s with the coverage weights at their
// defaults when coverage extraction is off and they are cleared
// (WithoutUnused): the weights that turning it on brings.
func (s Settings) withCoverageWeights() Settings {
	c := &s.Summarizer
	if !c.Coverage && c.CoverageBigram == 0 && c.CoveragePrior == 0 && c.CoverageMinWords == 0 && c.CoverageFunction == 0 && c.CoveragePlot == "" {
		c.CoverageBigram, c.CoveragePrior, c.CoverageMinWords, c.CoverageFunction, c.CoveragePlot = CoverageBigram, CoveragePrior, CoverageMinWords, CoverageFunction, CoveragePlot
	}
	return s
}
