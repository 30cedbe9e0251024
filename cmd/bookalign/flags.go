package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/transforms"
)

// terminalFlags are the flags of every pipeline command that say how much it
// shows on the terminal.
type terminalFlags struct {
	verbose, quiet *bool
}

// addTerminalFlags defines --verbose and --quiet on fs.
func addTerminalFlags(fs *flag.FlagSet) terminalFlags {
	return terminalFlags{
		verbose: fs.Bool("verbose", false, "show Beam's INFO logging"),
		quiet:   fs.Bool("quiet", false, "no progress lines, counters or tables on the terminal"),
	}
}

// parse parses the arguments of command name into fs, with usage as the
// first line of its help, refuses positional arguments, and turns Beam's
// INFO logging on for --verbose.
func (t terminalFlags) parse(fs *flag.FlagSet, name, usage string, args []string) error {
	fs.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: %s\n\n", usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "bookalign %s: unexpected arguments %q\n", name, fs.Args())
		return errUsage
	}
	if *t.verbose {
		log.SetupLogging("info", "text")
	}
	return nil
}

// addExperimentFlags defines on fs the flags that configure the experiment
// (methods, budget, thresholds, aligners, classifier, ROUGE), shared by run
// and reprocess. The returned function reads them into a configuration,
// after fs has been parsed; corpus and output directories are left to the
// caller.
func addExperimentFlags(fs *flag.FlagSet) func() pipelines.Config {
	def := pipelines.DefaultConfig()
	var preset presetFlag
	fs.Var(&preset, "preset", `"paper": the paper's exact choices in one flag (the paper's aligners, whole-span labels, the paper's features only, ranking by probability; lambda chosen as by default); flags given explicitly still win`)
	var beside presetFlag
	fs.Var(&beside, "beside", `"paper": in the same run, also align, train and score the trained summarizers as --preset paper with the same flags would, named <method>-paper (passage-paper, ...), on the same books and folds; table.md compares each with the run's own`)
	methods := fs.String("methods", strings.Join(def.Methods, ","), "comma-separated summarizers to run: "+strings.Join(pipelines.Methods, ", "))
	words := fs.Int("words", def.Words, "summary budget in words (all word tokens, punctuation excluded)")
	minBook := fs.Int("min-book-words", def.MinBookWords, "reject books with fewer words (stopwords and punctuation excluded)")
	minSummary := fs.Int("min-summary-words", def.MinSummaryWords, "reject summaries with fewer words (stopwords and punctuation excluded)")
	rougeData := fs.String("rouge-data", os.Getenv("BOOKALIGN_ROUGE_DATA"), "ROUGE-1.5.5 data `DIR` (stopword and WordNet exception lists); default $BOOKALIGN_ROUGE_DATA; empty: stem without exceptions")
	aligners := fs.String("align", "", "comma-separated aligners to run on every pair even when no summarizer needs them, writing OUT/alignments/<method>/<id>.jsonl: "+strings.Join(pipelines.Aligners, ", "))
	thesaurus := fs.String("thesaurus", os.Getenv("BOOKALIGN_THESAURUS"), "Roget's Thesaurus `DIR` for the Token HMM's synonyms (with --synonyms, --paper-aligners or --preset paper; read only then); default $BOOKALIGN_THESAURUS")
	iterations := fs.Int("iterations", 0, "EM rounds of the HMM aligners (0: Passage HMM 500, Token HMM at most 20)")
	seed := fs.Uint64("seed", def.Seed, "seed for every random choice (bootstrap, folds, sampler)")
	folds := fs.Int("folds", def.Folds, "cross-validation folds over books, at least 2 (with fewer usable books than folds each book is a fold of its own and the other folds are empty; fewer than 2 books with distinct texts is an error)")
	lambda := fs.Float64("lambda", 0, "L2 strength of the logistic regression (0: chosen on an inner split of each training set)")
	minBooks := fs.Int("min-vocab-books", def.Features.MinBooks, "keep out of the word features the words found in fewer training books (0 or 1: the paper's vocabulary)")
	paperAligners := fs.Bool("paper-aligners", false, "run the aligners as the paper describes them: words compared by their lower-cased forms (no possessive dropped, no stem) and a summary sentence with no book word left unaligned (default: stems, possessives dropped, placement by the neighbours)")
	passagePrior := fs.Float64("passage-prior", 0, "μ, the strength of the Passage HMM's Dirichlet prior toward the book's word rates (0: the default, 100; 20 until 2026-11-23; docs/alignment.md)")
	synonyms := fs.Bool("synonyms", false, "let the Token HMM emit a summary word from a book word listed as its synonym in Roget's Thesaurus (--thesaurus), as the paper does, with the default aligners too (the paper's aligners always do); off by default: it changed neither anchor hits nor ROUGE, at three to five times the Token HMM's CPU")
	synonymCap := fs.Int("synonym-cap", 0, "with --synonyms: give no synonyms to a book word with more than this many in the thesaurus (0: all, as the paper; ignored by the paper's aligners)")
	wholeSpans := fs.Bool("whole-span-labels", false, "label every book sentence of an aligned span (the paper's words read literally) instead of the one sharing the most words with the summary sentence")
	figureBook := fs.String("figure-book", def.FigureBook, "`ID` of the pair whose Passage HMM samples draw Figure 3 (figures/boundary_density.svg); empty or none: no Figure 3")
	outsideLinks := fs.Bool("allow-outside-symlinks", false, "read books and summaries that are symbolic links to files outside the corpus directory (by default their pairs are rejected)")
	counts := fs.Bool("count-features", def.Features.Counts, "add count features beyond the paper's presence features: at least k salient-name tokens, at least k words (--count-features=false: the paper's features only)")
	plot := plotFlag{Characters: def.Features.Characters, Dialogue: def.Features.Dialogue, Chapter: def.Features.Chapter}
	fs.Var(&plot, "plot-features", "comma-separated plot features beyond the paper's: characters (distinct names, introductions, full names, kinship), dialogue (share inside quotation marks), chapter (place in the chapter); empty: none")
	events := fs.Bool("event-features", def.Features.Events, "add event-word features beyond the paper's: how often each word of a training book is in that book's summary, learned from the training pairs (--event-features=false: none; off in --preset paper)")
	segments := fs.Int("segments", def.Features.Segments, "spread the summary over this many equal parts of the book, each given the share of the budget the training labels hold in it (0: rank by score alone, the paper's rule); needs --coverage=false")
	redundancy := fs.Float64("redundancy", def.Features.Redundancy, "lower a sentence's log-odds by this times its word similarity to a sentence already chosen (0: no redundancy check, the paper's rule); needs --coverage=false")
	coverage := fs.Bool("coverage", def.Features.Coverage, "choose the summary's sentences for the ROUGE hits their words and word pairs are expected to add, by a count model learned from the training pairs, with the trained summarizer's probability as a prior (--coverage=false: rank by probability, or spread with --segments; off in --preset paper)")
	coverageBigram := fs.Float64("coverage-bigram", def.Features.CoverageBigram, "with --coverage: the weight of an expected bigram hit against a unigram hit")
	coveragePrior := fs.Float64("coverage-prior", def.Features.CoveragePrior, "with --coverage: the weight of the trained summarizer's log-probability of a sentence (0: the count model alone)")
	coverageMin := fs.Int("coverage-min-words", def.Features.CoverageMinWords, "with --coverage: the shortest sentence taken, in words")
	return func() pipelines.Config {
		cfg := def
		cfg.Methods = splitList(*methods)
		cfg.Words, cfg.MinBookWords, cfg.MinSummaryWords = *words, *minBook, *minSummary
		cfg.Rouge = transforms.RougeOptions{DataDir: strings.TrimRight(*rougeData, "/")}
		cfg.Seed, cfg.Folds, cfg.Lambda = *seed, *folds, *lambda
		cfg.AllowOutsideSymlinks = *outsideLinks
		if cfg.FigureBook = *figureBook; cfg.FigureBook == "none" {
			cfg.FigureBook = ""
		}
		cfg.Align = transforms.AlignOptions{Methods: splitList(*aligners), Thesaurus: strings.TrimRight(*thesaurus, "/"), Iterations: *iterations, WholeSpans: *wholeSpans, PaperAligners: *paperAligners, Synonyms: *synonyms, SynonymCap: *synonymCap, PassagePrior: *passagePrior}
		cfg.Features.MinBooks, cfg.Features.Counts, cfg.Features.Events = *minBooks, *counts, *events
		cfg.Features.Segments, cfg.Features.Redundancy = *segments, *redundancy
		cfg.Features.Coverage = *coverage
		cfg.Features.CoverageBigram, cfg.Features.CoveragePrior, cfg.Features.CoverageMinWords = *coverageBigram, *coveragePrior, *coverageMin
		cfg.Features.Characters, cfg.Features.Dialogue, cfg.Features.Chapter = plot.Characters, plot.Dialogue, plot.Chapter
		given := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
		if !cfg.Features.Coverage {
			withoutCoverage(&cfg.Features, given)
		}
		if preset == "paper" {
			applyPaperPreset(&cfg, given)
		}
		if beside == "paper" {
			paper := cfg
			applyPaperPreset(&paper, given)
			cfg.Beside = []pipelines.Variant{pipelines.VariantOf("paper", paper)}
		}
		return cfg
	}
}

// atLeast returns an error saying that the value v of the integer flag
// named flag is out of its range when it is below least, in the words of
// pipelines.Config.Validate: "--iterations -1 is out of range: want 0 or
// more". The commands that share a flag with run check it as run does.
func atLeast(flag string, v, least int) error {
	if v >= least {
		return nil
	}
	want := fmt.Sprintf("at least %d", least)
	if least == 0 {
		want = "0 or more"
	}
	return fmt.Errorf("--%s %d is out of range: want %s", flag, v, want)
}

// presetFlag is the value of --preset: "" (the defaults) or "paper".
type presetFlag string

func (p *presetFlag) String() string { return string(*p) }

func (p *presetFlag) Set(s string) error {
	if s != "" && s != "paper" {
		return fmt.Errorf(`unknown preset %q (known: "paper")`, s)
	}
	*p = presetFlag(s)
	return nil
}

// applyPaperPreset sets the paper's choices (Bamman and Smith 2013, §4):
// every sentence of an aligned span labelled, the paper's features only,
// the most probable sentences extracted. Lambda is left as configured. The
// flags in given, set explicitly, keep their values.
func applyPaperPreset(cfg *pipelines.Config, given map[string]bool) {
	paper := classify.Settings{MinBooks: cfg.Features.MinBooks, Vocabulary: cfg.Features.Vocabulary, Names: cfg.Features.Names}
	if !given["whole-span-labels"] {
		cfg.Align.WholeSpans = true
	}
	if !given["paper-aligners"] {
		cfg.Align.PaperAligners = true
	}
	if !given["count-features"] {
		cfg.Features.Counts = paper.Counts
	}
	if !given["event-features"] {
		cfg.Features.Events = paper.Events
	}
	if !given["plot-features"] {
		cfg.Features.Characters, cfg.Features.Dialogue, cfg.Features.Chapter = false, false, false
	}
	if !given["segments"] {
		cfg.Features.Segments = paper.Segments
	}
	if !given["redundancy"] {
		cfg.Features.Redundancy = paper.Redundancy
	}
	if !given["coverage"] {
		cfg.Features.Coverage = paper.Coverage
		withoutCoverage(&cfg.Features, given)
	}
}

// checkCoverageFlags reports, in the command line's words, coverage
// settings that do not go together (classify.Settings.Validate refuses
// them too, in the package's words).
func checkCoverageFlags(set classify.Settings) error {
	if set.Coverage && (set.Segments != 0 || set.Redundancy != 0) {
		return errors.New("--segments and --redundancy need --coverage=false: coverage extraction chooses the sentences itself")
	}
	if !set.Coverage && (set.CoverageBigram != 0 || set.CoveragePrior != 0 || set.CoverageMinWords != 0) {
		return errors.New("--coverage-bigram, --coverage-prior and --coverage-min-words weigh coverage extraction, which --coverage=false (or --preset paper) turns off")
	}
	return nil
}

// withoutCoverage clears the coverage weights that were not given
// explicitly, for settings without coverage extraction: weights given
// with --coverage=false are an error (classify.Settings.Validate).
func withoutCoverage(set *classify.Settings, given map[string]bool) {
	if !given["coverage-bigram"] {
		set.CoverageBigram = 0
	}
	if !given["coverage-prior"] {
		set.CoveragePrior = 0
	}
	if !given["coverage-min-words"] {
		set.CoverageMinWords = 0
	}
	set.CoverageFunction, set.CoverageStopwords = 0, nil
}

// plotFlag is the value of --plot-features: the plot features on.
type plotFlag struct{ Characters, Dialogue, Chapter bool }

func (p *plotFlag) String() string {
	var out []string
	for _, f := range []struct {
		name string
		on   bool
	}{{"characters", p.Characters}, {"dialogue", p.Dialogue}, {"chapter", p.Chapter}} {
		if f.on {
			out = append(out, f.name)
		}
	}
	return strings.Join(out, ",")
}

func (p *plotFlag) Set(list string) error {
	*p = plotFlag{}
	for _, name := range splitList(list) {
		switch name {
		case "characters":
			p.Characters = true
		case "dialogue":
			p.Dialogue = true
		case "chapter":
			p.Chapter = true
		default:
			return fmt.Errorf("unknown plot feature %q (known: characters, dialogue, chapter)", name)
		}
	}
	return nil
}
