package main

import (
	"encoding/json"
	"testing"
)

// FuzzParseRougeLine: any line of a --pairs file is a candidate and its
// reference, or an error; a line that parses holds all three strings and
// reads back the same once written, and without its closing brace fails.
func FuzzParseRougeLine(f *testing.F) {
	for _, s := range []string{
		`{"id": "heart-of-darkness", "candidate": "Marlow goes up the river.", "reference": "Marlow tells of his journey up the Congo."}`,
		`{"id":"","candidate":"","reference":""}`,
		`{"id":"a","candidate":"x"}`,
		`{"id":7,"candidate":"x","reference":"y"}`,
		`{"id":"a","candidate":"x","reference":null}`,
		`{"id":"a","candidate":"x","reference":"y"`,
		`["a","x","y"]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		p, err := parseRougeLine(line)
		if err != nil {
			return
		}
		if p.ID == nil || p.Candidate == nil || p.Reference == nil {
			t.Fatalf("%q: a field missing without an error: %+v", line, p)
		}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		back, err := parseRougeLine(b)
		if err != nil || *back.ID != *p.ID || *back.Candidate != *p.Candidate || *back.Reference != *p.Reference {
			t.Fatalf("round trip of %s: %v", b, err)
		}
		if _, err := parseRougeLine(b[:len(b)-1]); err == nil {
			t.Fatalf("%s without its closing brace parses", b)
		}
	})
}
