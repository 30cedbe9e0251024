package transforms

import (
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify/coverage"
)

// TestBigramBooksCoder checks that the bigram counts round-trip through
// their Beam coder, empty or not.
func TestBigramBooksCoder(t *testing.T) {
	b := testBookData(t)
	var some coverage.BigramBooks
	some.Add(coverage.NewTermStats(&b.Book.Terms, nil).Bigrams)
	some.Add(coverage.NewTermStats(&b.Book.Terms, []string{"the"}).Bigrams)
	for _, c := range []coverage.BigramBooks{{}, some} {
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
