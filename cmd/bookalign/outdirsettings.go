package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rundir"
)

// runFlags are the settings of a run that are not config.Settings, by the
// flag that gives them, as the rules of --out compare them.
var runFlags = []struct {
	key   string
	value func(pipelines.Config) any
}{
	{"--corpus", func(c pipelines.Config) any { return c.Corpus }},
	{"--test-corpus", func(c pipelines.Config) any { return c.TestCorpus }},
	{"--thesaurus", func(c pipelines.Config) any { return c.Thesaurus }},
	{"--rouge-data", func(c pipelines.Config) any { return c.Rouge.DataDir }},
	{"rouge.stopwords", func(c pipelines.Config) any { return c.Rouge.RemoveStopwords }},
}

// runDiffer is the rundir.Differ of bookalign run, whose settings are a
// pipelines.Config as JSON (openOutDir): the settings in which a run of
// now would make other outputs than the finished run of earlier did. Each
// is named as the user gives it: a key of the settings file and --set as
// bookalign config prints them (words, align.iterations), or the flag of a
// directory (--corpus). A setting that either run's methods do not use
// (usedBy) is no difference: the outputs differ then in a setting both
// use (methods, summarizer.coverage, ...), which is named instead. Left
// out too are the fields of pipelines.Config that no user gives run: Out,
// CorpusName (reprocess's), CoverageStopwords (read from --rouge-data's
// stopword list, and --rouge-data is compared) and TrainByMethod (it
// follows --runner and changes no output).
func runDiffer(earlier, now json.RawMessage) ([]rundir.Difference, error) {
	a, err := readRunSettings(earlier)
	if err != nil {
		return nil, fmt.Errorf("the settings in %s: %w", rundir.MarkerFile, err)
	}
	b, err := readRunSettings(now)
	if err != nil {
		return nil, err
	}
	var diff []rundir.Difference
	for _, k := range slices.Sorted(maps.Keys(a.values)) {
		va, vb := a.values[k], b.values[k]
		if a.uses(k) && b.uses(k) && !reflect.DeepEqual(va, vb) {
			diff = append(diff, rundir.Difference{Key: k, Earlier: rundir.ValueText(va, true), Now: rundir.ValueText(vb, true)})
		}
	}
	return diff, nil
}

// runSettings are a run's settings by the name a user gives them (runDiffer).
type runSettings struct {
	cfg    pipelines.Config
	values map[string]any
}

// readRunSettings reads the settings of a run: config.Settings as
// Settings.Write writes them (every key present, "auto: ..." for the
// settings the run chooses), flattened into dotted keys, methods and
// align.extra as sets, then runFlags.
func readRunSettings(raw json.RawMessage) (runSettings, error) {
	var s runSettings
	if err := json.Unmarshal(raw, &s.cfg); err != nil {
		return s, err
	}
	var b bytes.Buffer
	if err := s.cfg.Settings.Write(&b); err != nil {
		return s, err
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		return s, err
	}
	s.values = map[string]any{}
	flatten("", doc, s.values)
	s.values["methods"] = nameSet(s.cfg.Methods)
	s.values["align.extra"] = nameSet(s.cfg.Align.Extra)
	for _, f := range runFlags {
		s.values[f.key] = f.value(s.cfg)
	}
	return s, nil
}

// flatten adds the settings of the section doc to out, each under its key
// dotted after prefix, a setting the run chooses as "auto".
func flatten(prefix string, doc map[string]any, out map[string]any) {
	for k, v := range doc {
		if section, ok := v.(map[string]any); ok {
			flatten(prefix+k+".", section, out)
		} else if text, ok := v.(string); ok && strings.HasPrefix(text, "auto: ") {
			out[prefix+k] = "auto" // as the user gives it; Write adds what it means
		} else {
			out[prefix+k] = v
		}
	}
}

// nameSet is a list of method names without repeats, in table order
// (evaluate.MethodOrder): a run does the same with them in any order,
// given once or twice.
func nameSet(names []string) []string {
	return slices.Compact(evaluate.MethodOrder(names))
}

// uses reports whether the run's outputs depend on the setting key. Where
// unsure, they do. Settings of the trained summarizers (folds, lambda,
// figure_book, summarizer.*) need a trained method; lambda_tolerance
// needs lambda chosen by the run; the coverage weights need coverage
// extraction; the aligners' (align.*) need an aligner, which also decides
// the books every method is scored on; --thesaurus needs the Token HMM
// emitting synonyms. align.extra is always compared: it decides whether
// an aligner runs.
func (s runSettings) uses(key string) bool {
	c := s.cfg
	trained := slices.ContainsFunc(c.Methods, func(m string) bool { return slices.Contains(evaluate.NamesOf(evaluate.Trained), m) })
	aligners := c.AlignOptions().Methods
	switch {
	case key == "align.extra":
		return true
	case key == "--thesaurus":
		return slices.Contains(aligners, align.MethodToken) && c.Align.UsesSynonyms(true)
	case strings.HasPrefix(key, "align."):
		return len(aligners) > 0
	case key == "lambda_tolerance":
		return trained && c.Lambda == 0
	case strings.HasPrefix(key, "summarizer.coverage_"):
		return trained && c.Summarizer.Coverage
	case strings.HasPrefix(key, "summarizer."), key == "folds", key == "lambda", key == "figure_book":
		return trained
	}
	return true
}
