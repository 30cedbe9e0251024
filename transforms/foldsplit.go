package transforms

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*BookRef)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*classify.Plan)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*classify.Stats)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*classify.Counts)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*planFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*foldSplitFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*countsFn)(nil)).Elem())
	register.Function1x1[BookData, BookRef](bookRef)
	register.Iter1[BookRef]()
	register.Emitter1[classify.Plan]()
	register.Emitter2[int, BookData]()
	register.Emitter2[int, classify.Stats]()
}

// BookRef names a book and says whether it is a test book: all the fold
// assignment needs of it.
type BookRef struct {
	ID   string
	Test bool
}

// Split is the output of FoldSplit.
type Split struct {
	// Plan is the one classify.Plan of the experiment: PCollection<classify.Plan>.
	Plan beam.PCollection
	// Train holds every training book keyed by its fold (0 with test books):
	// PCollection<KV<int, BookData>>. Training set s reads the folds
	// Plan.FoldsOf(s).
	Train beam.PCollection
	// Test holds every book to summarize, without its labels, keyed by the
	// training set whose model summarizes it (Plan.TestSet):
	// PCollection<KV<int, BookData>>.
	Test beam.PCollection
	// Counts hold the collection statistics of each training set, combined
	// from the Stats of its books: PCollection<KV<int, classify.Counts>>.
	Counts beam.PCollection
}

// FoldSplit routes the books of an experiment to its training sets
// (classify.Plan): the seeded, balanced assignment of the training books to
// opts.Folds folds, or, when some books are test books, one training set of
// all training books. Only the book IDs meet in one place, to fix the plan;
// each book then travels once keyed by its fold (Split.Train) and once keyed
// by the set whose model summarizes it (Split.Test), and its word counts
// (classify.Stats) go to every training set that holds it, where a combiner
// adds them up (Split.Counts). The keys are ints: a fold, or
// classify.AllBooks.
//
// In: PCollection<BookData>.
func FoldSplit(s beam.Scope, opts TrainOptions, books beam.PCollection) Split {
	s = s.Scope("transforms.FoldSplit")
	refs := beam.GroupByKey(s, beam.AddFixedKey(s, beam.ParDo(s, bookRef, books)))
	plan := beam.ParDo(s, &planFn{Folds: opts.Folds, Seed: opts.Seed}, refs)
	outs := beam.ParDoN(s, &foldSplitFn{}, books, beam.SideInput{Input: plan})
	counts := beam.CombinePerKey(s.Scope("TrainingStats"), &countsFn{}, outs[2])
	return Split{Plan: plan, Train: outs[0], Test: outs[1], Counts: counts}
}

func bookRef(b BookData) BookRef { return BookRef{ID: b.ID, Test: b.Test} }

// planFn makes the plan from every book's ID.
type planFn struct {
	// Folds is the number of cross-validation folds.
	Folds int `json:"folds"`
	// Seed seeds the fold assignment.
	Seed uint64 `json:"seed"`
}

func (f *planFn) ProcessElement(_ int, iter func(*BookRef) bool, emit func(classify.Plan)) error {
	var ids []string
	test := false
	var r BookRef
	for iter(&r) {
		if r.Test {
			test = true
		} else {
			ids = append(ids, r.ID)
		}
	}
	p, err := classify.NewPlan(f.Seed, f.Folds, ids, test)
	if err != nil {
		return err
	}
	emit(*p)
	return nil
}

// foldSplitFn routes one book.
type foldSplitFn struct{}

func (f *foldSplitFn) ProcessElement(b BookData, plan classify.Plan, train, test func(int, BookData), stats func(int, classify.Stats)) {
	if b.Test {
		b.Labels = nil
		test(plan.TestSet(0, true), b)
		return
	}
	fold := plan.Fold[b.ID]
	train(fold, b)
	st := *b.Book.Stats()
	for _, set := range plan.SetsOf(fold) {
		stats(set, st)
	}
	if !plan.Test {
		b.Labels = nil
		test(plan.TestSet(fold, false), b)
	}
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
