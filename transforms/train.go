package transforms

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"runtime"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
)

var (
	modelsTrained = beam.NewCounter("bookalign", "models_trained")
	// trainKeys counts the (method, training set) elements that reach
	// Train: one per model, however the runner spreads them.
	trainKeys = beam.NewCounter("bookalign", "train_keys")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*TrainTask)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*TrainedModel)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*RankedModel)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*trainTasksFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*trainFn)(nil)).Elem())
	register.Emitter1[TrainTask]()
	register.Emitter1[TrainedModel]()
	register.Emitter2[string, RankedModel]()
	register.Iter2[int, BookData]()
}

// TrainOptions configure the summarizers trained on alignments.
type TrainOptions struct {
	// Methods are the alignment methods whose labels train a summarizer
	// each ("passage", "token", "jing").
	Methods []string `json:"methods"`
	// Folds is the number of cross-validation folds over books.
	Folds int `json:"folds"`
	// Seed seeds the fold assignment and the inner split that picks lambda.
	Seed uint64 `json:"seed"`
	// Words is the summary budget.
	Words int `json:"words"`
	// Features configure the features.
	Features classify.Settings `json:"features"`
	// Lambda fixes the L2 strength; zero chooses it on an inner split of
	// each training set.
	Lambda float64 `json:"lambda"`
}

// recipe is how every model is trained.
func (o TrainOptions) recipe() classify.Recipe {
	return classify.Recipe{Features: o.Features, Lambda: o.Lambda, Seed: o.Seed, Budget: o.Words}
}

// TrainTask is one model to train: a method and a training set, with the
// set's collection statistics and the folds its books are read from.
type TrainTask struct {
	Method string
	// Set is the training set: a fold, or classify.AllBooks.
	Set int
	// Folds are the folds of Split.Train that hold the set's books.
	Folds []int
	// Ranked says the model's features enter the rank-averaged table.
	Ranked bool
	// Counts are the Stats of the set's books, added up.
	Counts classify.Counts
}

// TrainedModel is a model of one method trained on one training set, as the
// JSON of classify.Model.WriteJSON.
type TrainedModel struct {
	Method string
	Set    int
	Model  []byte
}

// RankedModel is what the feature table needs of one model: its training
// set and its weights by feature name.
type RankedModel struct {
	Set      int
	Features []string
	Weights  []float64
}

// Train trains one model per (method, training set): every method of opts
// on every set of the split's plan. Each (method, set) is one element,
// reshuffled so that a runner may train as many at once as it has workers;
// its DoFn reads the training books from Split.Train, an iterable side
// input of books keyed by fold, one book at a time, keeps the features of
// those in the set's folds (classify.TrainingSet), and chooses lambda on an
// inner split of the set.
//
// The side input is iterable, not a multimap keyed by fold: prism gives
// every bundle its own decoded copy of a multimap side input, and it splits
// the Train bundles (each element trains for many seconds), so a multimap
// held one copy of every training book per bundle alive; an iterable side
// input is read when the training starts and dropped when it ends.
//
// Out: PCollection<TrainedModel>, and PCollection<KV<string, RankedModel>>
// of the models whose features are rank-averaged, keyed by method.
func Train(s beam.Scope, opts TrainOptions, split Split) (models, ranked beam.PCollection) {
	s = s.Scope("transforms.Train")
	tasks := beam.ParDo(s, &trainTasksFn{Methods: opts.Methods}, split.Counts, beam.SideInput{Input: split.Plan})
	tasks = beam.Reshuffle(s, tasks)
	return beam.ParDo2(s, &trainFn{Recipe: opts.recipe()}, tasks, beam.SideInput{Input: split.Train})
}

// trainTasksFn makes the tasks of one training set, one per method.
type trainTasksFn struct {
	// Methods are the methods to train.
	Methods []string `json:"methods"`
}

func (f *trainTasksFn) ProcessElement(set int, counts classify.Counts, plan classify.Plan, emit func(TrainTask)) {
	for _, m := range f.Methods {
		emit(TrainTask{Method: m, Set: set, Folds: plan.FoldsOf(set), Ranked: plan.Ranked(set), Counts: counts})
	}
}

// trainFn trains the model of one (method, training set).
type trainFn struct {
	// Recipe is how models are trained.
	Recipe classify.Recipe `json:"recipe"`
}

func (f *trainFn) ProcessElement(ctx context.Context, t TrainTask, books func(*int, *BookData) bool, emit func(TrainedModel), emitRanked func(string, RankedModel)) error {
	trainKeys.Inc(ctx, 1)
	workers, release := trainingSlot()
	defer release()
	set, err := f.Recipe.NewTrainingSet(&t.Counts)
	if err != nil {
		return fmt.Errorf("%s, %s: %w", t.Method, setName(t.Set), err)
	}
	t.Counts = classify.Counts{} // the collection holds what is needed
	var fold int
	for {
		b := new(BookData)
		if !books(&fold, b) {
			break
		}
		if !slices.Contains(t.Folds, fold) {
			continue
		}
		if err := set.Add(&b.Book, b.labels(t.Method)); err != nil {
			return fmt.Errorf("%s, %s: %w", t.Method, setName(t.Set), err)
		}
	}
	m, err := set.Train(workers)
	if err != nil {
		return fmt.Errorf("%s, %s: %w", t.Method, setName(t.Set), err)
	}
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		return err
	}
	emit(TrainedModel{Method: t.Method, Set: t.Set, Model: buf.Bytes()})
	if t.Ranked {
		emitRanked(t.Method, RankedModel{Set: t.Set, Features: m.Features, Weights: m.Weights})
	}
	modelsTrained.Inc(ctx, 1)
	progress.tick("train", "models")
	return nil
}

// setName names a training set in errors.
func setName(set int) string {
	if set == classify.AllBooks {
		return "all books"
	}
	return fmt.Sprintf("fold %d", set)
}

// trainingSlots bounds the models trained at once in one worker process to
// its cores. A runner may hand a worker more (method, set) elements at once
// than it has cores (prism splits a bundle that makes no progress, a
// Dataflow worker runs several bundles); training is CPU-bound, and each
// training holds its set's features (about 0.3 MB a book), so more at once
// would only add memory.
var trainingSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// trainingSlot waits for a free slot and returns the number of goroutines
// the training may use, the cores it does not share with the trainings
// already running (at least one), and the function that frees the slot.
func trainingSlot() (workers int, release func()) {
	trainingSlots <- struct{}{}
	workers = max(1, cap(trainingSlots)-len(trainingSlots)+1)
	return workers, func() { <-trainingSlots }
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
