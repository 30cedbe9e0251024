package wiki

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

var wikiSeeds = []string{
	"",
	"'''''Animal Farm''''' is a [[novella]] by [[George Orwell|Orwell]].<ref>{{cite|x}}</ref>",
	"{{Infobox book|name=A|genre={{hlist|[[a|b]]|c}}|pub_date={{start date|1945|8|17}}}}\n==Plot==\nText.",
	"{| class=wikitable\n| a\n|}\n[[File:x.jpg|thumb|[[y]]]] [http://x.org z] <!-- c --> &amp;",
	"{{{{{x}}}}} [[[y]]] }}{{ ]][[ <ref name=a/> <nowiki>[[x]]</nowiki> ''''x'''''",
	"== Plot ==\n* a\n# b\n: c\n----\n__NOTOC__ <pre>{{x}}</pre>",
	"<ref>unclosed {{a|[[b", "a\xffb\r\nc", "{{lang|fr|{{lang|de|{{lang|it|x}}}}}}",
}

// FuzzPlainText checks that PlainText never panics, returns valid UTF-8,
// leaves no "{{", "}}", "[[" or "]]", and lays out paragraphs as promised.
func FuzzPlainText(f *testing.F) {
	for _, s := range wikiSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := PlainText(in)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8: %q", out)
		}
		for _, m := range []string{"{{", "}}", "[[", "]]"} {
			if strings.Contains(out, m) {
				t.Fatalf("%q left in %q", m, out)
			}
		}
		if strings.TrimSpace(out) != out || strings.Contains(out, "\n\n\n") || strings.Contains(out, "\t") {
			t.Fatalf("bad layout: %q", out)
		}
	})
}

// FuzzParseTemplates checks that templates are found in order, within the
// text, and that reading an infobox from any of them is safe.
func FuzzParseTemplates(f *testing.F) {
	for _, s := range wikiSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ts, err := ParseTemplates(in)
		var pe *ParseError
		if err != nil && (!errors.As(err, &pe) || !errors.Is(err, ErrUnclosedTemplate) || pe.Offset < 0 || pe.Offset >= int64(len(in))) {
			t.Fatalf("bad error %v", err)
		}
		end := 0
		for _, tp := range ts {
			if tp.Start < end || tp.End > len(in) || !strings.HasPrefix(in[tp.Start:], "{{") || !strings.HasSuffix(in[:tp.End], "}}") {
				t.Fatalf("bad span %d-%d after %d in %q", tp.Start, tp.End, end, in)
			}
			end = tp.End
			ib := ParseInfobox(&tp)
			for _, s := range append([]string{ib.Title, ib.Author}, ib.Genres...) {
				if !utf8.ValidString(s) || strings.Contains(s, "{{") || strings.Contains(s, "[[") || strings.Contains(s, "\n") {
					t.Fatalf("infobox field %q", s)
				}
			}
		}
		var x Extractor
		x.isBook(in)
	})
}

// FuzzExtract runs the whole per-page extraction on arbitrary wikitext.
func FuzzExtract(f *testing.F) {
	for _, s := range wikiSeeds {
		f.Add(s)
	}
	f.Add("{{Infobox book}}\n==Plot==\n{{main|x}}\n")
	f.Fuzz(func(t *testing.T, in string) {
		s, err := (&Extractor{}).Extract(&Page{ID: 1, Title: "T", Text: in})
		var r *Reject
		switch {
		case err == nil:
			if s.Text == "" || s.Title == "" {
				t.Fatalf("empty summary %+v", s)
			}
		case errors.Is(err, ErrNotBook):
		case errors.As(err, &r):
			if r.Reason == "" {
				t.Fatal("reject without a reason")
			}
		default:
			t.Fatalf("unexpected error %v", err)
		}
		secs := Sections(in)
		for i, sec := range secs {
			if sec.Start > sec.Body || sec.Body > sec.End || sec.End > len(in) || i > 0 && sec.Start < secs[i-1].Body {
				t.Fatalf("bad section %+v", sec)
			}
		}
	})
}

// FuzzReader feeds arbitrary bytes to the page reader.
func FuzzReader(f *testing.F) {
	f.Add([]byte(head + page(1, 0, "A", "", "text") + "</mediawiki>"))
	f.Add([]byte(page(2, 0, "B", `<redirect title="C"/>`, "#REDIRECT") + "</mediawiki>"))
	f.Add([]byte("<page><title>x</title><id>1</id><revision><text>a</text></revision></page>"))
	f.Add([]byte("<mediawiki><page><title>x</foo>"))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := NewReader(bytes.NewReader(in))
		for n := 0; r.Scan(); n++ {
			p := r.Page()
			if p.Title == "" || p.Offset < 0 || p.Offset >= int64(len(in)) || in[p.Offset] != '<' {
				t.Fatalf("bad page %+v", p)
			}
		}
		if err := r.Err(); err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
		}
	})
}

// FuzzIndexReader checks that every entry read formats back to a line that
// reads as the same entry.
func FuzzIndexReader(f *testing.F) {
	f.Add("597:10:AccessibleComputing\n597:12:Anarchism\n")
	f.Add("1:2:Talk:a:b\r\n\nx:y:z")
	f.Fuzz(func(t *testing.T, in string) {
		r := NewIndexReader(strings.NewReader(in))
		for r.Scan() {
			e := r.Entry()
			line := fmt.Sprintf("%d:%d:%s\n", e.Offset, e.PageID, e.Title)
			r2 := NewIndexReader(strings.NewReader(line))
			if !r2.Scan() || r2.Entry() != e {
				t.Fatalf("%+v does not round-trip: %v", e, r2.Err())
			}
		}
		if err := r.Err(); err != nil && !errors.Is(err, ErrIndexLine) {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v", err)
			}
		}
	})
}

// FuzzSummaryReader checks that writing what was read and reading it again
// reaches a fixed point after one round.
func FuzzSummaryReader(f *testing.F) {
	f.Add("620\t\tAnimal Farm\tGeorge Orwell\t1945\t[\"Satire\"]\tOld Major.\n")
	f.Add("1\t/m/0\tT\tA\tD\t{\"/m/1\": \"G\"}\t text \r\n2\t\tB\n")
	f.Fuzz(func(t *testing.T, in string) {
		r := NewSummaryReader(strings.NewReader(in))
		for i := 0; i < 100; i++ {
			s, err := r.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("error %v", err)
				}
				continue
			}
			s2 := roundTrip(t, s)
			if s3 := roundTrip(t, s2); !reflect.DeepEqual(s2, s3) {
				t.Fatalf("no fixed point:\n%+v\n%+v", s2, s3)
			}
		}
	})
}

func roundTrip(t *testing.T, s Summary) Summary {
	t.Helper()
	var b bytes.Buffer
	w := NewSummaryWriter(&b)
	if err := w.Write(&s); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	got, err := NewSummaryReader(&b).Read()
	if err != nil {
		t.Fatalf("reading back %q: %v", b.String(), err)
	}
	return got
}
