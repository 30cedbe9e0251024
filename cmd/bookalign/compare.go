package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/jsonmsg"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rundir"
)

// runCompare is `bookalign compare OUT_A OUT_B`: the paired tests of every
// method that two finished runs share, on the same books and folds.
func runCompare(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	usage := "bookalign compare OUT_A OUT_B   (two finished runs of the same corpus and folds, or of two seeds)"
	fs.Usage = func() {
		printUsage(os.Stderr, fs, usage, nil)
		fmt.Fprint(os.Stderr, "\nFor each method both runs scored: mean recall of A and B, the mean per-book difference A − B with\n"+
			"its 95% bootstrap interval, and the paired approximate-randomization p-value; ROUGE-1 and ROUGE-2,\n"+
			"stemmed and unstemmed, with and without stopwords (-s) when both runs measured them. Methods\n"+
			"identical in both runs are named in one line. Two runs that differ only in their seed compare seeds: their\n"+
			"folds and draws differ, and the differences include them.\n")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return errUsage
	}
	ctx := context.Background()
	a, err := readRun(ctx, fs.Arg(0))
	if err != nil {
		return err
	}
	b, err := readRun(ctx, fs.Arg(1))
	if err != nil {
		return err
	}
	shared := sharedMethods(a.results, b.results)
	if len(shared) == 0 {
		return fmt.Errorf("the runs share no method (A: %s; B: %s)", methodNames(a.results), methodNames(b.results))
	}
	note, err := sameExperiment(a, b, shared)
	if err != nil {
		return err
	}
	if err := evaluate.SameScoring(a.dir, a.results.Rouge, b.dir, b.results.Rouge); err != nil {
		return err
	}
	cs, only, err := evaluate.Compare(a.results, b.results, evaluate.Settings{Seed: a.results.Seed})
	if err != nil {
		return err
	}
	if note != "" {
		fmt.Fprintln(stdout, note)
	}
	if err := evaluate.WriteComparisons(stdout, a.dir, b.dir, cs); err != nil {
		return err
	}
	if len(only) > 0 {
		fmt.Fprintf(stdout, "Not compared, scored in one run only: %s.\n", displayNames(only))
	}
	return nil
}

// finishedRun is what compare reads of a run's output directory.
type finishedRun struct {
	dir      string
	results  *evaluate.Results
	settings pipelines.Config
	inputs   string
}

// readRun reads a finished run's settings and its results, checked
// (evaluate.ParseResults).
func readRun(ctx context.Context, dir string) (finishedRun, error) {
	dir = dirFlag(dir)
	b, err := store.ReadFile(ctx, layout.Out{Dir: dir}.Marker())
	if err != nil {
		return finishedRun{}, fmt.Errorf("%s is not a bookalign run: %w", dir, err)
	}
	m, err := rundir.ParseMarker(b)
	if err != nil {
		return finishedRun{}, fmt.Errorf("%s: %w", dir, err)
	}
	if !m.Complete || m.Command != "run" {
		return finishedRun{}, fmt.Errorf("%s is not a finished bookalign run (its run.json says command %q, complete %v)", dir, m.Command, m.Complete)
	}
	run := finishedRun{dir: dir, inputs: m.Inputs}
	if err := json.NewDecoder(bytes.NewReader(m.Settings)).Decode(&run.settings); err != nil {
		return finishedRun{}, fmt.Errorf("%s: the settings of run.json: %w", dir, jsonmsg.Plain(err))
	}
	path := layout.Out{Dir: dir}.Results()
	if b, err = store.ReadWritten(ctx, path); err != nil {
		return finishedRun{}, err
	}
	if run.results, err = evaluate.ParseResults(b); err != nil {
		return finishedRun{}, fmt.Errorf("%s: %w", path, err)
	}
	return run, nil
}

// sameExperiment refuses two runs whose books or folds differ where the
// methods both runs scored (shared) depend on them: another corpus (its
// files' fingerprint) or test corpus, or another length filter, for every
// method; another --folds under cross-validation for the methods trained
// on folds (evaluate.DependsOnFolds). Another --seed is a comparison of
// seeds (seedNote).
func sameExperiment(a, b finishedRun, shared []string) (note string, err error) {
	sa, sb := a.settings, b.settings
	for _, d := range []struct {
		what       string
		same       bool
		valA, valB any
		dependent  []string // the methods of shared that depend on it; nil for all
	}{
		{"corpus files", a.inputs == b.inputs, "fingerprint " + short(a.inputs), "fingerprint " + short(b.inputs), nil},
		{"--test-corpus", sa.TestCorpus == sb.TestCorpus, sa.TestCorpus, sb.TestCorpus, nil},
		{"min_book_words", sa.MinBookWords == sb.MinBookWords, sa.MinBookWords, sb.MinBookWords, nil},
		{"min_summary_words", sa.MinSummaryWords == sb.MinSummaryWords, sa.MinSummaryWords, sb.MinSummaryWords, nil},
		{"--folds", sa.Folds == sb.Folds || sa.TestCorpus != "", sa.Folds, sb.Folds, filterMethods(shared, evaluate.DependsOnFolds)},
	} {
		switch {
		case d.same:
		case d.dependent == nil:
			return "", fmt.Errorf("the runs differ in their %s (%s: %v; %s: %v): a paired comparison needs the same books", d.what, a.dir, d.valA, b.dir, d.valB)
		case len(d.dependent) > 0:
			verb := "depend"
			if len(d.dependent) == 1 {
				verb = "depends"
			}
			return "", fmt.Errorf("the runs differ in their %s (%s: %v; %s: %v), which %s %s on: a paired comparison needs the same books in the same folds, drawn alike",
				d.what, a.dir, d.valA, b.dir, d.valB, displayNames(d.dependent), verb)
		}
	}
	return seedNote(a, b, shared)
}

// seedNote says, for two runs of other seeds, that the comparison is one
// of seeds: the books are the same, but the folds and every draw are not,
// so the differences of the methods that depend on the seed
// (evaluate.DependsOnSeed) include them. Two runs that differ in the seed
// and in another setting are refused where such a method is compared:
// the differences would mix the two. Runs of one seed, or whose shared
// methods do not depend on it, need no note.
func seedNote(a, b finishedRun, shared []string) (string, error) {
	sa, sb := a.settings, b.settings
	dependent := filterMethods(shared, evaluate.DependsOnSeed)
	if sa.Seed == sb.Seed || len(dependent) == 0 {
		return "", nil
	}
	if keys := otherSettings(sa.Settings, sb.Settings); len(keys) > 0 {
		return "", fmt.Errorf("the runs differ in --seed (%s: %d; %s: %d) and in %s: the differences of %s would mix the two; compare two settings under one seed, or one setting under two seeds",
			a.dir, sa.Seed, b.dir, sb.Seed, strings.Join(keys, ", "), displayNames(dependent))
	}
	drawn := "the random draws"
	if trained := filterMethods(dependent, evaluate.DependsOnFolds); len(trained) > 0 && sa.TestCorpus == "" {
		drawn = "the folds of cross-validation, the samplers and the random draws"
	} else if len(trained) > 0 {
		drawn = "the samplers and the random draws"
	}
	return fmt.Sprintf("The runs differ in --seed only (A: %d, B: %d): the books are the same, but %s differ, so the differences of %s include them (seed variance).\n",
		sa.Seed, sb.Seed, drawn, displayNames(dependent)), nil
}

// otherSettings returns the keys of the settings (dotted, as --set names
// them) whose values differ between a and b, but for those that do not
// change a shared method's scores: the seed (seedNote's subject), the
// methods run (compare takes those both scored), the extra aligners and
// the book of Figure 3.
func otherSettings(a, b config.Settings) []string {
	for _, s := range []*config.Settings{&a, &b} {
		s.Seed, s.Methods, s.Align.Extra, s.FigureBook = 0, nil, nil, ""
	}
	fa, fb := flatSettings(a), flatSettings(b)
	var keys []string
	for k, v := range fa {
		if !reflect.DeepEqual(v, fb[k]) {
			keys = append(keys, k)
		}
	}
	for k := range fb {
		if _, ok := fa[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// flatSettings returns the settings s by dotted key.
func flatSettings(s config.Settings) map[string]any {
	b, _ := json.Marshal(s)
	var doc map[string]any
	_ = json.Unmarshal(b, &doc)
	out := map[string]any{}
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			if sub, ok := v.(map[string]any); ok {
				walk(prefix+k+".", sub)
			} else {
				out[prefix+k] = v
			}
		}
	}
	walk("", doc)
	return out
}

// sharedMethods returns the names of the methods both a and b scored, in
// a's order.
func sharedMethods(a, b *evaluate.Results) []string {
	var out []string
	for _, ma := range a.Methods {
		for _, mb := range b.Methods {
			if ma.Name == mb.Name {
				out = append(out, ma.Name)
				break
			}
		}
	}
	return out
}

// filterMethods returns the names of which keep reports true, never nil.
func filterMethods(names []string, keep func(string) bool) []string {
	out := []string{}
	for _, n := range names {
		if keep(n) {
			out = append(out, n)
		}
	}
	return out
}

func short(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// methodNames lists the methods of r for a message, by their display
// names, "none" when it has none.
func methodNames(r *evaluate.Results) string {
	if len(r.Methods) == 0 {
		return "none"
	}
	var names []string
	for _, m := range r.Methods {
		names = append(names, m.Name)
	}
	return displayNames(names)
}

// displayNames lists methods for a message by the display names of the
// tables (evaluate.DisplayName), "Word HMM (token)" for token: one name
// for each method wherever a user reads it.
func displayNames(names []string) string { return strings.Join(evaluate.DisplayNames(names), ", ") }
