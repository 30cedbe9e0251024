package align

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/golden"
)

// goldenRecords are the records of testdata/records.golden.jsonl, which was
// written by the encoder loop that transforms.AlignPairs, `bookalign align`
// and bench/labelexp each had before WriteRecords, so that alignment files
// stay byte for byte the same.
var goldenRecords = []Record{
	{Method: MethodPassage, SummaryIndex: 0, SummaryText: `Ahab & the <crew> "hunt" the whale — at sea.`,
		SpanBytes: &[2]int{120, 480}, SpanTokens: &[2]int{20, 85}, BookSentences: []int{3, 4, 5}, Confidence: 0.9375},
	{Method: MethodToken, SummaryIndex: 1, SummaryText: "Nothing\tmatches\u2028here.", BookSentences: []int{}, Confidence: 0},
	{Method: MethodJing, SummaryIndex: 2, SummaryText: "", SpanBytes: &[2]int{0, 0}, SpanTokens: &[2]int{0, 0},
		BookSentences: []int{0}, Confidence: 1e-7},
}

func TestWriteRecordsGolden(t *testing.T) {
	var got bytes.Buffer
	if err := WriteRecords(&got, goldenRecords); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "records.golden.jsonl", got.Bytes())
	back, err := ParseRecords(got.Bytes())
	if err != nil || !reflect.DeepEqual(back, goldenRecords) {
		t.Errorf("ParseRecords(golden) = %+v, %v", back, err)
	}
}

func TestParseRecords(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		n        int
		err      string
	}{
		{"records and blank lines", `{"method":"jing","summary_index":0,"span_bytes":[3,9],"book_sentences":[1],"confidence":0.5}` + "\n\n" +
			`{"method":"jing","summary_index":1,"span_bytes":null,"book_sentences":[],"confidence":0}` + "\n", 2, ""},
		{"empty", "", 0, ""},
		{"no final newline", `{"summary_index":0}`, 1, ""},
		{"not JSON", "{\n", 0, "line 1"},
		{"reversed span", `{"summary_index":0,"span_bytes":[9,3]}`, 0, "bad span"},
		{"negative start", `{"summary_index":0,"span_bytes":[-1,3]}`, 0, "bad span"},
		{"negative index", "\n" + `{"summary_index":-1}`, 0, "line 2: negative summary index"},
		{"line too long", `{"summary_text":"` + strings.Repeat("x", maxRecordLine) + `"}`, 0, "too long"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := ParseRecords([]byte(tc.in))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || len(rs) != tc.n {
				t.Errorf("%d records, %v; want %d", len(rs), err, tc.n)
			}
		})
	}
}

// FuzzParseRecords checks that what ParseRecords accepts is valid and that
// writing it and reading it again gives the same records.
func FuzzParseRecords(f *testing.F) {
	f.Add([]byte(`{"method":"jing","summary_index":0,"span_bytes":[3,9],"book_sentences":[1],"confidence":0.5}`))
	f.Add([]byte("\n\n{}\n"))
	f.Add([]byte(`{"summary_text":"a\u2028<b>&","span_tokens":[1,2],"book_sentences":null}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rs, err := ParseRecords(data)
		if err != nil {
			return
		}
		for _, r := range rs {
			if r.SummaryIndex < 0 || r.SpanBytes != nil && (r.SpanBytes[0] < 0 || r.SpanBytes[1] < r.SpanBytes[0]) {
				t.Fatalf("accepted %+v", r)
			}
		}
		var buf bytes.Buffer
		if err := WriteRecords(&buf, rs); err != nil {
			t.Fatal(err)
		}
		back, err := ParseRecords(buf.Bytes())
		if err != nil || len(back) != len(rs) {
			t.Fatalf("round trip: %d records, %v; want %d", len(back), err, len(rs))
		}
		var again bytes.Buffer
		if err := WriteRecords(&again, back); err != nil || !bytes.Equal(again.Bytes(), buf.Bytes()) {
			t.Fatalf("written twice differently:\n%s\n%s", buf.Bytes(), again.Bytes())
		}
	})
}
