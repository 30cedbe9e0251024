package align

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/text"
)

func TestRecords(t *testing.T) {
	book, err := text.ParseBook("The whale swam far away. The captain hunted the whale.\n\nNothing else happened here at all.")
	if err != nil {
		t.Fatal(err)
	}
	summary, err := text.ParseSummary("A captain hunts a whale. Something unrelated entirely.")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(book, summary)
	if err != nil {
		t.Fatal(err)
	}
	a, err := (&Jing{}).Align(p)
	if err != nil {
		t.Fatal(err)
	}
	recs := Records(p, a)
	if len(recs) != 2 {
		t.Fatalf("%d records, want one per summary sentence", len(recs))
	}
	r := recs[0]
	if r.Method != MethodJing || r.SummaryIndex != 0 || r.SummaryText != "A captain hunts a whale." {
		t.Errorf("record 0 = %+v", r)
	}
	if r.SpanBytes == nil || !strings.Contains(book.Text[r.SpanBytes[0]:r.SpanBytes[1]], "whale") {
		t.Errorf("record 0 span %v does not cover a whale in %q", r.SpanBytes, book.Text)
	}
	b, err := json.Marshal(recs[1])
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{`"summary_index":1`, `"span_bytes":`, `"span_tokens":`, `"book_sentences":[`, `"confidence":`} {
		if !strings.Contains(string(b), field) {
			t.Errorf("JSON %s lacks %s", b, field)
		}
	}
}
