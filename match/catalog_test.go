package match

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

// testCatalog is a small catalog in pg_catalog.csv's layout, made up for
// these tests after real rows.
const testCatalog = `Text#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves
84,Text,1993-10-01,"Frankenstein; Or, The Modern Prometheus",en,"Shelley, Mary Wollstonecraft, 1797-1851","Science fiction; Monsters -- Fiction",PR,"Gothic Fiction; Movie Books"
41445,Text,2013-01-13,"Frankenstein; Or, The Modern Prometheus",en,"Shelley, Mary Wollstonecraft, 1797-1851",Science fiction,PR,
42324,Text,2013-03-16,"Frankenstein; or, the Modern Prometheus
1831 edition",en,"Shelley, Mary Wollstonecraft, 1797-1851",,PR,
11,Text,2008-06-27,Alice's Adventures in Wonderland,en,"Carroll, Lewis, 1832-1898; Tenniel, John, 1820-1914 [Illustrator]",Fantasy fiction,PR,Children's Literature
19337,Text,2006-09-22,A Christmas Carol,en,"Dickens, Charles, 1812-1870",Christmas stories,PR,
46,Text,2004-08-11,"A Christmas Carol in Prose; Being a Ghost Story of Christmas",en,"Dickens, Charles, 1812-1870",Christmas stories,PR,
135,Text,1994-06-01,Les Misérables,en,"Hugo, Victor, 1802-1885; Hapgood, Isabel Florence, 1851-1928 [Translator]",,PQ,
17489,Text,2006-01-09,Les misérables Tome I,fr,"Hugo, Victor, 1802-1885",,PQ,
2000,Text,1999-12-01,Don Quijote,es,"Cervantes Saavedra, Miguel de, 1547-1616",,PQ,
996,Text,1997-08-01,Don Quixote,en,"Cervantes Saavedra, Miguel de, 1547-1616; Ormsby, John, 1829-1895 [Translator]",,PQ,
2814,Text,2001-09-01,Dubliners,en,"Joyce, James, 1882-1941",,PR,
9999,Sound,2003-01-01,Dubliners,en,"Joyce, James, 1882-1941",,,
5000,Text,2004-01-01,The Time Machine,en,"Wells, H. G. (Herbert George), 1866-1946",,PR,
7000,Text,2004-01-01,Time Machine,en,"Anonymous",,,
8000,Text,2004-01-01,Bilingual Poems,en; fr,"Poet, A.",,,
2591,Text,2001-05-01,Grimms' Fairy Tales,en,"Grimm, Jacob, 1785-1863; Grimm, Wilhelm, 1786-1859",,,
`

func TestReadCatalog(t *testing.T) {
	books, bad, err := ReadCatalog(strings.NewReader(testCatalog))
	if err != nil || len(bad) != 0 {
		t.Fatalf("err %v, bad %v", err, bad)
	}
	if len(books) != 16 {
		t.Fatalf("%d books, want 16", len(books))
	}
	b := books[3]
	want := Ebook{ID: 11, Type: "Text", Issued: "2008-06-27", Title: "Alice's Adventures in Wonderland",
		Languages: []string{"en"},
		Authors: []Author{
			{Name: "Carroll, Lewis", Surname: "Carroll", Given: "Lewis", Dates: "1832-1898"},
			{Name: "Tenniel, John", Surname: "Tenniel", Given: "John", Dates: "1820-1914", Role: "Illustrator"},
		},
		Subjects: []string{"Fantasy fiction"}, LoCC: []string{"PR"}, Bookshelves: []string{"Children's Literature"}, Line: 6}
	if !reflect.DeepEqual(b, want) {
		t.Errorf("got  %+v\nwant %+v", b, want)
	}
	if books[2].Title != "Frankenstein; or, the Modern Prometheus\n1831 edition" || books[2].Line != 4 {
		t.Errorf("multi-line title: %+v", books[2])
	}
	if books[3].Line != 6 {
		t.Errorf("line after a multi-line row: %d", books[3].Line)
	}
	english := 0
	for _, b := range books {
		if b.English() {
			english++
		}
	}
	if english != 12 {
		t.Errorf("%d English texts, want 12 (not fr, es, Sound, en; fr)", english)
	}
}

func TestParseAuthors(t *testing.T) {
	tests := []struct {
		in   string
		want []Author
	}{
		{"Wells, H. G. (Herbert George), 1866-1946", []Author{{Name: "Wells, H. G. (Herbert George)", Surname: "Wells", Given: "H. G.", Dates: "1866-1946"}}},
		{"Homer, 751? BCE-651? BCE; Butler, Samuel, 1835-1902 [Translator]", []Author{
			{Name: "Homer", Surname: "Homer", Dates: "751? BCE-651? BCE"},
			{Name: "Butler, Samuel", Surname: "Butler", Given: "Samuel", Dates: "1835-1902", Role: "Translator"}}},
		{"Anonymous", []Author{{Name: "Anonymous", Surname: "Anonymous"}}},
		{"Doyle, Arthur Conan, Sir, 1859-1930", []Author{{Name: "Doyle, Arthur Conan, Sir", Surname: "Doyle", Given: "Arthur Conan, Sir", Dates: "1859-1930"}}},
		{"United States. Central Intelligence Agency [Editor]", []Author{{Name: "United States. Central Intelligence Agency", Surname: "United States. Central Intelligence Agency", Role: "Editor"}}},
		{" ; ", nil},
	}
	for _, tc := range tests {
		if got := ParseAuthors(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseAuthors(%q)\n got %+v\nwant %+v", tc.in, got, tc.want)
		}
	}
}

func TestCatalogReaderErrors(t *testing.T) {
	in := "Title,Text#,Authors,Language,Type,Extra\n" + // columns in another order
		"Emma,158,\"Austen, Jane\",en,Text,x\n" + // 2: good
		"Bad,abc,X,en,Text,x\n" + // 3: bad number
		"Short,12\n" + // 4: field count
		"Bad \"quote,13,X,en,Text,x\n" + // 5: bare quote
		"Bytes\xff,14,X,en,Text,x\n" + // 6: invalid UTF-8
		"Zero,0,X,en,Text,x\n" + // 7: bad number
		"Persuasion,105,\"Austen, Jane\",en,Text,\n" // 8: good
	type res struct {
		id   int
		err  error
		line int
		col  int
	}
	want := []res{{158, nil, 2, 0}, {0, ErrBadNumber, 3, 5}, {0, ErrFieldCount, 4, 0}, {0, ErrCSV, 5, 5}, {0, ErrInvalidUTF8, 6, 1}, {0, ErrBadNumber, 7, 6}, {105, nil, 8, 0}}
	r := NewCatalogReader(strings.NewReader(in))
	for i, w := range want {
		e, err := r.Read()
		if w.err == nil {
			if err != nil || e.ID != w.id || e.Line != w.line {
				t.Errorf("read %d: %+v, %v", i, e, err)
			}
			continue
		}
		var pe *ParseError
		if !errors.Is(err, w.err) || !errors.As(err, &pe) || pe.Line != w.line || pe.Column != w.col {
			t.Errorf("read %d: %v, want %v at line %d column %d", i, err, w.err, w.line, w.col)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("at the end: %v", err)
	}

	for _, hdr := range []string{"", "Text#,Title\n1,x\n", "a\"b,c\n"} {
		_, _, err := ReadCatalog(strings.NewReader(hdr))
		if !errors.Is(err, ErrHeader) && !errors.Is(err, ErrCSV) {
			t.Errorf("header %q: err %v", hdr, err)
		}
	}
}
