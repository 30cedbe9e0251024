package evaluate

import (
	"bytes"
	"os"
	"testing"
)

// FuzzParseResults: any input is results or an error, never a panic;
// results that parse are written as a results.json that parses back to
// the same bytes, and that file cut short of its closing brace fails.
// The seeds are the sample run's results.json cut to two methods of two
// books, with and without content columns, and damaged forms of it.
func FuzzParseResults(f *testing.F) {
	b, err := os.ReadFile("testdata/sample.results.json")
	if err != nil {
		f.Fatal(err)
	}
	full, err := ParseResults(b)
	if err != nil {
		f.Fatal(err)
	}
	small := *full
	small.Methods = nil
	for _, m := range full.Methods[:2] {
		m2 := m
		m2.PerBook = map[string]BookRecall{}
		for _, id := range []string{"a-christmas-carol", "heart-of-darkness"} {
			m2.PerBook[id] = m.PerBook[id]
		}
		small.Methods = append(small.Methods, m2)
	}
	js, err := small.JSON()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(js)
	for i := range small.Methods {
		m := &small.Methods[i]
		m.ContentRecall = nil
		for id, rec := range m.PerBook {
			rec.BookContentRecall = nil
			m.PerBook[id] = rec
		}
	}
	noContent, err := small.JSON()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(noContent)
	f.Add(bytes.Replace(js, []byte(`"rouge_2_recall": 0.13282`), []byte(`"rouge_2_recall": null`), 1))
	f.Add(bytes.Replace(js, []byte(`0.59451`), []byte(`1.59451`), 1))
	f.Add(js[:len(js)/2])
	f.Add([]byte(`{"methods":[{"name":"a","per_book":{"b":{}}}]}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		r, err := ParseResults(in)
		if err != nil {
			return
		}
		out, err := r.JSON()
		if err != nil {
			t.Fatalf("parsed results do not write: %v", err)
		}
		back, err := ParseResults(out)
		if err != nil {
			t.Fatalf("%s does not parse back: %v", out, err)
		}
		if again, err := back.JSON(); err != nil || !bytes.Equal(again, out) {
			t.Fatalf("round trip:\n%s\nthen\n%s (%v)", out, again, err)
		}
		if _, err := ParseResults(out[:bytes.LastIndexByte(out, '}')]); err == nil {
			t.Fatal("results.json cut short parses")
		}
	})
}
