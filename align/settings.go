package align

import (
	"fmt"
	"slices"

	"github.com/bookalign/bookalign/internal/bounds"
)

// Methods are the aligners New knows, in the order a run lists them.
var Methods = []string{MethodPassage, MethodToken, MethodJing}

// The bounds of Settings' numbers, each from what the setting means, as
// the comment of each says.
const (
	// MaxIterations bounds align.iterations: the Passage HMM keeps every
	// round's boundaries of its 100 passages (800 bytes a round and pair),
	// and 10,000 rounds are 20 times the paper's 500.
	MaxIterations = 10000
	// MinPassagePrior and MaxPassagePrior bound align.passage_prior μ, a
	// pseudo-count of words. Below 1e-6 the prior is nothing; above 1e12
	// it outweighs the words of any book (at most classify.MaxBookWords)
	// by four orders of magnitude, and its products with word counts stay
	// exact enough for one occurrence to count.
	MinPassagePrior = 1e-6
	MaxPassagePrior = 1e12
)

// Settings are a run's settings of the aligners, the "align" section of
// a settings file, and what they mean for each aligner: the word forms
// compared (Forms), the options of New (Options) and whether the Token
// HMM emits synonyms (UsesSynonyms).
type Settings struct {
	// Extra are aligners to run on every pair even when no summarizer
	// needs them (passage, token, jing), writing their alignments to
	// OUT/alignments/<method>/. Default none.
	Extra []string `json:"extra"`
	// Iterations are the EM rounds of the HMM aligners; 0 (the default)
	// keeps theirs: Passage HMM 500, the paper's, Token HMM at most 20.
	Iterations int `json:"iterations"`
	// PassagePrior is μ, the strength of the Passage HMM's Dirichlet prior
	// toward the book's word rates; 0 (the default) means 100.
	PassagePrior float64 `json:"passage_prior"`
	// WholeSpans labels every book sentence of an aligned span, the
	// paper's words read literally, instead of the one sharing the most
	// words with the summary sentence. Default false; Paper true.
	WholeSpans bool `json:"whole_spans"`
	// PaperAligners runs the aligners as the paper describes them: words
	// compared by their lower-cased forms (no possessive dropped, no
	// stem), a summary sentence with no book word left unaligned, and the
	// Token HMM's synonyms from Roget's Thesaurus. Default false (stems,
	// possessives dropped, placement by the neighbours); Paper true.
	PaperAligners bool `json:"paper_aligners"`
	// Synonyms lets the default Token HMM emit a summary word from a book
	// word that Roget's Thesaurus lists as its synonym, as the paper's
	// does. Default false: it changed neither the silver-anchor hits nor
	// ROUGE, at three to five times the Token HMM's CPU.
	Synonyms bool `json:"synonyms"`
}

// Check checks s before any work: each number against its range and each
// extra aligner's name, naming the setting as a settings file does
// ("align.iterations -1 is out of range: …").
func (s Settings) Check() error {
	if err := bounds.First("align",
		bounds.Int("iterations", s.Iterations, 0, MaxIterations, "0: the aligners' own, Passage HMM 500, Token HMM at most 20"),
		bounds.ZeroOrFloat("passage_prior", s.PassagePrior, MinPassagePrior, MaxPassagePrior, "0: the default, 100"),
	); err != nil {
		return err
	}
	return bounds.KnownOnce("aligner", "align.extra", s.Extra, Methods)
}

// Forms are the word forms the aligners compare under s.
func (s Settings) Forms() Forms {
	if s.PaperAligners {
		return Forms{}
	}
	return DefaultForms
}

// Options returns the options of New under s, with the seed of the
// Passage HMM's sampler and the thesaurus read, which the Token HMM uses
// only when s asks for synonyms (th may be nil).
func (s Settings) Options(seed uint64, th *Thesaurus) Options {
	if !s.wantsSynonyms() {
		th = nil
	}
	return Options{Seed: seed, Iterations: s.Iterations, Thesaurus: th, WholeSpans: s.WholeSpans, NoContext: s.PaperAligners, Prior: s.PassagePrior}
}

// UsesSynonyms reports whether the Token HMM emits synonyms under s:
// asked for (Synonyms) or the paper's aligners, and a thesaurus given.
func (s Settings) UsesSynonyms(thesaurus bool) bool {
	return s.wantsSynonyms() && thesaurus
}

// wantsSynonyms reports whether the Token HMM is asked to emit synonyms
// under s, thesaurus or not.
func (s Settings) wantsSynonyms() bool { return s.Synonyms || s.PaperAligners }

// CheckThesaurus refuses settings whose Token HMM, among the aligners to
// run (methods), is asked for synonyms (align.synonyms, or the paper's
// aligners of --preset paper) when no thesaurus is given: the aligner
// would quietly emit identical words only, another method than the one
// asked for.
func (s Settings) CheckThesaurus(methods []string, thesaurus bool) error {
	if thesaurus || !slices.Contains(methods, MethodToken) || !s.wantsSynonyms() {
		return nil
	}
	key := "align.synonyms"
	if s.PaperAligners {
		key = "align.paper_aligners (set by --preset paper)"
	}
	return fmt.Errorf("%s: the Token HMM emits Roget's synonyms, which need Roget's Thesaurus: give --thesaurus DIR or BOOKALIGN_THESAURUS, or leave token out of --methods (%s)", key, ThesaurusHint)
}
