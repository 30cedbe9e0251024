package evaluate

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
)

// TestMeasureKeys checks that each Measure's Key is the key of its column
// in results.json, which CheckPerBook's errors name.
func TestMeasureKeys(t *testing.T) {
	b := BookRecall{Rouge1Recall: 0.1, Rouge2Recall: 0.2, Rouge1RecallNoStem: 0.3, Rouge2RecallNoStem: 0.4,
		BookContentRecall: &BookContentRecall{Rouge1RecallContent: 0.5, Rouge2RecallContent: 0.6, Rouge1RecallContentNoStem: 0.7, Rouge2RecallContentNoStem: 0.8}}
	js, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	var cols map[string]float64
	if err := json.Unmarshal(js, &cols); err != nil {
		t.Fatal(err)
	}
	ms := Measures(true)
	if len(ms) != len(cols) {
		t.Errorf("%d measures, %d columns in %s", len(ms), len(cols), js)
	}
	for _, m := range ms {
		if v, ok := cols[m.Key]; !ok || v != m.Of(b) {
			t.Errorf("measure %s: key %q holds %v in %s, want %v", m.Name, m.Key, v, js, m.Of(b))
		}
	}
}

// sampleResults are the results of sampleScores, with content-word
// recall when content is set.
func sampleResults(t *testing.T, content bool) *Results {
	t.Helper()
	scores := sampleScores()
	if content {
		scores = withContent(scores, 0.8)
	}
	r, err := Summarize(Settings{Seed: 1, Resamples: 10, Permutations: 10}, scores, 0)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCheckPerBook checks that per-book recall a run cannot write is
// refused, naming the method, the book and the column.
func TestCheckPerBook(t *testing.T) {
	edit := func(content bool, change func(r *Results)) *Results {
		r := sampleResults(t, content)
		change(r)
		return r
	}
	setBook := func(method, id string, f func(b *BookRecall)) func(r *Results) {
		return func(r *Results) {
			for _, m := range r.Methods {
				if m.Name == method {
					b := m.PerBook[id]
					f(&b)
					m.PerBook[id] = b
				}
			}
		}
	}
	for _, tt := range []struct {
		name string
		r    *Results
		want string // "" for no error
	}{
		{"as written", edit(false, func(*Results) {}), ""},
		{"as written, with content", edit(true, func(*Results) {}), ""},
		{"zero and one", edit(false, setBook("passage", "a", func(b *BookRecall) { b.Rouge1Recall, b.Rouge2Recall = 0, 1 })), ""},
		{"negative", edit(false, setBook("passage", "b", func(b *BookRecall) { b.Rouge1Recall = -5 })), `method "passage", book "b": rouge_1_recall is -5, not a recall in [0, 1]`},
		{"above one", edit(false, setBook("first1000", "a", func(b *BookRecall) { b.Rouge2RecallNoStem = 1.5 })), `method "first1000", book "a": rouge_2_recall_nostem is 1.5`},
		{"NaN", edit(false, setBook("first1000", "b", func(b *BookRecall) { b.Rouge1RecallNoStem = math.NaN() })), `rouge_1_recall_nostem is NaN`},
		{"infinite", edit(false, setBook("first1000", "b", func(b *BookRecall) { b.Rouge2Recall = math.Inf(-1) })), `rouge_2_recall is -Inf`},
		{"content out of range", edit(true, setBook("passage", "c", func(b *BookRecall) { b.Rouge2RecallContentNoStem = -0.1 })), `method "passage", book "c": rouge_2_recall_content_nostem is -0.1`},
		{"content missing in a book", edit(true, setBook("passage", "c", func(b *BookRecall) { b.BookContentRecall = nil })), `method "passage", book "c": no rouge_1_recall_content`},
		{"method twice", edit(false, func(r *Results) { r.Methods = append(r.Methods, r.Methods[0]) }), `method "passage" is listed twice`},
		{"no books", edit(false, func(r *Results) { r.Methods[1].PerBook = nil }), `method "first1000" has no per_book recall`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.r.CheckPerBook()
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, ErrBadResults) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want ErrBadResults saying %q", err, tt.want)
			}
		})
	}
}

// TestParseResults checks that a results.json whose per-book columns were
// deleted or set to null is refused rather than read as a recall of 0.
func TestParseResults(t *testing.T) {
	written := func(content bool) []byte {
		js, err := sampleResults(t, content).JSON()
		if err != nil {
			t.Fatal(err)
		}
		return js
	}
	// edit changes book "b" of the first method (passage) in js.
	edit := func(js []byte, change func(book map[string]any, perBook map[string]any)) []byte {
		var v map[string]any
		if err := json.Unmarshal(js, &v); err != nil {
			t.Fatal(err)
		}
		perBook := v["methods"].([]any)[0].(map[string]any)["per_book"].(map[string]any)
		change(perBook["b"].(map[string]any), perBook)
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	for _, tt := range []struct {
		name string
		js   []byte
		want string // "" for no error
	}{
		{"as written", written(false), ""},
		{"as written, with content", written(true), ""},
		{"column deleted", edit(written(false), func(b, _ map[string]any) { delete(b, "rouge_2_recall") }), `method "passage", book "b": no rouge_2_recall`},
		{"column null", edit(written(false), func(b, _ map[string]any) { b["rouge_1_recall_nostem"] = nil }), `book "b": no rouge_1_recall_nostem`},
		{"book null", edit(written(false), func(_, pb map[string]any) { pb["b"] = nil }), `book "b": no rouge_1_recall`},
		{"one content column deleted", edit(written(true), func(b, _ map[string]any) { delete(b, "rouge_1_recall_content") }), `book "b": no rouge_1_recall_content`},
		{"every content column deleted", edit(written(true), func(b, _ map[string]any) {
			for k := range b {
				if strings.Contains(k, "content") {
					delete(b, k)
				}
			}
		}), `book "b": no rouge_1_recall_content and the other content-word columns`},
		{"out of range", edit(written(false), func(b, _ map[string]any) { b["rouge_1_recall"] = -5 }), `rouge_1_recall is -5`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := ParseResults(tt.js)
			if tt.want == "" {
				if err != nil || len(res.Methods) != 2 {
					t.Fatalf("results %+v, error %v", res, err)
				}
				return
			}
			if !errors.Is(err, ErrBadResults) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want ErrBadResults saying %q", err, tt.want)
			}
		})
	}
}
