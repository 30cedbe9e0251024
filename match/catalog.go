package match

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Errors that a *ParseError wraps.
var (
	// ErrHeader: the catalog's first row lacks a required column.
	ErrHeader = errors.New("match: catalog header lacks a required column (Text#, Type, Title, Language, Authors)")
	// ErrCSV: a row is not well-formed CSV (a stray quote).
	ErrCSV = errors.New("match: malformed CSV")
	// ErrFieldCount: a row has a different number of fields from the header.
	ErrFieldCount = errors.New("match: wrong number of fields")
	// ErrBadNumber: a row's Text# is not a positive integer.
	ErrBadNumber = errors.New("match: Text# is not a positive integer")
	// ErrInvalidUTF8: a row is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("match: row is not valid UTF-8")
	// ErrDecision: a line of a decision list is malformed or repeats a key.
	ErrDecision = errors.New("match: bad decision line")
)

// A ParseError is an error at a known line (1-based) and, where known,
// column (1-based, in bytes; 0 when unknown) of the input.
type ParseError struct {
	Line, Column int
	Err          error
}

func (e *ParseError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

// Unwrap returns e.Err, so that errors.Is(err, ErrBadNumber) works.
func (e *ParseError) Unwrap() error { return e.Err }

// An Ebook is one row of Project Gutenberg's catalog.
type Ebook struct {
	// ID is the ebook number (Text#).
	ID int `json:"id"`
	// Type is "Text" for books; "Sound", "Image" and others are not.
	Type   string `json:"type"`
	Issued string `json:"issued,omitempty"`
	// Title is as catalogued; a subtitle may follow on a new line or after
	// "; Or,".
	Title string `json:"title"`
	// Languages are the codes of the Language column: ["en"], ["en", "fr"].
	Languages []string `json:"languages"`
	// Authors are the people of the Authors column, creators and others.
	Authors []Author `json:"authors,omitempty"`
	// Subjects, LoCC and Bookshelves are the ";"-separated columns split.
	Subjects    []string `json:"subjects,omitempty"`
	LoCC        []string `json:"locc,omitempty"`
	Bookshelves []string `json:"bookshelves,omitempty"`
	// Line is the line of the catalog where the row starts.
	Line int `json:"line"`
}

// English reports whether e is an English text: Type "Text" and Language
// exactly "en". Bilingual editions ("en; fr") are not, since their text
// would not align with an English summary.
func (e *Ebook) English() bool {
	return e.Type == "Text" && len(e.Languages) == 1 && e.Languages[0] == "en"
}

// An Author is one person in the Authors column, written there as
// "Surname, Given, dates [Role]": "Shelley, Mary Wollstonecraft, 1797-1851",
// "Tenniel, John, 1820-1914 [Illustrator]", "Homer, 751? BCE-651? BCE".
type Author struct {
	// Name is the name as written, less dates and role: "Shelley, Mary
	// Wollstonecraft".
	Name string `json:"name"`
	// Surname is the part before the first comma, or the whole name when
	// there is none ("Voltaire", "Anonymous").
	Surname string `json:"surname"`
	// Given is the rest, less any "(full name)" expansion.
	Given string `json:"given,omitempty"`
	// Dates are the life dates as written, "1797-1851".
	Dates string `json:"dates,omitempty"`
	// Role is "" for a creator, otherwise the bracketed role: "Translator",
	// "Editor", "Illustrator", "Contributor", ….
	Role string `json:"role,omitempty"`
}

// ParseAuthors splits an Authors field into people.
func ParseAuthors(field string) []Author {
	var out []Author
	for _, part := range strings.Split(field, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		var a Author
		if strings.HasSuffix(part, "]") {
			if i := strings.LastIndex(part, "["); i >= 0 {
				a.Role = strings.TrimSpace(part[i+1 : len(part)-1])
				part = strings.TrimSpace(part[:i])
			}
		}
		if i := strings.LastIndex(part, ","); i >= 0 && strings.ContainsAny(part[i+1:], "0123456789") {
			a.Dates = strings.TrimSpace(part[i+1:])
			part = strings.TrimSpace(part[:i])
		}
		a.Name = part
		sur, given, _ := strings.Cut(part, ",")
		a.Surname = strings.TrimSpace(sur)
		if i := strings.Index(given, "("); i >= 0 {
			if j := strings.Index(given[i:], ")"); j >= 0 {
				given = given[:i] + given[i+j+1:]
			}
		}
		a.Given = strings.Join(strings.Fields(given), " ")
		out = append(out, a)
	}
	return out
}

// requiredColumns must be in the header; the others are read when present.
var requiredColumns = []string{"Text#", "Type", "Title", "Language", "Authors"}

// A CatalogReader reads Project Gutenberg's pg_catalog.csv: RFC 4180 CSV,
// UTF-8, with a header row naming the columns
//
//	Text#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves
//	84,Text,1993-10-01,"Frankenstein; Or, The Modern Prometheus",en,"Shelley, Mary Wollstonecraft, 1797-1851",…
//
// Columns are found by name, so their order does not matter and extra
// columns are ignored; Text#, Type, Title, Language and Authors are
// required. Use it like encoding/csv.Reader: Read returns the next ebook,
// or a *ParseError for a row that cannot be used (the next call goes on
// with the next row), or io.EOF at the end. A missing header column
// (ErrHeader) and read errors are sticky.
type CatalogReader struct {
	cr    *csv.Reader
	col   map[string]int
	width int
	err   error
}

// NewCatalogReader returns a CatalogReader of r.
func NewCatalogReader(r io.Reader) *CatalogReader {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	return &CatalogReader{cr: cr}
}

// Read returns the next ebook.
func (r *CatalogReader) Read() (Ebook, error) {
	if r.err != nil {
		return Ebook{}, r.err
	}
	if r.col == nil {
		if err := r.readHeader(); err != nil {
			r.err = err
			return Ebook{}, err
		}
	}
	rec, err := r.cr.Read()
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return Ebook{}, &ParseError{Line: pe.StartLine, Column: pe.Column, Err: fmt.Errorf("%w: %v", ErrCSV, pe.Err)}
		}
		r.err = err
		return Ebook{}, err
	}
	line, _ := r.cr.FieldPos(0)
	if len(rec) != r.width {
		return Ebook{}, &ParseError{Line: line, Err: fmt.Errorf("%w: %d, header has %d", ErrFieldCount, len(rec), r.width)}
	}
	for i, f := range rec {
		if !utf8.ValidString(f) {
			l, c := r.cr.FieldPos(i)
			return Ebook{}, &ParseError{Line: l, Column: c, Err: ErrInvalidUTF8}
		}
	}
	get := func(name string) string {
		if i, ok := r.col[name]; ok {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	n, err := strconv.Atoi(get("Text#"))
	if err != nil || n <= 0 {
		l, c := r.cr.FieldPos(r.col["Text#"])
		return Ebook{}, &ParseError{Line: l, Column: c, Err: fmt.Errorf("%w: %q", ErrBadNumber, get("Text#"))}
	}
	return Ebook{
		ID:          n,
		Type:        get("Type"),
		Issued:      get("Issued"),
		Title:       get("Title"),
		Languages:   splitList(get("Language")),
		Authors:     ParseAuthors(get("Authors")),
		Subjects:    splitList(get("Subjects")),
		LoCC:        splitList(get("LoCC")),
		Bookshelves: splitList(get("Bookshelves")),
		Line:        line,
	}, nil
}

func (r *CatalogReader) readHeader() error {
	rec, err := r.cr.Read()
	if err == io.EOF {
		return &ParseError{Line: 1, Err: fmt.Errorf("%w: empty catalog", ErrHeader)}
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return &ParseError{Line: pe.StartLine, Column: pe.Column, Err: fmt.Errorf("%w: %v", ErrCSV, pe.Err)}
		}
		return err
	}
	r.col = map[string]int{}
	for i, name := range rec {
		name = strings.TrimSpace(strings.TrimPrefix(name, "\uFEFF"))
		if _, dup := r.col[name]; !dup {
			r.col[name] = i
		}
	}
	for _, name := range requiredColumns {
		if _, ok := r.col[name]; !ok {
			r.col = nil
			return &ParseError{Line: 1, Err: fmt.Errorf("%w: no %q", ErrHeader, name)}
		}
	}
	r.width = len(rec)
	return nil
}

// splitList splits a ";"-separated column, trimming and dropping blanks.
func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ";") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// ReadCatalog reads a whole catalog. It returns the ebooks, one *ParseError
// for each row that could not be used, and a non-nil err only for a bad
// header or a read error.
func ReadCatalog(r io.Reader) (books []Ebook, bad []*ParseError, err error) {
	cr := NewCatalogReader(r)
	for {
		e, err := cr.Read()
		if err == io.EOF {
			return books, bad, nil
		}
		var pe *ParseError
		if err != nil && errors.As(err, &pe) && !errors.Is(err, ErrHeader) && cr.err == nil {
			bad = append(bad, pe)
			continue
		}
		if err != nil {
			return books, bad, err
		}
		books = append(books, e)
	}
}
