package evaluate

import (
	"errors"
	"fmt"
	"runtime"
	"sort"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/internal/parallel"
	"github.com/bookalign/bookalign/rouge"
)

// BookScore is one method's ROUGE recall on one book.
type BookScore struct {
	ID     string
	Method string
	// Rouge1 and Rouge2 are ROUGE-1.5.5 recall under the run's settings
	// (stemming with -m, and the exception table when one was given).
	Rouge1, Rouge2 float64
	// Rouge1NoStem and Rouge2NoStem are the same without stemming.
	Rouge1NoStem, Rouge2NoStem float64
	// Content says whether the content-word scores below were measured:
	// the same recall with ROUGE's stopwords removed (-s), stemmed as
	// Rouge1 and Rouge2 are (Rouge1Content, Rouge2Content) and unstemmed
	// (Rouge1ContentNoStem, Rouge2ContentNoStem). A run without ROUGE's
	// stopword list measures none.
	Content                                  bool
	Rouge1Content, Rouge2Content             float64
	Rouge1ContentNoStem, Rouge2ContentNoStem float64
	// RougeData is the fingerprint of the ROUGE data the scorer read;
	// zero when it was not recorded.
	RougeData rouge.Fingerprint
}

// Settings describe a run; they are copied into Results.
type Settings struct {
	Corpus string
	// TestCorpus is the corpus the results are about when the models were
	// trained on all of Corpus; empty under cross-validation.
	TestCorpus string
	// Words is the summary budget.
	Words int
	// Seed seeds every random choice of the run, the bootstrap included.
	Seed uint64
	// Rouge is how ROUGE was run for the main columns.
	Rouge RougeSettings
	// Resamples is the number of bootstrap samples; zero means
	// DefaultResamples.
	Resamples int
	// Permutations is the number of rounds of the paired significance
	// test; zero means DefaultPermutations.
	Permutations int
}

// RougeSettings is what results.json records of the ROUGE-1.5.5 options
// (rouge.Options) of the main columns and of the data they read: a
// record of the scoring, not a setting of it (RecordRouge makes one).
type RougeSettings struct {
	Stem       bool `json:"stem"`
	Stopwords  bool `json:"stopwords"`
	Exceptions bool `json:"exceptions"`
	// Data is the fingerprint of the ROUGE data every score was computed
	// with (BookScore.RougeData); nil in the results of an older
	// bookalign, and when no score recorded it.
	Data *rouge.Fingerprint `json:"data,omitempty"`
}

// RecordRouge describes o in results.json: the main columns are stemmed,
// with the exception table when there is ROUGE data.
func RecordRouge(o rouge.Options) RougeSettings {
	return RougeSettings{Stem: true, Stopwords: o.RemoveStopwords, Exceptions: o.DataDir != ""}
}

// Results is the content of results.json.
type Results struct {
	Corpus string `json:"corpus"`
	// TestCorpus is the evaluated corpus when it is not Corpus.
	TestCorpus string         `json:"test_corpus,omitempty"`
	Books      int            `json:"books"`
	Rejected   int            `json:"rejected"`
	Words      int            `json:"words"`
	Seed       uint64         `json:"seed"`
	Rouge      RougeSettings  `json:"rouge"`
	Methods    []MethodResult `json:"methods"`
}

// MethodResult holds one method's macro-averaged scores.
type MethodResult struct {
	Name               string     `json:"name"`
	Books              int        `json:"books"`
	Rouge1Recall       float64    `json:"rouge_1_recall"`
	Rouge2Recall       float64    `json:"rouge_2_recall"`
	Rouge1RecallNoStem float64    `json:"rouge_1_recall_nostem"`
	Rouge2RecallNoStem float64    `json:"rouge_2_recall_nostem"`
	Rouge1RecallCI95   [2]float64 `json:"rouge_1_recall_ci95"`
	Rouge2RecallCI95   [2]float64 `json:"rouge_2_recall_ci95"`
	// Rouge1RecallNoStemCI95 and Rouge2RecallNoStemCI95 are the same
	// intervals of the unstemmed recall, from the same bootstrap samples.
	Rouge1RecallNoStemCI95 [2]float64 `json:"rouge_1_recall_nostem_ci95"`
	Rouge2RecallNoStemCI95 [2]float64 `json:"rouge_2_recall_nostem_ci95"`
	// ContentRecall holds the content-word recall (ROUGE -s) when the
	// method's books were scored so (BookScore.Content); nil, and absent
	// from results.json, otherwise.
	*ContentRecall
	PerBook map[string]BookRecall `json:"per_book"`
	// PVsFirst1000, PVsNames, PVsJing, PVsLexRank and PVsTextRank are
	// the p-values of a paired approximate-randomization test of this
	// method's per-book recall against that baseline's on the same books;
	// nil when the baseline did not run or is this method.
	PVsFirst1000 *PValues `json:"p_vs_first1000,omitempty"`
	PVsNames     *PValues `json:"p_vs_names,omitempty"`
	PVsJing      *PValues `json:"p_vs_jing,omitempty"`
	PVsLexRank   *PValues `json:"p_vs_lexrank,omitempty"`
	PVsTextRank  *PValues `json:"p_vs_textrank,omitempty"`
}

// PAgainst are the p-values of m against each method every method is
// tested against, in table order: First 1000, Names and Jing (the
// columns of the main tables), then the unsupervised peers LexRank and
// TextRank (PeerMethods). A p-value is nil when the method did not run
// or is m.
func (m *MethodResult) PAgainst() []PAgainst {
	return []PAgainst{
		{MethodFirst1000, &m.PVsFirst1000}, {MethodNames, &m.PVsNames}, {align.MethodJing, &m.PVsJing},
		{MethodLexRank, &m.PVsLexRank}, {MethodTextRank, &m.PVsTextRank},
	}
}

// PAgainst is a method's p-values against one baseline.
type PAgainst struct {
	// Base names the baseline.
	Base string
	// P points at the method's p-values against it.
	P **PValues
}

// PeerMethods are the unsupervised peers: table.md and the report give
// the p-values against them, in every column, in a table of their own.
var PeerMethods = []string{MethodLexRank, MethodTextRank}

// ContentRecall is a method's macro-averaged recall of content words:
// ROUGE-1.5.5 with ROUGE's stopwords removed (-s), stemmed as the main
// columns are and unstemmed, with 95% intervals from the bootstrap samples
// of the main columns.
type ContentRecall struct {
	Rouge1RecallContent           float64    `json:"rouge_1_recall_content"`
	Rouge2RecallContent           float64    `json:"rouge_2_recall_content"`
	Rouge1RecallContentNoStem     float64    `json:"rouge_1_recall_content_nostem"`
	Rouge2RecallContentNoStem     float64    `json:"rouge_2_recall_content_nostem"`
	Rouge1RecallContentCI95       [2]float64 `json:"rouge_1_recall_content_ci95"`
	Rouge2RecallContentCI95       [2]float64 `json:"rouge_2_recall_content_ci95"`
	Rouge1RecallContentNoStemCI95 [2]float64 `json:"rouge_1_recall_content_nostem_ci95"`
	Rouge2RecallContentNoStemCI95 [2]float64 `json:"rouge_2_recall_content_nostem_ci95"`
}

// PValues are two-sided p-values of a paired test, for ROUGE-1 and ROUGE-2
// recall, stemmed (the main columns) and unstemmed, with the number of
// rounds of the test: a p-value is never below 1 / (1 + Rounds)
// (PairedPermutation), and FormatP prints that floor as "< 0.0001" for
// 10,000 rounds.
type PValues struct {
	Rouge1       float64 `json:"rouge_1"`
	Rouge2       float64 `json:"rouge_2"`
	Rouge1NoStem float64 `json:"rouge_1_nostem"`
	Rouge2NoStem float64 `json:"rouge_2_nostem"`
	// ContentPValues are the same test of the content-word recall, when
	// both methods have it; nil otherwise.
	*ContentPValues
	Rounds int `json:"rounds"`
}

// ContentPValues are the p-values of PValues for the content-word recall
// (ROUGE -s), stemmed and unstemmed.
type ContentPValues struct {
	Rouge1Content       float64 `json:"rouge_1_content"`
	Rouge2Content       float64 `json:"rouge_2_content"`
	Rouge1ContentNoStem float64 `json:"rouge_1_content_nostem"`
	Rouge2ContentNoStem float64 `json:"rouge_2_content_nostem"`
}

// BookRecall is one method's recall on one book, as stored in results.json.
type BookRecall struct {
	Rouge1Recall       float64 `json:"rouge_1_recall"`
	Rouge2Recall       float64 `json:"rouge_2_recall"`
	Rouge1RecallNoStem float64 `json:"rouge_1_recall_nostem"`
	Rouge2RecallNoStem float64 `json:"rouge_2_recall_nostem"`
	// BookContentRecall is the content-word recall on the book; nil when it was
	// not measured.
	*BookContentRecall
}

// BookContentRecall is one method's content-word recall (ROUGE -s) on one book,
// stemmed and unstemmed.
type BookContentRecall struct {
	Rouge1RecallContent       float64 `json:"rouge_1_recall_content"`
	Rouge2RecallContent       float64 `json:"rouge_2_recall_content"`
	Rouge1RecallContentNoStem float64 `json:"rouge_1_recall_content_nostem"`
	Rouge2RecallContentNoStem float64 `json:"rouge_2_recall_content_nostem"`
}

// ErrDuplicateScore is returned by Summarize when a book has two scores for
// one method.
var ErrDuplicateScore = errors.New("evaluate: duplicate score for a book and method")

// ErrMixedRougeData is returned by Summarize when the scores were computed
// with different ROUGE data.
var ErrMixedRougeData = errors.New("evaluate: scores computed with different ROUGE data")

// ErrPartialContent is returned by Summarize when some of a method's books
// have content-word scores and others do not.
var ErrPartialContent = errors.New("evaluate: content-word scores for some books of a method but not all")

// Summarize macro-averages scores per method and attaches 95% bootstrap
// intervals. rejected is the number of input pairs that produced no result.
// The result does not depend on the order of scores.
func Summarize(set Settings, scores []BookScore, rejected int) (*Results, error) {
	byMethod := map[string][]BookScore{}
	books := map[string]bool{}
	for _, s := range scores {
		byMethod[s.Method] = append(byMethod[s.Method], s)
		books[s.ID] = true
	}
	res := &Results{
		Corpus: set.Corpus, TestCorpus: set.TestCorpus, Books: len(books), Rejected: rejected,
		Words: set.Words, Seed: set.Seed, Rouge: set.Rouge,
		Methods: []MethodResult{},
	}
	data, err := scoredWith(scores)
	if err != nil {
		return nil, err
	}
	if data != nil {
		res.Rouge.Data = data
	}
	for _, name := range MethodOrder(keys(byMethod)) {
		ms := byMethod[name]
		sort.Slice(ms, func(i, j int) bool { return ms[i].ID < ms[j].ID })
		for i := 1; i < len(ms); i++ {
			if ms[i].ID == ms[i-1].ID {
				return nil, fmt.Errorf("%w: %s on %s", ErrDuplicateScore, name, ms[i].ID)
			}
			if ms[i].Content != ms[0].Content {
				return nil, fmt.Errorf("%w: %s on %s and %s", ErrPartialContent, name, ms[0].ID, ms[i].ID)
			}
		}
		res.Methods = append(res.Methods, summarizeMethod(set, name, ms))
	}
	if err := comparePaired(set, res.Methods); err != nil {
		return nil, err
	}
	return res, nil
}

// scoredWith returns the fingerprint of the ROUGE data that every score
// records, nil when none records one, and ErrMixedRougeData when two
// differ.
func scoredWith(scores []BookScore) (*rouge.Fingerprint, error) {
	var fp *rouge.Fingerprint
	for i := range scores {
		s := &scores[i]
		if fp == nil {
			fp = &s.RougeData
		} else if s.RougeData != *fp {
			return nil, fmt.Errorf("%w: %s on %s and %s on %s", ErrMixedRougeData, scores[0].Method, scores[0].ID, s.Method, s.ID)
		}
	}
	if fp == nil || *fp == (rouge.Fingerprint{}) {
		return nil, nil
	}
	c := *fp
	return &c, nil
}

// comparePaired fills in each method's p-values against the baselines
// of MethodResult.PAgainst, on the books both methods were scored on.
func comparePaired(set Settings, methods []MethodResult) error {
	byName := map[string]*MethodResult{}
	for i := range methods {
		byName[methods[i].Name] = &methods[i]
	}
	type test struct {
		m    *MethodResult
		base string
		p    **PValues
	}
	var tests []test
	for i := range methods {
		m := &methods[i]
		for _, c := range m.PAgainst() {
			if base, ok := byName[c.Base]; ok && base != m {
				tests = append(tests, test{m, c.Base, c.P})
			}
		}
	}
	// Each test is a pass of its own over its rounds: on every core.
	return parallel.For(len(tests), runtime.GOMAXPROCS(0), func(i int) error {
		c := tests[i]
		p, err := pairedPValues(set, c.m, byName[c.base])
		if err != nil {
			return fmt.Errorf("%s against %s: %w", c.m.Name, c.base, err)
		}
		*c.p = p
		return nil
	})
}

// pairedPValues tests a against b on their common books, in book id order.
func pairedPValues(set Settings, a, b *MethodResult) (*PValues, error) {
	ids := keys(a.PerBook)
	sort.Strings(ids)
	content := a.ContentRecall != nil && b.ContentRecall != nil
	measures := Measures(content)
	xa, xb := make([][]float64, len(measures)), make([][]float64, len(measures))
	for _, id := range ids {
		sb, ok := b.PerBook[id]
		if !ok {
			continue
		}
		sa := a.PerBook[id]
		for k, m := range measures {
			xa[k], xb[k] = append(xa[k], m.Of(sa)), append(xb[k], m.Of(sb))
		}
	}
	p, err := PairedPermutations(xa, xb, set.Permutations, set.Seed)
	if err != nil {
		return nil, err
	}
	pv := &PValues{Rouge1: p[0], Rouge2: p[1], Rouge1NoStem: p[2], Rouge2NoStem: p[3], Rounds: rounds(set.Permutations)}
	if content {
		pv.ContentPValues = &ContentPValues{Rouge1Content: p[4], Rouge2Content: p[5], Rouge1ContentNoStem: p[6], Rouge2ContentNoStem: p[7]}
	}
	return pv, nil
}

// rounds returns the rounds PairedPermutation runs when given r.
func rounds(r int) int {
	if r <= 0 {
		return DefaultPermutations
	}
	return r
}

// summarizeMethod averages one method's scores, which are sorted by book id
// and either all have content-word scores or none has.
func summarizeMethod(set Settings, name string, ms []BookScore) MethodResult {
	n := len(ms)
	content := n > 0 && ms[0].Content
	r1, r2 := make([]float64, n), make([]float64, n)
	r1n, r2n := make([]float64, n), make([]float64, n)
	var c1, c2, c1n, c2n []float64
	if content {
		c1, c2, c1n, c2n = make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	}
	m := MethodResult{Name: name, Books: n, PerBook: make(map[string]BookRecall, n)}
	for i, s := range ms {
		r1[i], r2[i], r1n[i], r2n[i] = s.Rouge1, s.Rouge2, s.Rouge1NoStem, s.Rouge2NoStem
		br := BookRecall{Rouge1Recall: s.Rouge1, Rouge2Recall: s.Rouge2, Rouge1RecallNoStem: s.Rouge1NoStem, Rouge2RecallNoStem: s.Rouge2NoStem}
		if content {
			c1[i], c2[i], c1n[i], c2n[i] = s.Rouge1Content, s.Rouge2Content, s.Rouge1ContentNoStem, s.Rouge2ContentNoStem
			br.BookContentRecall = &BookContentRecall{Rouge1RecallContent: s.Rouge1Content, Rouge2RecallContent: s.Rouge2Content,
				Rouge1RecallContentNoStem: s.Rouge1ContentNoStem, Rouge2RecallContentNoStem: s.Rouge2ContentNoStem}
		}
		m.PerBook[s.ID] = br
	}
	samples := Bootstrap{Resamples: set.Resamples, Seed: set.Seed}.Samples(n)
	m.Rouge1Recall, m.Rouge1RecallCI95[0], m.Rouge1RecallCI95[1] = MeanCI(r1, samples, 0.95)
	m.Rouge2Recall, m.Rouge2RecallCI95[0], m.Rouge2RecallCI95[1] = MeanCI(r2, samples, 0.95)
	m.Rouge1RecallNoStem, m.Rouge1RecallNoStemCI95[0], m.Rouge1RecallNoStemCI95[1] = MeanCI(r1n, samples, 0.95)
	m.Rouge2RecallNoStem, m.Rouge2RecallNoStemCI95[0], m.Rouge2RecallNoStemCI95[1] = MeanCI(r2n, samples, 0.95)
	if content {
		c := &ContentRecall{}
		c.Rouge1RecallContent, c.Rouge1RecallContentCI95[0], c.Rouge1RecallContentCI95[1] = MeanCI(c1, samples, 0.95)
		c.Rouge2RecallContent, c.Rouge2RecallContentCI95[0], c.Rouge2RecallContentCI95[1] = MeanCI(c2, samples, 0.95)
		c.Rouge1RecallContentNoStem, c.Rouge1RecallContentNoStemCI95[0], c.Rouge1RecallContentNoStemCI95[1] = MeanCI(c1n, samples, 0.95)
		c.Rouge2RecallContentNoStem, c.Rouge2RecallContentNoStemCI95[0], c.Rouge2RecallContentNoStemCI95[1] = MeanCI(c2n, samples, 0.95)
		m.ContentRecall = c
	}
	return m
}

// HasContent reports whether any method of r has content-word recall
// (ROUGE -s): whether the run measured it.
func (r *Results) HasContent() bool {
	for _, m := range r.Methods {
		if m.ContentRecall != nil {
			return true
		}
	}
	return false
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
