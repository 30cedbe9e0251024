package pipelines

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/transforms"
)

// Config is everything the experiment pipeline needs to know.
type Config struct {
	// Corpus is the corpus directory (pairs.tsv, books/, summaries/), local
	// or gs://.
	Corpus string
	// CorpusName is the corpus path the results name (results.json,
	// table.md); empty means Corpus. reprocess, which runs on a corpus in
	// its work directory and then moves it, names the corpus's final place.
	CorpusName string `json:",omitempty"`
	// Out is the output directory, local or gs://.
	Out string
	// Methods are the summarizers to run and score.
	Methods []string
	// Words is the summary budget in words (text.BudgetWords).
	Words int
	// MinBookWords and MinSummaryWords are the length thresholds, in words
	// without stopwords and punctuation (the paper: 10,000 and 100).
	MinBookWords, MinSummaryWords int
	// Align lists the aligners to run on every pair (and their settings);
	// their alignments are written to OUT/alignments/<method>/<id>.jsonl.
	Align transforms.AlignOptions
	// Rouge says how summaries are scored.
	Rouge transforms.RougeOptions
	// Seed seeds every random choice: the Passage HMM's sampler (of the
	// aligners and of Figure 3), the folds, the random baseline and the
	// bootstrap.
	Seed uint64
	// Folds is the number of cross-validation folds over books.
	Folds int
	// TestCorpus, when set, is a second corpus: the summarizers are trained
	// on all of Corpus and evaluated on it, without cross-validation.
	TestCorpus string
	// Features configure the summarizer's features.
	Features classify.Settings
	// Lambda fixes the L2 strength; zero chooses it on the training data.
	Lambda float64
	// AllowOutsideSymlinks reads books and summaries that are symbolic
	// links to files outside their corpus directory; by default their pairs
	// are rejected (transforms.CheckInput).
	AllowOutsideSymlinks bool
	// FigureBook is the book whose Passage HMM state makes Figure 3; empty
	// draws no Figure 3. A figure never fails the run (transforms.Figures).
	FigureBook string
	// Beside are variants of the trained summarizers run in the same run
	// (bookalign run --beside paper): each aligns, trains and scores every
	// trained method of Methods again under its own settings, as
	// evaluate.VariantName(method, name), on the same books and folds;
	// table.md compares each with the method it varies.
	Beside []Variant `json:",omitempty"`
}

// Variant is a variant of the trained summarizers (Config.Beside): the
// settings of a Config that a preset changes. Everything else (the books,
// the folds, the seed, lambda, the baselines) is the run's.
type Variant struct {
	// Name names the variant ("paper"): a lower-case word.
	Name string
	// WholeSpans and PaperAligners are its aligners' label rule and word
	// forms (transforms.AlignOptions).
	WholeSpans, PaperAligners bool
	// Features configure its summarizers' features.
	Features classify.Settings
}

// VariantOf returns the variant called name that trains the summarizers
// as cfg does: with cfg's aligner settings and features.
func VariantOf(name string, cfg Config) Variant {
	return Variant{Name: name, WholeSpans: cfg.Align.WholeSpans, PaperAligners: cfg.Align.PaperAligners, Features: cfg.Features}
}

// of reports whether the variant trains the summarizers as c does.
func (v Variant) of(c Config) bool {
	return reflect.DeepEqual(v, VariantOf(v.Name, c))
}

// DefaultConfig returns the paper's settings, plus the count features, the
// event-word features and the budget spread over ten parts of the book.
func DefaultConfig() Config {
	return Config{
		Methods:         Methods,
		Folds:           10,
		FigureBook:      "heart-of-darkness",
		Words:           1000,
		MinBookWords:    10000,
		MinSummaryWords: 100,
		Seed:            1,
		// Count features beyond the paper's: with them the trained
		// summarizers can tell a sentence with many names from one with a
		// single name, as the Names heuristic does. Segments: the budget
		// spread over ten parts of the book by the training labels' shares
		// (issue 12), the choice made inside the training folds of every
		// fold (docs/experiment.md). Events: the event-word features learned
		// from the training pairs' summaries (issue 12, second round),
		// chosen in 9 of 10 nested folds. Coverage: the sentences chosen
		// for the expected ROUGE hits of their words and word pairs, as a
		// count model learned from the training pairs predicts them, with
		// the logistic model's probability as a prior (issue 12, third
		// round; docs/experiment.md); it replaces the spread over ten
		// parts. --preset paper restores the paper's.
		Features: classify.Settings{Counts: true, Events: true, Coverage: true,
			CoverageBigram: DefaultCoverageBigram, CoveragePrior: DefaultCoveragePrior, CoverageMinWords: DefaultCoverageMinWords,
			CoverageFunction: DefaultCoverageFunction},
	}
}

// The default weights of coverage extraction (classify.Settings.Coverage):
// a bigram hit weighs DefaultCoverageBigram unigram hits, a hit on an
// n-gram holding one of ROUGE's stopwords (ResolveContent) weighs
// DefaultCoverageFunction of a content n-gram's, the logistic model's
// log-probability is added DefaultCoveragePrior times (the three the
// choice of the nested folds by content recall with the paper's columns
// as a floor, issue 27, docs/experiment.md), and no sentence shorter than
// DefaultCoverageMinWords words is taken (fixed beforehand, not tuned:
// shorter sentences score more ROUGE per word but make a summary of
// fragments).
const (
	DefaultCoverageBigram   = 3
	DefaultCoveragePrior    = 0.01
	DefaultCoverageFunction = 0.2
	DefaultCoverageMinWords = 15
)

// Methods lists the summarizers Experiment can run (evaluate.Methods).
var Methods = evaluate.NamesOf()

// Aligners lists the aligners Experiment can run: those whose labels train
// a summarizer of the same name.
var Aligners = evaluate.NamesOf(evaluate.Trained)

// Validate checks a configuration before a pipeline is built from it.
func (c Config) Validate() error {
	if c.Corpus == "" || c.Out == "" {
		return fmt.Errorf("a corpus and an output directory are required")
	}
	if err := c.checkRanges(); err != nil {
		return err
	}
	if len(c.Methods) == 0 {
		return fmt.Errorf("no method to run")
	}
	for _, m := range c.Methods {
		if !slices.Contains(Methods, m) {
			return fmt.Errorf("unknown method %q (known: %v)", m, Methods)
		}
	}
	for _, m := range c.Align.Methods {
		if !slices.Contains(Aligners, m) {
			return fmt.Errorf("unknown aligner %q (known: %v)", m, Aligners)
		}
	}
	if err := c.Features.Validate(); err != nil {
		return fmt.Errorf("features: %w", err)
	}
	if err := c.validateBeside(); err != nil {
		return err
	}
	if c.FigureBook != "" {
		if err := corpus.ValidID(c.FigureBook); err != nil {
			return fmt.Errorf("figure book %q: %w", c.FigureBook, err)
		}
	}
	if c.Align.Synonyms && c.Align.Thesaurus == "" {
		return fmt.Errorf("the Token HMM's synonyms (--synonyms) need Roget's Thesaurus: give --thesaurus or BOOKALIGN_THESAURUS")
	}
	if c.Rouge.Stopwords && c.Rouge.DataDir == "" {
		return fmt.Errorf("ROUGE stopword removal (-s) needs ROUGE's stopword list: give --rouge-data or BOOKALIGN_ROUGE_DATA")
	}
	if _, _, err := evaluate.Runnable(c.Methods, c.Rouge.HasStopwords(), slices.Equal(c.Methods, Methods)); err != nil {
		return err
	}
	return nil
}

// checkRanges checks every number of the configuration against its range,
// in the words of the flag that sets it (bookalign run): "--iterations -1
// is out of range: want 0 or more (0: …)".
func (c Config) checkRanges() error {
	type intFlag struct {
		flag     string
		v, least int
		note     string
	}
	ints := []intFlag{
		{"words", c.Words, 1, ""},
		{"min-book-words", c.MinBookWords, 0, ""},
		{"min-summary-words", c.MinSummaryWords, 0, ""},
		{"iterations", c.Align.Iterations, 0, "0: the aligners' own, Passage HMM 500, Token HMM at most 20"},
		{"synonym-cap", c.Align.SynonymCap, 0, "0: no cap"},
		{"min-vocab-books", c.Features.MinBooks, 0, ""},
		{"segments", c.Features.Segments, 0, "0: rank by score alone"},
		{"coverage-min-words", c.Features.CoverageMinWords, 0, ""},
	}
	if c.TestCorpus == "" && len(c.trained()) > 0 {
		ints = append(ints, intFlag{"folds", c.Folds, 2, "cross-validation holds out each fold in turn and trains on the others"})
	}
	for _, x := range ints {
		if x.v < x.least {
			return rangeError(x.flag, strconv.Itoa(x.v), x.least, x.note)
		}
	}
	for _, x := range []struct {
		flag string
		v    float64
		note string
	}{
		{"lambda", c.Lambda, "0: chosen on an inner split of each training set"},
		{"passage-prior", c.Align.PassagePrior, "0: the default, 100"},
		{"redundancy", c.Features.Redundancy, ""},
		{"coverage-bigram", c.Features.CoverageBigram, ""},
		{"coverage-prior", c.Features.CoveragePrior, ""},
	} {
		if !(x.v >= 0) || math.IsInf(x.v, 0) { // also NaN
			return rangeError(x.flag, strconv.FormatFloat(x.v, 'g', -1, 64), -1, x.note)
		}
	}
	return nil
}

// rangeError says that the value of a flag is out of its range: at least
// least, or a finite number, 0 or more, when least is negative.
func rangeError(flag, value string, least int, note string) error {
	want := fmt.Sprintf("at least %d", least)
	switch {
	case least < 0:
		want = "a finite number, 0 or more"
	case least == 0:
		want = "0 or more"
	}
	if note != "" {
		want += " (" + note + ")"
	}
	return fmt.Errorf("--%s %s is out of range: want %s", flag, value, want)
}

// validateBeside checks the variants: each named by a lower-case word of
// its own, with trained summarizers to vary, and settings of its own.
func (c Config) validateBeside() error {
	seen := map[string]bool{}
	stop, coverage := c.Features.CoverageStopwords, c.Features.Coverage
	for _, v := range c.Beside {
		if v.Features.Coverage {
			if coverage && !slices.Equal(v.Features.CoverageStopwords, stop) {
				// One count of the books' term statistics serves all.
				return fmt.Errorf("variant %q: coverage extraction with other stopwords than the run's (ResolveContent sets one list)", v.Name)
			}
			stop, coverage = v.Features.CoverageStopwords, true
		}
		if !variantName.MatchString(v.Name) || seen[v.Name] {
			return fmt.Errorf("variant %q: a variant is named by a lower-case word (letters and digits), once", v.Name)
		}
		seen[v.Name] = true
		if len(c.trained()) == 0 {
			return fmt.Errorf("variant %q: no trained summarizer (%v) among the methods to run beside", v.Name, Aligners)
		}
		if v.of(c) {
			return fmt.Errorf("variant %q has the run's own aligner settings and features: nothing to compare", v.Name)
		}
	}
	return nil
}

var variantName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// Experiment builds the experiment of the paper: read-pairs → load (the
// one parse) → filter-by-length → align → featurize → cross-validate →
// render → evaluate → write. Every pair read ends either in the results or
// in OUT/rejects.jsonl with a reason; every method is scored on the same
// books. Each stage below is one line; a stage the configuration does not
// ask for yields no collection, and the writers skip it.
func Experiment(s beam.Scope, cfg Config) {
	s = s.Scope("Experiment")
	cfg.Methods = transforms.RunnableMethods(cfg.Methods, cfg.Rouge, slices.Equal(cfg.Methods, Methods))
	work := transforms.WorkDir(cfg.Out)

	train := readCorpus(s, cfg, cfg.Corpus)
	aligned := alignPairs(s, cfg, train.kept)
	test := readTestCorpus(s, cfg)
	scored := scoredCorpus(cfg, train, aligned, test)
	prepared := prepare(s, cfg, scored.kept)
	books := featurize(s, cfg, aligned.Pairs, prepared)
	selections, artifacts := crossValidate(s, cfg, books)
	figures := drawFigures(s, cfg, train.kept, aligned.Figure)
	rendered := render(s, work, scored.kept, selections)
	firstWords := firstWords(s, cfg, scored.kept)
	baselines, failed := baselines(s, cfg, prepared)
	candidates := beam.Flatten(s, valid(rendered, firstWords, baselines)...)
	scores, unscored := transforms.Evaluate(s, cfg.Rouge, candidates)

	whenValid(aligned.Files, func(c beam.PCollection) { transforms.WriteAlignments(s, cfg.Out, c) })
	whenValid(artifacts, func(c beam.PCollection) { transforms.WriteArtifacts(s, cfg.Out, c) })
	whenValid(figures, func(c beam.PCollection) { transforms.WriteArtifacts(s.Scope("Figures"), cfg.Out, c) })
	whenValid(rendered, func(c beam.PCollection) { transforms.RemoveWork(s, work, c, artifacts) }) // both read the work directory
	transforms.WriteSummaries(s, cfg.Out, candidates)
	transforms.WriteSelections(s, cfg.Out, candidates)
	if test.kept.IsValid() {
		transforms.WriteRejects(s, cfg.Out, layout.Rel.TrainRejects(), valid(append(train.rejects, aligned.Rejects)...)...)
	}
	transforms.WriteOutputs(s, cfg.Out, cfg.settings(), scores, scored.rows, valid(append(scored.rejects, failed, unscored)...)...)
}

// corpusRead are the pairs of a corpus that are loaded and long enough,
// its number of rows, and the rejects of reading, loading and filtering.
type corpusRead struct {
	kept, rows beam.PCollection
	rejects    []beam.PCollection
}

// readCorpus reads, loads (parses) and filters the pairs of the corpus at
// dir.
func readCorpus(s beam.Scope, cfg Config, dir string) corpusRead {
	pairs, badRows, rows := transforms.ReadPairs(s, dir)
	texts, unreadable := transforms.LoadPairs(s, transforms.LoadOptions{Dir: dir, AllowOutsideSymlinks: cfg.AllowOutsideSymlinks}, pairs)
	kept, tooShort := transforms.FilterByLength(s, texts, cfg.MinBookWords, cfg.MinSummaryWords)
	return corpusRead{kept: kept, rows: rows, rejects: []beam.PCollection{badRows, unreadable, tooShort}}
}

// readTestCorpus reads the test corpus, when the trained summarizers are
// to be scored on one; otherwise it reads nothing.
func readTestCorpus(s beam.Scope, cfg Config) corpusRead {
	if cfg.TestCorpus == "" || len(cfg.trained()) == 0 {
		return corpusRead{}
	}
	return readCorpus(s.Scope("TestCorpus"), cfg, cfg.TestCorpus)
}

// AlignOptions are the options of the run's aligners: cfg.Align with the
// aligners the methods need and the variants beside them.
func (cfg Config) AlignOptions() transforms.AlignOptions {
	opts := cfg.Align
	opts.Methods = cfg.aligners()
	for _, v := range cfg.Beside {
		opts.Beside = append(opts.Beside, transforms.AlignVariant{Name: v.Name, Methods: cfg.trained(), WholeSpans: v.WholeSpans, PaperAligners: v.PaperAligners})
	}
	return opts
}

// alignPairs runs the aligners on the pairs, and fits the Figure 3 book
// when the trained summarizers draw the figures; without aligners it
// aligns nothing.
func alignPairs(s beam.Scope, cfg Config, kept beam.PCollection) transforms.Aligned {
	opts := cfg.AlignOptions()
	if len(opts.Methods) == 0 {
		return transforms.Aligned{}
	}
	figureBook := ""
	if len(cfg.trained()) > 0 {
		figureBook = cfg.FigureBook
	}
	return transforms.Align(s, opts, cfg.Seed, figureBook, kept)
}

// scoredCorpus is the corpus whose pairs get results: the test corpus when
// there is one; otherwise the corpus, of whose pairs the aligned ones
// when there are aligners, the others being rejected by Align.
func scoredCorpus(cfg Config, train corpusRead, aligned transforms.Aligned, test corpusRead) corpusRead {
	switch {
	case test.kept.IsValid():
		return test
	case aligned.Pairs.IsValid():
		return corpusRead{kept: aligned.Pairs, rows: train.rows, rejects: append(train.rejects, aligned.Rejects)}
	}
	return train
}

// prepare builds the summarizers' form of each book to summarize, once,
// when a trained summarizer or a baseline needs it.
func prepare(s beam.Scope, cfg Config, texts beam.PCollection) beam.PCollection {
	if len(cfg.trained()) == 0 && len(cfg.baselines()) == 0 {
		return beam.PCollection{}
	}
	return transforms.Prepare(s, texts)
}

// featurize turns the books the trained summarizers learn from (the aligned
// pairs) and summarize (prepared: the test corpus, or the aligned pairs
// themselves under cross-validation) into their data.
func featurize(s beam.Scope, cfg Config, aligned, prepared beam.PCollection) beam.PCollection {
	switch {
	case len(cfg.trained()) == 0:
		return beam.PCollection{}
	case cfg.TestCorpus == "":
		return transforms.Featurize(s, prepared, false)
	}
	return beam.Flatten(s, transforms.Featurize(s, transforms.Prepare(s, aligned), false), transforms.Featurize(s, prepared, true))
}

// crossValidate trains the summarizers and picks the sentences of each
// book's summaries, when there are books to train on.
func crossValidate(s beam.Scope, cfg Config, books beam.PCollection) (selections, artifacts beam.PCollection) {
	if !books.IsValid() {
		return beam.PCollection{}, beam.PCollection{}
	}
	return transforms.CrossValidate(s, cfg.trainOptions(cfg.trained()), books)
}

// drawFigures draws the paper's figures, with the trained summarizers.
func drawFigures(s beam.Scope, cfg Config, kept, fit beam.PCollection) beam.PCollection {
	if len(cfg.trained()) == 0 {
		return beam.PCollection{}
	}
	return transforms.Figures(s, kept, fit)
}

// render turns the selections into summaries, the texts of their books
// passing through the work directory.
func render(s beam.Scope, work string, texts, selections beam.PCollection) beam.PCollection {
	if !selections.IsValid() {
		return beam.PCollection{}
	}
	return transforms.Render(s, work, transforms.SpillTexts(s, work, texts), selections)
}

// firstWords runs the First-1000 baseline, when asked for.
func firstWords(s beam.Scope, cfg Config, texts beam.PCollection) beam.PCollection {
	if !slices.Contains(cfg.Methods, evaluate.MethodFirst1000) {
		return beam.PCollection{}
	}
	return transforms.FirstWords(s, texts, cfg.Words)
}

// baselines runs the other baselines asked for.
func baselines(s beam.Scope, cfg Config, texts beam.PCollection) (candidates, rejects beam.PCollection) {
	base := cfg.baselines()
	if len(base) == 0 {
		return beam.PCollection{}, beam.PCollection{}
	}
	return transforms.Baselines(s, transforms.BaselineOptions{Methods: base, Words: cfg.Words, Seed: cfg.Seed, Rouge: cfg.Rouge}, texts)
}

// valid returns the collections a stage made: those that are valid.
func valid(cs ...beam.PCollection) []beam.PCollection {
	var out []beam.PCollection
	for _, c := range cs {
		if c.IsValid() {
			out = append(out, c)
		}
	}
	return out
}

// whenValid applies write to c when a stage made it.
func whenValid(c beam.PCollection, write func(beam.PCollection)) {
	if c.IsValid() {
		write(c)
	}
}

// aligners returns the aligners to run: those whose labels train a method,
// and any asked for with Align.Methods.
func (c Config) aligners() []string {
	var out []string
	for _, m := range Aligners {
		if slices.Contains(c.Methods, m) || slices.Contains(c.Align.Methods, m) {
			out = append(out, m)
		}
	}
	return out
}

// trained returns the methods that are summarizers trained on alignments.
func (c Config) trained() []string {
	var out []string
	for _, m := range Aligners {
		if slices.Contains(c.Methods, m) {
			out = append(out, m)
		}
	}
	return out
}

// baselines returns the methods that need no alignment nor training, but
// for first1000.
func (c Config) baselines() []string {
	var out []string
	for _, m := range evaluate.NamesOf(evaluate.Baseline) {
		if slices.Contains(c.Methods, m) {
			out = append(out, m)
		}
	}
	return out
}

// trainOptions configure the trained summarizers, and their variants.
func (c Config) trainOptions(methods []string) transforms.TrainOptions {
	opts := transforms.TrainOptions{Methods: methods, Folds: c.Folds, Seed: c.Seed, Words: c.Words, Features: c.Features, Lambda: c.Lambda, Test: c.TestCorpus != "", WorkDir: transforms.WorkDir(c.Out)}
	for _, v := range c.Beside {
		tv := transforms.TrainVariant{Name: v.Name, Features: v.Features}
		for _, m := range methods {
			tv.Methods = append(tv.Methods, evaluate.VariantName(m, v.Name))
		}
		opts.Beside = append(opts.Beside, tv)
	}
	return opts
}

// settings describe the run in results.json.
func (c Config) settings() evaluate.Settings {
	name := c.CorpusName
	if name == "" {
		name = c.Corpus
	}
	return evaluate.Settings{
		Corpus:     name,
		TestCorpus: c.TestCorpus,
		Words:      c.Words,
		Seed:       c.Seed,
		Rouge:      evaluate.RougeSettings{Stem: true, Stopwords: c.Rouge.Stopwords, Exceptions: c.Rouge.DataDir != ""},
	}
}
