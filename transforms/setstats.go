package transforms

import (
	"context"
	"errors"
	"fmt"
	"github.com/bookalign/bookalign/internal/store"
	"maps"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/internal/process"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*bigramBooksFn)(nil)).Elem())
	register.Combiner3[coverage.BigramBooks, []uint64, []uint32](&bigramBooksFn{})
	beam.RegisterType(reflect.TypeOf((*foldSumsFn)(nil)).Elem())
	register.Emitter1[FoldSums]()
	beam.RegisterType(reflect.TypeOf((*setSumsFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*FoldSums)(nil)).Elem())
	register.Iter1[FoldSums]()
	register.Iter1[[]uint32]()
}

// setStatistics adds up the statistics of every training set of the plan,
// the classify.Counts of its books, writes each to the work directory
// (setSumsFile) and returns the sets with their numbers of books
// (Split.SetSizes). It is one path, whatever the features:
//
//  1. For the coverage model, the bigrams that the statistics keep: those
//     that at least coverage.MinBigramBooks training books hold
//     (the model uses the statistics of no other bigram), counted over all
//     training books by a global combine of coverage.BigramBooks, which a
//     runner lifts into the per-book stage. Without it, no bigram.
//  2. The sums of each fold (foldSumsFn): the frequent bigrams, the books'
//     refs and the plan meet in one element, which reads each training
//     book back from the work directory, makes its Stats on every core, a
//     fold at a time, and adds them up.
//  3. The sums of each set (setSumsFn), from its folds' (classify.FoldStats).
//
// The Stats are not made in the per-book stage: for the coverage model
// they would wait, whole, for the frequent bigrams, and with every bigram
// of every book they were the largest live data of the job
// (docs/benchmarks.md). Nor is each book a Beam element of its own: a
// runner may run a stage of short elements as one bundle on one core
// (prism does). Each element meets the plan by CoGroupByKey, not as a side
// input (doc.go, "Runners").
//
// In: PCollection<BookRef>, PCollection<[]uint64> (the training books'
// bigrams, used with the coverage model), PCollection<classify.Plan>.
// Out: PCollection<KV<int, int>>.
func setStatistics(s beam.Scope, opts TrainOptions, refs, bigrams, plan beam.PCollection) beam.PCollection {
	s = s.Scope("TrainingStats")
	var frequent beam.PCollection
	if opts.coverage() {
		frequent = beam.Combine(s, &bigramBooksFn{}, bigrams)
	} else {
		frequent = beam.Create(s, []uint32(nil))
	}
	sumsFn := &foldSumsFn{Dir: opts.WorkDir, Terms: opts.coverage(), Stopwords: opts.Stopwords}
	folds := beam.ParDo(s, sumsFn, beam.CoGroupByKey(s, beam.AddFixedKey(s, frequent), beam.AddFixedKey(s, refs), beam.AddFixedKey(s, plan)))
	return beam.ParDo(s, &setSumsFn{Dir: opts.WorkDir}, beam.CoGroupByKey(s, beam.AddFixedKey(s, folds), beam.AddFixedKey(s, plan)))
}

// FoldSums are the statistics of the training books of one fold: their
// classify.Counts in its binary form (MarshalBinary), which Beam's schema
// coding of a struct field would not use.
type FoldSums struct {
	Fold int
	Sums []byte
}

// foldSumsFn makes the statistics of each fold's training books from the
// books in the work directory: their Stats, with the frequent bigrams only
// for the coverage model (Terms), added up.
type foldSumsFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
	// Terms says that the coverage model needs the books' term statistics.
	Terms bool `json:"terms"`
	// Stopwords are the coverage extraction's, as in spillBookFn.
	Stopwords []string `json:"stopwords"`
}

func (f *foldSumsFn) ProcessElement(ctx context.Context, _ int, frequent func(*[]uint32) bool, refs func(*BookRef) bool, plans func(*classify.Plan) bool, emit func(FoldSums)) error {
	var prefixes []uint32
	var plan classify.Plan
	if !frequent(&prefixes) || !plans(&plan) {
		return errors.New("training books without their frequent bigrams or their plan")
	}
	byFold := map[int][]string{}
	for r := (BookRef{}); refs(&r); r = (BookRef{}) {
		if !r.Test {
			byFold[plan.Fold[r.ID]] = append(byFold[plan.Fold[r.ID]], r.ID)
		}
	}
	for _, fold := range slices.Sorted(maps.Keys(byFold)) {
		// A fold at a time, so that only its books' Stats are held.
		ids := byFold[fold]
		stats := make([]*classify.Stats, len(ids))
		if err := process.OnCores(len(ids), func(i int) error {
			b, err := readBook(ctx, f.Dir, ids[i], false)
			if err != nil {
				return err
			}
			stats[i] = f.stats(&b.Book, prefixes)
			return nil
		}); err != nil {
			return err
		}
		var sums classify.Counts
		for _, st := range stats {
			if err := sums.Add(st); err != nil {
				return fmt.Errorf("fold %d: %w", fold, err)
			}
		}
		data, err := sums.MarshalBinary()
		if err != nil {
			return err
		}
		emit(FoldSums{Fold: fold, Sums: data})
	}
	return nil
}

// stats returns the Stats of a training book: its words, and for the
// coverage model its terms with the bigrams of prefixes only.
func (f *foldSumsFn) stats(b *classify.Book, prefixes []uint32) *classify.Stats {
	if !f.Terms {
		return b.WordStats()
	}
	st := b.StatsWithStopwords(f.Stopwords)
	st.Terms.KeepBigrams(prefixes)
	return st
}

// bigramBooksFn finds the bigrams of enough books: a CombineFn whose
// accumulator, coverage.BigramBooks, counts in how many books each bigram
// occurs, and whose output is the prefixes of the frequent ones,
// increasing (coverage.BigramBooks.Frequent): the counts of every bigram
// of the corpus, millions, are not coded again for the step that reads
// them.
type bigramBooksFn struct{}

func (bigramBooksFn) CreateAccumulator() coverage.BigramBooks { return coverage.BigramBooks{} }

func (bigramBooksFn) AddInput(c coverage.BigramBooks, bigrams []uint64) coverage.BigramBooks {
	c.Add(bigrams)
	return c
}

func (bigramBooksFn) MergeAccumulators(a, b coverage.BigramBooks) coverage.BigramBooks {
	a.Merge(&b)
	return a
}

func (bigramBooksFn) ExtractOutput(c coverage.BigramBooks) []uint32 {
	return c.Frequent(coverage.MinBigramBooks)
}

// setSumsFn adds up, for every training set of the plan, the statistics of
// its folds, writes them to the work directory (setSumsFile) and emits the
// set with its number of books; the folds' statistics meet the plan in
// this one element. A set with no counted book (a fold of one book, or an
// empty plan) is not emitted: training reports it. Sending each book's
// Stats to each set that holds it, or each set's statistics to its
// featurization and to each of its models, would hold as many copies of
// them in the runner at once (docs/benchmarks.md).
type setSumsFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
}

func (f *setSumsFn) ProcessElement(ctx context.Context, _ int, iter func(*FoldSums) bool, plans func(*classify.Plan) bool, emit func(int, int)) error {
	var plan classify.Plan
	if !plans(&plan) {
		return errors.New("training statistics without a plan")
	}
	var encoded []FoldSums
	for fs := (FoldSums{}); iter(&fs); fs = (FoldSums{}) {
		encoded = append(encoded, fs)
	}
	// The folds are decoded, and the sets added up and encoded, on every
	// core: this one element is all the job does meanwhile.
	decoded := make([]classify.Counts, len(encoded))
	if err := process.OnCores(len(encoded), func(i int) error {
		if err := decoded[i].UnmarshalBinary(encoded[i].Sums); err != nil {
			return fmt.Errorf("fold %d: %w", encoded[i].Fold, err)
		}
		encoded[i].Sums = nil
		return nil
	}); err != nil {
		return err
	}
	folds := map[int]*classify.Counts{}
	for i := range encoded {
		folds[encoded[i].Fold] = &decoded[i]
	}
	sums, err := classify.NewFoldStats(folds)
	if err != nil {
		return err
	}
	sets := plan.Sets()
	books := make([]int, len(sets))
	if err := process.OnCores(len(sets), func(i int) error {
		c, err := sums.Set(plan.FoldsOf(sets[i]))
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
	}); err != nil {
		return err
	}
	for i, set := range sets {
		if books[i] > 0 {
			emit(set, books[i])
		}
	}
	return nil
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
