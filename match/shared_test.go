package match

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestOnePerEbook(t *testing.T) {
	m := func(key string, ebook int, decided bool) Match {
		return Match{Query: Query{Key: key, Title: "T" + key}, Ebook: ebook, Decided: decided}
	}
	tests := []struct {
		name    string
		in      []Match
		kept    []string
		refused []string
	}{
		{"distinct", []Match{m("1", 10, false), m("2", 20, false)}, []string{"1", "2"}, nil},
		{"shared, undecided", []Match{m("2", 10, false), m("1", 10, false), m("3", 30, false)}, []string{"3"}, []string{"1", "2"}},
		{"shared, one decided", []Match{m("1", 10, false), m("2", 10, true)}, []string{"2"}, []string{"1"}},
		{"shared, both decided", []Match{m("1", 10, true), m("2", 10, true)}, nil, []string{"1", "2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept, refused := OnePerEbook(tt.in)
			var k, r []string
			for _, x := range kept {
				k = append(k, x.Key)
			}
			for _, x := range refused {
				r = append(r, x.Key)
				if !errors.Is(x, ErrSharedEbook) || x.Detail == "" || len(x.Candidates) != 1 {
					t.Errorf("refusal %+v", x)
				}
			}
			if !equal(k, tt.kept) || !equal(r, tt.refused) {
				t.Errorf("kept %v, refused %v; want %v and %v", k, r, tt.kept, tt.refused)
			}
		})
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestOnePerEbookManySharers: a refusal names at most maxSharersShown of
// the other summaries, in order and never itself, and counts the rest, so
// that k summaries of one ebook give details of bounded length, not k².
func TestOnePerEbookManySharers(t *testing.T) {
	tests := []struct {
		k        int
		wantTail string // how the detail of key "0000" ends
	}{
		{2, `#7 is also matched by 0001 "T"`},
		{11, `0010 "T"`},
		{12, `0010 "T" and 1 more`},
		{5000, `0010 "T" and 4989 more`},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.k), func(t *testing.T) {
			ms := make([]Match, tt.k)
			for i := range ms {
				ms[i] = Match{Query: Query{Key: fmt.Sprintf("%04d", tt.k-1-i), Title: "T"}, Ebook: 7}
			}
			kept, refused := OnePerEbook(ms)
			if len(kept) != 0 || len(refused) != tt.k {
				t.Fatalf("kept %d, refused %d of %d", len(kept), len(refused), tt.k)
			}
			for _, r := range refused {
				if len(r.Detail) > 400 || strings.Contains(r.Detail, r.Key+` "T"`) {
					t.Fatalf("%s: detail %q: too long or names itself", r.Key, r.Detail)
				}
			}
			if d := refused[0].Detail; refused[0].Key != "0000" || !strings.HasSuffix(d, tt.wantTail) {
				t.Errorf("%s: detail %q, want it to end %q", refused[0].Key, d, tt.wantTail)
			}
		})
	}
}
