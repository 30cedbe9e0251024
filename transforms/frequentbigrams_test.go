package transforms

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/bookalign/bookalign/classify/coverage"
)

// TestFrequentBigrams checks the pipeline's bigram counts against one
// count of every book: the same frequent prefixes whether the books are
// counted in one bundle or split over several (shardBigramsFn counts per
// bundle), with bigrams that many books share, a few books hold, and
// counts that pass the 255 at which they saturate.
func TestFrequentBigrams(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var books [][]uint64
	for b := 0; b < 300; b++ {
		seen := map[uint64]bool{}
		var gs []uint64
		for i := range 200 + rng.IntN(200) {
			// A third of the prefixes from a range of 20, which nearly every
			// book holds (more than the 255 the counts saturate at), a third
			// from 300, which many do, a third from a large range, which
			// few do; the low half varies, as a bigram's second word does.
			span := []int{20, 300, 1 << 20}[i%3]
			g := uint64(rng.IntN(span))<<32 | uint64(rng.IntN(3))
			if !seen[g] {
				seen[g] = true
				gs = append(gs, g)
			}
		}
		slices.Sort(gs)
		books = append(books, gs)
	}
	var want coverage.BigramBooks
	for _, gs := range books {
		want.Add(gs)
	}
	frequent := want.Frequent(coverage.MinBigramBooks)
	if len(frequent) < 250 || want.Len() < 10*len(frequent) {
		t.Fatalf("%d frequent prefixes of %d: the test corpus does not separate frequent from rare", len(frequent), want.Len())
	}
	for _, n := range []int{1, 7, 300} { // books per beam.Create: more inputs, more bundles
		p, s := beam.NewPipelineWithRoot()
		var parts []beam.PCollection
		for i := 0; i < len(books); i += n {
			parts = append(parts, beam.CreateList(s, books[i:min(i+n, len(books))]))
		}
		got := frequentBigrams(s, beam.Flatten(s, parts...))
		passert.Equals(s, got, frequent)
		if err := ptest.Run(p); err != nil {
			t.Errorf("%d books per input: %v", n, err)
		}
	}
}

// TestFrequentClaimCheck checks the frequent prefixes' file: what
// writeFrequentFn writes readFrequent reads back, none, one or many; ""
// reads as none; a file cut inside a prefix or missing is an error.
func TestFrequentClaimCheck(t *testing.T) {
	ctx := context.Background()
	for _, prefixes := range [][]uint32{{}, {7}, {0, 1, 1 << 31, math.MaxUint32}} {
		dir := t.TempDir()
		name, err := (&writeFrequentFn{Dir: dir}).ProcessElement(ctx, prefixes)
		if err != nil {
			t.Fatal(err)
		}
		got, err := readFrequent(ctx, name)
		if err != nil || !slices.Equal(got, prefixes) {
			t.Errorf("%v: read back %v, %v", prefixes, got, err)
		}
	}
	if got, err := readFrequent(ctx, ""); got != nil || err != nil {
		t.Errorf(`"": %v, %v, want none`, got, err)
	}
	dir := t.TempDir()
	cut := filepath.Join(dir, "cut.bin")
	if err := os.WriteFile(cut, []byte{1, 2, 3, 4, 5}, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{cut, filepath.Join(dir, "missing.bin")} {
		if _, err := readFrequent(ctx, name); err == nil {
			t.Errorf("%s: no error", filepath.Base(name))
		}
	}
}
