package match

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/bookalign/bookalign/corpus"
)

// FuzzCatalogReader checks that any input reads without panicking, that
// every ebook has a positive number, and that errors carry a line.
func FuzzCatalogReader(f *testing.F) {
	f.Add(testCatalog)
	f.Add("Text#,Type,Title,Language,Authors\n1,Text,\"a\nb\",en,\"X, Y [Editor]\"\n2,\"bad\n")
	f.Add("Title,Text#,Authors,Language,Type\nx,0,y,en,Text\n")
	f.Fuzz(func(t *testing.T, in string) {
		r := NewCatalogReader(strings.NewReader(in))
		for i := 0; i < 1000; i++ {
			e, err := r.Read()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Line < 1 {
					t.Fatalf("error %v without a line", err)
				}
				if errors.Is(err, ErrHeader) {
					return
				}
				continue
			}
			if e.ID <= 0 || !utf8.ValidString(e.Title) {
				t.Fatalf("bad ebook %+v", e)
			}
		}
	})
}

// FuzzParseDecisions checks that a decision list that parses formats back
// to one that parses to the same decisions.
func FuzzParseDecisions(f *testing.F) {
	f.Add("# c\n620\t0\tnot in PG\n84\t84\tthe 1818 text\r\n")
	f.Add("1\t-\n2\t3\t\t\n")
	f.Fuzz(func(t *testing.T, in string) {
		d, err := ParseDecisions(strings.NewReader(in))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) && !errors.Is(err, io.ErrUnexpectedEOF) {
				if !strings.Contains(err.Error(), "token too long") {
					t.Fatalf("error %v", err)
				}
			}
			return
		}
		var b strings.Builder
		for _, dec := range d {
			fmt.Fprintf(&b, "%s\t%d\t%s\n", dec.Key, dec.Ebook, dec.Note)
		}
		d2, err := ParseDecisions(strings.NewReader(b.String()))
		if err != nil {
			t.Fatalf("reparse of %q: %v", b.String(), err)
		}
		for k, dec := range d {
			dec2, ok := d2[k]
			dec.Line, dec2.Line = 0, 0
			if !ok || !reflect.DeepEqual(dec, dec2) {
				t.Fatalf("decision %+v became %+v", dec, dec2)
			}
		}
	})
}

// FuzzTitles checks the title keys and slugs of arbitrary titles.
func FuzzTitles(f *testing.F) {
	for _, s := range []string{"The Time Machine", "Alice's Adventures", "Les Misérables", "Война и мир", "a", ""} {
		f.Add(s, "Mary Shelley")
	}
	m := NewMatcher(mustCatalog(f))
	f.Fuzz(func(t *testing.T, title, author string) {
		k := NormTitle(title)
		for _, r := range k {
			if r != ' ' && !unicode.IsLetter(r) && !unicode.IsDigit(r) || unicode.IsUpper(r) {
				t.Fatalf("NormTitle(%q) = %q has %q", title, k, r)
			}
		}
		if strings.Contains(k, "  ") || strings.TrimSpace(k) != k {
			t.Fatalf("NormTitle(%q) = %q", title, k)
		}
		if s := Slug(title); s != "" && corpus.ValidID(s) != nil {
			t.Fatalf("Slug(%q) = %q is not a valid id", title, s)
		}
		got, err := m.Match(Query{Key: "k", Title: title, Author: author})
		var nm *NoMatch
		if err != nil && !errors.As(err, &nm) {
			t.Fatalf("error %v", err)
		}
		if err == nil && got.Ebook <= 0 {
			t.Fatalf("match %+v", got)
		}
		ms := []Match{{Query: Query{Key: "a", Title: title, Author: author}, Ebook: 1}, {Query: Query{Key: "b", Title: title, Author: author}, Ebook: 1}}
		if err := AssignIDs(ms, nil); err != nil || ms[0].ID == ms[1].ID {
			t.Fatalf("AssignIDs: %v, %q %q", err, ms[0].ID, ms[1].ID)
		}
	})
}

func mustCatalog(tb testing.TB) []Ebook {
	books, _, err := ReadCatalog(strings.NewReader(testCatalog))
	if err != nil {
		tb.Fatal(err)
	}
	return books
}
