package wiki

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Errors that a *ParseError wraps. Each names one kind of problem, so that
// errors.Is(err, wiki.ErrSyntax) works and err can serve as a reject reason.
var (
	// ErrNotExport: the first element is neither <mediawiki> nor <page>.
	ErrNotExport = errors.New("wiki: input is not a MediaWiki XML export")
	// ErrSyntax: the XML is malformed.
	ErrSyntax = errors.New("wiki: malformed XML")
	// ErrBadPage: a <page> has no title, or an id or namespace that is not
	// an integer.
	ErrBadPage = errors.New("wiki: page without a title or with a bad id")
	// ErrTruncated: the input ends inside a <page>.
	ErrTruncated = errors.New("wiki: input ends inside a page")
	// ErrIndexLine: a line of a multistream index is not offset:id:title.
	ErrIndexLine = errors.New("wiki: index line is not offset:pageid:title")
	// ErrUnclosedTemplate: a "{{" has no matching "}}".
	ErrUnclosedTemplate = errors.New("wiki: template not closed")
	// ErrFieldCount: a summary TSV row does not have 7 fields.
	ErrFieldCount = errors.New("wiki: summary row does not have 7 tab-separated fields")
	// ErrBadID: a summary TSV row's Wikipedia id is not a positive integer.
	ErrBadID = errors.New("wiki: summary row has a bad Wikipedia id")
	// ErrBadGenres: a summary TSV row's genres are not a JSON object or
	// array of strings.
	ErrBadGenres = errors.New("wiki: summary row has bad genres JSON")
	// ErrInvalidUTF8: a summary TSV row is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("wiki: summary row is not valid UTF-8")
)

// A ParseError is an error found at a known place in the input. Offset is a
// byte offset into the input as read (after decompression), Line is 1-based
// and 0 when unknown, and Page is the id of the page being read, 0 when
// unknown or outside a page.
type ParseError struct {
	Offset int64
	Line   int
	Page   int64
	Err    error
}

func (e *ParseError) Error() string {
	s := fmt.Sprintf("line %d (byte %d)", e.Line, e.Offset)
	if e.Line == 0 {
		s = fmt.Sprintf("byte %d", e.Offset)
	}
	if e.Page != 0 {
		s += fmt.Sprintf(", page %d", e.Page)
	}
	return s + ": " + e.Err.Error()
}

// Unwrap returns e.Err, so that errors.Is(err, ErrSyntax) works.
func (e *ParseError) Unwrap() error { return e.Err }

// Reasons why a book page yields no summary. Extractor.Extract returns them
// wrapped in a *Reject.
var (
	// ErrNotBook: the page carries no book infobox. Such pages are not
	// rejects; a caller simply drops them.
	ErrNotBook = errors.New("not a book: no book infobox")
	// ErrNoPlot: the page has no level-2 plot section.
	ErrNoPlot = errors.New("no plot section")
	// ErrEmptyPlot: the plot section has no words once converted to text.
	ErrEmptyPlot = errors.New("plot section is empty")
	// ErrShortPlot: the plot section has fewer words than Extractor.MinWords.
	ErrShortPlot = errors.New("plot section too short")
	// ErrBadInfobox: the book infobox is not closed, so the page cannot be
	// split into infobox and sections reliably.
	ErrBadInfobox = errors.New("book infobox not closed")
)

// RowFault names, in words, the fault of one summary TSV row after which a
// SummaryReader goes on (ErrFieldCount, ErrBadID, ErrBadGenres,
// ErrInvalidUTF8), and returns "" for any other error.
func RowFault(err error) string {
	return faultName(err, ErrFieldCount, ErrBadID, ErrBadGenres, ErrInvalidUTF8)
}

// StreamFault names, in words, why a bzip2 stream of a dump could not be
// read: a fault of the XML (ErrNotExport, ErrSyntax, ErrBadPage,
// ErrTruncated), compressed data that ends early, or else corrupt
// compressed data.
func StreamFault(err error) string {
	if s := faultName(err, ErrNotExport, ErrSyntax, ErrBadPage, ErrTruncated); s != "" {
		return s
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "compressed data ends early"
	}
	return "corrupt compressed data"
}

// faultName returns the message of the first of kinds that err is, without
// the "wiki: " prefix, or "".
func faultName(err error, kinds ...error) string {
	for _, e := range kinds {
		if errors.Is(err, e) {
			return strings.TrimPrefix(e.Error(), "wiki: ")
		}
	}
	return ""
}
