package logistic

import (
	"bytes"
	"testing"

	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// FuzzReadModel checks that ReadModel never panics, and that a model it
// accepts writes back to a file it reads again to the same model.
func FuzzReadModel(f *testing.F) {
	var buf bytes.Buffer
	if err := tinyModel(f).WriteJSON(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	books := classifytest.CoverageBooks(f, 7)
	buf.Reset()
	if err := trainCoverage(f, collectionOf(f, books[:6], coverageSettings), books[:6]).WriteJSON(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte(`{"format": "` + FormatVersion + `"}`))
	f.Add([]byte(`{"format": "` + FormatVersion + `", "collection": {"settings": {"names": 1, "vocabulary": 1},
		"ids": ["a"], "vocabulary": ["x"], "df": {"x": 1}}, "features": [], "weights": []}`))
	f.Add([]byte(`{"format": "` + FormatVersion + `", "collection": {"settings": {"names": 99999999999}, "ids": ["a"]}}`))
	f.Add([]byte("null"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadModel(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := m.WriteJSON(&out); err != nil {
			t.Fatalf("WriteJSON of an accepted model: %v", err)
		}
		m2, err := ReadModel(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("ReadModel of a written model: %v\n%s", err, out.String())
		}
		var again bytes.Buffer
		m2.WriteJSON(&again)
		if !bytes.Equal(out.Bytes(), again.Bytes()) {
			t.Fatalf("round trip changes the model:\n%s\n%s", out.String(), again.String())
		}
		// An accepted model can featurize, score and summarize a book.
		_, b := classifytest.Parse(t, "fuzz", classifytest.Carol)
		if s := m.Scores(b); len(s) != b.Rows() {
			t.Fatalf("%d scores for %d rows", len(s), b.Rows())
		}
		m.Summarize(m.Collection.Prepare(b, nil), 20)
	})
}
