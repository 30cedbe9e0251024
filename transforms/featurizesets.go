package transforms

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/internal/procache"
	"github.com/bookalign/bookalign/internal/process"
	"github.com/bookalign/bookalign/internal/store"
)

// setBooks counts the (training set, book) pairs featurized: Folds
// of them per training book with cross-validation (Folds-1 fold sets and
// all books), one with a test corpus.
var setBooks = beam.NewCounter("bookalign", "set_books")

func init() {
	beam.RegisterType(reflect.TypeOf((*SetTask)(nil)).Elem())
	register.Function4x0[int, func(*cv.Plan) bool, func(*int) bool, func(SetTask)](setTasks)
	register.Emitter1[SetTask]()
	beam.RegisterType(reflect.TypeOf((*featurizeSetsFn)(nil)).Elem())
}

// featurizeSets featurizes each training book of the plan under the
// collection of every training set that holds it, with the features and
// the labels of opts' summarizers, and returns their IDs keyed by set
// (Split.Train).
//
// The plan and the sets' sizes meet by CoGroupByKey, not as side inputs
// (doc.go, "Runners"): this stage runs for tens of seconds. Their one
// element names the books to featurize (setTasks), which a Reshuffle
// spreads over the workers; the sets' statistics are read from the work
// directory, written before the sets were emitted.
//
// In: PCollection<cv.Plan>, PCollection<KV<int, int>> (Split.SetSizes).
func featurizeSets(s beam.Scope, opts TrainOptions, plan, sizes beam.PCollection) beam.PCollection {
	s = s.Scope("FeaturizeSets")
	ready := beam.CoGroupByKey(s, beam.AddFixedKey(s, plan), beam.AddFixedKey(s, beam.DropKey(s, sizes)))
	tasks := beam.Reshuffle(s, beam.ParDo(s, setTasks, ready))
	return beam.ParDo(s, &featurizeSetsFn{Summarizer: opts.Settings.Summarizer, Stopwords: opts.Stopwords, Methods: opts.Methods, Dir: opts.WorkDir}, tasks)
}

// SetTask is a training book to featurize under the collections of its
// training sets: what featurizeSetsFn needs of the plan.
type SetTask struct {
	// ID names the book.
	ID string
	// Sets are the training sets that hold it (cv.Plan.SetsOf).
	Sets []int
	// Group names the books that share its text (cv.Plan.Group).
	Group string
}

// setTasks emits a SetTask for every training book of the plan, in ID
// order, once the sets' statistics are written: the sets are only drained,
// since their element comes after the last of them.
func setTasks(_ int, plans func(*cv.Plan) bool, sets func(*int) bool, emit func(SetTask)) {
	var n int
	for sets(&n) {
	}
	var plan cv.Plan
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

// featurizeSetsFn featurizes one training book under the collection of
// every training set that holds it, with every method's labels.
type featurizeSetsFn struct {
	// Summarizer configures the features.
	Summarizer features.Settings `json:"summarizer"`
	// Stopwords are the function words of coverage extraction
	// (TrainOptions.Stopwords).
	Stopwords []string `json:"stopwords,omitempty"`
	// Methods are the methods whose labels the sets train on.
	Methods []string `json:"methods"`
	// Dir is the work directory.
	Dir string `json:"dir"`

	// cols holds the collection of each training set during a bundle
	// (procache shares them between the bundles of a process), index
	// places a book's words, terms and bigrams in all of them at once, and
	// at[set] is the set's collection in the index.
	cols  map[int]procache.Collection
	index *features.SetsIndex
	at    map[int]int
}

func (f *featurizeSetsFn) ProcessElement(ctx context.Context, t SetTask, emit func(int, string)) error {
	b, err := readBook(ctx, f.Dir, t.ID, false)
	if err != nil {
		return err
	}
	labels := make([]features.MethodRows, len(f.Methods))
	for i, m := range f.Methods {
		labels[i] = features.MethodRows{Method: m, Rows: features.LabelledRows(b.Book.Labels(b.labels(m)))}
	}
	var grams *coverage.Grams // the book's n-grams, counted once for all its sets
	if f.Summarizer.Coverage {
		grams = coverage.NewGrams(&b.Book.Terms, f.Stopwords)
	}
	if err := f.loadCollections(ctx, t.Sets); err != nil {
		return fmt.Errorf("book %q: %w", b.ID, err)
	}
	places := f.index.Place(&b.Book, grams)
	for _, set := range t.Sets {
		sb := features.SetBook{Features: *f.index.FeaturizeGrams(f.at[set], &b.Book, places), Labels: labels}
		sb.Features.Group = t.Group
		data, err := sb.MarshalBinary()
		if err != nil {
			return fmt.Errorf("book %q: %w", t.ID, err)
		}
		if err := store.WriteFile(ctx, setBookFile(f.Dir, set, t.ID), data); err != nil {
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
// the first book of a bundle needs one for each of its sets. It indexes
// the bundle's collections again when it built one.
func (f *featurizeSetsFn) loadCollections(ctx context.Context, sets []int) error {
	var missing []int
	for _, set := range sets {
		if _, ok := f.cols[set]; !ok {
			missing = append(missing, set)
		}
	}
	cols := make([]procache.Collection, len(missing))
	err := process.OnCores(len(missing), func(i int) error {
		data, err := readSetSums(ctx, f.Dir, missing[i])
		if err != nil {
			return err
		}
		if cols[i], err = procache.SharedCollection(data, f.Summarizer, f.Stopwords); err != nil {
			return fmt.Errorf("%s: %w", setName(missing[i]), err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if f.cols == nil {
		f.cols = map[int]procache.Collection{}
	}
	for i, set := range missing {
		f.cols[set] = cols[i]
	}
	if len(missing) > 0 || f.index == nil {
		sets := slices.Sorted(maps.Keys(f.cols))
		in := make([]procache.Collection, len(sets))
		f.at = make(map[int]int, len(sets))
		for i, set := range sets {
			in[i], f.at[set] = f.cols[set], i
		}
		if f.index, err = procache.SharedSetsIndex(in); err != nil {
			return err
		}
	}
	return nil
}

// FinishBundle lets go of the collections: the runner may keep the DoFn
// for later bundles long after the stage is done.
func (f *featurizeSetsFn) FinishBundle(_ func(int, string)) {
	f.cols, f.index, f.at = nil, nil, nil
}

// labels returns the sentences method labelled in b.
func (b *BookData) labels(method string) []int {
	for _, l := range b.Labels {
		if l.Method == method {
			return l.Sentences
		}
	}
	return nil
}
