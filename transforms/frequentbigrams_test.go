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
	"github.com/bookalign/bookalign/layout"
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
		dir := t.TempDir()
		p, s := beam.NewPipelineWithRoot()
		var parts []beam.PCollection
		for i := 0; i < len(books); i += n {
			parts = append(parts, beam.CreateList(s, books[i:min(i+n, len(books))]))
		}
		files := frequentBigrams(s, dir, beam.Flatten(s, parts...))
		passert.Count(s, files, "shard files", bigramShards)
		if err := ptest.Run(p); err != nil {
			t.Fatalf("%d books per input: %v", n, err)
		}
		var names []string
		for k := range bigramShards {
			names = append(names, layout.Work{Dir: dir}.FrequentBigrams(k))
		}
		got, err := readFrequent(context.Background(), iterOf(names))
		if err != nil || !slices.Equal(got, frequent) {
			t.Errorf("%d books per input: %d frequent prefixes (%v), want %d", n, len(got), err, len(frequent))
		}
	}
}

// TestFrequentClaimCheck checks the frequent prefixes' files: what
// writeFrequentFn writes readFrequent reads back, none, one or many, merged
// in increasing order whatever the files' order; "" reads as none; a file
// cut inside a prefix or missing is an error.
func TestFrequentClaimCheck(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	shards := [][]uint32{{}, {7}, {0, 64, 1 << 31, math.MaxUint32}, {3, 67}}
	var names []string
	for k, prefixes := range shards {
		name, err := (&writeFrequentFn{Dir: dir}).ProcessElement(ctx, k, prefixes)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	want := []uint32{0, 3, 7, 64, 67, 1 << 31, math.MaxUint32}
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 3, 1}} {
		var files []string
		for _, k := range order {
			files = append(files, names[k])
		}
		got, err := readFrequent(ctx, iterOf(files))
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("files in order %v: read %v, %v; want %v", order, got, err, want)
		}
	}
	if got, err := readFrequent(ctx, iterOf([]string{""})); got != nil || err != nil {
		t.Errorf(`"": %v, %v, want none`, got, err)
	}
	cut := filepath.Join(dir, "cut.bin")
	if err := os.WriteFile(cut, []byte{1, 2, 3, 4, 5}, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{cut, filepath.Join(dir, "missing.bin")} {
		if _, err := readFrequent(ctx, iterOf([]string{names[1], name})); err == nil {
			t.Errorf("%s: no error", filepath.Base(name))
		}
	}
}
