package fetch

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"

	"github.com/bookalign/bookalign/match"
	"github.com/bookalign/bookalign/wiki"
)

// A Selection is what matching the summaries against the catalog asks
// for, before any book is downloaded.
type Selection struct {
	// Ebooks are the ebooks that `bookalign match` will pair with a
	// summary, in increasing order: the texts to download.
	Ebooks []int
	// Summaries counts the rows of the summaries file; BadRows those that
	// could not be read, Unmatched those matched to no ebook (or to one
	// that another summary also matched).
	Summaries, BadRows, Unmatched int
}

// MaxSummaryRows is the most rows a summaries file may have for fetch to
// match it: twelve times the CMU dataset's 16,559. The match pipeline holds
// every row, and each unmatched one becomes a reject, a few kB of memory
// each however short the row: this cap, with the summaries' size cap,
// bounds the memory a fetch needs.
const MaxSummaryRows = 200_000

// ErrTooManyRows: the summaries file has more than MaxSummaryRows rows.
var ErrTooManyRows = fmt.Errorf("more than %d rows, the most fetch matches", MaxSummaryRows)

// Select matches the summaries (a summaries TSV: wiki-extract's or the CMU
// booksummaries.txt) against the Gutenberg catalog with match's rules and
// the decision list d (may be nil), as `bookalign match` does, and returns
// the ebooks it will need. Bad summary rows and bad catalog rows are
// counted and passed over, as match does; a bad catalog header is an
// error, and so is a summaries file of more than MaxSummaryRows rows
// (ErrTooManyRows), found as soon as the row after the last allowed is
// read.
func Select(summaries, catalog io.Reader, d match.Decisions) (Selection, error) {
	books, _, err := match.ReadCatalog(catalog)
	if err != nil {
		return Selection{}, fmt.Errorf("reading the catalog: %w", err)
	}
	m := match.NewMatcher(books)
	m.Decisions = d
	var sel Selection
	var found []match.Match
	r := wiki.NewSummaryReader(summaries)
	for {
		s, err := r.Read()
		if err == io.EOF {
			break
		}
		if sel.Summaries == MaxSummaryRows {
			return Selection{}, fmt.Errorf("the summaries have %w", ErrTooManyRows)
		}
		if badRow(err) {
			sel.Summaries++
			sel.BadRows++
			continue
		}
		if err != nil {
			return Selection{}, fmt.Errorf("reading the summaries: %w", err)
		}
		sel.Summaries++
		got, err := m.Match(match.Query{Key: strconv.FormatInt(s.WikipediaID, 10), Title: s.Title, Author: s.Author})
		if err != nil {
			sel.Unmatched++
			continue
		}
		found = append(found, got)
	}
	kept, refused := match.OnePerEbook(found)
	sel.Unmatched += len(refused)
	for _, k := range kept {
		sel.Ebooks = append(sel.Ebooks, k.Ebook)
	}
	sort.Ints(sel.Ebooks)
	return sel, nil
}

// badRow reports the error of one malformed row, after which the reader
// goes on (the faults that `bookalign match` rejects a row for).
func badRow(err error) bool {
	for _, e := range []error{wiki.ErrFieldCount, wiki.ErrBadID, wiki.ErrBadGenres, wiki.ErrInvalidUTF8} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
