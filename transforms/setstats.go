package transforms

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/internal/process"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*bigramBooksFn)(nil)).Elem())
	register.Combiner3[coverage.BigramBooks, coverage.BigramBooks, []uint32](&bigramBooksFn{})
	register.DoFn2x0[[]uint64, func(int, coverage.BigramBooks)](&shardBigramsFn{})
	register.Emitter2[int, coverage.BigramBooks]()
	beam.RegisterType(reflect.TypeOf((*writeFrequentFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*setSumsFn)(nil)).Elem())
	register.Iter1[string]()
}

// setStatistics adds up the statistics of every training set of the plan,
// the features.Counts of its books, writes each to the work directory
// (setSumsFile) and returns the sets with their numbers of books
// (Split.SetSizes). It is one path, whatever the features:
//
//  1. For the coverage model, the bigrams that the statistics keep: those
//     that at least coverage.MinBigramBooks training books hold
//     (the model uses the statistics of no other bigram), counted over all
//     training books (frequentBigrams). Without it, no bigram.
//  2. In one element (setSumsFn), where the frequent bigrams (by claim
//     check: writeFrequentFn), the books' refs and the plan meet: the sums of each fold, from the Stats each
//     training book left in the work directory when it was spilled
//     (spillBookFn), their bigrams cut to the frequent ones, the folds on
//     every core; then the sums of each set, from its folds'
//     (features.FoldStats).
//
// A book's Stats are made where the book is, in the per-book stage, but
// not sent on: for the coverage model they would wait, whole, for the
// frequent bigrams, and with every bigram of every book they were the
// largest live data of the job. Nor is each book a Beam element of its
// own: a runner may run a stage of short elements as one bundle on one
// core (prism does). The element meets the plan by CoGroupByKey, not as a
// side input (doc.go, "Runners").
//
// In: PCollection<BookRef>, PCollection<[]uint64> (the training books'
// bigrams, used with the coverage model), PCollection<cv.Plan>.
// Out: PCollection<KV<int, int>>.
func setStatistics(s beam.Scope, opts TrainOptions, refs, bigrams, plan beam.PCollection) beam.PCollection {
	s = s.Scope("TrainingStats")
	var frequent beam.PCollection
	if opts.coverage() {
		frequent = frequentBigrams(s, opts.WorkDir, bigrams)
	} else {
		frequent = beam.Create(s, "")
	}
	sumsFn := &setSumsFn{Dir: opts.WorkDir, Terms: opts.coverage()}
	return beam.ParDo(s, sumsFn, beam.CoGroupByKey(s, beam.AddFixedKey(s, frequent), beam.AddFixedKey(s, refs), beam.AddFixedKey(s, plan)))
}

// bigramShards is how many parts frequentBigrams counts the corpus's
// bigrams in.
const bigramShards = 64

// frequentBigrams returns the prefixes of the bigrams that at least
// coverage.MinBigramBooks books hold, increasing: the books' bigrams are
// counted per bundle in bigramShards parts by prefix (shardBigramsFn), the
// parts' counts added up by a combine per shard, and the frequent
// prefixes of the shards put together.
//
// One global combine of the books' bigrams would do the same where a
// runner lifts the combine into the per-book stage (prism does). Flink's
// portable runner does not (apache/beam#18584): it held every book's
// bigrams as one group, which ran a TaskManager out of heap on the 245
// books; in 64 shards, each book's bigrams still crossed the shuffle and
// ran its heap out on the 245 books ten times over. Counted per bundle
// first, a worker sends at most 64 counts per bundle (one bundle per
// partition on Flink's batch runner), each 1/64 of its books' distinct
// bigrams. Each shard's frequent prefixes are written to the work
// directory (writeFrequentFn), and setSumsFn merges the files.
//
// In: PCollection<[]uint64>, a book's bigrams each. Out: PCollection<string>,
// the file of each shard's frequent prefixes.
func frequentBigrams(s beam.Scope, dir string, bigrams beam.PCollection) beam.PCollection {
	s = s.Scope("FrequentBigrams")
	shards := beam.ParDo(s, &shardBigramsFn{}, bigrams)
	perShard := beam.CombinePerKey(s, &bigramBooksFn{}, shards)
	return beam.ParDo(s, &writeFrequentFn{Dir: dir}, perShard)
}

// shardBigramsFn counts the bigrams of a bundle's books in bigramShards
// parts by prefix (coverage.BigramShard) and emits each part's counts,
// (shard, coverage.BigramBooks), when the bundle ends. Counts saturate at
// 255 and saturating sums are associative, so the shards' totals do not
// depend on how the books fall into bundles.
type shardBigramsFn struct {
	shards []coverage.BigramBooks
}

func (f *shardBigramsFn) StartBundle(func(int, coverage.BigramBooks)) {
	f.shards = make([]coverage.BigramBooks, bigramShards)
}

func (f *shardBigramsFn) ProcessElement(bigrams []uint64, _ func(int, coverage.BigramBooks)) {
	parts := make([][]uint64, bigramShards)
	for _, g := range bigrams {
		k := coverage.BigramShard(g, bigramShards)
		parts[k] = append(parts[k], g)
	}
	for k, part := range parts {
		if len(part) > 0 {
			f.shards[k].Add(part)
		}
	}
}

func (f *shardBigramsFn) FinishBundle(emit func(int, coverage.BigramBooks)) {
	for k := range f.shards {
		if f.shards[k].Len() > 0 {
			emit(k, f.shards[k])
		}
	}
	f.shards = nil
}

// writeFrequentFn writes a shard's frequent prefixes to the work directory
// (layout.Work.FrequentBigrams) and emits the file's name, the claim check
// that meets the books' refs and the plan in setSumsFn: a runner that
// sorts what it groups holds each grouped value whole in one of its sort
// buffers (Flink: "The record exceeds the maximum size of a sort buffer
// (current maximum: 8486912 bytes)" on the 245 books ten times over, where
// every bigram is frequent, for a shard's list on its way to the union).
type writeFrequentFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
}

func (f *writeFrequentFn) ProcessElement(ctx context.Context, shard int, prefixes []uint32) (string, error) {
	data := make([]byte, 0, 4*len(prefixes))
	for _, p := range prefixes {
		data = binary.LittleEndian.AppendUint32(data, p)
	}
	name := layout.Work{Dir: f.Dir}.FrequentBigrams(shard)
	return name, store.WriteFile(ctx, name, data)
}

// readFrequent reads the prefixes writeFrequentFn wrote to the files,
// merged into one increasing list (coverage.MergeFrequent: the shards'
// prefixes are disjoint, so their order does not matter); "" is no file
// (no coverage model).
func readFrequent(ctx context.Context, files func(*string) bool) ([]uint32, error) {
	var all []uint32
	for name := ""; files(&name); {
		if name == "" {
			continue
		}
		part, err := readFrequentFile(ctx, name)
		if err != nil {
			return nil, err
		}
		all = coverage.MergeFrequent(all, part)
	}
	return all, nil
}

// readFrequentFile reads one shard's file of writeFrequentFn.
func readFrequentFile(ctx context.Context, file string) ([]uint32, error) {
	data, err := store.ReadWritten(ctx, file)
	if err != nil {
		return nil, err
	}
	if len(data)%4 != 0 {
		return nil, fmt.Errorf("%s: %d bytes, not a whole number of uint32 prefixes", file, len(data))
	}
	prefixes := make([]uint32, len(data)/4)
	for i := range prefixes {
		prefixes[i] = binary.LittleEndian.Uint32(data[4*i:])
	}
	return prefixes, nil
}

// readStats reads the Stats a training book left in the work directory
// (spillBookFn).
func readStats(ctx context.Context, dir, id string) (*classify.Stats, error) {
	data, err := store.ReadWritten(ctx, statsFile(dir, id))
	if err != nil {
		return nil, err
	}
	var st classify.Stats
	if err := st.UnmarshalBinary(data); err != nil {
		return nil, fmt.Errorf("%s: %w", statsFile(dir, id), err)
	}
	if st.ID != id {
		return nil, fmt.Errorf("%s holds book %q", statsFile(dir, id), st.ID)
	}
	return &st, nil
}

// bigramBooksFn finds the bigrams of enough books: a CombineFn whose
// accumulator, coverage.BigramBooks, counts in how many books each bigram
// occurs, and whose output is the prefixes of the frequent ones,
// increasing (coverage.BigramBooks.Frequent): the counts of every bigram
// of the corpus, millions, are not coded again for the step that reads
// them.
type bigramBooksFn struct{}

func (bigramBooksFn) CreateAccumulator() coverage.BigramBooks { return coverage.BigramBooks{} }

func (bigramBooksFn) AddInput(c, counted coverage.BigramBooks) coverage.BigramBooks {
	c.Merge(&counted)
	return c
}

func (bigramBooksFn) MergeAccumulators(a, b coverage.BigramBooks) coverage.BigramBooks {
	a.Merge(&b)
	return a
}

func (bigramBooksFn) ExtractOutput(c coverage.BigramBooks) []uint32 {
	return c.Frequent(coverage.MinBigramBooks)
}

// setSumsFn adds up the statistics of each fold's training books, then,
// for every training set of the plan, the statistics of its folds, writes
// them to the work directory (setSumsFile) and emits the set with its
// number of books; the frequent bigrams, the books and the plan meet in
// this one element. A set with no counted book (a fold of one book, or an
// empty plan) is not emitted: training reports it. Sending each book's
// Stats to each set that holds it, or each set's statistics to its
// featurization and to each of its models, would hold as many copies of
// them in the runner at once.
type setSumsFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
	// Terms says that the coverage model needs the books' term statistics:
	// their bigrams are cut to the frequent ones.
	Terms bool `json:"terms"`
}

func (f *setSumsFn) ProcessElement(ctx context.Context, _ int, frequent func(*string) bool, refs func(*BookRef) bool, plans func(*cv.Plan) bool, emit func(int, int)) error {
	var plan cv.Plan
	if !plans(&plan) {
		return errors.New("training books without their plan")
	}
	prefixes, err := readFrequent(ctx, frequent)
	if err != nil {
		return err
	}
	byFold := map[int][]string{}
	for r := (BookRef{}); refs(&r); r = (BookRef{}) {
		if !r.Test {
			byFold[plan.Fold[r.ID]] = append(byFold[plan.Fold[r.ID]], r.ID)
		}
	}
	all, err := f.foldStats(ctx, byFold, prefixes)
	if err != nil {
		return err
	}
	sets := plan.Sets()
	books, err := f.writeSetSums(ctx, all, &plan, sets)
	if err != nil {
		return err
	}
	for i, set := range sets {
		if books[i] > 0 {
			emit(set, books[i])
		}
	}
	return nil
}

// foldStats adds up the Stats of each fold's books byFold, their bigrams
// cut to the frequent prefixes when f.Terms. This one element is all the
// job does meanwhile: the folds are added up on every core, each a book at
// a time, so that only a book's Stats per core are held beside the sums.
func (f *setSumsFn) foldStats(ctx context.Context, byFold map[int][]string, prefixes []uint32) (*features.FoldStats, error) {
	folds := slices.Sorted(maps.Keys(byFold))
	sums := make([]features.Counts, len(folds))
	if err := process.OnCores(len(folds), func(i int) error {
		for _, id := range byFold[folds[i]] {
			st, err := readStats(ctx, f.Dir, id)
			if err != nil {
				return err
			}
			if f.Terms {
				st.Terms.KeepBigrams(prefixes)
			}
			if err := sums[i].Add(st); err != nil {
				return fmt.Errorf("fold %d: %w", folds[i], err)
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	byNumber := make(map[int]*features.Counts, len(folds))
	for i, fold := range folds {
		byNumber[fold] = &sums[i]
	}
	return features.NewFoldStats(byNumber)
}

// writeSetSums writes the statistics of each training set of the plan,
// from its folds' in all, to the work directory (setSumsFile), on every
// core, and returns each set's number of books; a set of none is not
// written.
func (f *setSumsFn) writeSetSums(ctx context.Context, all *features.FoldStats, plan *cv.Plan, sets []int) (books []int, err error) {
	books = make([]int, len(sets))
	err = process.OnCores(len(sets), func(i int) error {
		c, err := all.Set(plan.FoldsOf(sets[i]))
		if err != nil {
			return fmt.Errorf("%s: %w", setName(sets[i]), err)
		}
		if books[i] = len(c.IDs); books[i] == 0 {
			return nil
		}
		data, err := c.MarshalBinary()
		if err != nil {
			return fmt.Errorf("%s: %w", setName(sets[i]), err)
		}
		return store.WriteFile(ctx, setSumsFile(f.Dir, sets[i]), data)
	})
	return books, err
}

// readSetSums reads the statistics of training set set from the work
// directory, in their binary form.
func readSetSums(ctx context.Context, dir string, set int) ([]byte, error) {
	data, err := store.ReadWritten(ctx, setSumsFile(dir, set))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", setName(set), err)
	}
	return data, nil
}
