package pipelines

import (
	"fmt"

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
}

// DefaultConfig returns the paper's settings, plus the count features and
// the budget spread over ten parts of the book.
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
		// fold (docs/experiment.md). --preset paper restores the paper's.
		Features: classify.Settings{Counts: true, Segments: 10},
	}
}

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
	if c.Folds < 2 && c.TestCorpus == "" && len(c.trained()) > 0 {
		return fmt.Errorf("cross-validation needs at least 2 folds, not %d", c.Folds)
	}
	if c.Words <= 0 {
		return fmt.Errorf("the summary budget must be positive, not %d words", c.Words)
	}
	if len(c.Methods) == 0 {
		return fmt.Errorf("no method to run")
	}
	for _, m := range c.Methods {
		if !contains(Methods, m) {
			return fmt.Errorf("unknown method %q (known: %v)", m, Methods)
		}
	}
	for _, m := range c.Align.Methods {
		if !contains(Aligners, m) {
			return fmt.Errorf("unknown aligner %q (known: %v)", m, Aligners)
		}
	}
	if c.FigureBook != "" {
		if err := corpus.ValidID(c.FigureBook); err != nil {
			return fmt.Errorf("figure book %q: %w", c.FigureBook, err)
		}
	}
	if c.Rouge.Stopwords && c.Rouge.DataDir == "" {
		return fmt.Errorf("ROUGE stopword removal (-s) needs ROUGE's stopword list: give --rouge-data or BOOKALIGN_ROUGE_DATA")
	}
	return nil
}

// Experiment builds the experiment of the paper: read-pairs →
// filter-by-length → align → featurize → fold-split → train → evaluate →
// write. Every pair read ends either in the results or in OUT/rejects.jsonl
// with a reason; every method is scored on the same books.
func Experiment(s beam.Scope, cfg Config) {
	s = s.Scope("Experiment")
	kept, rows, rejects := readCorpus(s, cfg, cfg.Corpus)
	evaluated := kept
	var candidates []beam.PCollection

	if aligners := cfg.aligners(); len(aligners) > 0 {
		opts := cfg.Align
		opts.Methods = aligners
		aligned, unaligned := transforms.Align(s, opts, cfg.Seed, kept)
		transforms.WriteAlignments(s, cfg.Out, aligned)
		rejects = append(rejects, unaligned)
		evaluated = transforms.AlignedTexts(s, aligned)
		if trained := cfg.trained(); len(trained) > 0 {
			books, unfeaturized := transforms.Featurize(s, aligned, false)
			var trainRejects []beam.PCollection
			trainRejects, rejects = rejects, append(rejects, unfeaturized)
			if cfg.TestCorpus != "" {
				// Train on all of the corpus, summarize and score the test corpus.
				var testRows beam.PCollection
				evaluated, testRows, rejects = readCorpus(s.Scope("TestCorpus"), cfg, cfg.TestCorpus)
				testBooks, unfeaturizedTest := transforms.Featurize(s, transforms.Unaligned(s, evaluated), true)
				books, rows = beam.Flatten(s, books, testBooks), testRows
				rejects = append(rejects, unfeaturizedTest)
				transforms.WriteRejects(s, cfg.Out, layout.Rel.TrainRejects(), append(trainRejects, unfeaturized)...)
			}
			selections, artifacts := transforms.CrossValidate(s, cfg.trainOptions(trained), books)
			transforms.WriteArtifacts(s, cfg.Out, artifacts)
			figureOpts := transforms.FigureOptions{Book: cfg.FigureBook, Seed: cfg.Seed, Iterations: cfg.Align.Iterations, PaperAligners: cfg.Align.PaperAligners}
			transforms.WriteArtifacts(s.Scope("Figures"), cfg.Out, transforms.Figures(s, figureOpts, kept))
			work := transforms.WorkDir(cfg.Out)
			rendered, unrendered := transforms.Render(s, work, transforms.SpillTexts(s, work, evaluated), selections)
			transforms.RemoveWork(s, work, rendered, unrendered)
			candidates, rejects = append(candidates, rendered), append(rejects, unrendered)
		}
	}
	if contains(cfg.Methods, evaluate.MethodFirst1000) {
		candidates = append(candidates, transforms.FirstWords(s, evaluated, cfg.Words))
	}
	if base := cfg.baselines(); len(base) > 0 {
		c, failed := transforms.Baselines(s, transforms.BaselineOptions{Methods: base, Words: cfg.Words, Seed: cfg.Seed, Rouge: cfg.Rouge}, evaluated)
		candidates, rejects = append(candidates, c), append(rejects, failed)
	}
	all := beam.Flatten(s, candidates...)
	scores, unscored := transforms.Evaluate(s, cfg.Rouge, all)
	transforms.WriteSummaries(s, cfg.Out, all)
	transforms.WriteOutputs(s, cfg.Out, cfg.settings(), scores, rows, append(rejects, unscored)...)
}

// readCorpus reads, loads and filters the pairs of the corpus at dir.
func readCorpus(s beam.Scope, cfg Config, dir string) (kept, rows beam.PCollection, rejects []beam.PCollection) {
	pairs, badRows, rows := transforms.ReadPairs(s, dir)
	texts, unreadable := transforms.LoadPairs(s, transforms.LoadOptions{Dir: dir, AllowOutsideSymlinks: cfg.AllowOutsideSymlinks}, pairs)
	kept, tooShort := transforms.FilterByLength(s, texts, cfg.MinBookWords, cfg.MinSummaryWords)
	return kept, rows, []beam.PCollection{badRows, unreadable, tooShort}
}

// aligners returns the aligners to run: those whose labels train a method,
// and any asked for with Align.Methods.
func (c Config) aligners() []string {
	var out []string
	for _, m := range Aligners {
		if contains(c.Methods, m) || contains(c.Align.Methods, m) {
			out = append(out, m)
		}
	}
	return out
}

// trained returns the methods that are summarizers trained on alignments.
func (c Config) trained() []string {
	var out []string
	for _, m := range Aligners {
		if contains(c.Methods, m) {
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
		if contains(c.Methods, m) {
			out = append(out, m)
		}
	}
	return out
}

// trainOptions configure the trained summarizers.
func (c Config) trainOptions(methods []string) transforms.TrainOptions {
	return transforms.TrainOptions{Methods: methods, Folds: c.Folds, Seed: c.Seed, Words: c.Words, Features: c.Features, Lambda: c.Lambda, WorkDir: transforms.WorkDir(c.Out)}
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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
