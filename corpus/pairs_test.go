package corpus

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

func TestParsePairs(t *testing.T) {
	const header = "id\ttitle\tauthor\n"
	tests := []struct {
		name  string
		in    string
		ids   []string
		bad   []RowError
		isErr error
	}{
		{name: "good", in: header + "a\tA\tX\nb-2\tB\tY\n", ids: []string{"a", "b-2"}},
		{name: "crlf and blank lines", in: header + "a\tA\tX\r\n\r\n\nb\tB\tY", ids: []string{"a", "b"}},
		{name: "wrong column count", in: header + "a\tA\nb\tB\tY\n", ids: []string{"b"},
			bad: []RowError{{Row: 2, ID: "a", Reason: "has 2 columns, header has 3"}}},
		{name: "duplicate", in: header + "a\tA\tX\na\tA2\tX\n", ids: []string{"a"},
			bad: []RowError{{Row: 3, ID: "a", Reason: "duplicate id: first used on row 2"}}},
		{name: "unsafe ids", in: header + "../x\tA\tX\n/etc/passwd\tB\tY\nhas space\tC\tZ\n\tD\tW\n",
			bad: []RowError{
				{Row: 2, ID: "../x", Reason: "id must start with a letter or digit"},
				{Row: 3, ID: "/etc/passwd", Reason: "id must start with a letter or digit"},
				{Row: 4, ID: "has space", Reason: "id is not a safe file name: only ASCII letters, digits, '.', '_' and '-' are allowed"},
				{Row: 5, ID: "", Reason: "empty id"},
			}},
		{name: "invalid utf8", in: header + "a\t\xff\tX\n", bad: []RowError{{Row: 2, ID: "a", Reason: "invalid UTF-8 in row (byte 18 of pairs.tsv)"}}},
		{name: "invalid utf8 after crlf rows", in: strings.ReplaceAll(header, "\n", "\r\n") + "a\tA\tX\r\nb\tB\xc3\tY\r\n", ids: []string{"a"},
			bad: []RowError{{Row: 3, ID: "b", Reason: "invalid UTF-8 in row (byte 27 of pairs.tsv)"}}},
		{name: "lone cr line ends", in: "id\ttitle\tauthor\ra\tA\tX\rb\tB\tY\r", ids: []string{"a", "b"}},
		{name: "mixed line ends", in: "id\ttitle\tauthor\ra\tA\tX\r\nb\tB\tY\nc\tC\tZ", ids: []string{"a", "b", "c"}},
		{name: "header only", in: header},
		{name: "bom header", in: "\uFEFF" + header + "a\tA\tX\n", ids: []string{"a"}},
		{name: "no header", in: "a\tA\tX\n", isErr: ErrNoHeader},
		{name: "empty file", in: "", isErr: ErrNoHeader},
		{name: "utf-16le with bom", in: "\xff\xfei\x00d\x00\t\x00t\x00\n\x00a\x00\t\x00A\x00\n\x00", isErr: ErrNotUTF8},
		{name: "utf-16be with bom", in: "\xfe\xff\x00i\x00d\x00\n\x00a\x00\n", isErr: ErrNotUTF8},
		{name: "utf-16le without bom", in: "i\x00d\x00\t\x00t\x00\n\x00a\x00\t\x00A\x00\n\x00", isErr: ErrNotUTF8},
		{name: "header with a nul", in: "id\x00\tt\na\tA\n", isErr: ErrNotUTF8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pairs, bad, err := ParsePairs(strings.NewReader(tt.in))
			if !errors.Is(err, tt.isErr) {
				t.Fatalf("err = %v, want %v", err, tt.isErr)
			}
			var ids []string
			for _, p := range pairs {
				ids = append(ids, p.ID)
			}
			if !reflect.DeepEqual(ids, tt.ids) {
				t.Errorf("ids = %q, want %q", ids, tt.ids)
			}
			if !reflect.DeepEqual(bad, tt.bad) {
				t.Errorf("bad = %+v, want %+v", bad, tt.bad)
			}
		})
	}
}

func TestParsePairsReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("id\tt\na\tb\n"), iotest.ErrReader(boom))
	pairs, _, err := ParsePairs(r)
	if !errors.Is(err, boom) || len(pairs) != 1 {
		t.Fatalf("err = %v, want a wrapped read error", err)
	}
}

func TestParsePairsLongLine(t *testing.T) {
	in := "id\tt\n" + "x\t" + strings.Repeat("y", maxLine+10) + "\nz\tok\n"
	pairs, bad, err := ParsePairs(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) != 1 || pairs[0].ID != "z" || len(bad) != 1 || bad[0].Row != 2 {
		t.Fatalf("pairs = %+v, bad = %+v", pairs, bad)
	}
}

func TestValidID(t *testing.T) {
	for id, ok := range map[string]bool{
		"heart-of-darkness": true, "a.b_c-1": true, "X": true,
		"": false, "../x": false, "a/../b": false, "a..b": false, ".hidden": false,
		"/etc/passwd": false, "a b": false, "é": false, strings.Repeat("a", 201): false,
	} {
		if err := ValidID(id); (err == nil) != ok {
			t.Errorf("ValidID(%q) = %v, want ok=%v", id, err, ok)
		}
	}
}

func TestLayout(t *testing.T) {
	for _, tt := range []struct{ dir, want string }{
		{"corpus", "corpus/books/x.txt"},
		{"corpus/", "corpus/books/x.txt"},
		{"gs://b/p", "gs://b/p/books/x.txt"},
	} {
		if got := (Layout{Dir: tt.dir}).Book("x"); got != tt.want {
			t.Errorf("Book(%q) = %q, want %q", tt.dir, got, tt.want)
		}
	}
}

// FuzzParsePairs checks that every non-blank data row is accounted for
// exactly once, as a pair or as a row error, whatever its line ends, that
// accepted ids are valid and unique, and that the byte offset given for
// invalid UTF-8 points at an invalid byte.
func FuzzParsePairs(f *testing.F) {
	f.Add("id\ttitle\na\tb\n")
	f.Add("id\tx\n../a\tb\na\tb\na\tc\n\xff\t\n")
	f.Add("id\n\r\n\n")
	f.Add("id\tt\ra\tb\r\rc\t\xc3\r\n")
	f.Fuzz(func(t *testing.T, in string) {
		pairs, bad, err := ParsePairs(strings.NewReader(in))
		if err != nil {
			return
		}
		lines := strings.Split(strings.ReplaceAll(strings.ReplaceAll(in, "\r\n", "\n"), "\r", "\n"), "\n")
		rows := 0
		for _, l := range lines[1:] {
			if strings.TrimSpace(strings.TrimSuffix(l, "\r")) != "" {
				rows++
			}
		}
		if len(pairs)+len(bad) != rows {
			t.Fatalf("%d pairs + %d bad != %d rows", len(pairs), len(bad), rows)
		}
		for _, b := range bad {
			var off int
			if _, err := fmt.Sscanf(b.Reason, "invalid UTF-8 in row (byte %d of pairs.tsv)", &off); err == nil {
				if r, w := utf8.DecodeRuneInString(in[off:]); r != utf8.RuneError || w != 1 {
					t.Fatalf("row %d: byte %d is %q, not invalid UTF-8", b.Row, off, in[off:off+w])
				}
			}
		}
		seen := map[string]bool{}
		for _, p := range pairs {
			if ValidID(p.ID) != nil || seen[p.ID] {
				t.Fatalf("accepted bad or duplicate id %q", p.ID)
			}
			seen[p.ID] = true
		}
	})
}
