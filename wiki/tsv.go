package wiki

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// NumFields is the number of tab-separated fields of a summary row.
const NumFields = 7

// A SummaryWriter writes summaries in the layout of the CMU Book Summary
// Dataset's booksummaries.txt: one row per summary, no header, seven
// tab-separated fields:
//
//	Wikipedia id, Freebase id, title, author, publication date, genres, summary
//
// Genres are a JSON array of strings (["Political satire"]), or an empty
// field when there are none; the CMU data has a JSON object of Freebase ids
// to names instead, which SummaryReader also reads. Fields never contain a
// tab or a line break: each run of white space that includes one becomes
// one space, so the paragraphs of a summary are joined into one line, as in
// the CMU data.
type SummaryWriter struct {
	w *bufio.Writer
}

// NewSummaryWriter returns a SummaryWriter that writes to w.
func NewSummaryWriter(w io.Writer) *SummaryWriter {
	return &SummaryWriter{w: bufio.NewWriter(w)}
}

// Write writes one row. Rows are buffered: call Flush at the end.
func (w *SummaryWriter) Write(s *Summary) error {
	genres, err := genresJSON(s.Genres)
	if err != nil {
		return err
	}
	fields := [NumFields]string{
		strconv.FormatInt(s.WikipediaID, 10), s.FreebaseID, s.Title, s.Author,
		s.PubDate, genres, s.Text,
	}
	for i, f := range fields {
		if i > 0 {
			w.w.WriteByte('\t')
		}
		w.w.WriteString(oneLine(f))
	}
	_, err = w.w.WriteString("\n")
	return err
}

// Flush writes any buffered rows to the underlying writer and returns the
// first error met while writing, if any.
func (w *SummaryWriter) Flush() error { return w.w.Flush() }

// oneLine replaces each run of white space holding a tab or a line break
// with one space.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\t\n\r\v\f\u0085\u2028\u2029") {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

func genresJSON(g []string) (string, error) {
	if len(g) == 0 {
		return "", nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(g); err != nil {
		return "", err
	}
	return strings.TrimSpace(b.String()), nil
}

// A SummaryReader reads rows written by SummaryWriter, or the CMU
// booksummaries.txt itself. Use it like encoding/csv.Reader: Read returns
// the next summary; a malformed row returns a *ParseError wrapping
// ErrFieldCount, ErrBadID, ErrBadGenres or ErrInvalidUTF8 and the next call
// goes on with the following row; at the end Read returns io.EOF. Blank
// lines are skipped, a trailing "\r" is dropped and fields are trimmed of
// spaces.
type SummaryReader struct {
	br   *bufio.Reader
	line int
	off  int64
	err  error
}

// NewSummaryReader returns a SummaryReader of r.
func NewSummaryReader(r io.Reader) *SummaryReader {
	return &SummaryReader{br: bufio.NewReaderSize(r, 64<<10)}
}

// Read returns the next summary.
func (r *SummaryReader) Read() (Summary, error) {
	for r.err == nil {
		line, err := r.br.ReadString('\n')
		if err != nil && err != io.EOF {
			r.err = &ParseError{Offset: r.off, Line: r.line + 1, Err: err}
			return Summary{}, r.err
		}
		if err == io.EOF {
			r.err = io.EOF
			if line == "" {
				break
			}
		}
		r.line++
		off := r.off
		r.off += int64(len(line))
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		return parseSummary(line, r.line, off)
	}
	return Summary{}, r.err
}

// Line returns the line number (1-based) of the row that the last call to
// Read returned or failed on, so that a caller can account for every row.
func (r *SummaryReader) Line() int { return r.line }

// parseSummary parses one row found at line and byte offset off.
func parseSummary(line string, lineNo int, off int64) (Summary, error) {
	fail := func(at int, err error) (Summary, error) {
		return Summary{}, &ParseError{Offset: off + int64(at), Line: lineNo, Err: err}
	}
	if !utf8.ValidString(line) {
		bad := 0
		for bad < len(line) {
			r, n := utf8.DecodeRuneInString(line[bad:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			bad += n
		}
		return fail(bad, ErrInvalidUTF8)
	}
	f := strings.Split(line, "\t")
	if len(f) != NumFields {
		return fail(0, fmt.Errorf("%w: has %d", ErrFieldCount, len(f)))
	}
	starts := make([]int, NumFields)
	for i := 1; i < NumFields; i++ {
		starts[i] = starts[i-1] + len(f[i-1]) + 1
	}
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	id, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil || id <= 0 {
		return fail(0, fmt.Errorf("%w: %q", ErrBadID, clip(f[0])))
	}
	genres, err := parseGenres(f[5])
	if err != nil {
		return fail(starts[5], fmt.Errorf("%w: %v", ErrBadGenres, err))
	}
	return Summary{
		WikipediaID: id, FreebaseID: f[1], Title: f[2], Author: f[3],
		PubDate: f[4], Genres: genres, Text: f[6],
	}, nil
}

// parseGenres reads a JSON array of strings or a JSON object whose values
// are strings (the CMU form, Freebase id to name), keeping the order of the
// text. An empty field is no genres.
func parseGenres(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	dec := json.NewDecoder(strings.NewReader(s))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	delim, ok := tok.(json.Delim)
	if !ok || delim != '[' && delim != '{' {
		return nil, fmt.Errorf("want [ or {, got %v", tok)
	}
	var out []string
	for dec.More() {
		if delim == '{' {
			if _, err := dec.Token(); err != nil { // the key
				return nil, err
			}
		}
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		v, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("value %v is not a string", tok)
		}
		out = append(out, v)
	}
	if _, err := dec.Token(); err != nil { // closing delimiter
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("text after the closing %c", map[json.Delim]rune{'[': ']', '{': '}'}[delim])
	}
	return out, nil
}
