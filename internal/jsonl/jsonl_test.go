package jsonl

import (
	"bytes"
	"math"
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
