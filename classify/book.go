package classify

import (
	"encoding/binary"
	"hash/fnv"
	"slices"
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/text"
)

// MaxBookWords is the most words a book can hold: a book file is at most
// 64 MiB, and a word takes a letter and a separator at least. It bounds
// the coverage extraction's CoverageMinWords (features.Settings), and the
// budget and length thresholds of a run (config.Settings).
const MaxBookWords = 1 << 25

// A Book is what the summarizer needs of a parsed book, computed once per book
// and independent of any collection: the words of its Prose sentences, how
// often each occurs and how often capitalised, and for each Prose sentence its
// position, length and distinct words. Features (features.Collection.Featurize), the
// baselines (extract.Names, extract.Random) and extraction (extract.Top) work from a Book
// alone; only extract.Oracle and extract.Text need the document itself.
//
// Rows are the Prose sentences of the document, in order: headings, tables of
// contents and other non-Prose sentences are never featurized, labelled or
// extracted. Words are lower-cased word tokens (text.Token.Lower), stopwords
// included; every feature that uses IDF leaves stopwords out.
type Book struct {
	// ID names the book; extract.Random, cv.Folds and leave-self-out IDF use it.
	ID string `json:"id"`

	// Words are the distinct words of the Prose sentences, sorted; a word's
	// local id is its index here.
	Words []string `json:"words"`
	// Count[k] is the number of occurrences of Words[k].
	Count []int32 `json:"count"`
	// NameCount[k] is the number of occurrences of Words[k] that are
	// capitalised and not the first token of their sentence.
	NameCount []int32 `json:"name_count"`
	// First[k] is the first row holding Words[k].
	First []int32 `json:"first"`

	// Sentence[i] is the index, in the document's Sentences, of row i.
	Sentence []int32 `json:"sentence"`
	// Length[i] is the number of word tokens of row i (text.BudgetWords),
	// the unit of the summary budget.
	Length []int32 `json:"length"`
	// Row i holds the distinct words Word[Start[i]:Start[i+1]] (local ids,
	// increasing); Caps[j] is how many of the occurrences of Word[j] in the
	// row are capitalised, at most 255.
	Start []int32 `json:"start"`
	Word  []int32 `json:"word"`
	Caps  []uint8 `json:"caps"`

	// InSummary[k] says whether the book's reference summary holds
	// Words[k] (SetSummary): what the event-word features (features.Settings.Events)
	// learn from a training book, and leave out of the book's own features.
	// nil for a book without its summary.
	InSummary []bool `json:"in_summary,omitempty"`

	// Terms are the rows as ROUGE tokenizes them, and the reference
	// summary's tokens once SetReference is called: what the coverage
	// extraction (features.Settings.Coverage) counts.
	Terms coverage.Terms `json:"terms"`
}

// NewBook prepares the Prose sentences of doc. It computes everything in one
// pass over the tokens and allocates in proportion to the book.
func NewBook(id string, doc *text.Document) *Book {
	b := &Book{ID: id, Start: []int32{0}}
	local := make(map[string]int32)
	var (
		toks []text.Token
		row  []int32 // local ids of the current row, in order of first appearance
		slot []int32 // slot[k]: index in row of word k, valid when seen[k] == current row+1
		seen []int32
		caps []int32 // capitalised occurrences of row[j]
	)
	for si, s := range doc.Sentences {
		if s.Kind != text.Prose {
			continue
		}
		r := int32(len(b.Sentence))
		toks = text.AppendTokens(toks[:0], doc.Text, s.Span)
		b.Sentence = append(b.Sentence, int32(si))
		b.Length = append(b.Length, int32(len(toks)))
		row, caps = row[:0], caps[:0]
		for j, t := range toks {
			k, ok := local[t.Lower]
			if !ok {
				k = int32(len(b.Words))
				local[t.Lower] = k
				b.Words = append(b.Words, t.Lower)
				b.Count = append(b.Count, 0)
				b.NameCount = append(b.NameCount, 0)
				b.First = append(b.First, r)
				slot = append(slot, 0)
				seen = append(seen, 0)
			}
			b.Count[k]++
			capital := isCapitalised(doc.Text[t.Start:t.End])
			if capital && j > 0 {
				b.NameCount[k]++
			}
			if seen[k] != r+1 {
				seen[k] = r + 1
				slot[k] = int32(len(row))
				row = append(row, k)
				caps = append(caps, 0)
			}
			if capital {
				caps[slot[k]]++
			}
		}
		for j, k := range row {
			b.Word = append(b.Word, k)
			b.Caps = append(b.Caps, uint8(min(caps[j], 255)))
		}
		b.Start = append(b.Start, int32(len(b.Word)))
	}
	b.sortWords()
	b.Terms = coverage.NewTerms(b.Rows(), func(i int) string { return doc.Str(doc.Sentences[b.Sentence[i]].Span) })
	return b
}

// sortWords renumbers the local ids so that Words is sorted, and sorts each
// row by the new ids.
func (b *Book) sortWords() {
	n := len(b.Words)
	order := make([]int32, n) // order[new] = old
	for i := range order {
		order[i] = int32(i)
	}
	sort.Slice(order, func(i, j int) bool { return b.Words[order[i]] < b.Words[order[j]] })
	renum := make([]int32, n) // renum[old] = new
	words := make([]string, n)
	count, names, first := make([]int32, n), make([]int32, n), make([]int32, n)
	for nw, old := range order {
		renum[old] = int32(nw)
		words[nw], count[nw], names[nw], first[nw] = b.Words[old], b.Count[old], b.NameCount[old], b.First[old]
	}
	b.Words, b.Count, b.NameCount, b.First = words, count, names, first
	type entry struct {
		k int32
		c uint8
	}
	var buf []entry
	for i := 0; i+1 < len(b.Start); i++ {
		lo, hi := b.Start[i], b.Start[i+1]
		buf = buf[:0]
		for j := lo; j < hi; j++ {
			buf = append(buf, entry{renum[b.Word[j]], b.Caps[j]})
		}
		slices.SortFunc(buf, func(x, y entry) int { return int(x.k - y.k) })
		for j, e := range buf {
			b.Word[lo+int32(j)], b.Caps[lo+int32(j)] = e.k, e.c
		}
	}
}

// isCapitalised reports whether the token w starts with an upper-case letter.
func isCapitalised(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// Rows returns the number of rows: the book's Prose sentences.
func (b *Book) Rows() int { return len(b.Sentence) }

// HasTerms reports whether b has its term view (Terms) for every row, as
// every Book NewBook makes has.
func (b *Book) HasTerms() bool { return len(b.Terms.Start) == b.Rows()+1 }

// Row returns the local ids of the distinct words of row i and how many of
// their occurrences are capitalised. The slices alias b.
func (b *Book) Row(i int) (words []int32, caps []uint8) {
	lo, hi := b.Start[i], b.Start[i+1]
	return b.Word[lo:hi], b.Caps[lo:hi]
}

// Labels returns one label per row: true for the rows whose document
// sentence index is in sentences (for example align.Alignment.Labelled()).
// Indices of non-Prose sentences, or out of range, are ignored.
func (b *Book) Labels(sentences []int) []bool {
	out := make([]bool, b.Rows())
	for _, s := range sentences {
		if i, ok := b.row(s); ok {
			out[i] = true
		}
	}
	return out
}

// row returns the row of document sentence s, if s is a Prose sentence.
func (b *Book) row(s int) (int, bool) {
	i, ok := slices.BinarySearch(b.Sentence, int32(s))
	return i, ok && int(int32(s)) == s
}

// Stats returns the part of b that a features.Collection needs: the book's ID and
// the counts of its words. It is small beside the book (a word list), so a
// pipeline can gather the Stats of many books cheaply.
func (b *Book) Stats() *Stats { return b.StatsWithStopwords(nil) }

// StatsWithStopwords is Stats for a collection whose coverage extraction
// names stopwords (features.Collection.Stopwords, sorted): its term bigrams
// are those the coverage model counts with them (coverage.NewTermStats).
func (b *Book) StatsWithStopwords(stop []string) *Stats {
	st := b.WordStats()
	st.Terms = coverage.NewTermStats(&b.Terms, stop)
	return st
}

// WordStats is Stats without the term statistics (Stats.Terms), which only
// coverage extraction needs and which take a sort of the book's bigrams.
func (b *Book) WordStats() *Stats {
	return &Stats{ID: b.ID, Words: slices.Clone(b.Words), Count: slices.Clone(b.Count), InSummary: slices.Clone(b.InSummary)}
}

// Stats are the word counts of one book: the input of a features.Collection.
type Stats struct {
	// ID names the book.
	ID string `json:"id"`
	// Words are the book's distinct words, sorted, and Count[k] is how
	// often Words[k] occurs in its Prose sentences.
	Words []string `json:"words"`
	Count []int32  `json:"count"`
	// InSummary[k] says whether the book's summary holds Words[k]
	// (Book.SetSummary); nil when no summary was given.
	InSummary []bool `json:"in_summary,omitempty"`
	// Terms are the book's term statistics, for the coverage model
	// (coverage.NewTermStats).
	Terms coverage.TermStats `json:"terms"`
}

// SetSummary marks the words of b that its reference summary holds
// (Book.InSummary); words are the summary's lower-cased word tokens
// (text.Token.Lower), in any order and with repeats.
func (b *Book) SetSummary(words []string) {
	b.InSummary = make([]bool, len(b.Words))
	for _, w := range words {
		if k, ok := slices.BinarySearch(b.Words, w); ok {
			b.InSummary[k] = true
		}
	}
}

// SummaryWords returns the lower-cased word tokens of every sentence of a
// summary, the argument of Book.SetSummary.
func SummaryWords(doc *text.Document) []string {
	var out []string
	var toks []text.Token
	for _, s := range doc.Sentences {
		toks = text.AppendTokens(toks[:0], doc.Text, s.Span)
		for _, t := range toks {
			out = append(out, t.Lower)
		}
	}
	return out
}

// Fingerprint returns a 64-bit FNV-1a hash of what b holds of its text:
// its words, their counts and capitalisations, its rows and their lengths
// (not its ID, nor what its summary holds). Two books with the same text
// have the same fingerprint.
func (b *Book) Fingerprint() uint64 {
	h := fnv.New64a()
	var buf []byte
	for _, w := range b.Words {
		buf = binary.AppendUvarint(buf[:0], uint64(len(w)))
		h.Write(buf)
		h.Write([]byte(w))
	}
	for _, xs := range [][]int32{b.Count, b.NameCount, b.First, b.Sentence, b.Length, b.Start, b.Word} {
		buf = binary.AppendUvarint(buf[:0], uint64(len(xs)))
		for _, x := range xs {
			buf = binary.AppendVarint(buf, int64(x))
		}
		h.Write(buf)
	}
	h.Write(b.Caps)
	return h.Sum64()
}

// SetReference sets the book's reference summary (Terms.Reference) from its
// text, as ROUGE reads it: what the coverage extraction learns from a
// training book.
func (b *Book) SetReference(summary string) { b.Terms.SetReference(summary) }
