package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Reasons why a summary is not matched. Match returns them in a *NoMatch.
var (
	ErrNoTitle = errors.New("summary has no title")
	// ErrNoAuthor: the summary names no author, so a title alone would have
	// to decide; a decision list can still match it.
	ErrNoAuthor = errors.New("summary has no author")
	// ErrNoMatch: no English text in the catalog has the title.
	ErrNoMatch = errors.New("no English Gutenberg text with this title")
	// ErrAuthorMismatch: English texts have the title, but none is by the
	// summary's author.
	ErrAuthorMismatch = errors.New("title found, but not by this author")
	// ErrAmbiguous: several English texts have the title and the author's
	// surname; a decision list must choose.
	ErrAmbiguous = errors.New("several Gutenberg texts match")
	// ErrRefused: the decision list says not to match this summary.
	ErrRefused = errors.New("refused by the decision list")
	// ErrUnknownEbook: the decision list names an ebook not in the catalog.
	ErrUnknownEbook = errors.New("decision names an ebook not in the catalog")
	// ErrSharedEbook: several summaries match the same ebook and no
	// decision settles which one it is (see OnePerEbook).
	ErrSharedEbook = errors.New("several summaries match this ebook")
)

// A Query is a summary to match.
type Query struct {
	// Key identifies the summary for the decision list: the Wikipedia page
	// id, as a decimal string, for summaries from wiki.
	Key    string `json:"key"`
	Title  string `json:"title"`
	Author string `json:"author"`
}

// A Match pairs a summary with a Gutenberg ebook, and says why.
type Match struct {
	Query
	// Ebook is the ebook number; EbookTitle and EbookAuthor describe it.
	Ebook       int    `json:"ebook"`
	EbookTitle  string `json:"ebook_title"`
	EbookAuthor string `json:"ebook_author,omitempty"`
	// Reason says how the match was made, e.g. `title "frankenstein" = main
	// title of #84 "Frankenstein; Or, The Modern Prometheus"; author "Mary
	// Shelley" has surname "Shelley" of "Shelley, Mary Wollstonecraft"`, or
	// `decision list line 3: …`.
	Reason string `json:"reason"`
	// Decided reports a match made by the decision list.
	Decided bool `json:"decided,omitempty"`
	// ID is the corpus id, set by AssignIDs.
	ID string `json:"id,omitempty"`
}

// A NoMatch is a summary that was not matched, with the reason. It is an
// error that unwraps to one of the Err values above; its JSON form is one
// line of a rejects file. It holds only plain data, so it can be a Beam
// element with any coder.
type NoMatch struct {
	Query
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
	// Candidates are the ebooks that came into question, for ErrAmbiguous
	// and ErrAuthorMismatch: what a decision list could choose from.
	Candidates []int `json:"candidates,omitempty"`
}

// noMatchReasons are the errors a NoMatch can stand for.
var noMatchReasons = []error{ErrNoTitle, ErrNoAuthor, ErrNoMatch, ErrAuthorMismatch,
	ErrAmbiguous, ErrRefused, ErrUnknownEbook, ErrSharedEbook}

func (e *NoMatch) Error() string {
	s := fmt.Sprintf("match: %q (%s, key %s): %s", e.Title, e.Author, e.Key, e.Reason)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the error named by e.Reason, so that errors.Is(err,
// ErrAmbiguous) works, or nil for an unknown reason.
func (e *NoMatch) Unwrap() error {
	for _, r := range noMatchReasons {
		if r.Error() == e.Reason {
			return r
		}
	}
	return nil
}

// A Decision is the caller's word on one summary: match it to Ebook, or to
// nothing when Ebook is 0.
type Decision struct {
	Key   string `json:"key"`
	Ebook int    `json:"ebook"`
	Note  string `json:"note,omitempty"`
	Line  int    `json:"line"`
}

// Decisions map a Query.Key to the caller's decision.
type Decisions map[string]Decision

// ParseDecisions reads a decision list: UTF-8 text, one decision per line,
// "key<TAB>ebook<TAB>note", where ebook is an ebook number, or "0" or "-"
// for no match, and the note (optional) says why. Blank lines and lines
// whose first non-blank character is '#' are skipped, so a key cannot
// start with '#'.
//
//	# key	ebook	note
//	620	0	Animal Farm is not in Gutenberg's US catalogue
//	84	84	the 1818 text, not the 1831 revision (#42324)
//
// A malformed line or a repeated key is a *ParseError wrapping ErrDecision.
func ParseDecisions(r io.Reader) (Decisions, error) {
	d := Decisions{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimRight(sc.Text(), "\r")
		if t := strings.TrimSpace(s); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		f := strings.SplitN(s, "\t", 3)
		fail := func(col int, format string, args ...any) (Decisions, error) {
			return nil, &ParseError{Line: line, Column: col, Err: fmt.Errorf("%w: "+format, append([]any{ErrDecision}, args...)...)}
		}
		if len(f) < 2 {
			return fail(0, "want key<TAB>ebook[<TAB>note]")
		}
		key := strings.TrimSpace(f[0])
		if key == "" {
			return fail(1, "empty key")
		}
		e := strings.TrimSpace(f[1])
		n := 0
		if e != "-" {
			var err error
			if n, err = strconv.Atoi(e); err != nil || n < 0 {
				return fail(len(f[0])+2, "ebook %q is not a number or -", e)
			}
		}
		if prev, dup := d[key]; dup {
			return fail(1, "key %q already decided on line %d", key, prev.Line)
		}
		dec := Decision{Key: key, Ebook: n, Line: line}
		if len(f) == 3 {
			dec.Note = strings.TrimSpace(f[2])
		}
		d[key] = dec
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return d, nil
}

// A Matcher matches summaries to the English texts of a catalog. Build one
// with NewMatcher; it is not changed by Match, so one may serve many
// goroutines.
type Matcher struct {
	// Decisions, if not nil, override automatic matching for their keys.
	Decisions Decisions

	byTitle map[string][]titleHit // NormTitle key → English ebooks
	byID    map[int]*Ebook        // every ebook, for decisions
}

// A titleHit is an ebook found under a title key, and which key it was.
type titleHit struct {
	book *Ebook
	main bool // the key is of the main title, not the full title
}

// NewMatcher indexes books. Only English texts (Ebook.English) are
// matched automatically; a decision may name any ebook.
func NewMatcher(books []Ebook) *Matcher {
	m := &Matcher{byTitle: map[string][]titleHit{}, byID: map[int]*Ebook{}}
	for i := range books {
		b := &books[i]
		m.byID[b.ID] = b
		if !b.English() {
			continue
		}
		full := NormTitle(b.Title)
		if full != "" {
			m.byTitle[full] = append(m.byTitle[full], titleHit{book: b})
		}
		if main := NormTitle(MainTitle(b.Title)); main != "" && main != full {
			m.byTitle[main] = append(m.byTitle[main], titleHit{book: b, main: true})
		}
	}
	return m
}

// Match finds the ebook for q. The rules, in order:
//
//  1. A decision for q.Key decides: the ebook it names, or ErrRefused.
//  2. The title must be non-empty (ErrNoTitle) and the author too
//     (ErrNoAuthor): a title alone is too weak.
//  3. Candidates are the English texts whose full title has q's NormTitle
//     key; if none, those whose main title (MainTitle) has it; if none,
//     those whose full or main title has the key of q's own main title.
//     None: ErrNoMatch.
//  4. Of those, the ones with a creator (an author without a role) whose
//     surname matches one of q's authors (SplitAuthors, SurnameMatch)
//     are kept. None: ErrAuthorMismatch.
//  5. Exactly one: the match. More: ErrAmbiguous, with the candidates.
//
// Every error is a *NoMatch.
func (m *Matcher) Match(q Query) (Match, error) {
	noMatch := func(err error, detail string, cands []int) (Match, error) {
		return Match{}, &NoMatch{Query: q, Reason: err.Error(), Detail: detail, Candidates: cands}
	}
	if d, ok := m.Decisions[q.Key]; ok && q.Key != "" {
		if d.Ebook == 0 {
			return noMatch(ErrRefused, fmt.Sprintf("line %d: %s", d.Line, d.Note), nil)
		}
		b, ok := m.byID[d.Ebook]
		if !ok {
			return noMatch(ErrUnknownEbook, fmt.Sprintf("line %d names #%d", d.Line, d.Ebook), nil)
		}
		reason := fmt.Sprintf("decision list line %d", d.Line)
		if d.Note != "" {
			reason += ": " + d.Note
		}
		m := newMatch(q, b, reason)
		m.Decided = true
		return m, nil
	}
	key := NormTitle(q.Title)
	if key == "" {
		return noMatch(ErrNoTitle, "", nil)
	}
	names := SplitAuthors(q.Author)
	if len(names) == 0 {
		return noMatch(ErrNoAuthor, "", nil)
	}
	hits, how := m.titleHits(q.Title)
	if len(hits) == 0 {
		return noMatch(ErrNoMatch, fmt.Sprintf("title key %q", key), nil)
	}
	type found struct {
		book   *Ebook
		author string
	}
	var ok []found
	var all []int
	for _, h := range hits {
		all = append(all, h.book.ID)
		if why := authorMatch(names, h.book); why != "" {
			ok = append(ok, found{h.book, why})
		}
	}
	switch len(ok) {
	case 0:
		return noMatch(ErrAuthorMismatch, fmt.Sprintf("title key %q (%s) matches %s, by %s",
			key, how, ebookList(all), authorsOf(hits)), all)
	case 1:
		b := ok[0].book
		return newMatch(q, b, fmt.Sprintf("title %q = %s of #%d %q; %s",
			key, how, b.ID, b.Title, ok[0].author)), nil
	}
	var ids []int
	for _, f := range ok {
		ids = append(ids, f.book.ID)
	}
	return noMatch(ErrAmbiguous, fmt.Sprintf("title key %q (%s) and author match %s", key, how, ebookList(ids)), ids)
}

// titleHits returns the English ebooks whose title matches title at the
// first level that finds any, and names the level.
func (m *Matcher) titleHits(title string) ([]titleHit, string) {
	key := NormTitle(title)
	var full, main []titleHit
	for _, h := range m.byTitle[key] {
		if h.main {
			main = append(main, h)
		} else {
			full = append(full, h)
		}
	}
	if len(full) > 0 {
		return full, "full title"
	}
	if len(main) > 0 {
		return main, "main title"
	}
	if qm := NormTitle(MainTitle(title)); qm != "" && qm != key {
		if hits := m.byTitle[qm]; len(hits) > 0 {
			return dedupe(hits), "main title of the summary's title"
		}
	}
	return nil, ""
}

// dedupe drops repeated ebooks, keeping the first hit of each.
func dedupe(hits []titleHit) []titleHit {
	var out []titleHit
	for _, h := range hits {
		if !slices.ContainsFunc(out, func(o titleHit) bool { return o.book.ID == h.book.ID }) {
			out = append(out, h)
		}
	}
	return out
}

// authorMatch returns why one of names is a creator of b, or "".
func authorMatch(names []string, b *Ebook) string {
	for _, a := range b.Authors {
		if a.Role != "" {
			continue
		}
		for _, n := range names {
			if ok, how := SurnameMatch(n, a); ok {
				return fmt.Sprintf("author %q has %s %q of %q", n, how, a.Surname, a.Name)
			}
		}
	}
	return ""
}

func newMatch(q Query, b *Ebook, reason string) Match {
	m := Match{Query: q, Ebook: b.ID, EbookTitle: b.Title, Reason: reason}
	for _, a := range b.Authors {
		if a.Role == "" {
			m.EbookAuthor = a.Name
			break
		}
	}
	return m
}

func ebookList(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = "#" + strconv.Itoa(id)
	}
	return strings.Join(s, ", ")
}

func authorsOf(hits []titleHit) string {
	var names []string
	for _, h := range hits {
		var as []string
		for _, a := range h.book.Authors {
			if a.Role == "" {
				as = append(as, a.Name)
			}
		}
		if len(as) == 0 {
			as = []string{"no creator"}
		}
		names = append(names, strings.Join(as, " & "))
	}
	return strings.Join(names, "; ")
}
