package features

import (
	"testing"

	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/text"
)

// TestStatsOf checks the galloping look-up of a book's words against the
// collection's maps, for training books and one the collection does not
// hold, with a vocabulary smaller than the words.
func TestStatsOf(t *testing.T) {
	books := classifytest.CoverageBooks(t, 6)
	col, err := NewCollection(Settings{Events: true, Vocabulary: 50}, nil, classifytest.Stats(books[:4])...)
	if err != nil {
		t.Fatal(err)
	}
	vocab := map[string]int32{}
	for i, w := range col.Vocabulary {
		vocab[w] = int32(i)
	}
	for _, b := range books {
		for k, got := range col.statsOf(b.Words) {
			w := b.Words[k]
			want := wordStats{df: col.DF[w], summaries: col.Summaries[w], vocab: -1, stop: text.IsStopword(w)}
			if v, ok := vocab[w]; ok {
				want.vocab = v
			}
			if got != want {
				t.Fatalf("%s, %q: %+v, want %+v", b.ID, w, got, want)
			}
		}
	}
}
