package rouge

import (
	"io"
	"strings"
	"testing"
)

// dataOf loads Data from the text of a stopword list (nil: none) and of the
// adjective and verb exception lists.
func dataOf(t *testing.T, stop *string, adj, verb string) *Data {
	t.Helper()
	var sr io.Reader
	if stop != nil {
		sr = strings.NewReader(*stop)
	}
	d, err := NewData(sr, strings.NewReader(adj), nil, nil, strings.NewReader(verb))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func ptr(s string) *string { return &s }

// TestFingerprint checks that the fingerprint follows the lists as loaded:
// equal for files that load alike, different in the list that differs.
func TestFingerprint(t *testing.T) {
	base := dataOf(t, ptr("the\na\n"), "better good\n", "went go\n")
	for _, tt := range []struct {
		name                 string
		other                *Data
		sameStop, sameExcept bool
	}{
		{"same lists", dataOf(t, ptr("the\na\n"), "better good\n", "went go\n"), true, true},
		{"other order, CRLF, repeats, blank lines", dataOf(t, ptr("a\r\nthe\n\nthe"), "", "went go\n\nbetter good\n"), true, true},
		{"overridden line", dataOf(t, ptr("a\nthe\n"), "better well\n", "went go\nbetter good\n"), true, true},
		{"one stopword more", dataOf(t, ptr("the\na\nof\n"), "better good\n", "went go\n"), false, true},
		{"no stopword list", dataOf(t, nil, "better good\n", "went go\n"), false, true},
		{"empty stopword list", dataOf(t, ptr(""), "better good\n", "went go\n"), false, true},
		{"other base form", dataOf(t, ptr("the\na\n"), "better well\n", "went go\n"), true, false},
		{"one exception fewer", dataOf(t, ptr("the\na\n"), "better good\n", ""), true, false},
		{"entry split differently", dataOf(t, ptr("the\na\n"), "better good\n", "went\tgo\n"), true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, b := base.Fingerprint(), tt.other.Fingerprint()
			if (a.Stopwords == b.Stopwords) != tt.sameStop {
				t.Errorf("stopwords %q and %q: same %v, want %v", a.Stopwords, b.Stopwords, !tt.sameStop, tt.sameStop)
			}
			if (a.Exceptions == b.Exceptions) != tt.sameExcept {
				t.Errorf("exceptions %q and %q: same %v, want %v", a.Exceptions, b.Exceptions, !tt.sameExcept, tt.sameExcept)
			}
		})
	}
}

// TestFingerprintValues pins the fingerprint's bytes, which results.json
// records: a change would make every earlier run differ from a new one.
func TestFingerprintValues(t *testing.T) {
	const empty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
	var none *Data
	for _, tt := range []struct {
		name string
		d    *Data
		want Fingerprint
	}{
		{"nil", none, Fingerprint{Exceptions: empty}},
		{"empty lists", dataOf(t, ptr(""), "", ""), Fingerprint{Stopwords: empty, Exceptions: empty}},
		// printf 'a\nthe\n' | sha256sum; printf 'better\tgood\n' | sha256sum
		{"small lists", dataOf(t, ptr("the\na\n"), "better good best\n", ""), Fingerprint{
			Stopwords:  "e47fa749ddc344c62a3cd8a1f5e3a5b361f241ee131135eb645490caba280c48",
			Exceptions: "de9bb0739b82c5c2294b7b2d896813a08e02cfcb10a24b6a7feff3aaeaf24e1a",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.d.Fingerprint(); got != tt.want {
				t.Errorf("Fingerprint() = %+v, want %+v", got, tt.want)
			}
		})
	}
}
