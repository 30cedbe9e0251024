package transforms

import (
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
)

// TestBigramBooksCoder checks that the bigram counts round-trip through
// their Beam coder, empty or not.
func TestBigramBooksCoder(t *testing.T) {
	b := testBookData(t)
	var some classify.BigramBooks
	some.Add(b.Book.TermStats(nil).Bigrams)
	some.Add(b.Book.TermStats([]string{"the"}).Bigrams)
	for _, c := range []classify.BigramBooks{{}, some} {
		data, err := encodeBigramBooks(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeBigramBooks(data)
		if err != nil {
			t.Fatal(err)
		}
		again, err := encodeBigramBooks(got)
		if err != nil || string(again) != string(data) || !reflect.DeepEqual(got.Frequent(1), c.Frequent(1)) {
			t.Errorf("round trip changes the counts (%v)", err)
		}
	}
}
