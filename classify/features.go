package classify

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/bookalign/bookalign/classify/coverage"
)

// Deciles is the number of position features.
const Deciles = 10

// tfidfTops are the book's top TF-IDF word ranks of the three "contains a
// word among the top k" features.
var tfidfTops = [...]int{10, 100, 1000}

// nameCountTops and lengthTops are the thresholds of the count features
// (Settings.Counts): NAMES>=k, the row holds at least k capitalised
// occurrences of the book's salient names, and LENGTH>=k, the row is at
// least k budget words long.
var (
	nameCountTops = [...]int{2, 3, 5, 8}
	lengthTops    = [...]int{10, 20, 40, 80}
)

// layout gives the index of each feature: deciles, IS_NAME, one feature per
// salient-name rank, the three TF-IDF features, then "word=x" and "first=x"
// for each vocabulary word, then, with Settings.Counts, NAMES>=k and
// LENGTH>=k, then, with Settings.Events, the event-word features.
type layout struct {
	names, vocab   int
	counts, events bool
}

func (c *Collection) layout() layout {
	return layout{names: c.Settings.names(), vocab: len(c.Vocabulary), counts: c.Settings.Counts, events: c.Settings.Events}
}

func (l layout) decile(d int) int32   { return int32(d) }
func (l layout) isName() int32        { return Deciles }
func (l layout) nameRank(r int) int32 { return int32(Deciles + 1 + r) }
func (l layout) tfidf(t int) int32    { return int32(Deciles + 1 + l.names + t) }
func (l layout) word(v int32) int32   { return int32(Deciles+1+l.names+len(tfidfTops)) + v }
func (l layout) first(v int32) int32  { return l.word(v) + int32(l.vocab) }
func (l layout) nameCount(t int) int32 {
	return int32(Deciles + 1 + l.names + len(tfidfTops) + 2*l.vocab + t)
}
func (l layout) length(t int) int32 { return l.nameCount(len(nameCountTops)) + int32(t) }

// eventStart is the index of the first event-word feature (events.go).
func (l layout) eventStart() int {
	d := Deciles + 1 + l.names + len(tfidfTops) + 2*l.vocab
	if l.counts {
		d += len(nameCountTops) + len(lengthTops)
	}
	return d
}

func (l layout) dim() int {
	if l.events {
		return l.eventStart() + eventFeatures
	}
	return l.eventStart()
}

// Dim returns the number of features.
func (c *Collection) Dim() int { return c.layout().dim() }

// FeatureNames returns the name of every feature, in feature order:
// "DECILE_0" … "DECILE_9", "IS_NAME", "name_rank=1" … "name_rank=100",
// "TF-IDF<10", "TF-IDF<100", "TF-IDF<1000", then "word=x" and "first=x"
// for each vocabulary word x.
func (c *Collection) FeatureNames() []string {
	l := c.layout()
	names := make([]string, 0, l.dim())
	for d := range Deciles {
		names = append(names, "DECILE_"+strconv.Itoa(d))
	}
	names = append(names, "IS_NAME")
	for r := range l.names {
		names = append(names, "name_rank="+strconv.Itoa(r+1))
	}
	for _, t := range tfidfTops {
		names = append(names, "TF-IDF<"+strconv.Itoa(t))
	}
	for _, w := range c.Vocabulary {
		names = append(names, "word="+w)
	}
	for _, w := range c.Vocabulary {
		names = append(names, "first="+w)
	}
	if l.counts {
		for _, k := range nameCountTops {
			names = append(names, "NAMES>="+strconv.Itoa(k))
		}
		for _, k := range lengthTops {
			names = append(names, "LENGTH>="+strconv.Itoa(k))
		}
	}
	if l.events {
		names = append(names, eventNames()...)
	}
	return names
}

// Features are the binary features of a book's rows (its Prose sentences),
// stored sparsely: row i has the features Index[Start[i]:Start[i+1]], in
// increasing order, each with value 1, and all others 0.
type Features struct {
	// ID names the book.
	ID string `json:"id"`
	// Group names the books that share this book's text (Plan.Group), so
	// that the inner split keeps them on one side; empty when the book is
	// its own group.
	Group string `json:"group,omitempty"`
	// Start has one entry per row and one more.
	Start []int32 `json:"start"`
	// Index holds the active features of each row.
	Index []int32 `json:"index"`
	// Length[i] is the length of row i in budget words (Book.Length).
	Length []int32 `json:"length"`
	// Label[i] says whether row i is in the summary (a training label).
	// It is nil for a book to summarize; see Book.Labels.
	Label []bool `json:"label,omitempty"`
	// Cover holds, with Settings.Coverage, the coverage model's training
	// data of a training book with a reference summary (coverage.Cells); nil
	// otherwise.
	Cover *coverage.Cells `json:"cover,omitempty"`
}

// Rows returns the number of rows.
func (f *Features) Rows() int { return len(f.Start) - 1 }

// Row returns the active features of row i. The slice aliases f.
func (f *Features) Row(i int) []int32 { return f.Index[f.Start[i]:f.Start[i+1]] }

// Featurize returns the features of every row of b (§4.2), all binary:
//
//   - DECILE_d: the row lies in decile d of the book, d = floor(10 i / n)
//     for row i of n;
//   - name_rank=r and IS_NAME: the row holds, capitalised, the r-th salient
//     name of the book. The salient names are the Settings.Names words with
//     the highest TF-IDF, tf(w) * idf(w), where tf counts only capitalised
//     occurrences that do not start a sentence;
//   - TF-IDF<k, k = 10, 100, 1000: the row holds one of the book's k words of
//     highest TF-IDF, tf counting every occurrence;
//   - word=x: the row holds vocabulary word x (Collection.Vocabulary);
//   - first=x: the row holds the book's first occurrence of x;
//   - with Settings.Counts (beyond the paper), NAMES>=k, k = 2, 3, 5, 8: the
//     row holds at least k capitalised occurrences of salient names, and
//     LENGTH>=k, k = 10, 20, 40, 80: the row has at least k budget words.
//
// IDF is Collection.IDF, leaving the book itself out when it is a training
// book. Stopwords, and words whose TF-IDF is 0, are never names or TF-IDF
// words. Ties are broken by the word's byte order.
func (c *Collection) Featurize(b *Book) *Features { return c.FeaturizeGrams(b, nil) }

// FeaturizeGrams is Featurize with the book's n-grams counted already
// (coverage.NewGrams), or counted here when g is nil: the coverage cells of a
// training book need them.
func (c *Collection) FeaturizeGrams(b *Book, g *coverage.Grams) *Features {
	return c.featurize(b, g, c.statsOf(b.Words), nil, nil)
}

// featurize is FeaturizeGrams with the statistics of b's words under c
// (statsOf) found already, the rows of its words (nil: found here), and,
// when looked is not nil, the counts of b's terms and n-grams g in c's
// coverage statistics (SetsIndex).
func (c *Collection) featurize(b *Book, g *coverage.Grams, stats []wordStats, wr *wordRows, looked *coverage.Looked) *Features {
	f := c.featurizeRowsOf(b, stats, wr)
	if c.Coverage != nil && c.contains(b.ID) && b.Terms.Reference != nil {
		if g == nil {
			g, looked = coverage.NewGrams(&b.Terms, c.Stopwords), nil
		}
		f.Cover = coverage.NewCells(c.Coverage, &b.Terms, g, looked, c.contains(b.ID))
	}
	return f
}

// featurizeRows returns the features of b's rows, without the coverage
// cells: what scoring needs.
func (c *Collection) featurizeRows(b *Book) *Features {
	return c.featurizeRowsOf(b, c.statsOf(b.Words), nil)
}

// wordRows are the rows that hold each of a book's words:
// rows[at[k]:at[k+1]] are those of word k, increasing. A book's word
// features are made by vocabulary word through them (featurizeRowsOf), so
// that no row's words are sorted by their vocabulary index.
type wordRows struct {
	at, rows []int32
}

// newWordRows returns the rows of b's words.
func newWordRows(b *Book) *wordRows {
	n := len(b.Words)
	w := &wordRows{at: make([]int32, n+1), rows: make([]int32, len(b.Word))}
	for _, k := range b.Word {
		w.at[k+1]++
	}
	for k := range n {
		w.at[k+1] += w.at[k]
	}
	next := slices.Clone(w.at[:n])
	for i := range b.Rows() {
		words, _ := b.Row(i)
		for _, k := range words {
			w.rows[next[k]] = int32(i)
			next[k]++
		}
	}
	return w
}

// featurizeRowsOf is featurizeRows with the statistics of b's words under
// c found already (statsOf), and the rows of its words (nil: found here).
func (c *Collection) featurizeRowsOf(b *Book, stats []wordStats, wr *wordRows) *Features {
	l := c.layout()
	self := c.contains(b.ID)

	// Per word of the book: its statistics, vocabulary index, name rank and
	// TF-IDF rank.
	n := len(b.Words)
	vocabOf := make([]int32, n)
	idf := make([]float64, n)
	for k := range b.Words {
		vocabOf[k] = stats[k].vocab
		if !stats[k].stop {
			idf[k] = c.idf(stats[k].df, self)
		}
	}
	var event []float64
	if l.events {
		event = c.eventScores(b, stats, self)
	}
	nameRank := topRanks(n, l.names, func(k int) float64 { return float64(b.NameCount[k]) * idf[k] })
	tfidfRank := topRanks(n, tfidfTops[len(tfidfTops)-1], func(k int) float64 { return float64(b.Count[k]) * idf[k] })

	rows := b.Rows()
	f := &Features{
		ID:     b.ID,
		Start:  make([]int32, 1, rows+1),
		Index:  make([]int32, 0, len(b.Word)+4*rows),
		Length: slices.Clone(b.Length),
	}
	// Each row's features are appended in feature order (layout), with a
	// gap for its words and first words, which are then filled in by
	// vocabulary index, word after word (wordRows): only its name ranks
	// are sorted.
	wordAt := make([]int32, rows)  // where each row's next word goes
	firstAt := make([]int32, rows) // and its next first word
	var names []int32
	for i := range rows {
		f.Index = append(f.Index, l.decile(Deciles*i/rows))
		top := len(tfidfTops)
		nameTokens, vocab, firsts := 0, 0, 0
		var er eventRow
		names = names[:0]
		words, caps := b.Row(i)
		for j, k := range words {
			if event != nil {
				er.add(event[k])
			}
			if r := nameRank[k]; r >= 0 && caps[j] > 0 {
				nameTokens += int(caps[j])
				names = append(names, l.nameRank(int(r)))
			}
			if r := tfidfRank[k]; r >= 0 {
				for t := 0; t < top; t++ {
					if int(r) < tfidfTops[t] {
						top = t
						break
					}
				}
			}
			if vocabOf[k] >= 0 {
				vocab++
				if int(b.First[k]) == i {
					firsts++
				}
			}
		}
		if len(names) > 0 {
			f.Index = append(f.Index, l.isName())
		}
		slices.Sort(names)
		f.Index = append(f.Index, names...)
		for t := top; t < len(tfidfTops); t++ {
			f.Index = append(f.Index, l.tfidf(t))
		}
		at := len(f.Index)
		wordAt[i], firstAt[i] = int32(at), int32(at+vocab)
		f.Index = slices.Grow(f.Index, vocab+firsts)[:at+vocab+firsts]
		if l.counts {
			for t, k := range nameCountTops {
				if nameTokens >= k {
					f.Index = append(f.Index, l.nameCount(t))
				}
			}
			for t, k := range lengthTops {
				if int(b.Length[i]) >= k {
					f.Index = append(f.Index, l.length(t))
				}
			}
		}
		if l.events {
			f.Index = appendEvents(f.Index, int32(l.eventStart()), er)
		}
		f.Start = append(f.Start, int32(len(f.Index)))
	}
	// The words, by vocabulary index.
	if wr == nil {
		wr = newWordRows(b)
	}
	byVocab := make([]int32, l.vocab) // 1 + the book's word of each vocabulary index, 0 for none
	for k, v := range vocabOf {
		if v >= 0 {
			byVocab[v] = int32(k) + 1
		}
	}
	for v, k := range byVocab {
		if k--; k < 0 {
			continue
		}
		word, first := l.word(int32(v)), l.first(int32(v))
		for _, i := range wr.rows[wr.at[k]:wr.at[k+1]] {
			f.Index[wordAt[i]] = word
			wordAt[i]++
			if b.First[k] == i {
				f.Index[firstAt[i]] = first
				firstAt[i]++
			}
		}
	}
	return f
}

// topRanks returns, for each of n items, its rank (0 is the highest) by
// score among the top k items of positive score, or -1 for the others. Ties
// go to the lower index.
func topRanks(n, k int, score func(i int) float64) []int32 {
	rank := make([]int32, n)
	var cand []int32
	scores := make([]float64, n)
	for i := range n {
		rank[i] = -1
		if s := score(i); s > 0 {
			scores[i] = s
			cand = append(cand, int32(i))
		}
	}
	before := func(a, b int32) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	}
	top := selectTop(cand, k, before)
	slices.SortFunc(top, before)
	for r, i := range top {
		rank[i] = int32(r)
	}
	return rank
}

// selectTop reorders xs so that its first min(k, len(xs)) elements are the
// smallest under the strict order cmp, in some order, and returns them:
// quickselect, so that ranking the top thousand of twenty thousand words
// sorts a thousand.
func selectTop(xs []int32, k int, cmp func(a, b int32) int) []int32 {
	if k >= len(xs) {
		return xs
	}
	lo, hi := 0, len(xs) // the k-th smallest is in xs[lo:hi]
	for hi-lo > 1 {
		// Median of three as the pivot, moved to lo.
		mid := lo + (hi-lo)/2
		if cmp(xs[mid], xs[lo]) < 0 {
			xs[mid], xs[lo] = xs[lo], xs[mid]
		}
		if cmp(xs[hi-1], xs[lo]) < 0 {
			xs[hi-1], xs[lo] = xs[lo], xs[hi-1]
		}
		if cmp(xs[hi-1], xs[mid]) < 0 {
			xs[hi-1], xs[mid] = xs[mid], xs[hi-1]
		}
		xs[lo], xs[mid] = xs[mid], xs[lo]
		p := lo
		for i := lo + 1; i < hi; i++ {
			if cmp(xs[i], xs[lo]) < 0 {
				p++
				xs[p], xs[i] = xs[i], xs[p]
			}
		}
		xs[lo], xs[p] = xs[p], xs[lo] // the pivot, at its place
		switch {
		case p == k:
			return xs[:k]
		case p < k:
			lo = p + 1
		default:
			hi = p
		}
	}
	return xs[:k]
}
