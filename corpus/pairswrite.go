package corpus

import (
	"bufio"
	"io"
	"strconv"
	"strings"
)

// PairsHeader is the header of the pairs.tsv that `bookalign match` writes:
// the columns of the shared corpus.
const PairsHeader = "id\ttitle\tauthor\tgutenberg_id\twikipedia_id\tbook_words\tsummary_words\tsummary_source\tbook_source"

// PairRow is one row of pairs.tsv as `bookalign match` writes it, one field
// a column of PairsHeader. ParsePairs reads back its ID, Title and Author.
type PairRow struct {
	ID            string
	Title         string
	Author        string
	Ebook         int   // gutenberg_id
	WikipediaID   int64 // wikipedia_id
	BookWords     int
	SummaryWords  int
	SummarySource string
	BookSource    string
}

// fieldCleaner turns the characters that would break a row into spaces.
var fieldCleaner = strings.NewReplacer("\t", " ", "\n", " ", "\r", " ")

// WritePairs writes pairs.tsv: PairsHeader and then rows, in the order
// given. A tab or line break inside a text field becomes a space, so that
// every row has the header's nine columns. The id is written as it is: it
// should pass ValidID, or ParsePairs will reject the row.
func WritePairs(w io.Writer, rows []PairRow) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(PairsHeader + "\n")
	for _, p := range rows {
		fields := [...]string{p.ID, fieldCleaner.Replace(p.Title), fieldCleaner.Replace(p.Author),
			strconv.Itoa(p.Ebook), strconv.FormatInt(p.WikipediaID, 10),
			strconv.Itoa(p.BookWords), strconv.Itoa(p.SummaryWords),
			fieldCleaner.Replace(p.SummarySource), fieldCleaner.Replace(p.BookSource)}
		bw.WriteString(strings.Join(fields[:], "\t"))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
