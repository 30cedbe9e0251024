package corpus

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Pair is one row of pairs.tsv.
type Pair struct {
	// Row is the 1-based line number of the row in pairs.tsv (the header is
	// line 1).
	Row int `json:"row"`
	// ID names the pair's files: books/<ID>.txt and summaries/<ID>.txt.
	ID string `json:"id"`
	// Title and Author are the second and third columns, when present.
	Title  string `json:"title,omitempty"`
	Author string `json:"author,omitempty"`
}

// RowError is a row of pairs.tsv that cannot be used, with the reason.
type RowError struct {
	Row    int    `json:"row"`
	ID     string `json:"id"`
	Reason string `json:"reason"`
}

// Error returns the row, its id and the reason.
func (e RowError) Error() string {
	return fmt.Sprintf("pairs.tsv row %d (id %q): %s", e.Row, e.ID, e.Reason)
}

// ErrNoHeader is returned by ParsePairs when the first line is not a header
// whose first column is "id".
var ErrNoHeader = errors.New(`pairs.tsv must start with a header row whose first column is "id" (tab-separated: id, title, author)`)

// ErrNotUTF8 is returned by ParsePairs when the file is not UTF-8 text: it
// starts with a UTF-16 byte order mark, or its first line holds NUL bytes
// (UTF-16 without a byte order mark, or a binary file).
var ErrNotUTF8 = errors.New("pairs.tsv is not UTF-8 text")

// maxLine bounds one line of pairs.tsv; longer lines become row errors.
const maxLine = 1 << 20

// ParsePairs reads a pairs.tsv index. Lines end in "\n", "\r\n" or a lone
// "\r". It returns the usable rows in file order and one RowError for every
// other data row: a wrong number of columns, an id that is not a safe file
// name (ValidID), a repeated id (the first occurrence is kept), or invalid
// UTF-8 (with the byte offset of the first bad byte in the file). Blank
// lines are skipped and not counted as rows. err is non-nil only when the
// header is missing or the reader fails; rows read before a read failure
// are still returned. A header without rows is no error: the caller warns.
func ParsePairs(r io.Reader) (pairs []Pair, bad []RowError, err error) {
	lr := &lineReader{br: bufio.NewReaderSize(r, 64<<10)}
	var header []string
	first := map[string]int{}
	for row := 1; ; row++ {
		start := lr.off
		line, long, rerr := lr.next()
		if rerr != nil && rerr != io.EOF {
			return pairs, bad, fmt.Errorf("corpus: reading pairs.tsv line %d: %w", row, rerr)
		}
		if line == "" && rerr == io.EOF && !long {
			break
		}
		if header == nil {
			if err := checkEncoding(line); err != nil {
				return nil, nil, err
			}
			header = strings.Split(strings.TrimPrefix(line, "\uFEFF"), "\t")
			if strings.TrimSpace(header[0]) != "id" {
				return nil, nil, ErrNoHeader
			}
		} else if strings.TrimSpace(line) != "" || long {
			p, reason := parseRow(row, start, line, long, len(header))
			switch {
			case reason != "":
				bad = append(bad, RowError{Row: row, ID: p.ID, Reason: reason})
			case first[p.ID] != 0:
				bad = append(bad, RowError{Row: row, ID: p.ID,
					Reason: fmt.Sprintf("duplicate id: first used on row %d", first[p.ID])})
			default:
				first[p.ID] = row
				pairs = append(pairs, p)
			}
		}
		if rerr == io.EOF {
			break
		}
	}
	if header == nil {
		return nil, nil, ErrNoHeader
	}
	return pairs, bad, nil
}

// checkEncoding refuses a first line that shows the file is not UTF-8:
// a UTF-16 byte order mark (FF FE or FE FF), or a NUL byte, which UTF-8
// text never holds and UTF-16 text of ASCII letters holds in every other
// byte.
func checkEncoding(first string) error {
	switch {
	case strings.HasPrefix(first, "\xff\xfe"), strings.HasPrefix(first, "\xfe\xff"):
		return fmt.Errorf("%w: it starts with a UTF-16 byte order mark; save it as UTF-8", ErrNotUTF8)
	case strings.IndexByte(first, 0) >= 0:
		return fmt.Errorf("%w: its first line holds NUL bytes (UTF-16 or a binary file); save it as UTF-8", ErrNotUTF8)
	}
	return nil
}

// parseRow checks one data row, which starts at byte start of the file,
// against the header width.
func parseRow(row int, start int64, line string, long bool, width int) (Pair, string) {
	cols := strings.Split(line, "\t")
	p := Pair{Row: row, ID: strings.TrimSpace(cols[0])}
	if !utf8.ValidString(p.ID) {
		p.ID = strings.ToValidUTF8(p.ID, "\uFFFD")
	}
	switch {
	case long:
		return p, fmt.Sprintf("line longer than %d bytes", maxLine)
	case !utf8.ValidString(line):
		return p, fmt.Sprintf("invalid UTF-8 in row (byte %d of pairs.tsv)", start+int64(invalidAt(line)))
	case len(cols) != width:
		return p, fmt.Sprintf("has %d columns, header has %d", len(cols), width)
	}
	if err := ValidID(p.ID); err != nil {
		return p, err.Error()
	}
	if width > 1 {
		p.Title = strings.TrimSpace(cols[1])
	}
	if width > 2 {
		p.Author = strings.TrimSpace(cols[2])
	}
	return p, ""
}

// invalidAt returns the offset of the first invalid UTF-8 sequence in s,
// or len(s).
func invalidAt(s string) int {
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w == 1 {
			return i
		}
		i += w
	}
	return len(s)
}

// lineReader splits a file into lines ending in "\n", "\r\n" or "\r",
// counting bytes.
type lineReader struct {
	br  *bufio.Reader
	off int64 // bytes consumed so far
}

// next returns the next line without its line ending. long reports a line
// over maxLine bytes, of which only a prefix is returned.
func (lr *lineReader) next() (line string, long bool, err error) {
	var b []byte
	for {
		c, rerr := lr.br.ReadByte()
		if rerr != nil {
			return string(b), long, rerr
		}
		lr.off++
		switch c {
		case '\n':
			return string(b), long, nil
		case '\r':
			if n, perr := lr.br.Peek(1); perr == nil && n[0] == '\n' {
				lr.br.ReadByte()
				lr.off++
			}
			return string(b), long, nil
		}
		if len(b) < maxLine {
			b = append(b, c)
		} else {
			long = true
		}
	}
}
