package transforms

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"runtime"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/internal/parallel"
)

// setBooks counts the (training set, book) pairs featurized: Folds
// of them per training book with cross-validation (Folds-1 fold sets and
// all books), one with a test corpus.
var setBooks = beam.NewCounter("bookalign", "set_books")

// sharedTexts counts the training books whose text another training book
// has too (classify.Plan.Group): each is kept in the fold of the first.
var sharedTexts = beam.NewCounter("bookalign", "books_sharing_text")

func init() {
	beam.RegisterType(reflect.TypeOf((*BookRef)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*classify.Plan)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*classify.Stats)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*classify.Counts)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*planFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*spillBookFn)(nil)).Elem())
	register.Function3x0[BookRef, classify.Plan, func(int, string)](routeTest)
	beam.RegisterType(reflect.TypeOf((*SetTask)(nil)).Elem())
	register.Function4x0[int, func(*classify.Plan) bool, func(*int) bool, func(SetTask)](setTasks)
	register.Emitter1[SetTask]()
	register.Iter1[classify.Plan]()
	beam.RegisterType(reflect.TypeOf((*bigramBooksFn)(nil)).Elem())
	register.Combiner3[coverage.BigramBooks, []uint64, coverage.BigramBooks](&bigramBooksFn{})
	register.Function1x1[coverage.BigramBooks, []uint32](frequentBigrams)
	beam.RegisterType(reflect.TypeOf((*foldTermCountsFn)(nil)).Elem())
	register.DoFn6x1[context.Context, int, func(*[]uint32) bool, func(*BookRef) bool, func(*classify.Plan) bool, func(FoldCounts), error](&foldTermCountsFn{})
	register.Emitter1[FoldCounts]()
	register.Emitter1[[]uint64]()
	register.Function2x2[classify.Stats, classify.Plan, int, classify.Stats](statsToFold)
	register.Function2x2[int, classify.Counts, FoldCounts, error](asFoldCounts)
	beam.RegisterType(reflect.TypeOf((*foldsToSetsFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*FoldCounts)(nil)).Elem())
	register.Iter1[FoldCounts]()
	register.Emitter2[int, int]()
	register.Iter2[int, int]()
	register.Emitter1[BookRef]()
	register.Emitter1[classify.Stats]()
	beam.RegisterType(reflect.TypeOf((*countsFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*featurizeSetsFn)(nil)).Elem())
	register.Emitter1[string]()
	register.Iter2[int, []byte]()
	register.Iter1[BookRef]()
	register.Iter1[[]uint32]()
	register.Emitter1[classify.Plan]()
	register.Emitter2[int, classify.Stats]()
}

// BookRef names a book, says whether it is a test book and fingerprints
// its text (classify.Book.Fingerprint): all the fold assignment needs of
// it, books that share their text being kept in one fold.
type BookRef struct {
	ID   string
	Test bool
	Text uint64
}

// Split is the output of FoldSplit.
type Split struct {
	// Plan is the one classify.Plan of the experiment: PCollection<classify.Plan>.
	Plan beam.PCollection
	// Train holds the ID of every training book under each training set
	// that holds it: PCollection<KV<int, string>>. The book's classify.SetBook, its
	// features under the set's collection, is in the work directory
	// (setBookFile).
	Train beam.PCollection
	// Test holds the ID of every book to summarize, keyed by the training
	// set whose model summarizes it (Plan.TestSet): PCollection<KV<int,
	// string>>. Its BookData is in the work directory (bookFile).
	Test beam.PCollection
	// Counts name the training sets and how many books each holds:
	// PCollection<KV<int, int>>. A set's collection statistics, combined
	// from the Stats of its books (classify.Counts, megabytes for a large
	// corpus), are in the work directory (countsFile), read where a
	// collection is built: by the featurization of its books and by the
	// training of each of its models.
	Counts beam.PCollection
}

// FoldSplit routes the books of an experiment to its training sets
// (classify.Plan): the seeded, balanced assignment of the training books to
// opts.Settings.Folds folds, or, when some books are test books, one training set of
// all training books. The books pass by claim check (spill.go): each is
// written to opts.WorkDir where it is made, and only its ID and its word
// counts travel on. The IDs meet in one place, to fix the plan; a book's
// word counts (classify.Stats) go to every training set that holds it,
// where a combiner adds them up (Split.Counts); each training book is then
// featurized, once under each of its sets' collections, and written back,
// its ID keyed by set (Split.Train); every book's ID is also keyed by the
// set whose model summarizes it (Split.Test). The keys are ints: a fold, or
// classify.AllBooks.
//
// Test books (a test corpus), when there are any, come in a collection of
// their own: each collection is spilled where it is made and only the
// books' refs are flattened. The statistics and bigrams come from the
// training books alone, straight from the stage that makes them, so that
// a runner lifts their combine into it; prism persists a flattened
// collection whole, and a Flatten of the books took a test-corpus run's
// live heap to about a gigabyte.
//
// In: PCollection<BookData> (training books, and under cross-validation
// every book), PCollection<BookData> (test books; none when not valid).
func FoldSplit(s beam.Scope, opts TrainOptions, books, test beam.PCollection) Split {
	s = s.Scope("transforms.FoldSplit")
	coverage := opts.coverage()
	spill := &spillBookFn{Dir: opts.WorkDir, Terms: coverage, Stopwords: opts.Settings.Summarizer.CoverageStopwords}
	refs, stats, bigrams := beam.ParDo3(s, spill, books)
	if test.IsValid() {
		testRefs, _, _ := beam.ParDo3(s.Scope("Test"), spill, test)
		refs = beam.Flatten(s, refs, testRefs)
	}
	plan := beam.ParDo(s, &planFn{Folds: opts.Settings.Folds, Seed: opts.Settings.Seed, Test: opts.Test}, beam.GroupByKey(s, beam.AddFixedKey(s, refs)))
	toSummarize := beam.ParDo(s, routeTest, refs, beam.SideInput{Input: plan})
	var folds beam.PCollection
	if coverage {
		folds = termCounts(s, opts, refs, bigrams, plan)
	} else {
		folds = foldCounts(s, stats, plan)
	}
	counts := setCounts(s, opts.WorkDir, folds, plan)
	split := Split{Plan: plan, Test: toSummarize, Counts: counts}
	split.Train = featurizeSets(s, opts, plan, counts)
	return split
}

// featurizeSets featurizes each training book of the plan under the
// collection of every training set that holds it, with the features and
// the labels of opts' summarizers, and returns their IDs keyed by set
// (Split.Train).
//
// The plan and the sets' statistics meet by CoGroupByKey, not as side
// inputs of the featurizing: prism v2.77 spins its scheduler while a stage
// that reads a side input has a bundle in progress (see Train), and this
// stage runs for tens of seconds. Their one element names the books to
// featurize (setTasks), which a Reshuffle spreads over the workers; the
// statistics are read from the work directory, written before the sets
// were emitted.
//
// In: PCollection<classify.Plan>, PCollection<KV<int, int>> (Split.Counts).
func featurizeSets(s beam.Scope, opts TrainOptions, plan, counts beam.PCollection) beam.PCollection {
	s = s.Scope("FeaturizeSets")
	ready := beam.CoGroupByKey(s, beam.AddFixedKey(s, plan), beam.AddFixedKey(s, beam.DropKey(s, counts)))
	tasks := beam.Reshuffle(s, beam.ParDo(s, setTasks, ready))
	return beam.ParDo(s, &featurizeSetsFn{Features: opts.Settings.Summarizer, Methods: opts.Methods, Dir: opts.WorkDir}, tasks)
}

// SetTask is a training book to featurize under the collections of its
// training sets: what featurizeSetsFn needs of the plan.
type SetTask struct {
	// ID names the book.
	ID string
	// Sets are the training sets that hold it (classify.Plan.SetsOf).
	Sets []int
	// Group names the books that share its text (classify.Plan.Group).
	Group string
}

// setTasks emits a SetTask for every training book of the plan, in ID
// order, once the sets' statistics are written: the sets are only drained,
// since their element comes after the last of them.
func setTasks(_ int, plans func(*classify.Plan) bool, sets func(*int) bool, emit func(SetTask)) {
	var n int
	for sets(&n) {
	}
	var plan classify.Plan
	for plans(&plan) {
		ids := make([]string, 0, len(plan.Fold))
		for id := range plan.Fold {
			ids = append(ids, id)
		}
		slices.Sort(ids)
		for _, id := range ids {
			emit(SetTask{ID: id, Sets: plan.SetsOf(plan.Fold[id]), Group: plan.Group[id]})
		}
	}
}

// spillBookFn writes a book to the work directory where it is made (it
// needs nothing from other books, so a runner fuses it with the per-book
// stages) and emits its reference and, for a training book, its word
// counts, or, for the coverage model (Terms), its bigrams, whose term
// statistics termCounts makes once the frequent bigrams are known.
type spillBookFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
	// Terms says that the coverage model needs the books' term statistics:
	// a training book's bigrams are emitted, not its Stats.
	Terms bool `json:"terms"`
	// Stopwords are the coverage extraction's (classify.Settings.
	// CoverageStopwords): the term bigrams are counted with them.
	Stopwords []string `json:"stopwords"`
}

func (f *spillBookFn) ProcessElement(ctx context.Context, b BookData, ref func(BookRef), stats func(classify.Stats), bigrams func([]uint64)) error {
	data, err := encodeBookData(b)
	if err != nil {
		return fmt.Errorf("book %q: %w", b.ID, err)
	}
	if err := WriteFile(ctx, bookFile(f.Dir, b.ID, b.Test), data); err != nil {
		return err
	}
	ref(BookRef{ID: b.ID, Test: b.Test, Text: b.Book.Fingerprint()})
	switch {
	case b.Test:
	case f.Terms:
		bigrams(coverage.NewTermStats(&b.Book.Terms, f.Stopwords).Bigrams)
	default:
		stats(*b.Book.WordStats())
	}
	return nil
}

// termCounts returns the Counts of each fold's training books with their
// term statistics, of which it keeps only the bigrams that at least
// coverage.MinBigramBooks training books hold: the coverage model
// uses the statistics of no other bigram, and a book holds some 75,000
// distinct bigrams (with the content bigrams of ROUGE -s), of which about a
// quarter pass. The books' bigrams are counted over all training books
// first (a global combine of coverage.BigramBooks, which a runner lifts
// into the per-book stage: several million bigrams for 245 books). The
// frequent ones then meet the books' refs and the plan in one element
// (foldTermCountsFn, by CoGroupByKey: as side inputs they would spin
// prism's scheduler, see featurizeSets), which reads each training book
// back from the work directory, makes its Stats on every core, and adds
// them up by fold. The Stats are not taken from the per-book stage: they
// would wait, whole, for the frequent bigrams, and with every bigram of
// every book they were the largest live data of the job
// (docs/benchmarks.md). Nor is each book a Beam element of its own: prism
// runs a stage of short elements as one bundle on one core.
//
// In: PCollection<BookRef>, PCollection<[]uint64> (the training books'
// bigrams), PCollection<classify.Plan>. Out: PCollection<FoldCounts>.
func termCounts(s beam.Scope, opts TrainOptions, refs, bigrams, plan beam.PCollection) beam.PCollection {
	s = s.Scope("FrequentBigrams")
	counted := beam.Combine(s, &bigramBooksFn{}, bigrams)
	frequent := beam.ParDo(s, frequentBigrams, counted)
	return beam.ParDo(s, &foldTermCountsFn{Dir: opts.WorkDir, Stopwords: opts.Settings.Summarizer.CoverageStopwords},
		beam.CoGroupByKey(s, beam.AddFixedKey(s, frequent), beam.AddFixedKey(s, refs), beam.AddFixedKey(s, plan)))
}

// foldTermCountsFn makes the Counts of each fold's training books, their
// Stats with the frequent bigrams only, from the books in the work
// directory.
type foldTermCountsFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
	// Stopwords are the coverage extraction's, as in spillBookFn.
	Stopwords []string `json:"stopwords"`
}

func (f *foldTermCountsFn) ProcessElement(ctx context.Context, _ int, frequent func(*[]uint32) bool, refs func(*BookRef) bool, plans func(*classify.Plan) bool, emit func(FoldCounts)) error {
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
	folds := slices.Sorted(maps.Keys(byFold))
	for _, fold := range folds {
		// A fold at a time, so that only its books' Stats are held.
		ids := byFold[fold]
		stats := make([]*classify.Stats, len(ids))
		if err := parallel.For(len(ids), runtime.GOMAXPROCS(0), func(i int) error {
			b, err := readBook(ctx, f.Dir, ids[i], false)
			if err != nil {
				return err
			}
			stats[i] = b.Book.StatsWithStopwords(f.Stopwords)
			stats[i].Terms.KeepBigrams(prefixes)
			return nil
		}); err != nil {
			return err
		}
		var c classify.Counts
		for _, st := range stats {
			if err := c.Add(st); err != nil {
				return fmt.Errorf("fold %d: %w", fold, err)
			}
		}
		fc, err := asFoldCounts(fold, c)
		if err != nil {
			return err
		}
		emit(fc)
	}
	return nil
}

// bigramBooksFn counts in how many books each bigram occurs: a CombineFn
// whose accumulator is coverage.BigramBooks.
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

func (bigramBooksFn) ExtractOutput(c coverage.BigramBooks) coverage.BigramBooks { return c }

// frequentBigrams returns the prefixes of the bigrams of enough books,
// increasing (coverage.BigramBooks.Frequent).
func frequentBigrams(c coverage.BigramBooks) []uint32 {
	return c.Frequent(coverage.MinBigramBooks)
}

// routeTest keys every book's ID by the set whose model summarizes it.
func routeTest(r BookRef, plan classify.Plan, test func(int, string)) {
	if set, ok := plan.Summarizer(r.ID, r.Test); ok {
		test(set, r.ID)
	}
}

// foldCounts adds up the Stats of the training books of each fold: a
// book's Stats go to its fold only, where a combiner adds them up.
//
// In: PCollection<classify.Stats>, PCollection<classify.Plan>. Out:
// PCollection<FoldCounts>.
func foldCounts(s beam.Scope, stats, plan beam.PCollection) beam.PCollection {
	s = s.Scope("FoldStats")
	foldStats := beam.ParDo(s, statsToFold, stats, beam.SideInput{Input: plan})
	return beam.ParDo(s, asFoldCounts, beam.CombinePerKey(s, &countsFn{}, foldStats))
}

// setCounts adds up the Counts of the folds of each training set and
// writes each set's Counts to the work directory: the folds' Counts meet
// in one element with the plan (by CoGroupByKey: a side input would spin
// prism's scheduler while the element runs, featurizeSets), which adds up
// each set's from the Counts of its folds, writes them (countsFile) and
// emits the set and its number of books. Sending each book's Stats to each
// of the Folds sets that hold it would hold Folds copies of every Stats in
// the runner at once, and sending each set's Counts to its featurization
// and to each of its models would hold as many copies of them: together
// some 800 MB for 245 books with the coverage model's bigrams
// (docs/benchmarks.md).
//
// In: PCollection<FoldCounts>, PCollection<classify.Plan>. Out:
// PCollection<KV<int, int>>.
func setCounts(s beam.Scope, dir string, folds, plan beam.PCollection) beam.PCollection {
	s = s.Scope("TrainingStats")
	return beam.ParDo(s, &foldsToSetsFn{Dir: dir}, beam.CoGroupByKey(s, beam.AddFixedKey(s, folds), beam.AddFixedKey(s, plan)))
}

// FoldCounts are the Counts of the training books of one fold, in their
// binary form (classify.Counts.MarshalBinary), which Beam's schema coding
// of a struct field would not use.
type FoldCounts struct {
	Fold   int
	Counts []byte
}

// statsToFold keys a training book's word counts by its fold.
func statsToFold(st classify.Stats, plan classify.Plan) (int, classify.Stats) {
	return plan.Fold[st.ID], st
}

func asFoldCounts(fold int, c classify.Counts) (FoldCounts, error) {
	data, err := c.MarshalBinary()
	return FoldCounts{Fold: fold, Counts: data}, err
}

// foldsToSetsFn adds up, for every training set of the plan, the Counts of
// its folds, writes them to the work directory and emits the set with its
// number of books. A set with no counted book (a fold of one book, or an
// empty plan) is not emitted: training reports it.
type foldsToSetsFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
}

func (f *foldsToSetsFn) ProcessElement(ctx context.Context, _ int, iter func(*FoldCounts) bool, plans func(*classify.Plan) bool, emit func(int, int)) error {
	var plan classify.Plan
	if !plans(&plan) {
		return errors.New("training statistics without a plan")
	}
	var encoded []FoldCounts
	for fc := (FoldCounts{}); iter(&fc); fc = (FoldCounts{}) {
		encoded = append(encoded, fc)
	}
	// The folds are decoded, and the sets added up and encoded, on every
	// core: this one element is all the job does meanwhile.
	decoded := make([]classify.Counts, len(encoded))
	if err := parallel.For(len(encoded), runtime.GOMAXPROCS(0), func(i int) error {
		if err := decoded[i].UnmarshalBinary(encoded[i].Counts); err != nil {
			return fmt.Errorf("fold %d: %w", encoded[i].Fold, err)
		}
		encoded[i].Counts = nil
		return nil
	}); err != nil {
		return err
	}
	folds := map[int]*classify.Counts{}
	for i := range encoded {
		folds[encoded[i].Fold] = &decoded[i]
	}
	// Every fold's counts are added up once; a set of every fold but one
	// takes that one away from them (Counts.Without), a fraction of the work
	// of adding up the others.
	present := slices.Sorted(maps.Keys(folds))
	var all classify.Counts
	for _, fold := range present {
		if err := all.Merge(folds[fold]); err != nil {
			return fmt.Errorf("fold %d: %w", fold, err)
		}
	}
	sets := plan.Sets()
	books := make([]int, len(sets))
	if err := parallel.For(len(sets), runtime.GOMAXPROCS(0), func(i int) error {
		c, err := setOfFolds(&all, folds, present, plan.FoldsOf(sets[i]))
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
		return WriteFile(ctx, countsFile(f.Dir, sets[i]), data)
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

// setOfFolds returns the counts of the folds setFolds, from all, the
// counts of the folds present, and each fold's counts.
func setOfFolds(all *classify.Counts, folds map[int]*classify.Counts, present, setFolds []int) (*classify.Counts, error) {
	var held []int // the present folds the set holds
	for _, f := range setFolds {
		if _, ok := folds[f]; ok {
			held = append(held, f)
		}
	}
	switch len(present) - len(held) {
	case 0:
		return all, nil
	case 1:
		for _, f := range present {
			if !slices.Contains(held, f) {
				return all.Without(folds[f])
			}
		}
	}
	var c classify.Counts
	for _, f := range held {
		if err := c.Merge(folds[f]); err != nil {
			return nil, err
		}
	}
	return &c, nil
}

// readCounts reads the statistics of training set set from the work
// directory, in their binary form.
func readCounts(ctx context.Context, dir string, set int) ([]byte, error) {
	data, err := ReadWritten(ctx, countsFile(dir, set))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", setName(set), err)
	}
	return data, nil
}

// planFn makes the plan from every book's ID and fingerprint. The books
// are those that were not rejected, known only here: too few of them for
// the plan (enoughBooks) fail the run with an error that says how many
// there are and how many it needs, rather than in a fold that has books
// to summarize and no model.
type planFn struct {
	// Folds is the number of cross-validation folds.
	Folds int `json:"folds"`
	// Seed seeds the fold assignment.
	Seed uint64 `json:"seed"`
	// Test makes the plan of a test corpus (TrainOptions.Test) whether or
	// not a test book is among the books.
	Test bool `json:"test,omitempty"`
}

func (f *planFn) ProcessElement(ctx context.Context, _ int, iter func(*BookRef) bool, emit func(classify.Plan)) error {
	var ids []string
	var prints []uint64
	test := f.Test
	var r BookRef
	for iter(&r) {
		if r.Test {
			test = true
		} else {
			ids = append(ids, r.ID)
			prints = append(prints, r.Text)
		}
	}
	groups := classify.Groups(ids, prints)
	if err := f.enoughBooks(len(ids), len(ids)-len(groups), test); err != nil {
		return err
	}
	p, err := classify.NewPlan(f.Seed, f.Folds, ids, groups, test)
	if err != nil {
		return err
	}
	if len(groups) > 0 {
		sharedTexts.Inc(ctx, int64(len(groups)))
		log.Infof(ctx, "%d training books share their text with another and are kept in its fold", len(groups))
	}
	emit(*p)
	return nil
}

// enoughBooks returns an error unless books training books, of texts
// distinct texts, can make a plan: with test books, one book at least to
// train on; under cross-validation, two distinct texts at least, so that
// every book is held out of a training set that is not empty (books that
// share a text share a fold). Fewer books than folds are enough: the
// folds beyond them are empty, and each book is held out on its own.
func (f *planFn) enoughBooks(books, texts int, test bool) error {
	switch {
	case test && books == 0:
		return errors.New("no book to train on: every pair of the training corpus (--corpus) was rejected")
	case !test && texts < 2:
		usable := fmt.Sprintf("%d usable book", books)
		if books != 1 {
			usable += "s"
		}
		if texts != books {
			usable += fmt.Sprintf(" with %d distinct text", texts)
		}
		return fmt.Errorf("too few books for cross-validation: %s once the rejected pairs are set aside, where --folds %d needs at least 2 books with distinct texts, one to hold out and one to train on", usable, f.Folds)
	}
	return nil
}

// countsFn adds up the Stats of the books of a training set: a CombineFn
// whose accumulator is classify.Counts (Add and Merge commute, so runners
// may combine partial counts in any order).
type countsFn struct{}

func (countsFn) CreateAccumulator() classify.Counts { return classify.Counts{} }

func (countsFn) AddInput(c classify.Counts, st classify.Stats) (classify.Counts, error) {
	err := c.Add(&st)
	return c, err
}

func (countsFn) MergeAccumulators(a, b classify.Counts) (classify.Counts, error) {
	err := a.Merge(&b)
	return a, err
}

func (countsFn) ExtractOutput(c classify.Counts) classify.Counts { return c }

// featurizeSetsFn featurizes one training book under the collection of
// every training set that holds it, with every method's labels.
type featurizeSetsFn struct {
	// Features configure the features.
	Features classify.Settings `json:"features"`
	// Methods are the methods whose labels the sets train on.
	Methods []string `json:"methods"`
	// Dir is the work directory.
	Dir string `json:"dir"`

	// cols holds the collection of each training set during a bundle
	// (collections.get shares them between the bundles of a process).
	cols map[int]*classify.Collection
}

func (f *featurizeSetsFn) ProcessElement(ctx context.Context, t SetTask, emit func(int, string)) error {
	b, err := readBook(ctx, f.Dir, t.ID, false)
	if err != nil {
		return err
	}
	labels := make([]classify.MethodRows, len(f.Methods))
	for i, m := range f.Methods {
		labels[i] = classify.MethodRows{Method: m, Rows: classify.LabelledRows(b.Book.Labels(b.labels(m)))}
	}
	var grams *coverage.Grams // the book's n-grams, counted once for all its sets
	if f.Features.Coverage {
		grams = coverage.NewGrams(&b.Book.Terms, f.Features.CoverageStopwords)
	}
	if err := f.loadCollections(ctx, t.Sets); err != nil {
		return fmt.Errorf("book %q: %w", b.ID, err)
	}
	for _, set := range t.Sets {
		col := f.cols[set]
		sb := classify.SetBook{Features: *col.FeaturizeGrams(&b.Book, grams), Labels: labels}
		sb.Features.Group = t.Group
		data, err := sb.MarshalBinary()
		if err != nil {
			return fmt.Errorf("book %q: %w", t.ID, err)
		}
		if err := WriteFile(ctx, setBookFile(f.Dir, set, t.ID), data); err != nil {
			return err
		}
		emit(set, t.ID)
		setBooks.Inc(ctx, 1)
	}
	tick(StageTrainingSets, "books")
	return nil
}

// loadCollections builds the collections of sets that the bundle does not
// hold yet, from their statistics in the work directory, on every core:
// the first book of a bundle needs ten of them.
func (f *featurizeSetsFn) loadCollections(ctx context.Context, sets []int) error {
	var missing []int
	for _, set := range sets {
		if _, ok := f.cols[set]; !ok {
			missing = append(missing, set)
		}
	}
	cols := make([]*classify.Collection, len(missing))
	err := parallel.For(len(missing), runtime.GOMAXPROCS(0), func(i int) error {
		data, err := readCounts(ctx, f.Dir, missing[i])
		if err != nil {
			return err
		}
		if cols[i], err = collections.get(data, f.Features); err != nil {
			return fmt.Errorf("%s: %w", setName(missing[i]), err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if f.cols == nil {
		f.cols = map[int]*classify.Collection{}
	}
	for i, set := range missing {
		f.cols[set] = cols[i]
	}
	return nil
}

// FinishBundle lets go of the collections: the runner may keep the DoFn
// for later bundles long after the stage is done.
func (f *featurizeSetsFn) FinishBundle(_ func(int, string)) {
	f.cols = nil
}
