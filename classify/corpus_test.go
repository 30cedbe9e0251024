package classify

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"

	"golang.org/x/sync/errgroup"
)

// corpusPair is one book of the shared corpus, prepared as a pipeline
// would: parsed, made into a Book, and labelled by a stand-in alignment.
type corpusPair struct {
	id      string
	doc     *text.Document
	book    *Book
	summary string
	labels  []bool
}

// corpusIDs returns the ids of pairs.tsv, in file order.
func corpusIDs(tb testing.TB, dir string) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(dir, "pairs.tsv"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		id, _, _ := strings.Cut(sc.Text(), "\t")
		if id != "" && id != "id" {
			ids = append(ids, id)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return ids
}

// loadCorpus reads and prepares the given pairs of the shared corpus, in
// parallel.
func loadCorpus(tb testing.TB, dir string, ids []string) []*corpusPair {
	tb.Helper()
	out := make([]*corpusPair, len(ids))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range ids {
		g.Go(func() (err error) {
			out[i], err = loadPair(dir, ids[i])
			return err
		})
	}
	if err := g.Wait(); err != nil {
		tb.Fatal(err)
	}
	return out
}

func loadPair(dir, id string) (*corpusPair, error) {
	raw, err := os.ReadFile(filepath.Join(dir, "books", id+".txt"))
	if err != nil {
		return nil, err
	}
	sum, err := os.ReadFile(filepath.Join(dir, "summaries", id+".txt"))
	if err != nil {
		return nil, err
	}
	doc, err := text.ParseBook(string(raw))
	if err != nil {
		return nil, err
	}
	sdoc, err := text.ParseSummary(string(sum))
	if err != nil {
		return nil, err
	}
	p := &corpusPair{id: id, doc: doc, book: NewBook(id, doc), summary: string(sum)}
	p.labels = p.book.Labels(overlapLabels(p.book, sdoc))
	return p, nil
}

// overlapLabels is a stand-in for an aligner: for each summary sentence,
// the book row sharing the most distinct non-stopword words with it (the
// first on ties), as a document sentence index.
func overlapLabels(b *Book, summary *text.Document) []int {
	local := make(map[string]int32, len(b.Words))
	for k, w := range b.Words {
		if !text.IsStopword(w) {
			local[w] = int32(k)
		}
	}
	post := make([][]int32, len(b.Words)) // rows of each word
	for i := range b.Rows() {
		words, _ := b.Row(i)
		for _, k := range words {
			post[k] = append(post[k], int32(i))
		}
	}
	overlap := make([]int32, b.Rows())
	var out []int
	for si := range summary.Sentences {
		clear(overlap)
		seen := map[int32]bool{}
		for _, t := range summary.Tokens(si) {
			k, ok := local[t.Lower]
			if !ok || seen[k] {
				continue
			}
			seen[k] = true
			for _, r := range post[k] {
				overlap[r]++
			}
		}
		best, bestN := -1, int32(0)
		for r, n := range overlap {
			if n > bestN {
				best, bestN = r, n
			}
		}
		if best >= 0 {
			out = append(out, int(b.Sentence[best]))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// cvResult is the mean ROUGE recall of one method under cross-validation.
type cvResult struct {
	r1, r2       float64 // unstemmed
	r1s, r2s     float64 // stemmed
	perBook      map[string][2]float64
	models       []*Model
	lambdaChosen []float64
}

// summarizer returns the summary of a test book as document sentence
// indices.
type summarizer func(p *corpusPair) []int

// scoreSummaries scores the summaries made by sum and averages the recall
// over the books.
func scoreSummaries(tb testing.TB, pairs []*corpusPair, sum summarizer) cvResult {
	tb.Helper()
	res := cvResult{perBook: map[string][2]float64{}}
	plain, stem := &rouge.Scorer{}, &rouge.Scorer{Stem: true}
	for _, p := range pairs {
		cand := Text(p.doc, sum(p))
		a, err := plain.Score(cand, p.summary)
		if err != nil {
			tb.Fatal(err)
		}
		s, err := stem.Score(cand, p.summary)
		if err != nil {
			tb.Fatal(err)
		}
		res.r1 += a.ROUGE1.Recall
		res.r2 += a.ROUGE2.Recall
		res.r1s += s.ROUGE1.Recall
		res.r2s += s.ROUGE2.Recall
		res.perBook[p.id] = [2]float64{a.ROUGE1.Recall, a.ROUGE2.Recall}
	}
	n := float64(len(pairs))
	res.r1, res.r2, res.r1s, res.r2s = res.r1/n, res.r2/n, res.r1s/n, res.r2s/n
	return res
}

// crossValidate trains and tests the summarizer under n-fold
// cross-validation over pairs, as the pipeline does: per fold, a collection
// of the training books' Stats, their features and labels, a model, and a
// summary of each test book.
func crossValidate(tb testing.TB, pairs []*corpusPair, n int, set Settings, tr *Trainer) cvResult {
	tb.Helper()
	ids := make([]string, len(pairs))
	for i, p := range pairs {
		ids[i] = p.id
	}
	folds, err := Folds(1, n, ids)
	if err != nil {
		tb.Fatal(err)
	}
	summaries := map[string][]int{}
	var models []*Model
	var lambdas []float64
	for k := range n {
		var train, test []*corpusPair
		for _, p := range pairs {
			if folds[p.id] == k {
				test = append(test, p)
			} else {
				train = append(train, p)
			}
		}
		col, feats := labelledFeatures(tb, train, set)
		m, err := trainOne(tr, col, feats)
		if err != nil {
			tb.Fatal(err)
		}
		models = append(models, m)
		lambdas = append(lambdas, m.Lambda)
		for _, p := range test {
			summaries[p.id] = m.Summarize(m.Collection.Prepare(p.book, nil), DefaultBudget)
		}
	}
	res := scoreSummaries(tb, pairs, func(p *corpusPair) []int { return summaries[p.id] })
	res.models, res.lambdaChosen = models, lambdas
	return res
}

// smallCorpus returns the ids of about n books of the shared corpus, spread
// over it by size but small enough for a unit test.
func smallCorpus(tb testing.TB, dir string, n int) []string {
	tb.Helper()
	ids := corpusIDs(tb, dir)
	type sized struct {
		id   string
		size int64
	}
	var ss []sized
	for _, id := range ids {
		fi, err := os.Stat(filepath.Join(dir, "books", id+".txt"))
		if err != nil {
			tb.Fatal(err)
		}
		ss = append(ss, sized{id, fi.Size()})
	}
	slices.SortFunc(ss, func(a, b sized) int { return int(a.size - b.size) })
	// The smaller half, every k-th.
	half := ss[:len(ss)/2]
	step := max(len(half)/n, 1)
	var out []string
	for i := 0; i < len(half) && len(out) < n; i += step {
		out = append(out, half[i].id)
	}
	slices.Sort(out)
	return out
}

// labelledFeatures returns the collection of the training books train
// under set and their features, labelled by their overlap labels.
func labelledFeatures(tb testing.TB, train []*corpusPair, set Settings) (*Collection, []*Features) {
	tb.Helper()
	var c Counts
	for _, p := range train {
		if err := c.Add(p.book.Stats()); err != nil {
			tb.Fatal(err)
		}
	}
	col, err := c.Collection(set, nil)
	if err != nil {
		tb.Fatal(err)
	}
	feats := make([]*Features, len(train))
	for i, p := range train {
		feats[i] = col.Featurize(p.book)
		feats[i].Label = p.labels
	}
	return col, feats
}
