package match

import (
	"errors"
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
