package features

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/internal/tables"
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

// featureIndex gives the index of each feature: deciles, IS_NAME, one feature per
// salient-name rank, the three TF-IDF features, then "word=x" and "first=x"
// for each vocabulary word, then, with Settings.Counts, NAMES>=k and
// LENGTH>=k, then, with Settings.Events, the event-word features.
type featureIndex struct {
	names, vocab   int
	counts, events bool
}

func (c *Collection) indexes() featureIndex {
	return featureIndex{names: c.Settings.names(), vocab: len(c.Vocabulary), counts: c.Settings.Counts, events: c.Settings.Events}
}

func (l featureIndex) decile(d int) int32   { return int32(d) }
func (l featureIndex) isName() int32        { return Deciles }
func (l featureIndex) nameRank(r int) int32 { return int32(Deciles + 1 + r) }
func (l featureIndex) tfidf(t int) int32    { return int32(Deciles + 1 + l.names + t) }
func (l featureIndex) word(v int32) int32   { return int32(Deciles+1+l.names+len(tfidfTops)) + v }
func (l featureIndex) first(v int32) int32  { return l.word(v) + int32(l.vocab) }
func (l featureIndex) nameCount(t int) int32 {
	return int32(Deciles + 1 + l.names + len(tfidfTops) + 2*l.vocab + t)
}
func (l featureIndex) length(t int) int32 { return l.nameCount(len(nameCountTops)) + int32(t) }

// eventStart is the index of the first event-word feature (events.go).
func (l featureIndex) eventStart() int {
	d := Deciles + 1 + l.names + len(tfidfTops) + 2*l.vocab
	if l.counts {
		d += len(nameCountTops) + len(lengthTops)
	}
	return d
}

func (l featureIndex) dim() int {
	if l.events {
		return l.eventStart() + eventFeatures
	}
	return l.eventStart()
}

// Dim returns the number of features.
func (c *Collection) Dim() int { return c.indexes().dim() }

// FeatureNames returns the name of every feature, in feature order:
// "DECILE_0" … "DECILE_9", "IS_NAME", "name_rank=1" … "name_rank=100",
// "TF-IDF<10", "TF-IDF<100", "TF-IDF<1000", then "word=x" and "first=x"
// for each vocabulary word x.
func (c *Collection) FeatureNames() []string {
	l := c.indexes()
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
	// Group names the books that share this book's text (cv.Plan.Group), so
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

// ErrFeatures means a book's features do not fit the collection.
var ErrFeatures = errors.New("features: features out of range")

// Check reports ErrFeatures unless f is well formed for dim features
// (Collection.Dim).
func (f *Features) Check(dim int32) error {
	if len(f.Start) == 0 || f.Start[0] != 0 || int(f.Start[len(f.Start)-1]) != len(f.Index) || len(f.Length) != f.Rows() {
		return fmt.Errorf("%w: %q is malformed", ErrFeatures, f.ID)
	}
	for i := 1; i < len(f.Start); i++ {
		if f.Start[i] < f.Start[i-1] {
			return fmt.Errorf("%w: %q is malformed", ErrFeatures, f.ID)
		}
	}
	for _, j := range f.Index {
		if j < 0 || j >= dim {
			return fmt.Errorf("%w: %q has feature %d of %d", ErrFeatures, f.ID, j, dim)
		}
	}
	return nil
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
func (c *Collection) Featurize(b *classify.Book) *Features { return c.FeaturizeGrams(b, nil) }

// FeaturizeGrams is Featurize with the book's n-grams counted already
// (coverage.NewGrams), or counted here when g is nil: the coverage cells of a
// training book need them.
func (c *Collection) FeaturizeGrams(b *classify.Book, g *coverage.Grams) *Features {
	return c.featurize(b, g, c.statsOf(b.Words), nil, nil)
}

// featurize is FeaturizeGrams with the statistics of b's words under c
// (statsOf) found already, the rows of its words (nil: found here), and,
// when looked is not nil, the counts of b's terms and n-grams g in c's
// coverage statistics (SetsIndex).
func (c *Collection) featurize(b *classify.Book, g *coverage.Grams, stats []wordStats, wr *wordRows, looked *coverage.SetCounts) *Features {
	f := c.featurizeRowsOf(b, stats, wr)
	if c.Coverage != nil && c.Contains(b.ID) && b.Terms.Reference != nil {
		if g == nil {
			g, looked = coverage.NewGrams(&b.Terms, c.Stopwords), nil
		}
		f.Cover = coverage.NewCells(c.Coverage, &b.Terms, g, looked, c.Contains(b.ID))
	}
	return f
}

// featurizeRows returns the features of b's rows, without the coverage
// cells: what scoring needs.
func (c *Collection) featurizeRows(b *classify.Book) *Features {
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
func newWordRows(b *classify.Book) *wordRows {
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
func (c *Collection) featurizeRowsOf(b *classify.Book, stats []wordStats, wr *wordRows) *Features {
	l := c.indexes()
	self := c.Contains(b.ID)

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
	nameRank := tables.TopRanks(n, l.names, func(k int) float64 { return float64(b.NameCount[k]) * idf[k] })
	tfidfRank := tables.TopRanks(n, tfidfTops[len(tfidfTops)-1], func(k int) float64 { return float64(b.Count[k]) * idf[k] })

	rows := b.Rows()
	f := &Features{
		ID:     b.ID,
		Start:  make([]int32, 1, rows+1),
		Index:  make([]int32, 0, len(b.Word)+4*rows),
		Length: slices.Clone(b.Length),
	}
	// Each row's features are appended in feature order (featureIndex), with a
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
