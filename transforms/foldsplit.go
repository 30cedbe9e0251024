package transforms

import (
	"context"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/internal/store"
)

// sharedTexts counts the training books whose text another training book
// has too (cv.Plan.Group): each is kept in the fold of the first.
var sharedTexts = beam.NewCounter("bookalign", "books_sharing_text")

func init() {
	beam.RegisterType(reflect.TypeOf((*BookRef)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*cv.Plan)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*planFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*spillBookFn)(nil)).Elem())
	register.Function3x0[BookRef, cv.Plan, func(int, string)](routeTest)
	register.Iter1[cv.Plan]()
	register.Emitter1[[]uint64]()
	register.Emitter2[int, int]()
	register.Iter2[int, int]()
	register.Emitter1[BookRef]()
	register.Emitter1[string]()
	register.Iter2[int, []byte]()
	register.Iter1[BookRef]()
	register.Emitter1[cv.Plan]()
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
	// Plan is the one cv.Plan of the experiment: PCollection<cv.Plan>.
	Plan beam.PCollection
	// Train holds the ID of every training book under each training set
	// that holds it: PCollection<KV<int, string>>. The book's features.SetBook, its
	// features under the set's collection, is in the work directory
	// (setBookFile).
	Train beam.PCollection
	// Test holds the ID of every book to summarize, keyed by the training
	// set whose model summarizes it (Plan.TestSet): PCollection<KV<int,
	// string>>. Its BookData is in the work directory (bookFile).
	Test beam.PCollection
	// SetSizes name the training sets and how many books each holds:
	// PCollection<KV<int, int>>. A set's statistics, the sum of the Stats
	// of its books (features.Counts), are in the work directory
	// (setSumsFile), read where a collection is built: by the
	// featurization of its books and by the training of each of its models.
	SetSizes beam.PCollection
}

// FoldSplit routes the books of an experiment to its training sets
// (cv.Plan): the seeded, balanced assignment of the training books to
// opts.Settings.Folds folds, or, when some books are test books, one training set of
// all training books. The books pass by claim check (spill.go): each is
// written to opts.WorkDir where it is made, and only its ID travels on
// (with its bigrams, for the coverage model). The IDs meet in one place,
// to fix the plan; each training set's statistics are then added up from
// its books (setStatistics, Split.SetSizes); each training book is
// featurized, once under each of its sets' collections, and written back,
// its ID keyed by set (Split.Train); every book's ID is also keyed by the
// set whose model summarizes it (Split.Test). The keys are ints: a fold,
// or cv.AllBooks.
//
// Test books (a test corpus), when there are any, come in a collection of
// their own: each collection is spilled where it is made and only the
// books' refs are flattened. The bigrams come from the training books
// alone, straight from the stage that makes them, so that a runner lifts
// their combine into it; a runner may persist a flattened collection whole
// (prism does).
//
// In: PCollection<BookData> (training books, and under cross-validation
// every book), PCollection<BookData> (test books; none when not valid).
func FoldSplit(s beam.Scope, opts TrainOptions, books, test beam.PCollection) Split {
	s = s.Scope("transforms.FoldSplit")
	spill := &spillBookFn{Dir: opts.WorkDir, Terms: opts.coverage(), Stopwords: opts.Stopwords}
	refs, bigrams := beam.ParDo2(s, spill, books)
	if test.IsValid() {
		testRefs, _ := beam.ParDo2(s.Scope("Test"), spill, test)
		refs = beam.Flatten(s, refs, testRefs)
	}
	plan := beam.ParDo(s, &planFn{Folds: opts.Settings.Folds, Seed: opts.Settings.Seed, Test: opts.Test}, beam.GroupByKey(s, beam.AddFixedKey(s, refs)))
	toSummarize := beam.ParDo(s, routeTest, refs, beam.SideInput{Input: plan})
	sizes := setStatistics(s, opts, refs, bigrams, plan)
	return Split{Plan: plan, Test: toSummarize, SetSizes: sizes, Train: featurizeSets(s, opts, plan, sizes)}
}

// spillBookFn writes a book to the work directory where it is made (it
// needs nothing from other books, so a runner fuses it with the per-book
// stages) and emits its reference. A training book's Stats are made there
// too, once, and written beside it for the training sets' sums
// (setStatistics); for the coverage model (Terms) its bigrams are emitted,
// whose counts over the books say which bigrams the sets' statistics keep.
type spillBookFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
	// Terms says that the coverage model needs the books' term statistics:
	// a training book's Stats hold them, and its bigrams are emitted.
	Terms bool `json:"terms"`
	// Stopwords are the coverage extraction's (features.Settings.
	// TrainOptions.Stopwords): the term bigrams are counted with them.
	Stopwords []string `json:"stopwords"`
}

func (f *spillBookFn) ProcessElement(ctx context.Context, b BookData, ref func(BookRef), bigrams func([]uint64)) error {
	data, err := encodeBookData(b)
	if err != nil {
		return fmt.Errorf("book %q: %w", b.ID, err)
	}
	if err := store.WriteFile(ctx, bookFile(f.Dir, b.ID, b.Test), data); err != nil {
		return err
	}
	if !b.Test {
		st := f.stats(&b.Book)
		data, err := st.MarshalBinary()
		if err != nil {
			return fmt.Errorf("book %q: %w", b.ID, err)
		}
		if err := store.WriteFile(ctx, statsFile(f.Dir, b.ID), data); err != nil {
			return err
		}
		if f.Terms {
			bigrams(st.Terms.Bigrams)
		}
	}
	ref(BookRef{ID: b.ID, Test: b.Test, Text: b.Book.Fingerprint()})
	return nil
}

// stats returns the Stats of a training book: its words, and for the
// coverage model its terms and every bigram, which the sets' sums cut to
// the frequent ones.
func (f *spillBookFn) stats(b *classify.Book) *classify.Stats {
	if !f.Terms {
		return b.WordStats()
	}
	return b.StatsWithStopwords(f.Stopwords)
}

// routeTest keys every book's ID by the set whose model summarizes it.
func routeTest(r BookRef, plan cv.Plan, test func(int, string)) {
	if set, ok := plan.Summarizer(r.ID, r.Test); ok {
		test(set, r.ID)
	}
}

// planFn makes the plan from every book's ID and fingerprint. The books
// are those that were not rejected, known only here: too few of them for
// the plan (cv.CheckBooks) fail the run with an error that says how
// many there are and how many it needs, rather than in a fold that has
// books to summarize and no model.
type planFn struct {
	// Folds is the number of cross-validation folds.
	Folds int `json:"folds"`
	// Seed seeds the fold assignment.
	Seed uint64 `json:"seed"`
	// Test makes the plan of a test corpus (TrainOptions.Test) whether or
	// not a test book is among the books.
	Test bool `json:"test,omitempty"`
}

func (f *planFn) ProcessElement(ctx context.Context, _ int, iter func(*BookRef) bool, emit func(cv.Plan)) error {
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
	groups := cv.Groups(ids, prints)
	if err := cv.CheckBooks(len(ids), len(ids)-len(groups), f.Folds, test); err != nil {
		return err
	}
	p, err := cv.NewPlan(f.Seed, f.Folds, ids, groups, test)
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
