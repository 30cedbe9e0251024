package wiki

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"
)

func bz2(tb testing.TB, data string) []byte { return testcorpus.Bzip2(tb, data) }

const head = `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/" version="0.10" xml:lang="en">
  <siteinfo>
    <sitename>Wikipedia</sitename>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="1" case="first-letter">Talk</namespace>
    </namespaces>
  </siteinfo>
`

// page returns a <page> element.
func page(id, ns int, title, extra, text string) string {
	return "  <page>\n    <title>" + xmlEscape(title) + "</title>\n    <ns>" + itoa(ns) + "</ns>\n    <id>" + itoa(id) +
		"</id>\n" + extra + "    <revision>\n      <id>" + itoa(1000+id) + "</id>\n      <timestamp>2016-01-02T03:04:05Z</timestamp>\n" +
		"      <contributor><username>X</username><id>7</id></contributor>\n" +
		"      <text xml:space=\"preserve\">" + xmlEscape(text) + "</text>\n    </revision>\n  </page>\n"
}

var itoa = strconv.Itoa

var xmlEscape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace

func scanAll(t *testing.T, r *Reader) []Page {
	t.Helper()
	var ps []Page
	for r.Scan() {
		ps = append(ps, r.Page())
	}
	return ps
}

func TestReader(t *testing.T) {
	export := head +
		page(10, 0, "AccessibleComputing", `    <redirect title="Computer accessibility" />`+"\n", "#REDIRECT [[Computer accessibility]]") +
		page(12, 0, "Anarchism", "", "'''Anarchism''' is a <b>political</b> philosophy & more.") +
		page(13, 1, "Talk:Anarchism", "", "talk") +
		"</mediawiki>\n"
	tests := []struct {
		name     string
		in       string
		articles bool // keep only the pages for which IsArticle holds
		want     []string
	}{
		{"all pages", export, false, []string{"AccessibleComputing", "Anarchism", "Talk:Anarchism"}},
		{"articles", export, true, []string{"Anarchism"}},
		{"fragment without root", page(5, 0, "A", "", "x") + page(6, 0, "B", "", "y"), false, []string{"A", "B"}},
		{"fragment with closing root", page(5, 0, "A", "", "x") + "</mediawiki>\n", false, []string{"A"}},
		{"header only", head, false, nil},
		{"empty", "", false, nil},
		{"xml declaration", `<?xml version="1.0"?>` + "\n" + head + page(1, 0, "A", "", "") + "</mediawiki>", false, []string{"A"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tc.in))
			var got []string
			for _, p := range scanAll(t, r) {
				if !tc.articles || p.IsArticle() {
					got = append(got, p.Title)
				}
			}
			if err := r.Err(); err != nil {
				t.Fatalf("Err() = %v", err)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestReaderFields(t *testing.T) {
	in := head +
		page(10, 0, "AccessibleComputing", `    <redirect title="Computer accessibility" />`+"\n", "#REDIRECT [[Computer accessibility]]") +
		page(12, 0, "A & B", "", "'''Anarchism''' <ref>x</ref> & more.") + "</mediawiki>\n"
	r := NewReader(strings.NewReader(in))
	ps := scanAll(t, r)
	if r.Err() != nil || len(ps) != 2 {
		t.Fatalf("got %d pages, err %v", len(ps), r.Err())
	}
	want := Page{Title: "A & B", ID: 12, RevisionID: 1012, Timestamp: "2016-01-02T03:04:05Z",
		Text: "'''Anarchism''' <ref>x</ref> & more.", Offset: ps[1].Offset}
	if ps[1] != want {
		t.Errorf("got %+v\nwant %+v", ps[1], want)
	}
	if !strings.HasPrefix(in[ps[1].Offset:], "<page>") || !strings.HasPrefix(in[ps[0].Offset:], "<page>") {
		t.Errorf("offsets %d, %d do not point at <page>", ps[0].Offset, ps[1].Offset)
	}
	if !ps[0].Redirect || ps[0].RedirectTitle != "Computer accessibility" || ps[0].IsArticle() {
		t.Errorf("redirect page: %+v", ps[0])
	}
}

func TestReaderErrors(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		err   error
		line  int
		pages int // pages returned before the error
	}{
		{"not an export", "<html><page/></html>", ErrNotExport, 1, 0},
		{"mismatched tags", head + "  <page>\n    <title>A</foo>\n", ErrSyntax, 10, 0},
		{"truncated page", head + page(1, 0, "A", "", "x") + "  <page>\n    <title>B</title>\n", ErrTruncated, 0, 1},
		{"truncated tag", head + "  <page>\n    <tit", ErrTruncated, 0, 0},
		{"bad id", head + "<page><title>A</title><id>x1</id></page>", ErrBadPage, 9, 0},
		{"bad ns", head + "<page><title>A</title><ns>zero</ns><id>1</id></page>", ErrBadPage, 9, 0},
		{"no title", head + "<page><ns>0</ns><id>1</id></page>", ErrBadPage, 9, 0},
		{"no id", head + "<page><title>A</title></page>", ErrBadPage, 9, 0},
		{"bad entity", head + "<page><title>A &nbsp; B</title><id>1</id></page>", ErrSyntax, 9, 0},
		{"bad revision id", head + "<page><title>A</title><id>1</id><revision><id>r</id></revision></page>", ErrBadPage, 9, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tc.in))
			n := len(scanAll(t, r))
			err := r.Err()
			if !errors.Is(err, tc.err) {
				t.Fatalf("Err() = %v, want %v", err, tc.err)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Err() = %T, want *ParseError", err)
			}
			if tc.line != 0 && pe.Line != tc.line {
				t.Errorf("line %d, want %d (%v)", pe.Line, tc.line, err)
			}
			if n != tc.pages {
				t.Errorf("%d pages before the error, want %d", n, tc.pages)
			}
			if r.Scan() {
				t.Error("Scan after an error returned true")
			}
		})
	}
}

func TestDecompress(t *testing.T) {
	doc := head + page(1, 0, "A", "", "x") + "</mediawiki>\n"
	for _, tc := range []struct {
		name string
		in   []byte
	}{
		{"plain", []byte(doc)},
		{"bzip2", bz2(t, doc)},
		{"two bzip2 streams", append(bz2(t, doc[:100]), bz2(t, doc[100:])...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Decompress(bytes.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(r)
			if err != nil || string(got) != doc {
				t.Errorf("got %q, %v; want the document", got, err)
			}
		})
	}
	for _, short := range []string{"", "B", "BZh"} {
		r, err := Decompress(strings.NewReader(short))
		if err != nil {
			t.Fatalf("Decompress(%q): %v", short, err)
		}
		if got, _ := io.ReadAll(r); string(got) != short {
			t.Errorf("Decompress(%q) read %q", short, got)
		}
	}
}

func TestReaderCorruptBzip2(t *testing.T) {
	b := bz2(t, head+strings.Repeat(page(1, 0, "A", "", "some text here"), 50)+"</mediawiki>")
	b[len(b)/2] ^= 0xff
	d, err := Decompress(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	r := NewReader(d)
	for r.Scan() {
	}
	var pe *ParseError
	if !errors.As(r.Err(), &pe) {
		t.Fatalf("Err() = %v, want a *ParseError from the bzip2 reader", r.Err())
	}
}
