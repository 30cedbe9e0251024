package evaluate

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/bookalign/bookalign/align"
)

// Kind says how a method makes its summaries.
type Kind int

const (
	// Trained is a summarizer trained on the labels of the aligner of the
	// same name (align.MethodPassage, align.MethodToken, align.MethodJing).
	Trained Kind = iota + 1
	// FirstWords is the book's first words, up to the budget.
	FirstWords
	// Baseline ranks the book's sentences with neither alignment nor
	// training.
	Baseline
)

// The names of the methods that are not aligners.
const (
	MethodFirst1000 = "first1000"
	MethodOracle    = "oracle"
	MethodRandom    = "random"
	MethodNames     = "names"
	// MethodOracleContent is the oracle of the content words: the greedy
	// extract that maximises ROUGE-1 + ROUGE-2 recall with ROUGE's
	// stopwords removed (-s), the ceiling of the content-word columns.
	MethodOracleContent = "oracle-content"
	// MethodLexRank and MethodTextRank are the unsupervised peers: the
	// sentences most central in a graph of sentence similarities, by
	// continuous LexRank (Erkan and Radev 2004) and by TextRank (Mihalcea
	// and Tarau 2004) (package classify/centrality).
	MethodLexRank  = "lexrank"
	MethodTextRank = "textrank"
)

// Method is one way of making a summary that bookalign runs and scores.
type Method struct {
	// Name names the method in --methods, results.json and the output
	// paths.
	Name string
	// Label is the method's one display name, in table.md, the report,
	// compare and messages: the name of the paper's results table, with
	// the Name in parentheses where the two differ in more than case and
	// spaces ("Block HMM (passage)", but "First 1000"), so that a reader
	// of a table knows what to give --methods.
	Label string
	Kind  Kind
}

// Methods are the methods bookalign knows, in the order of the paper's
// table followed by the extra baselines: the one list every other is
// derived from (NamesOf).
var Methods = []Method{
	{align.MethodPassage, "Block HMM (passage)", Trained},
	{align.MethodToken, "Word HMM (token)", Trained},
	{align.MethodJing, "Jing 1999 (jing)", Trained},
	{MethodFirst1000, "First 1000", FirstWords},
	{MethodOracle, "Oracle", Baseline},
	{MethodOracleContent, "Content oracle (oracle-content)", Baseline},
	{MethodRandom, "Random", Baseline},
	{MethodNames, "Names", Baseline},
	{MethodLexRank, "LexRank", Baseline},
	{MethodTextRank, "TextRank", Baseline},
}

// NamesOf returns the names of the known methods of the given kinds,
// of every kind when none is given, in table order.
func NamesOf(kinds ...Kind) []string {
	var out []string
	for _, m := range Methods {
		if len(kinds) == 0 || slices.Contains(kinds, m.Kind) {
			out = append(out, m.Name)
		}
	}
	return out
}

// MethodOrder sorts method names into table order: known methods first, in
// the paper's order, then any others alphabetically.
func MethodOrder(names []string) []string {
	rank := func(n string) int {
		for i, m := range Methods {
			if m.Name == n {
				return i
			}
		}
		return len(Methods)
	}
	out := append([]string(nil), names...)
	sort.Slice(out, func(i, j int) bool {
		ri, rj := rank(out[i]), rank(out[j])
		if ri != rj {
			return ri < rj
		}
		return out[i] < out[j]
	})
	return out
}

// DisplayName returns a method's display name, its Label ("Block HMM
// (passage)" for "passage"), or the name itself for a method bookalign
// does not know.
func DisplayName(name string) string {
	for _, m := range Methods {
		if m.Name == name {
			return m.Label
		}
	}
	return name
}

// DisplayNames returns the display names of names (DisplayName), in
// their order.
func DisplayNames(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = DisplayName(n)
	}
	return out
}

// NeedsStopwords reports whether a method needs ROUGE's stopword list
// (smart_common_words.txt of the ROUGE data) to run: the content oracle.
func NeedsStopwords(name string) bool { return name == MethodOracleContent }

// ErrNeedsStopwords is returned by Runnable for a method asked for by name
// that needs ROUGE's stopword list when the run has none.
var ErrNeedsStopwords = errors.New("needs ROUGE's stopword list, which comes with the ROUGE data")

// Runnable returns the methods of a run that can run, given whether the
// run has ROUGE's stopword list (stopwords). With the list, that is all of
// methods. Without it, the methods that need it (NeedsStopwords) cannot:
// when methods are the default list (byDefault), they are left out and
// note says so in one line; when they were asked for, err says which
// cannot run and why (ErrNeedsStopwords).
func Runnable(methods []string, stopwords, byDefault bool) (run []string, note string, err error) {
	if stopwords {
		return methods, "", nil
	}
	var left []string
	for _, m := range methods {
		if NeedsStopwords(m) {
			left = append(left, m)
		} else {
			run = append(run, m)
		}
	}
	if len(left) == 0 {
		return methods, "", nil
	}
	named := DisplayNames(left)
	if !byDefault {
		return nil, "", fmt.Errorf("method %s %w: give --rouge-data or BOOKALIGN_ROUGE_DATA, or leave it out of --methods", strings.Join(named, ", "), ErrNeedsStopwords)
	}
	return run, fmt.Sprintf("method %s left out of the default methods: it needs ROUGE's stopword list, and the run has no ROUGE data (--rouge-data)", strings.Join(named, ", ")), nil
}

// DependsOnSeed reports whether a method's summaries depend on the run's
// seed: random's draw, and a trained method's alignment, folds and
// training. A method bookalign does not know is taken to depend on it.
func DependsOnSeed(name string) bool {
	k := kindOf(name)
	return k == 0 || k == Trained || name == MethodRandom
}

// DependsOnFolds reports whether a method's summaries depend on the folds
// of cross-validation (--folds): a trained method summarizes each book
// with a model trained on the other folds. A method bookalign does not
// know is taken to depend on them.
func DependsOnFolds(name string) bool {
	k := kindOf(name)
	return k == 0 || k == Trained
}

// kindOf is the Kind of a known method, zero for another name.
func kindOf(name string) Kind {
	for _, m := range Methods {
		if m.Name == name {
			return m.Kind
		}
	}
	return 0
}
