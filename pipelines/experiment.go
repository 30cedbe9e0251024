package pipelines

import (
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/transforms"
)

// Config is everything the experiment pipeline needs to know.
type Config struct {
	// Corpus is the corpus directory (pairs.tsv, books/, summaries/), local
	// or gs://.
	Corpus string
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
	// Seed seeds every random choice.
	Seed uint64
}

// DefaultConfig returns the paper's settings.
func DefaultConfig() Config {
	return Config{
		Methods:         []string{"first1000"},
		Words:           1000,
		MinBookWords:    10000,
		MinSummaryWords: 100,
		Seed:            1,
	}
}

// Methods lists the summarizers Experiment can run.
var Methods = []string{"first1000"}

// Aligners lists the aligners Experiment can run.
var Aligners = []string{"passage", "token", "jing"}

// Validate checks a configuration before a pipeline is built from it.
func (c Config) Validate() error {
	if c.Corpus == "" || c.Out == "" {
		return fmt.Errorf("a corpus and an output directory are required")
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
	if c.Rouge.Stopwords && c.Rouge.DataDir == "" {
		return fmt.Errorf("ROUGE stopword removal (-s) needs ROUGE's stopword list: give --rouge-data or BOOKALIGN_ROUGE_DATA")
	}
	return nil
}

// Experiment builds the experiment: read-pairs → filter-by-length → align →
// summarize → evaluate → write. Every pair read ends either in the results or
// in OUT/rejects.jsonl with a reason.
func Experiment(s beam.Scope, cfg Config) {
	s = s.Scope("Experiment")
	pairs, badRows, rows := transforms.ReadPairs(s, cfg.Corpus)
	texts, unreadable := transforms.LoadPairs(s, cfg.Corpus, pairs)
	kept, tooShort := transforms.FilterByLength(s, texts, cfg.MinBookWords, cfg.MinSummaryWords)
	rejects := []beam.PCollection{badRows, unreadable, tooShort}
	if len(cfg.Align.Methods) > 0 {
		aligned, unaligned := transforms.Align(s, cfg.Align, kept)
		transforms.WriteAlignments(s, cfg.Out, aligned)
		kept, rejects = transforms.AlignedTexts(s, aligned), append(rejects, unaligned)
	}
	candidates := transforms.FirstWords(s, kept, cfg.Words)
	scores, unscored := transforms.Evaluate(s, cfg.Rouge, candidates)
	transforms.WriteSummaries(s, cfg.Out, candidates)
	transforms.WriteOutputs(s, cfg.Out, cfg.settings(), scores, rows, append(rejects, unscored)...)
}

// settings describe the run in results.json.
func (c Config) settings() evaluate.Settings {
	return evaluate.Settings{
		Corpus: c.Corpus,
		Words:  c.Words,
		Seed:   c.Seed,
		Rouge:  evaluate.RougeSettings{Stem: true, Stopwords: c.Rouge.Stopwords, Exceptions: c.Rouge.DataDir != ""},
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
