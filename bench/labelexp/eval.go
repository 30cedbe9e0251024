package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/bench/internal/pairids"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"

	"golang.org/x/sync/errgroup"
)

// pairData is one book of the corpus, prepared once: its parsed text, the
// summarizer's Book, the reference summary and the row labels of every
// label variant ("passage/span", "token/top1", "overlap/best", ...).
type pairData struct {
	id     string
	doc    *text.Document
	book   *classify.Book
	ref    string
	labels map[string][]bool
	// shares and conf hold, for the top1 labels of each method
	// ("passage/top1", ...), a score per row for soft labels: the share of
	// its summary sentence's words the labelled row holds, and the
	// aligner's confidence in that summary sentence (the highest over the
	// summary sentences that label the row); 0 for unlabelled rows.
	shares, conf map[string][]float64
	// wholeSpans is true when some record of the pair's cache labels more
	// than one book sentence: the cache holds whole spans.
	wholeSpans bool
}

// spanRules are the label rules that read the aligners' whole spans; a
// cache of one labelled sentence per summary sentence (a run's
// out/alignments, align.DefaultLabelTop) gives them top1's labels, so
// loadCorpus leaves them out there.
var spanRules = []string{"span", "top2", "top3", "shared", "center", "short10"}

// variant is one summarizer to cross-validate: the labels it is trained on
// and how lambda is set.
type variant struct {
	labels  string // key of pairData.labels
	trainer string // "auto", "prec", "rouge", "wide", or a fixed lambda such as "1e-5"
}

func (v variant) String() string { return v.labels + "/" + v.trainer }

// nestedRules are the label rules that "METHOD/nested" chooses among.
var nestedRules = []string{"span", "top1", "top3"}

// candidates returns the label keys the variant trains on: one, or for
// "METHOD/nested" the nestedRules of METHOD, one of which is chosen per
// fold on the inner split by ROUGE.
func (v variant) candidates() []string {
	m, rule, _ := strings.Cut(v.labels, "/")
	if rule != "nested" {
		return []string{v.labels}
	}
	var out []string
	for _, r := range nestedRules {
		out = append(out, m+"/"+r)
	}
	return out
}

// extraction rules: how the model's log-odds z of a row of length n
// become the score that Extract ranks.
var extractions = []struct {
	name  string
	score func(z float64, n int32) float64
}{
	{"prob", func(z float64, _ int32) float64 { return z }},                                                         // the paper: rank by probability
	{"perword", func(z float64, n int32) float64 { return classify.LogSigmoid(z) - math.Log(float64(max(n, 1))) }},  // p / length
	{"expwords", func(z float64, n int32) float64 { return classify.LogSigmoid(z) + math.Log(float64(max(n, 1))) }}, // p * length
}

// result holds the per-book scores of one summarizer.
type result struct {
	name    string
	r1, r2  map[string]float64 // stemmed recall
	n1, n2  map[string]float64 // unstemmed recall
	c1, c2  map[string]float64 // unstemmed recall with stopwords removed (ROUGE -s)
	words   map[string]float64 // mean budget words per selected sentence
	lambdas []float64
}

func newResult(name string) *result {
	return &result{name: name, r1: map[string]float64{}, r2: map[string]float64{}, n1: map[string]float64{}, n2: map[string]float64{}, c1: map[string]float64{}, c2: map[string]float64{}, words: map[string]float64{}}
}

// scorers are the stemmed and unstemmed scorers of the evaluation, and
// the unstemmed one without stopwords (ROUGE -s).
type scorers struct {
	rouge.Scorers
	content *rouge.Scorer
}

// newScorers loads the ROUGE data of dir and returns the scorers.
func newScorers(dir string) (scorers, error) {
	sc, err := rouge.LoadScorers(dir, false, nil)
	if err != nil {
		return scorers{}, err
	}
	cs, err := rouge.LoadScorers(dir, true, nil)
	return scorers{sc, cs.NoStem}, err
}

// merge copies the per-book scores of o into r.
func (r *result) merge(o *result) {
	for _, m := range []struct{ dst, src map[string]float64 }{{r.r1, o.r1}, {r.r2, o.r2}, {r.n1, o.n1}, {r.n2, o.n2}, {r.c1, o.c1}, {r.c2, o.c2}, {r.words, o.words}} {
		for id, x := range m.src {
			m.dst[id] = x
		}
	}
}

func (s scorers) score(p *pairData, rows []int, res *result) error {
	cand := classify.Text(p.doc, rows)
	a, err := s.Stem.Score(cand, p.ref)
	if err != nil {
		return err
	}
	b, err := s.NoStem.Score(cand, p.ref)
	if err != nil {
		return err
	}
	res.r1[p.id], res.r2[p.id] = a.ROUGE1.Recall, a.ROUGE2.Recall
	res.n1[p.id], res.n2[p.id] = b.ROUGE1.Recall, b.ROUGE2.Recall
	c, err := s.content.Score(cand, p.ref)
	if err != nil {
		return err
	}
	res.c1[p.id], res.c2[p.id] = c.ROUGE1.Recall, c.ROUGE2.Recall
	var w float64
	for _, s := range rows {
		w += float64(text.BudgetWords(p.doc.Str(p.doc.Sentences[s].Span)))
	}
	res.words[p.id] = w / float64(max(len(rows), 1))
	return nil
}

func runEval(args []string) error {
	fs := flag.NewFlagSet("eval", flag.ExitOnError)
	corpusDir := fs.String("corpus", "../shared/corpus", "corpus directory")
	cache := fs.String("cache", "/tmp/labelexp", "alignment cache directory")
	rougeData := fs.String("rouge-data", "../shared/rouge", "ROUGE-1.5.5 data directory")
	variants := fs.String("variants", "passage/span/auto", "comma-separated LABELS/TRAINER")
	minBooks := fs.Int("min-books", 0, "classify.Settings.MinBooks")
	counts := fs.Bool("counts", false, "classify.Settings.Counts: NAMES>=k and LENGTH>=k features")
	folds := fs.Int("folds", 10, "cross-validation folds")
	out := fs.String("out", "", "per-book CSV to append to (default CACHE/results.csv)")
	tag := fs.String("tag", "", "prefix of the variant names in the output")
	statsOnly := fs.Bool("stats-only", false, "print the label statistics and stop")
	controls := fs.Bool("controls", false, "also make the control labels overlap/subMETHOD, random/top1, oracle/greedy (issue 11)")
	fs.Parse(args)
	if *out == "" {
		*out = filepath.Join(*cache, "results.csv")
	}

	sc, err := newScorers(*rougeData)
	if err != nil {
		return err
	}
	var vs []variant
	for _, s := range strings.Split(*variants, ",") {
		i := strings.LastIndexByte(s, '/')
		if i < 0 {
			return fmt.Errorf("variant %q: want LABELS/TRAINER", s)
		}
		vs = append(vs, variant{labels: s[:i], trainer: s[i+1:]})
	}

	start := time.Now()
	pairs, err := loadCorpus(*corpusDir, *cache, *controls, sc.Stem)
	if err != nil {
		return err
	}
	for _, v := range vs {
		for _, l := range v.candidates() {
			if _, ok := pairs[0].labels[l]; !ok {
				return fmt.Errorf("unknown labels %q", l)
			}
		}
	}
	labelStats(pairs, vs)
	if *statsOnly {
		return nil
	}

	names, err := namesResult(pairs, sc)
	if err != nil {
		return err
	}
	results := []*result{names}
	cv, err := crossValidate(pairs, vs, *folds, classify.Settings{MinBooks: *minBooks, Counts: *counts}, sc)
	if err != nil {
		return err
	}
	results = append(results, cv...)
	for _, r := range results {
		r.name = *tag + r.name
	}
	report(pairs, results, names, false)
	fmt.Fprintf(os.Stderr, "took %v\n", time.Since(start).Round(time.Second))
	return appendCSV(*out, pairs, results)
}

// loadCorpus reads the corpus's pair ids and loads every pair (loadPairs);
// controls adds the control labels, which need the oracle's scorer.
func loadCorpus(corpusDir, cache string, controls bool, oracle *rouge.Scorer) ([]*pairData, error) {
	start := time.Now()
	ids, err := pairids.Read(corpusDir)
	if err != nil {
		return nil, err
	}
	pairs, err := loadPairs(corpusDir, cache, ids, controls, oracle)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(os.Stderr, "loaded %d pairs in %v\n", len(pairs), time.Since(start).Round(time.Second))
	if dropSpanRules(pairs) {
		fmt.Fprintf(os.Stderr, "%s holds one labelled sentence per summary sentence, not whole spans: the label rules %s are left out (labelexp align writes whole spans)\n", cache, strings.Join(spanRules, ", "))
	}
	return pairs, nil
}

// dropSpanRules removes the spanRules labels of every pair when no pair's
// cache holds whole spans, and reports whether it did.
func dropSpanRules(pairs []*pairData) bool {
	if slices.ContainsFunc(pairs, func(p *pairData) bool { return p.wholeSpans }) {
		return false
	}
	for _, p := range pairs {
		for _, m := range evaluate.NamesOf(evaluate.Trained) {
			for _, r := range spanRules {
				delete(p.labels, m+"/"+r)
			}
		}
	}
	return true
}

// loadExperiment loads what the cross-validations of plot and cover start
// from: the scorers of dir rougeData, the pairs of the corpus with their
// cached alignments, checking that each label variant of labels is known,
// and the Names heuristic's scores.
func loadExperiment(corpusDir, cache, rougeData string, labels []string) (scorers, []*pairData, *result, error) {
	sc, err := newScorers(rougeData)
	if err != nil {
		return sc, nil, nil, err
	}
	pairs, err := loadCorpus(corpusDir, cache, false, nil)
	if err != nil {
		return sc, nil, nil, err
	}
	for _, l := range labels {
		if _, ok := pairs[0].labels[l]; !ok {
			return sc, nil, nil, fmt.Errorf("unknown labels %q", l)
		}
	}
	names, err := namesResult(pairs, sc)
	return sc, pairs, names, err
}

// namesResult scores the Names heuristic's summaries of every pair.
func namesResult(pairs []*pairData, sc scorers) (*result, error) {
	names := newResult("names")
	for _, p := range pairs {
		if err := sc.score(p, classify.Names(p.book, classify.DefaultBudget), names); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// loadPairs parses every pair and computes the label variants.
func loadPairs(corpusDir, cache string, ids []string, controls bool, oracle *rouge.Scorer) ([]*pairData, error) {
	out := make([]*pairData, len(ids))
	errs := make([]error, len(ids))
	parallel(len(ids), func(i int) { out[i], errs[i] = loadPair(corpusDir, cache, ids[i], controls, oracle) })
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", ids[i], err)
		}
	}
	return out, nil
}

func loadPair(corpusDir, cache, id string, controls bool, oracle *rouge.Scorer) (*pairData, error) {
	raw, err := os.ReadFile(filepath.Join(corpusDir, "summaries", id+".txt"))
	if err != nil {
		return nil, err
	}
	doc, sdoc, err := loadTexts(corpusDir, id)
	if err != nil {
		return nil, err
	}
	p := &pairData{id: id, doc: doc, book: classify.NewBook(id, doc), ref: string(raw), labels: map[string][]bool{},
		shares: map[string][]float64{}, conf: map[string][]float64{}}
	// The summary's words, for the event-word features: counted only when
	// the book is in a training set (classify.Counts, leave-self-out).
	p.book.SetSummary(classify.SummaryWords(sdoc))
	// The summary as ROUGE reads it, for the coverage model.
	p.book.SetReference(p.ref)
	q, err := align.Prepare(doc, sdoc)
	if err != nil {
		return nil, err
	}
	ov := newOverlap(p.book, sdoc, q)
	p.labels["overlap/best"] = p.book.Labels(ov.globalBest())
	top1 := map[string][]int{}
	for _, m := range evaluate.NamesOf(evaluate.Trained) {
		recs, err := readRecords(cache, m, id)
		if err != nil {
			return nil, err
		}
		spans := make([][]int, len(recs))
		for i, r := range recs {
			spans[i] = r.BookSentences
			p.wholeSpans = p.wholeSpans || len(r.BookSentences) > 1
		}
		conf := make([]float64, len(recs))
		for i, r := range recs {
			conf[i] = r.Confidence
		}
		idx := make([]int, len(recs))
		for i, r := range recs {
			idx[i] = r.SummaryIndex
		}
		set := func(name string, sents []int) { p.labels[m+"/"+name] = p.book.Labels(sents) }
		set("span", union(spans))
		top1[m] = ov.topK(idx, spans, 1)
		set("top1", top1[m])
		p.shares[m+"/top1"], p.conf[m+"/top1"] = ov.top1Scores(idx, spans, conf)
		for r, y := range p.labels[m+"/top1"] {
			if y != (p.shares[m+"/top1"][r] > 0) {
				return nil, fmt.Errorf("%s: soft-label scores and top1 labels disagree on row %d", m, r)
			}
		}
		set("top2", ov.topK(idx, spans, 2))
		set("top3", ov.topK(idx, spans, 3))
		set("shared", ov.topK(idx, spans, math.MaxInt)) // every sentence of the span sharing a word
		set("center", center(spans))
		// The span only for the summary sentences the aligner is sure of:
		// spans of at most 10 sentences.
		var short [][]int
		for _, s := range spans {
			if len(s) <= 10 {
				short = append(short, s)
			}
		}
		set("short10", union(short))
		// top1, leaving out the book's least confident quarter of aligned
		// summary sentences.
		var aligned []float64
		for i, r := range recs {
			if r.SpanTokens != nil {
				aligned = append(aligned, conf[i])
			}
		}
		slices.Sort(aligned)
		var confSpans [][]int
		var confIdx []int
		for i, r := range recs {
			if r.SpanTokens != nil && len(aligned) > 0 && conf[i] >= aligned[len(aligned)/4] {
				confSpans, confIdx = append(confSpans, spans[i]), append(confIdx, idx[i])
			}
		}
		set("top1q", ov.topK(confIdx, confSpans, 1))
		// top1 plus the globally best-overlapping sentence.
		set("top1+best", append(ov.topK(idx, spans, 1), ov.globalBest()...))
	}
	// The three aligners' top1 labels combined: rows that at least two of
	// them label (agree), or any of them (union).
	agree, any := make([]bool, p.book.Rows()), make([]bool, p.book.Rows())
	for i := range agree {
		n := 0
		for _, m := range evaluate.NamesOf(evaluate.Trained) {
			if p.labels[m+"/top1"][i] {
				n++
			}
		}
		agree[i], any[i] = n >= 2, n >= 1
	}
	p.labels["agree/top1"], p.labels["union/top1"] = agree, any
	if controls {
		if err := setControls(p, ov, top1, p.ref, oracle); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func union(spans [][]int) []int {
	var out []int
	for _, s := range spans {
		out = append(out, s...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// center labels the middle sentence of each span.
func center(spans [][]int) []int {
	var out []int
	for _, s := range spans {
		if len(s) > 0 {
			out = append(out, s[len(s)/2])
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// overlap counts, for each summary sentence and book row, the distinct
// words they share: count in the summarizer's words (lower case, not a
// stopword), shared in the aligners' word forms (align.Pair: counted tokens,
// possessives stripped, stemmed), as the aligners' label rule
// (align.DefaultLabelTop) counts them.
type overlap struct {
	book    *classify.Book
	summary [][]int32 // local word ids of each summary sentence (distinct, non-stopword, in the book)
	// rowForms and sumForms are the distinct align.Pair word ids of each
	// book row and each summary sentence, sorted.
	rowForms, sumForms [][]int32
}

// newOverlap returns the overlap counts of book b and summary sdoc, q being
// the same pair as the aligners read it.
func newOverlap(b *classify.Book, sdoc *text.Document, q *align.Pair) *overlap {
	o := newWordOverlap(b, sdoc)
	bySentence := map[int32][]int32{}
	for i, s := range q.Book.Sentence {
		bySentence[s] = append(bySentence[s], q.Book.Words[i])
	}
	o.rowForms = make([][]int32, b.Rows())
	for r := range b.Rows() {
		o.rowForms[r] = distinct(bySentence[b.Sentence[r]])
	}
	o.sumForms = make([][]int32, len(q.Summary.Words))
	for k, w := range q.Summary.Words {
		o.sumForms[k] = distinct(w)
	}
	return o
}

// distinct returns the distinct values of w, sorted, in a new slice.
func distinct(w []int32) []int32 {
	out := slices.Clone(w)
	slices.Sort(out)
	return slices.Compact(out)
}

// shared returns how many of summary sentence si's word forms book row r
// holds (align forms).
func (o *overlap) shared(si, r int) int {
	if si >= len(o.sumForms) {
		return 0
	}
	return intersect(o.rowForms[r], o.sumForms[si])
}

// newWordOverlap returns the counts in the summarizer's words only.
func newWordOverlap(b *classify.Book, sdoc *text.Document) *overlap {
	local := make(map[string]int32, len(b.Words))
	for k, w := range b.Words {
		if !text.IsStopword(w) {
			local[w] = int32(k)
		}
	}
	o := &overlap{book: b, summary: make([][]int32, len(sdoc.Sentences))}
	for si := range sdoc.Sentences {
		seen := map[int32]bool{}
		for _, t := range sdoc.Tokens(si) {
			if k, ok := local[t.Lower]; ok && !seen[k] {
				seen[k] = true
				o.summary[si] = append(o.summary[si], k)
			}
		}
		slices.Sort(o.summary[si])
	}
	return o
}

// count returns how many of the summary sentence's words book row r holds.
func (o *overlap) count(si, r int) int {
	words, _ := o.book.Row(r)
	return intersect(words, o.summary[si])
}

// intersect returns the number of values the sorted, distinct slices words
// and s share.
func intersect(words, s []int32) int {
	n := 0
	i, j := 0, 0
	for i < len(words) && j < len(s) {
		switch {
		case words[i] < s[j]:
			i++
		case words[i] > s[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// globalBest is the stand-in aligner of classify's tests: for each summary
// sentence, the book row sharing the most words with it (the first on
// ties), as document sentence indices.
func (o *overlap) globalBest() []int {
	var out []int
	for si := range o.summary {
		if len(o.summary[si]) == 0 {
			continue
		}
		best, bestN := -1, 0
		for r := range o.book.Rows() {
			if n := o.count(si, r); n > bestN {
				best, bestN = r, n
			}
		}
		if best >= 0 {
			out = append(out, int(o.book.Sentence[best]))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// topK labels, for each aligned summary sentence, the k sentences of its
// span sharing the most word forms with it (at least one; the earlier on
// ties): the aligners' rule for k = align.DefaultLabelTop.
func (o *overlap) topK(idx []int, spans [][]int, k int) []int {
	var out []int
	type cand struct{ s, n int }
	for i, span := range spans {
		si := idx[i]
		var cs []cand
		for _, s := range span {
			r, ok := slices.BinarySearch(o.book.Sentence, int32(s))
			if !ok {
				continue
			}
			if n := o.shared(si, r); n > 0 {
				cs = append(cs, cand{s, n})
			}
		}
		sort.SliceStable(cs, func(a, b int) bool { return cs[a].n > cs[b].n })
		for j := 0; j < k && j < len(cs); j++ {
			out = append(out, cs[j].s)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// top1Scores returns, per row of the book, the two soft-label scores of the
// top1 rule's labels (pairData.shares and conf): for each aligned summary
// sentence, the row topK(…, 1) picks gets the share of the summary
// sentence's words it holds and the aligner's confidence, the highest of
// each over the summary sentences that pick it.
func (o *overlap) top1Scores(idx []int, spans [][]int, conf []float64) (shares, confs []float64) {
	shares, confs = make([]float64, o.book.Rows()), make([]float64, o.book.Rows())
	for i, span := range spans {
		si := idx[i]
		best, bestN := -1, 0
		for _, s := range span {
			r, ok := slices.BinarySearch(o.book.Sentence, int32(s))
			if !ok {
				continue
			}
			if n := o.shared(si, r); n > bestN || (n == bestN && n > 0 && s < int(o.book.Sentence[best])) {
				best, bestN = r, n
			}
		}
		if best < 0 {
			continue
		}
		shares[best] = max(shares[best], float64(bestN)/float64(len(o.sumForms[si])))
		confs[best] = max(confs[best], conf[i])
	}
	return shares, confs
}

// labelStats prints how many rows each label variant marks and how long
// they are, against all rows.
func labelStats(pairs []*pairData, vs []variant) {
	seen := map[string]bool{}
	var rows, words float64
	for _, p := range pairs {
		rows += float64(p.book.Rows())
		for _, l := range p.book.Length {
			words += float64(l)
		}
	}
	fmt.Printf("all rows: %.0f, mean length %.1f words\n", rows, words/rows)
	for _, v := range vs {
		if seen[v.labels] {
			continue
		}
		seen[v.labels] = true
		if len(v.candidates()) > 1 {
			continue
		}
		var pos, pw float64
		for _, p := range pairs {
			for i, y := range p.labels[v.labels] {
				if y {
					pos++
					pw += float64(p.book.Length[i])
				}
			}
		}
		fmt.Printf("labels %-18s positives %7.0f (%.2f%% of rows, %.1f per book), mean length %.1f words\n",
			v.labels, pos, 100*pos/rows, pos/float64(len(pairs)), pw/max(pos, 1))
	}
}

// crossValidate trains every variant on every fold and summarizes the
// held-out books with every extraction rule. Each fold's collection and
// features are computed once and shared by the variants.
func crossValidate(pairs []*pairData, vs []variant, n int, set classify.Settings, sc scorers) ([]*result, error) {
	ids := make([]string, len(pairs))
	for i, p := range pairs {
		ids[i] = p.id
	}
	plan, err := classify.NewPlan(1, n, ids, nil, false)
	if err != nil {
		return nil, err
	}
	res := map[string]*result{}
	var order []string
	for _, v := range vs {
		for _, e := range extractions {
			name := v.String() + "/" + e.name
			res[name] = newResult(name)
			order = append(order, name)
		}
	}
	for k := range n {
		fstart := time.Now()
		train, test, counts, err := splitFold(pairs, plan, k, nil)
		if err != nil {
			return nil, err
		}
		col, err := counts.Collection(set)
		if err != nil {
			return nil, err
		}
		trainF := featurize(col, train)
		testF := featurize(col, test)
		for _, v := range vs {
			labels := v.labels
			if c := v.candidates(); len(c) > 1 {
				if labels, err = chooseLabels(col, v, c, train, trainF, sc); err != nil {
					return nil, err
				}
			}
			for i, p := range train {
				trainF[i].Label = p.labels[labels]
			}
			m, err := trainVariant(col, v, train, trainF, sc)
			if err != nil {
				return nil, fmt.Errorf("%s fold %d: %w", v, k, err)
			}
			if k == 0 {
				printWeights(v, m)
			}
			for i, p := range test {
				z := m.Logits(testF[i])
				for _, e := range extractions {
					r := res[v.String()+"/"+e.name]
					s := make([]float64, len(z))
					for j := range z {
						s[j] = e.score(z[j], p.book.Length[j])
					}
					if err := sc.score(p, p.book.Extract(s, classify.DefaultBudget), r); err != nil {
						return nil, err
					}
				}
			}
			for _, e := range extractions {
				r := res[v.String()+"/"+e.name]
				r.lambdas = append(r.lambdas, m.Lambda)
			}
		}
		fmt.Fprintf(os.Stderr, "fold %d done in %v\n", k, time.Since(fstart).Round(time.Second))
	}
	var out []*result
	for _, name := range order {
		out = append(out, res[name])
	}
	return out, nil
}

// splitFold returns the training pairs of training set k of the plan, the
// pairs its model summarizes, and the counts of the training books, their
// term bigrams counted with the coverage stopwords stop.
func splitFold(pairs []*pairData, plan *classify.Plan, k int, stop []string) (train, test []*pairData, counts *classify.Counts, err error) {
	counts = new(classify.Counts)
	for _, p := range pairs {
		if !plan.Holds(k, p.id) {
			test = append(test, p)
			continue
		}
		train = append(train, p)
		if err := counts.Add(p.book.StatsWithStopwords(stop)); err != nil {
			return nil, nil, nil, err
		}
	}
	return train, test, counts, nil
}

func featurize(col *classify.Collection, ps []*pairData) []*classify.Features {
	out := make([]*classify.Features, len(ps))
	parallel(len(ps), func(i int) { out[i] = col.Featurize(ps[i].book) })
	return out
}

// parallel calls f(i) for i in [0, n) on GOMAXPROCS goroutines.
func parallel(n int, f func(i int)) {
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range n {
		g.Go(func() error { f(i); return nil })
	}
	_ = g.Wait() // f returns no error
}

// printWeights prints the weights of the non-lexical features of m.
func printWeights(v variant, m *classify.Model) {
	var parts []string
	for j, name := range m.Features {
		if strings.HasPrefix(name, "NAMES>=") || strings.HasPrefix(name, "LENGTH>=") || name == "IS_NAME" ||
			strings.HasPrefix(name, "TF-IDF") || strings.HasPrefix(name, "DECILE_") {
			parts = append(parts, fmt.Sprintf("%s %+.2f", name, m.Weights[j]))
		}
	}
	fmt.Fprintf(os.Stderr, "  fold 0 %s weights: %s\n", v, strings.Join(parts, ", "))
}

// rougeGrid are the candidates of the "rouge" trainer.
var rougeGrid = []float64{1e-3, 1e-4, 1e-5, 1e-6}

// recipe is the training recipe of trainer (see variant), which for
// "rouge" is the one of the lambda chooseByRouge picks.
func recipe(col *classify.Collection, trainer string, train []*pairData, feats []*classify.Features, sc scorers) (classify.Recipe, error) {
	r := classify.Recipe{Seed: 1, Budget: classify.DefaultBudget}
	switch trainer {
	case "auto":
	case "prec":
		r.Criterion = classify.Precision
	case "wide":
		r.Lambdas = []float64{1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7}
	case "rouge":
		l, err := chooseByRouge(col, train, feats, sc)
		if err != nil {
			return r, err
		}
		r.Lambda = l
	default:
		l, err := strconv.ParseFloat(trainer, 64)
		if err != nil {
			return r, fmt.Errorf("trainer %q", trainer)
		}
		r.Lambda = l
	}
	return r, nil
}

func trainVariant(col *classify.Collection, v variant, train []*pairData, feats []*classify.Features, sc scorers) (*classify.Model, error) {
	r, err := recipe(col, v.trainer, train, feats, sc)
	if err != nil {
		return nil, err
	}
	return r.Trainer().Train(col, feats)
}

// innerSplit returns the trainer's inner split of the training books
// (classify.InnerSplit with the recipe's seed, 1).
func innerSplit(train []*pairData) (fit, held []int, err error) {
	ids := make([]string, len(train))
	for i, p := range train {
		ids[i] = p.id
	}
	return classify.InnerSplit(1, classify.DefaultInnerFolds, ids, nil)
}

// chooseOnInner fits one model for each candidate (fit, on the books of
// the inner split at fitIdx) and returns the index of the one whose
// held-out books' summaries (probability ranking) score the highest mean
// stemmed ROUGE-1 + ROUGE-2 recall against their references, the first on
// ties; it prints each candidate's score. Training data only.
func chooseOnInner(what string, names []string, train []*pairData, feats []*classify.Features, sc scorers, fit func(c int, fitIdx []int) (*classify.Model, error)) (int, error) {
	fitIdx, held, err := innerSplit(train)
	if err != nil {
		return 0, err
	}
	best, bestC := math.Inf(-1), 0
	var line []string
	for c, name := range names {
		m, err := fit(c, fitIdx)
		if err != nil {
			return 0, err
		}
		r := newResult("")
		var sum float64
		for _, i := range held {
			p := train[i]
			if err := sc.score(p, p.book.Extract(m.Logits(feats[i]), classify.DefaultBudget), r); err != nil {
				return 0, err
			}
			sum += r.r1[p.id] + r.r2[p.id]
		}
		sum /= float64(len(held))
		line = append(line, fmt.Sprintf("%s:%.4f", name, sum))
		if sum > best {
			best, bestC = sum, c
		}
	}
	fmt.Fprintf(os.Stderr, "  %s choice %s -> %s\n", what, strings.Join(line, " "), names[bestC])
	return bestC, nil
}

// chooseLabels picks the label rule among cands on the inner split of the
// training books (chooseOnInner), each rule's summarizer trained with
// trainer v.trainer.
func chooseLabels(col *classify.Collection, v variant, cands []string, train []*pairData, feats []*classify.Features, sc scorers) (string, error) {
	c, err := chooseOnInner("label", cands, train, feats, sc, func(c int, fitIdx []int) (*classify.Model, error) {
		var ps []*pairData
		var fs []*classify.Features
		for _, i := range fitIdx {
			feats[i].Label = train[i].labels[cands[c]]
			ps, fs = append(ps, train[i]), append(fs, feats[i])
		}
		return trainVariant(col, variant{labels: cands[c], trainer: v.trainer}, ps, fs, sc)
	})
	if err != nil {
		return "", err
	}
	return cands[c], nil
}

// chooseByRouge picks lambda among rougeGrid on the inner split of the
// training books (chooseOnInner), as Trainer does but by ROUGE.
func chooseByRouge(col *classify.Collection, train []*pairData, feats []*classify.Features, sc scorers) (float64, error) {
	names := make([]string, len(rougeGrid))
	for i, l := range rougeGrid {
		names[i] = fmt.Sprintf("%g", l)
	}
	c, err := chooseOnInner("rouge lambda", names, train, feats, sc, func(c int, fitIdx []int) (*classify.Model, error) {
		fit := make([]*classify.Features, len(fitIdx))
		for j, i := range fitIdx {
			fit[j] = feats[i]
		}
		return classify.Recipe{Lambda: rougeGrid[c], Seed: 1, Budget: classify.DefaultBudget}.Trainer().Train(col, fit)
	})
	if err != nil {
		return 0, err
	}
	return rougeGrid[c], nil
}

func mean(m map[string]float64, pairs []*pairData) float64 {
	var s float64
	for _, p := range pairs {
		s += m[p.id]
	}
	return s / float64(len(pairs))
}

func paired(a, b map[string]float64, pairs []*pairData) float64 {
	x := make([]float64, len(pairs))
	y := make([]float64, len(pairs))
	for i, p := range pairs {
		x[i], y[i] = a[p.id], b[p.id]
	}
	pv, err := evaluate.PairedPermutation(x, y, 10000, 1)
	if err != nil {
		return math.NaN()
	}
	return pv
}

// report prints a Markdown table: stemmed and unstemmed recall, the mean
// length of the selected sentences, and p against names, on the stemmed
// recall or, with noStem, led by the unstemmed recall (the issue 12 goal)
// and with p on it.
func report(pairs []*pairData, results []*result, names *result, noStem bool) {
	head, lead := "R-1 | R-2 | R-1 nostem | R-2 nostem", func(r *result) (a, b, c, d map[string]float64) { return r.r1, r.r2, r.n1, r.n2 }
	if noStem {
		head, lead = "R-1 nostem | R-2 nostem | R-1 | R-2", func(r *result) (a, b, c, d map[string]float64) { return r.n1, r.n2, r.r1, r.r2 }
	}
	fmt.Printf("| variant | %s | -s R-1 | -s R-2 | words/sent | p vs names R-1 / R-2 (first two columns) | p vs names -s R-1 / R-2 | lambdas |\n", head)
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|")
	n1, n2, _, _ := lead(names)
	for _, r := range results {
		a, b, c, d := lead(r)
		fmt.Printf("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.1f | %s / %s | %s / %s | %s |\n", r.name,
			100*mean(a, pairs), 100*mean(b, pairs), 100*mean(c, pairs), 100*mean(d, pairs), 100*mean(r.c1, pairs), 100*mean(r.c2, pairs),
			mean(r.words, pairs), evaluate.FormatP(paired(a, n1, pairs), 10000), evaluate.FormatP(paired(b, n2, pairs), 10000),
			evaluate.FormatP(paired(r.c1, names.c1, pairs), 10000), evaluate.FormatP(paired(r.c2, names.c2, pairs), 10000), lambdaSummary(r.lambdas))
	}
}

func lambdaSummary(ls []float64) string {
	if len(ls) == 0 {
		return ""
	}
	c := map[float64]int{}
	for _, l := range ls {
		c[l]++
	}
	var keys []float64
	for l := range c {
		keys = append(keys, l)
	}
	slices.Sort(keys)
	var parts []string
	for _, l := range keys {
		parts = append(parts, fmt.Sprintf("%g×%d", l, c[l]))
	}
	return strings.Join(parts, " ")
}

func appendCSV(path string, pairs []*pairData, results []*result) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, r := range results {
		for _, p := range pairs {
			fmt.Fprintf(f, "%s,%s,%.5f,%.5f,%.5f,%.5f,%.2f,%.5f,%.5f\n", r.name, p.id, r.r1[p.id], r.r2[p.id], r.n1[p.id], r.n2[p.id], r.words[p.id], r.c1[p.id], r.c2[p.id])
		}
	}
	return nil
}
