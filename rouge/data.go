package rouge

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// StopwordFile is the name of ROUGE's stopword list in its data directory:
// one word a line.
const StopwordFile = "smart_common_words.txt"

// ExceptionFiles are the names of the WordNet 2.0 exception lists in ROUGE's
// data directory, in the order in which they are read: adj, adv, noun, verb.
var ExceptionFiles = [4]string{
	"wordnet-2.0-adj.exc",
	"wordnet-2.0-adv.exc",
	"wordnet-2.0-noun.exc",
	"wordnet-2.0-verb.exc",
}

var (
	// ErrNoStopwords is returned when stopwords are to be removed but the
	// Scorer has no stopword list.
	ErrNoStopwords = errors.New("removing stopwords (-s) needs ROUGE's stopword list; none was loaded")

	// ErrExceptionLine is wrapped by a ParseError for a line of an
	// exception list that has a word but no base form.
	ErrExceptionLine = errors.New("exception line has one word; want an inflected form and a base form")
)

// A ParseError reports a line of a data file that could not be read.
type ParseError struct {
	File string // name of the file, as in StopwordFile or ExceptionFiles
	Line int    // line number, counting from 1
	Err  error  // the reason, such as ErrExceptionLine
}

// Error returns "ROUGE data file FILE line LINE: reason".
func (e *ParseError) Error() string {
	return fmt.Sprintf("ROUGE data file %s line %d: %v", e.File, e.Line, e.Err)
}

// Unwrap returns the reason, so that errors.Is finds the sentinel.
func (e *ParseError) Unwrap() error { return e.Err }

// Data holds the lists of the ROUGE distribution that -s and -m consult: the
// stopword list and the WordNet 2.0 exception table. A nil *Data has
// neither. Data is not changed after it is made and is safe for concurrent
// use.
type Data struct {
	stopwords  map[string]struct{} // nil when there is no list
	exceptions map[string]string   // inflected form to base form
}

// NewData reads ROUGE's stopword list and the WordNet 2.0 exception lists
// for adjectives, adverbs, nouns and verbs from the given readers.
//
// The stopword list has one word a line, taken as it is apart from the line
// ending. Each line of an exception list is an inflected form followed by
// one or more base forms, separated by white space; the table maps the
// inflected form to the first base form, a later line overriding an earlier
// one, as ROUGE's exception database does. Blank lines are skipped.
//
// A nil stopwords reader means no stopword list, so a Scorer with this Data
// cannot remove stopwords; a nil exception reader adds nothing to the table.
func NewData(stopwords, adj, adv, noun, verb io.Reader) (*Data, error) {
	d := &Data{exceptions: make(map[string]string)}
	if stopwords != nil {
		d.stopwords = make(map[string]struct{})
		err := readLines(stopwords, StopwordFile, func(line string) error {
			if line != "" {
				d.stopwords[line] = struct{}{}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	for i, r := range [4]io.Reader{adj, adv, noun, verb} {
		if r == nil {
			continue
		}
		if err := readLines(r, ExceptionFiles[i], d.addException); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// addException adds one line of an exception list to the table.
func (d *Data) addException(line string) error {
	f := strings.Fields(line)
	switch len(f) {
	case 0:
		return nil
	case 1:
		return ErrExceptionLine
	}
	d.exceptions[f[0]] = f[1]
	return nil
}

// readLines calls fn with each line of r, without its "\n" or "\r\n", and
// wraps fn's error, or a read error, in a ParseError naming the line.
func readLines(r io.Reader, name string, fn func(line string) error) error {
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return &ParseError{File: name, Line: n, Err: err}
		}
		if line == "" && err == io.EOF {
			return nil
		}
		line = strings.TrimSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\r")
		if ferr := fn(line); ferr != nil {
			return &ParseError{File: name, Line: n, Err: ferr}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// HasStopwords reports whether d has a stopword list.
func (d *Data) HasStopwords() bool { return d != nil && d.stopwords != nil }

// IsStopword reports whether token is in the stopword list.
func (d *Data) IsStopword(token string) bool {
	if d == nil {
		return false
	}
	_, ok := d.stopwords[token]
	return ok
}

// Stopwords returns the stopword list, sorted; nil when d has none.
func (d *Data) Stopwords() []string {
	if !d.HasStopwords() {
		return nil
	}
	out := make([]string, 0, len(d.stopwords))
	for w := range d.stopwords {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}

// Exception returns the base form that the exception table gives for an
// inflected form, and whether there is one.
func (d *Data) Exception(inflected string) (base string, ok bool) {
	if d == nil {
		return "", false
	}
	base, ok = d.exceptions[inflected]
	return base, ok
}
