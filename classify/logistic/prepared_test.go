package logistic

import (
	"bytes"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestPrepared checks that models trained on one collection summarize a
// book prepared once under it exactly as each would alone, read back from
// its file (what a pipeline's training element does with the models it has
// just trained), and that a book prepared under another collection is
// prepared again.
func TestPrepared(t *testing.T) {
	books := classifytest.CoverageBooks(t, 10)
	col := collectionOf(t, books[:8], coverageSettings)
	long := trainCoverage(t, col, books[:8])
	var feats []*features.Features
	for _, b := range books[:8] {
		f := col.Featurize(b)
		f.Label = make([]bool, f.Rows())
		for i := range f.Label {
			f.Label[i] = i%7 == 0
		}
		feats = append(feats, f)
	}
	sparse, err := trainOne(&Trainer{Lambda: 1e-3}, col, feats)
	if err != nil {
		t.Fatal(err)
	}
	reread := func(m *Model) *Model {
		var buf bytes.Buffer
		if err := m.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		r, err := ReadModel(&buf)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	other := collectionOf(t, books[:7], coverageSettings)
	for _, book := range books[8:] {
		p := col.Prepare(book, nil)
		for _, m := range []*Model{long, sparse} {
			alone := reread(m)
			want := alone.Summarize(alone.Collection.Prepare(book, nil), 200)
			if got := m.Summarize(p, 200); !slices.Equal(got, want) {
				t.Errorf("%s: prepared once %v, alone %v", book.ID, got, want)
			}
			if got := reread(m).Summarize(other.Prepare(book, nil), 200); !slices.Equal(got, want) {
				t.Errorf("%s: prepared under another collection %v, alone %v", book.ID, got, want)
			}
		}
	}
}
