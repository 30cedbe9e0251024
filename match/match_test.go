package match

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func testMatcher(t *testing.T) *Matcher {
	t.Helper()
	books, bad, err := ReadCatalog(strings.NewReader(testCatalog))
	if err != nil || len(bad) > 0 {
		t.Fatal(err, bad)
	}
	return NewMatcher(books)
}

func TestMatch(t *testing.T) {
	m := testMatcher(t)
	tests := []struct {
		name   string
		q      Query
		ebook  int
		err    error
		reason string // a substring of the reason or detail
		cands  []int
	}{
		{"exact title, article", Query{"1", "A Christmas Carol", "Charles Dickens"}, 19337, nil, `title "christmas carol" = full title of #19337`, nil},
		{"apostrophe, illustrator ignored", Query{"2", "Alice's Adventures in Wonderland", "Lewis Carroll"}, 11, nil, `surname "Carroll"`, nil},
		{"main title, ambiguous", Query{"3", "Frankenstein", "Mary Shelley"}, 0, ErrAmbiguous, "main title", []int{84, 41445, 42324}},
		{"accents, English only", Query{"4", "Les Miserables", "Victor Hugo"}, 135, nil, "full title of #135", nil},
		{"first word of surname", Query{"5", "Don Quixote", "Miguel de Cervantes"}, 996, nil, "first word of surname", nil},
		{"article dropped both ways", Query{"6", "Time Machine", "H. G. Wells"}, 5000, nil, `surname "Wells"`, nil},
		{"sound recording excluded", Query{"7", "Dubliners", "James Joyce"}, 2814, nil, "", nil},
		{"wrong author", Query{"8", "Dubliners", "Jane Austen"}, 0, ErrAuthorMismatch, "Joyce, James", []int{2814}},
		{"no title match", Query{"9", "Animal Farm", "George Orwell"}, 0, ErrNoMatch, `"animal farm"`, nil},
		{"non-English only", Query{"10", "Don Quijote", "Miguel de Cervantes Saavedra"}, 0, ErrNoMatch, "", nil},
		{"no author", Query{"11", "Dubliners", ""}, 0, ErrNoAuthor, "", nil},
		{"no title", Query{"12", " -- ", "X"}, 0, ErrNoTitle, "", nil},
		{"bilingual excluded", Query{"13", "Bilingual Poems", "A. Poet"}, 0, ErrNoMatch, "", nil},
		{"two authors", Query{"14", "Grimms' Fairy Tales", "Jacob and Wilhelm Grimm"}, 2591, nil, `surname "Grimm"`, nil},
		{"summary subtitle", Query{"15", "Dubliners: Stories", "James Joyce"}, 2814, nil, "main title of the summary's title", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := m.Match(tc.q)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if err == nil {
				if got.Ebook != tc.ebook || got.Query != tc.q || !strings.Contains(got.Reason, tc.reason) {
					t.Errorf("got %+v, want #%d with reason containing %q", got, tc.ebook, tc.reason)
				}
				return
			}
			var nm *NoMatch
			if !errors.As(err, &nm) || !strings.Contains(nm.Detail, tc.reason) || !reflect.DeepEqual(nm.Candidates, tc.cands) || nm.Query != tc.q {
				t.Errorf("no match %+v, want detail containing %q and candidates %v", nm, tc.reason, tc.cands)
			}
		})
	}
}

func TestMatchDecisions(t *testing.T) {
	m := testMatcher(t)
	d, err := ParseDecisions(strings.NewReader("# key\tebook\tnote\n3\t84\tthe 1818 text\r\n\n9\t-\tnot in the US catalogue\n11\t2814\n77\t123456\n"))
	if err != nil {
		t.Fatal(err)
	}
	m.Decisions = d
	got, err := m.Match(Query{"3", "Frankenstein", "Mary Shelley"})
	if err != nil || got.Ebook != 84 || got.Reason != "decision list line 2: the 1818 text" || got.EbookAuthor != "Shelley, Mary Wollstonecraft" {
		t.Errorf("decided match: %+v, %v", got, err)
	}
	if _, err := m.Match(Query{"9", "Animal Farm", "George Orwell"}); !errors.Is(err, ErrRefused) {
		t.Errorf("refusal: %v", err)
	}
	if got, err := m.Match(Query{"11", "Dubliners", ""}); err != nil || got.Ebook != 2814 || got.Reason != "decision list line 5" {
		t.Errorf("decision without author: %+v, %v", got, err)
	}
	if _, err := m.Match(Query{"77", "X", "Y"}); !errors.Is(err, ErrUnknownEbook) {
		t.Errorf("unknown ebook: %v", err)
	}
	// A decision keyed "" never applies.
	if _, err := m.Match(Query{"", "Frankenstein", "Mary Shelley"}); !errors.Is(err, ErrAmbiguous) {
		t.Errorf("empty key: %v", err)
	}
}

func TestParseDecisionsErrors(t *testing.T) {
	for in, line := range map[string]int{
		"1\t2\n1\t3\n":      2,
		"only-key\n":        1,
		"#c\n\n1\tx\n":      3,
		"\t5\n":             1,
		"1\t-3\tnegative\n": 1,
	} {
		_, err := ParseDecisions(strings.NewReader(in))
		var pe *ParseError
		if !errors.Is(err, ErrDecision) || !errors.As(err, &pe) || pe.Line != line {
			t.Errorf("ParseDecisions(%q): %v, want ErrDecision on line %d", in, err, line)
		}
	}
}

func TestNoMatchJSON(t *testing.T) {
	_, err := testMatcher(t).Match(Query{"3", "Frankenstein", "Mary Shelley"})
	var nm *NoMatch
	if !errors.As(err, &nm) {
		t.Fatal(err)
	}
	b, _ := json.Marshal(nm)
	want := `{"key":"3","title":"Frankenstein","author":"Mary Shelley","reason":"several Gutenberg texts match","detail":"title key \"frankenstein\" (main title) and author match #84, #41445, #42324","candidates":[84,41445,42324]}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var back NoMatch
	if err := json.Unmarshal(b, &back); err != nil || !errors.Is(&back, ErrAmbiguous) {
		t.Errorf("decoded %+v does not unwrap to ErrAmbiguous (%v)", back, err)
	}
}
