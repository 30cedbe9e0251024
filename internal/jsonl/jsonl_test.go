package jsonl

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	type row struct {
		Text string  `json:"text"`
		N    float64 `json:"n,omitempty"`
	}
	var b bytes.Buffer
	if err := Write(&b, []row{{Text: "<a> & \"b\"\u2028", N: 0.5}, {}}); err != nil {
		t.Fatal(err)
	}
	if want := "{\"text\":\"<a> & \\\"b\\\"\\u2028\",\"n\":0.5}\n{\"text\":\"\"}\n"; b.String() != want {
		t.Errorf("Write = %q, want %q", b.String(), want)
	}
	if err := Write(&b, []row{{N: math.NaN()}}); err == nil {
		t.Error("NaN written without error")
	}
	b.Reset()
	if err := Write[row](&b, nil); err != nil || b.Len() != 0 {
		t.Errorf("no rows: %q, %v", b.String(), err)
	}
}

// reject has the shape of a line of rejects.jsonl.
type reject struct {
	ID     string `json:"id"`
	Stage  string `json:"stage"`
	Reason string `json:"reason"`
}

func TestParse(t *testing.T) {
	short := func(r *reject) error {
		if r.ID == "" {
			return errors.New("no id")
		}
		return nil
	}
	for _, tc := range []struct {
		name    string
		in      string
		maxLine int
		check   func(*reject) error
		want    []reject
		err     string // "" for none
	}{
		{"rejects", `{"id":"a","stage":"read","reason":"empty book"}` + "\n" + `{"id":"b","stage":"align","reason":"x"}` + "\n", 0, nil,
			[]reject{{"a", "read", "empty book"}, {"b", "align", "x"}}, ""},
		{"blank lines, CRLF, no final newline", "\n  \r\n" + `{"id":"a"}` + "\r\n\n" + `{"id":"b"}`, 0, nil, []reject{{ID: "a"}, {ID: "b"}}, ""},
		{"empty", "", 0, nil, nil, ""},
		{"not JSON", `{"id":"a"}` + "\n{\n", 0, nil, nil, "line 2: unexpected end of JSON input"},
		{"two values on a line", `{"id":"a"} {"id":"b"}`, 0, nil, nil, "line 1: invalid character '{' after top-level value"},
		{"wrong type", `{"id":7}`, 0, nil, nil, "line 1: json: cannot unmarshal number"},
		{"checked", `{"id":"a"}` + "\n\n" + `{"stage":"read"}`, 0, short, nil, "line 3: no id"},
		{"within the cap", `{"id":"a"}` + "\r\n", 10, nil, []reject{{ID: "a"}}, ""},
		{"over the cap", "\n" + `{"id":"ab"}`, 10, nil, nil, "line 2: too long (over 10 bytes)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse([]byte(tc.in), tc.maxLine, tc.check)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

// FuzzParse: any input parses or fails cleanly; what parses has one value
// per line that is not blank, and is written by Write as lines that parse
// back to the same values and the same bytes.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		`{"id":"heart-of-darkness","stage":"filter","reason":"book too short: 9120 words, fewer than 10000"}` + "\n" +
			`{"id":"emma","stage":"read","reason":"summary: not UTF-8 at byte 12"}` + "\n",
		"\n\n" + `{"id":"a","reason":"<&>\u2028"}` + "\r\n" + `{"id":"b"}`,
		`{"id":"a"}` + "\n" + `{"id":`,
		`[1,2]`,
		`null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := Parse[reject](in, 0, nil)
		if err != nil {
			return
		}
		lines := 0
		for l := range bytes.Lines(in) {
			if len(bytes.TrimSpace(l)) > 0 {
				lines++
			}
		}
		if len(got) != lines {
			t.Fatalf("%d values from %d lines", len(got), lines)
		}
		var b bytes.Buffer
		if err := Write(&b, got); err != nil {
			t.Fatal(err)
		}
		back, err := Parse[reject](b.Bytes(), 0, nil)
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Fatalf("round trip of %+v: %+v, %v", got, back, err)
		}
		var again bytes.Buffer
		if err := Write(&again, back); err != nil || !bytes.Equal(again.Bytes(), b.Bytes()) {
			t.Fatalf("written twice: %q, then %q", b.Bytes(), again.Bytes())
		}
	})
}
