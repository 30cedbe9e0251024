package pipelines

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/transforms"
)

// Config is everything the experiment pipeline needs to know: the
// settings of what it computes, and where its inputs and outputs are.
type Config struct {
	config.Settings
	// Corpus is the corpus directory (pairs.tsv, books/, summaries/), local
	// or gs://.
	Corpus string
	// CorpusName is the corpus path the results name (results.json,
	// table.md); empty means Corpus. reprocess, which runs on a corpus in
	// its work directory and then moves it, names the corpus's final place.
	CorpusName string `json:",omitempty"`
	// Out is the output directory, local or gs://.
	Out string
	// TestCorpus, when set, is a second corpus: the summarizers are trained
	// on all of Corpus and evaluated on it, without cross-validation.
	TestCorpus string
	// Thesaurus is the directory of Roget's Thesaurus (local or gs://) for
	// the Token HMM's synonyms; empty means identity emissions only.
	Thesaurus string
	// Rouge says how summaries are scored.
	Rouge rouge.Options
	// CoverageStopwords are the function words of coverage extraction
	// (classify's Counts.Collection), sorted: data read at run time
	// (ResolveContent), not a setting; none counts every n-gram alike.
	CoverageStopwords []string `json:",omitempty"`
	// TrainByMethod trains each model as a Beam element of its own rather
	// than a training set's models together (transforms.TrainOptions.
	// ByMethod): for a runner with more workers than training sets. The
	// outputs are the same either way; bookalign run sets it when the
	// runner is not in process and has more workers than training sets
	// (TrainingSets), or a number it is not told.
	TrainByMethod bool `json:",omitempty"`
}

// Methods lists the summarizers Experiment can run (evaluate.Methods).
var Methods = evaluate.NamesOf()

// Aligners lists the aligners Experiment can run: those whose labels train
// a summarizer of the same name.
var Aligners = evaluate.NamesOf(evaluate.Trained)

// Check checks a configuration before a pipeline is built from it, each
// package's settings by its own Check, in this order: the paths, the
// settings (config.Settings.Check, with align's), the summarizer's
// combinations, the aligners' thesaurus, the scoring (rouge.Options.
// Check) and the methods that can run with it. Preflight runs it first.
func (c Config) Check() error {
	if c.Corpus == "" || c.Out == "" {
		return fmt.Errorf("a corpus and an output directory are required")
	}
	set := c.Settings
	if c.TestCorpus != "" || len(c.trained()) == 0 {
		// Without cross-validation folds is not used, so not refused:
		// it is checked at its default.
		set.Folds = config.Default().Folds
	}
	if err := set.Check(); err != nil {
		return err
	}
	if err := c.Summarizer.CheckCombinations(); err != nil {
		return fmt.Errorf("summarizer: %w", err)
	}
	if err := c.Align.CheckThesaurus(c.aligners(), c.Thesaurus != ""); err != nil {
		return err
	}
	if err := c.Rouge.Check(); err != nil {
		return err
	}
	if _, _, err := c.Runnable(); err != nil {
		return err
	}
	return nil
}

// Experiment builds the experiment of the paper: read-pairs → load (the
// one parse) → filter-by-length → align → featurize → cross-validate →
// render → evaluate → write. Every pair read ends either in the results or
// in OUT/rejects.jsonl with a reason; every method is scored on the same
// books. Each stage below is one line; a stage the configuration does not
// ask for yields no collection, and the writers skip it.
func Experiment(s beam.Scope, cfg Config) {
	s = s.Scope("Experiment")
	if _, note, err := cfg.Runnable(); err == nil && note != "" {
		log.Warn(context.Background(), note)
	}
	cfg.Methods = cfg.RunnableMethods()
	work := transforms.WorkDir(cfg.Out)

	train := readCorpus(s, cfg, cfg.Corpus)
	aligned := alignPairs(s, cfg, train.kept)
	test := readTestCorpus(s, cfg)
	scored := scoredCorpus(cfg, train, aligned, test)
	spilled := spillTexts(s, cfg, work, scored.kept)
	prepared := prepare(s, cfg, spilled)
	books, testBooks := featurize(s, cfg, aligned.Pairs, prepared)
	selections, artifacts := crossValidate(s, cfg, books, testBooks)
	figures := drawFigures(s, cfg, train.kept, aligned.Figure)
	rendered := render(s, work, selections)
	firstWords := firstWords(s, cfg, scored.kept)
	baselines, failed := baselines(s, cfg, prepared)
	scores, unscored := writeCandidates(s, cfg, map[string]beam.PCollection{"Trained": rendered, "First1000": firstWords, "Baselines": baselines})

	whenValid(aligned.Files, func(c beam.PCollection) { transforms.WriteAlignments(s, cfg.Out, c) })
	whenValid(artifacts, func(c beam.PCollection) { transforms.WriteArtifacts(s, cfg.Out, c) })
	whenValid(figures, func(c beam.PCollection) { transforms.WriteArtifacts(s.Scope("Figures"), cfg.Out, c) })
	whenValid(rendered, func(c beam.PCollection) { transforms.RemoveWork(s, work, c, artifacts) }) // both read the work directory
	if test.kept.IsValid() {
		transforms.WriteRejects(s, cfg.Out, layout.Rel.TrainRejects(), valid(append(train.rejects, aligned.Rejects)...)...)
	}
	transforms.WriteOutputs(s, cfg.Out, cfg.settings(), scores, scored.rows, valid(append(scored.rejects, failed, unscored)...)...)
}

// writeCandidates writes and scores the candidate summaries of each source
// (the trained summarizers' and the baselines'; a source the
// configuration does not ask for is not valid) where the source makes
// them, and returns the scores and the candidates that could not be
// scored. The sources are not flattened first: a runner may hold a
// flattened collection until every source is complete (prism does), and
// the baselines' summaries, made beside the alignments, would wait for the
// last model to be scored.
func writeCandidates(s beam.Scope, cfg Config, sources map[string]beam.PCollection) (scores, unscored beam.PCollection) {
	var sc, un []beam.PCollection
	for _, name := range slices.Sorted(maps.Keys(sources)) {
		c := sources[name]
		if !c.IsValid() {
			continue
		}
		cs := s.Scope(name)
		transforms.WriteSummaries(cs, cfg.Out, c)
		transforms.WriteSelections(cs, cfg.Out, c)
		scored, failed := transforms.Evaluate(cs, cfg.Rouge, c)
		sc, un = append(sc, scored), append(un, failed)
	}
	return beam.Flatten(s, sc...), beam.Flatten(s, un...)
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

// readTestCorpus reads the test corpus, when there is one: it is the
// corpus every method is scored on, the baselines' too; otherwise it reads
// nothing.
func readTestCorpus(s beam.Scope, cfg Config) corpusRead {
	if cfg.TestCorpus == "" {
		return corpusRead{}
	}
	return readCorpus(s.Scope("TestCorpus"), cfg, cfg.TestCorpus)
}

// AlignOptions are the options of the run's aligners: its aligner
// settings, the aligners the methods need and the thesaurus.
func (cfg Config) AlignOptions() transforms.AlignOptions {
	return transforms.AlignOptions{Settings: cfg.Align, Methods: cfg.aligners(), Thesaurus: cfg.Thesaurus}
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
// themselves under cross-validation) into their data: with a test corpus,
// the training books and the test books apart (CrossValidate joins them
// after it has spilled them).
func featurize(s beam.Scope, cfg Config, aligned, prepared beam.PCollection) (books, test beam.PCollection) {
	switch {
	case len(cfg.trained()) == 0:
		return beam.PCollection{}, beam.PCollection{}
	case cfg.TestCorpus == "":
		return transforms.Featurize(s, prepared, false), beam.PCollection{}
	}
	return transforms.Featurize(s, transforms.Prepare(s, aligned), false), transforms.Featurize(s, prepared, true)
}

// crossValidate trains the summarizers and picks the sentences of each
// book's summaries, when there are books to train on.
func crossValidate(s beam.Scope, cfg Config, books, test beam.PCollection) (selections, artifacts beam.PCollection) {
	if !books.IsValid() {
		return beam.PCollection{}, beam.PCollection{}
	}
	return transforms.CrossValidate(s, cfg.trainOptions(cfg.trained()), books, test)
}

// drawFigures draws the paper's figures, with the trained summarizers.
func drawFigures(s beam.Scope, cfg Config, kept, fit beam.PCollection) beam.PCollection {
	if len(cfg.trained()) == 0 {
		return beam.PCollection{}
	}
	return transforms.Figures(s, kept, fit)
}

// spillTexts writes the texts of the pairs to the work directory when
// trained summarizers will render selections of them, and passes each pair
// on once its texts are written: the books the summarizers learn from and
// summarize are made from what it passes on, so a book's selections exist
// only after its texts are in the work directory. Otherwise it returns
// texts as they are.
func spillTexts(s beam.Scope, cfg Config, work string, texts beam.PCollection) beam.PCollection {
	if len(cfg.trained()) == 0 {
		return texts
	}
	return transforms.SpillTexts(s, work, texts)
}

// render turns the selections into summaries, the texts of their books
// read from the work directory (spillTexts).
func render(s beam.Scope, work string, selections beam.PCollection) beam.PCollection {
	if !selections.IsValid() {
		return beam.PCollection{}
	}
	return transforms.Render(s, work, selections)
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
// and any asked for with Align.Extra.
func (c Config) aligners() []string {
	var out []string
	for _, m := range Aligners {
		if slices.Contains(c.Methods, m) || slices.Contains(c.Align.Extra, m) {
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

// TrainingSets is the number of training sets the run trains a model of
// each trained method on (cv.Plan.Sets): the folds' and the one of all
// books, or all books alone with a test corpus; 0 when no method is
// trained.
func (c Config) TrainingSets() int {
	switch {
	case len(c.trained()) == 0:
		return 0
	case c.TestCorpus != "":
		return 1
	}
	return c.Folds + 1
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

// trainOptions configure the trained summarizers.
func (c Config) trainOptions(methods []string) transforms.TrainOptions {
	return transforms.TrainOptions{Methods: methods, Settings: c.Settings, Stopwords: c.CoverageStopwords, Test: c.TestCorpus != "", ByMethod: c.TrainByMethod, WorkDir: transforms.WorkDir(c.Out)}
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
		Rouge:      evaluate.RecordRouge(c.Rouge),
	}
}
