package wiki

import (
	"fmt"
	"slices"
	"strings"
)

// A Summary is one book's plot summary with its metadata: a row of the CMU
// Book Summary Dataset (booksummaries.txt).
type Summary struct {
	// WikipediaID is the page id.
	WikipediaID int64 `json:"wikipedia_id"`
	// FreebaseID is empty in summaries extracted from a dump: Freebase is
	// gone. It is kept for rows read from the CMU data.
	FreebaseID string `json:"freebase_id,omitempty"`
	// Title, Author and PubDate are from the book infobox (see Infobox);
	// Title falls back to the page title less any "(…)" disambiguation.
	Title   string `json:"title"`
	Author  string `json:"author,omitempty"`
	PubDate string `json:"pub_date,omitempty"`
	// Genres are the infobox genres, one per item.
	Genres []string `json:"genres,omitempty"`
	// Text is the plot section as plain text, paragraphs separated by one
	// blank line (see PlainText).
	Text string `json:"text"`
}

// A Reject is a book page that yields no summary, with the reason. It is an
// error that unwraps to one of ErrNoPlot, ErrEmptyPlot, ErrShortPlot and
// ErrBadInfobox, and its JSON form is one line of rejects.jsonl. It holds
// only plain data, so it can be a Beam element with any coder.
type Reject struct {
	WikipediaID int64  `json:"wikipedia_id"`
	Title       string `json:"title"`
	// Reason is the message of the error Unwrap returns: "no plot
	// section", "plot section is empty", ….
	Reason string `json:"reason"`
	// Detail says more, e.g. how many words the plot has.
	Detail string `json:"detail,omitempty"`
	// Headings are the page's level-2 headings, to see why no plot
	// section matched.
	Headings []string `json:"headings,omitempty"`
}

// rejectReasons are the errors a Reject can stand for.
var rejectReasons = []error{ErrNoPlot, ErrEmptyPlot, ErrShortPlot, ErrBadInfobox}

func (r *Reject) Error() string {
	s := fmt.Sprintf("wiki: page %d %q: %s", r.WikipediaID, r.Title, r.Reason)
	if r.Detail != "" {
		s += ": " + r.Detail
	}
	return s
}

// Unwrap returns the error named by r.Reason, so that errors.Is(err,
// ErrNoPlot) works, or nil for an unknown reason.
func (r *Reject) Unwrap() error {
	for _, e := range rejectReasons {
		if e.Error() == r.Reason {
			return e
		}
	}
	return nil
}

// An Extractor turns book pages into summaries. The zero value is ready to
// use, with the documented defaults; an Extractor is not changed by use, so
// one may serve many goroutines.
type Extractor struct {
	// Templates are the infobox template names (normalised as by
	// TemplateName) that mark a book. nil means BookTemplates.
	Templates []string `json:"templates,omitempty"`
	// Headings are the plot headings, lower-case, matched as by
	// MatchHeading. nil means PlotHeadings.
	Headings []string `json:"headings,omitempty"`
	// MinWords is the fewest words (as counted by WordCount) a plot may
	// have; a shorter one is rejected with ErrShortPlot. 0 means 1: any
	// plot with a word is kept, and length filters are left to later stages.
	MinWords int `json:"min_words,omitempty"`
}

func (x *Extractor) templates() []string {
	if x.Templates == nil {
		return BookTemplates
	}
	return x.Templates
}

func (x *Extractor) headings() []string {
	if x.Headings == nil {
		return PlotHeadings
	}
	return x.Headings
}

// Infobox finds the first top-level book infobox of wikitext. ok is false
// when there is none. err is ErrBadInfobox (in a *ParseError) when a book
// infobox is opened but not closed; ok is then true.
func (x *Extractor) Infobox(wikitext string) (t Template, ok bool, err error) {
	names := x.templates()
	if allContain(names, "infobox") && indexFold(wikitext, "infobox") < 0 || !opensAny(wikitext, names) {
		return Template{}, false, nil // fast path: most articles
	}
	ts, perr := ParseTemplates(wikitext)
	for i := range ts {
		if slices.Contains(names, ts[i].Name) {
			return ts[i], true, nil
		}
	}
	if perr != nil {
		// Look at what each unclosed "{{" opens.
		_, unclosed := balance(wikitext, '{', '}')
		for _, u := range unclosed {
			head := wikitext[u+2:]
			if i := strings.IndexAny(head, "|}\n"); i >= 0 {
				head = head[:i]
			}
			if slices.Contains(names, TemplateName(head)) {
				return Template{Name: TemplateName(head), Start: u, End: len(wikitext)}, true,
					&ParseError{Offset: int64(u), Line: lineAt(wikitext, u), Err: ErrBadInfobox}
			}
		}
	}
	return Template{}, false, nil
}

// opensAny reports whether some "{{" in wikitext is followed by one of the
// template names, ignoring nesting and comments around it: a cheap test
// before ParseTemplates.
func opensAny(wikitext string, names []string) bool {
	for i := 0; ; {
		j := strings.Index(wikitext[i:], "{{")
		if j < 0 {
			return false
		}
		i += j + 2
		head := wikitext[i:min(len(wikitext), i+200)]
		if k := strings.IndexAny(head, "|}\n"); k >= 0 {
			head = head[:k]
		}
		if slices.Contains(names, TemplateName(head)) {
			return true
		}
	}
}

// isBook reports whether wikitext carries a book infobox.
func (x *Extractor) isBook(wikitext string) bool {
	_, ok, _ := x.Infobox(wikitext)
	return ok
}

// PlotSection returns the first level-2 section whose heading matches the
// plot headings. ok is false when there is none.
func (x *Extractor) PlotSection(wikitext string) (sec Section, ok bool) {
	for _, s := range Sections(wikitext) {
		if s.Level == 2 && MatchHeading(s.Heading, x.headings()) {
			return s, true
		}
	}
	return Section{}, false
}

// Extract turns one page into a Summary. A page without a book infobox
// returns ErrNotBook, which is not a reject: most pages are not books. A
// book page without a usable plot returns a *Reject. Extract looks only at
// p's text, id and title: skip redirects and other namespaces first
// (Page.IsArticle).
func (x *Extractor) Extract(p *Page) (Summary, error) {
	t, ok, err := x.Infobox(p.Text)
	if !ok {
		return Summary{}, ErrNotBook
	}
	s := Summary{WikipediaID: p.ID}
	reject := func(e error, detail string) (Summary, error) {
		if s.Title == "" {
			s.Title = pageTitle(p.Title)
		}
		r := &Reject{WikipediaID: p.ID, Title: s.Title, Reason: e.Error(), Detail: detail}
		for _, sec := range Sections(p.Text) {
			if sec.Level == 2 {
				r.Headings = append(r.Headings, sec.Heading)
			}
		}
		return Summary{}, r
	}
	if err != nil {
		return reject(ErrBadInfobox, err.Error())
	}
	ib := ParseInfobox(&t)
	s.Title, s.Author, s.PubDate, s.Genres = ib.Title, ib.Author, ib.PubDate, ib.Genres
	if s.Title == "" {
		s.Title = pageTitle(p.Title)
	}
	sec, ok := x.PlotSection(p.Text)
	if !ok {
		return reject(ErrNoPlot, "no level-2 heading matches "+strings.Join(x.headings(), ", "))
	}
	s.Text = PlainText(p.Text[sec.Body:sec.End])
	n := WordCount(s.Text)
	switch {
	case n == 0:
		return reject(ErrEmptyPlot, fmt.Sprintf("section %q has no text", sec.Heading))
	case n < x.MinWords:
		return reject(ErrShortPlot, fmt.Sprintf("section %q has %d words, fewer than %d", sec.Heading, n, x.MinWords))
	}
	return s, nil
}

// pageTitle returns a page title less a trailing disambiguation in
// parentheses: "Animalia (book)" is "Animalia".
func pageTitle(title string) string {
	t := strings.TrimSpace(title)
	if strings.HasSuffix(t, ")") {
		if i := strings.LastIndex(t, " ("); i > 0 {
			return strings.TrimSpace(t[:i])
		}
	}
	return t
}

func allContain(list []string, sub string) bool {
	for _, x := range list {
		if !strings.Contains(x, sub) {
			return false
		}
	}
	return true
}
