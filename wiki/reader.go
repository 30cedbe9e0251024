package wiki

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A Page is one <page> element of a MediaWiki XML export, with the text of
// its last <revision> (a pages-articles dump has exactly one).
type Page struct {
	// Title is the page title as written, e.g. "Animal Farm" or
	// "Talk:Animal Farm".
	Title string `json:"title"`
	// Namespace is the <ns> number: 0 for articles, 1 for talk pages, 10 for
	// templates and so on. A page without <ns> (exports before 0.5) has 0.
	Namespace int `json:"ns"`
	// ID is the page id, the Wikipedia id of the CMU Book Summary Dataset.
	ID int64 `json:"id"`
	// Redirect reports a redirect page, RedirectTitle its target.
	Redirect      bool   `json:"redirect,omitempty"`
	RedirectTitle string `json:"redirect_title,omitempty"`
	// RevisionID and Timestamp describe the revision whose Text this is.
	RevisionID int64  `json:"revision_id,omitempty"`
	Timestamp  string `json:"timestamp,omitempty"`
	// Text is the wikitext of the revision, with XML escapes decoded.
	Text string `json:"text"`
	// Offset is the byte offset of the <page> start tag in the input as read
	// (after decompression).
	Offset int64 `json:"offset"`
}

// IsArticle reports whether p is an article: namespace 0 and not a redirect.
func (p *Page) IsArticle() bool { return p.Namespace == 0 && !p.Redirect }

// A Reader reads the pages of a MediaWiki XML export (the pages-articles
// dumps, schema export-0.10 and its neighbours) one at a time, holding only
// the current page in memory. Use it like bufio.Scanner:
//
//	r := wiki.NewReader(xmlStream)
//	for r.Scan() {
//		p := r.Page()
//		...
//	}
//	if err := r.Err(); err != nil {
//		// a *ParseError wrapping ErrSyntax, ErrBadPage, ErrTruncated, ...
//	}
//
// The input may be a whole export, or any run of <page> elements cut from
// one, such as one stream of a multistream dump: the <mediawiki> root is not
// required, and an end tag that closes an element opened before the input
// began is ignored. Elements other than <page> and its children are skipped.
// Errors are sticky: after one, Scan returns false.
type Reader struct {
	d       *xml.Decoder
	page    Page
	err     error
	started bool
}

// NewReader returns a Reader of the XML export r. For a bzip2-compressed
// export, wrap r with Decompress first.
func NewReader(r io.Reader) *Reader {
	d := xml.NewDecoder(r)
	d.Strict = true
	return &Reader{d: d}
}

// Scan advances to the next page, which Page then returns. It returns false at the end of the input or on an error.
func (r *Reader) Scan() bool {
	for r.err == nil {
		start := r.d.InputOffset()
		tok, err := r.d.RawToken()
		if err == io.EOF {
			return false
		}
		if err != nil {
			r.err = r.wrap(err, 0)
			return false
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if !r.started {
			if se.Name.Local != "mediawiki" && se.Name.Local != "page" {
				r.err = r.errorf(0, "%w: first element is <%s>", ErrNotExport, se.Name.Local)
				return false
			}
			r.started = true
		}
		if se.Name.Local != "page" {
			continue
		}
		r.page = Page{Offset: start}
		if err := r.readPage(&r.page); err != nil {
			r.err = err
			return false
		}
		return true
	}
	return false
}

// Page returns the page found by the last call to Scan.
func (r *Reader) Page() Page { return r.page }

// Err returns the error that stopped Scan, if any, as a *ParseError.
func (r *Reader) Err() error { return r.err }

// readPage reads the children of a <page> whose start tag has just been
// read, up to and including its end tag. The path of open elements is kept
// so that <id> under <page> and <id> under <revision> or <contributor> are
// told apart.
func (r *Reader) readPage(p *Page) error {
	stack := []string{"page"}
	var (
		collect bool   // inside a leaf whose text is wanted
		buf     []byte // its text so far
		haveID  bool
	)
	for {
		tok, err := r.d.RawToken()
		if err == io.EOF {
			return r.errorf(p.ID, "%w: <%s> not closed", ErrTruncated, stack[len(stack)-1])
		}
		if err != nil {
			return r.wrap(err, p.ID)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			stack = append(stack, name)
			collect, buf = wanted(stack), buf[:0]
			if len(stack) == 2 && name == "redirect" {
				p.Redirect = true
				for _, a := range t.Attr {
					if a.Name.Local == "title" {
						p.RedirectTitle = a.Value
					}
				}
			}
		case xml.CharData:
			if collect {
				buf = append(buf, t...)
			}
		case xml.EndElement:
			top := stack[len(stack)-1]
			if t.Name.Local != top {
				return r.errorf(p.ID, "%w: <%s> closed by </%s>", ErrSyntax, top, t.Name.Local)
			}
			if collect {
				if err := r.setField(p, stack, buf, &haveID); err != nil {
					return err
				}
				collect = false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				if p.Title == "" || !haveID {
					return r.errorf(p.ID, "%w: missing <title> or <id>", ErrBadPage)
				}
				return nil
			}
		}
	}
}

// wanted reports whether the element at the top of stack is a field of Page.
func wanted(stack []string) bool {
	switch len(stack) {
	case 2:
		switch stack[1] {
		case "title", "ns", "id":
			return true
		}
	case 3:
		if stack[1] == "revision" {
			switch stack[2] {
			case "id", "timestamp", "text":
				return true
			}
		}
	}
	return false
}

// setField stores the text of the leaf at the top of stack.
func (r *Reader) setField(p *Page, stack []string, buf []byte, haveID *bool) error {
	v := string(buf)
	switch strings.Join(stack[1:], "/") {
	case "title":
		p.Title = v
	case "ns":
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return r.errorf(p.ID, "%w: <ns> %q is not an integer", ErrBadPage, v)
		}
		p.Namespace = n
	case "id":
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return r.errorf(p.ID, "%w: <id> %q is not an integer", ErrBadPage, v)
		}
		p.ID, *haveID = n, true
	case "revision/id":
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return r.errorf(p.ID, "%w: revision <id> %q is not an integer", ErrBadPage, v)
		}
		p.RevisionID = n
	case "revision/timestamp":
		p.Timestamp = strings.TrimSpace(v)
	case "revision/text":
		p.Text = v
	}
	return nil
}

// errorf returns a *ParseError at the decoder's current position.
func (r *Reader) errorf(page int64, format string, args ...any) error {
	line, _ := r.d.InputPos()
	return &ParseError{Offset: r.d.InputOffset(), Line: line, Page: page, Err: fmt.Errorf(format, args...)}
}

// wrap turns an error from the decoder into a *ParseError. XML syntax
// errors wrap ErrSyntax (or ErrTruncated for an unexpected end); other
// errors, from the underlying reader, are kept as they are.
func (r *Reader) wrap(err error, page int64) error {
	line, _ := r.d.InputPos()
	var se *xml.SyntaxError
	switch {
	case errors.As(err, &se) && se.Msg == "unexpected EOF":
		err = fmt.Errorf("%w: %s", ErrTruncated, se.Msg)
		line = se.Line
	case errors.As(err, &se):
		err = fmt.Errorf("%w: %s", ErrSyntax, se.Msg)
		line = se.Line
	}
	return &ParseError{Offset: r.d.InputOffset(), Line: line, Page: page, Err: err}
}
