package transforms

import (
	"bytes"
	"context"
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/config"
)

var (
	modelsTrained = beam.NewCounter("bookalign", "models_trained")
	// trainKeys counts the elements that reach Train: one per (method,
	// training set), each training one model, however the runner spreads
	// them.
	trainKeys = beam.NewCounter("bookalign", "train_keys")
	// lambdaFallbacks counts models trained with a fixed lambda because
	// their training books were too few to choose it (Model.LambdaNote).
	lambdaFallbacks = beam.NewCounter("bookalign", "lambda_fallbacks")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*TrainedModel)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*RankedModel)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*byModelFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*trainModelFn)(nil)).Elem())
	register.Emitter2[string, beam.T]()
	register.Emitter1[TrainedModel]()
	register.Emitter2[string, RankedModel]()
	register.Iter1[int]()
}

// TrainOptions configure the summarizers trained on alignments.
type TrainOptions struct {
	// Methods are the alignment methods whose labels train a summarizer
	// each ("passage", "token", "jing").
	Methods []string `json:"methods"`
	// Settings are the run's: its folds, seed, budget, lambda and
	// summarizer settings.
	Settings config.Settings `json:"settings"`
	// Test says that the books to summarize are test books (a test corpus)
	// rather than the training books under cross-validation: one model is
	// trained on all training books, even when no test book is left to
	// summarize (every pair of the test corpus rejected).
	Test bool `json:"test,omitempty"`
	// WorkDir is where the training stages pass books, features and
	// models by claim check (WorkDir(out)): reachable from every worker,
	// and removed by RemoveWork when the selections are rendered and the
	// models copied out of it (CrossValidate's artifacts).
	WorkDir string `json:"work_dir"`
}

// coverage reports whether the summarizers use coverage extraction, whose
// model needs the books' term statistics.
func (o TrainOptions) coverage() bool { return o.Settings.Summarizer.Coverage }

// recipe is how every model is trained.
func (o TrainOptions) recipe() classify.Recipe {
	return classify.Recipe{Features: o.Settings.Summarizer, Lambda: o.Settings.Lambda, Seed: o.Settings.Seed, SelectTolerance: o.Settings.LambdaTolerance}
}

// TrainedModel names a model of one method trained on one training set.
// The model itself, the JSON of classify.Model.WriteJSON (megabytes: its
// collection holds the document frequency of every word), is in the work
// directory (modelFile), passed by claim check like the books.
type TrainedModel struct {
	Method string
	Set    int
}

// RankedModel is what the feature table needs of one model: its training
// set and its weights by feature name.
type RankedModel struct {
	Set      int
	Features []string
	Weights  []float64
}

// Train trains one model per (method, training set): every method of opts
// on every set of the split's plan. A training set's name (Split.Counts) and
// book IDs (Split.Train) are keyed by each of its models (modelKey) and meet
// by that key (CoGroupByKey), so each model is one element and a runner
// with N workers trains min(N, M·sets) of them at once. The element reads
// its set's statistics and its books' features from the work directory,
// labels them with its method's alignments, trains the model, choosing
// lambda on an inner split of the set, and writes it to the work directory.
// The model does not depend on which element trains it: the same recipe on
// the same books (classify sorts them by ID).
//
// No long-running stage here reads a side input: prism v2.77 spins its
// scheduler while such a stage has a bundle in progress
// (docs/benchmarks.md), and a training takes seconds to minutes.
//
// Out: PCollection<TrainedModel>, and PCollection<KV<string, RankedModel>>
// of every model's weights, keyed by method, for the feature table.
func Train(s beam.Scope, opts TrainOptions, split Split) (models, ranked beam.PCollection) {
	s = s.Scope("transforms.Train")
	byModel := &byModelFn{Methods: opts.Methods}
	keyed := beam.CoGroupByKey(s, beam.ParDo(s, byModel, split.Counts), beam.ParDo(s, byModel, split.Train))
	return beam.ParDo2(s, &trainModelFn{Recipe: opts.recipe(), Dir: opts.WorkDir}, keyed)
}

// modelKey is the key of the model of method trained on set, under which
// Train gathers what the model needs: "passage/3", "jing/-1" (all books).
// A string, because Beam declares its coder deterministic, as a grouping
// key's must be, and every runner groups it by its bytes; a struct's schema
// (row) coder is not declared deterministic (coder.IsDeterministic).
func modelKey(method string, set int) string {
	return method + "/" + strconv.Itoa(set)
}

// parseModelKey returns the method and the training set of a modelKey.
func parseModelKey(key string) (method string, set int, err error) {
	i := strings.LastIndexByte(key, '/')
	if i < 0 {
		return "", 0, fmt.Errorf("model key %q has no training set", key)
	}
	if set, err = strconv.Atoi(key[i+1:]); err != nil {
		return "", 0, fmt.Errorf("model key %q: %w", key, err)
	}
	return key[:i], set, nil
}

// byModelFn keys a value of a training set (its statistics, or the ID of
// one of its books) by each model trained on the set: one modelKey per
// method.
type byModelFn struct {
	// Methods are the methods trained on every set.
	Methods []string `json:"methods"`
}

func (f *byModelFn) ProcessElement(set int, v beam.T, emit func(string, beam.T)) {
	for _, m := range f.Methods {
		emit(modelKey(m, set), v)
	}
}

// trainModelFn trains the model of one method on one training set.
type trainModelFn struct {
	// Recipe is how models are trained.
	Recipe classify.Recipe `json:"recipe"`
	// Dir is the work directory the set's books are read from.
	Dir string `json:"dir"`
}

func (f *trainModelFn) ProcessElement(ctx context.Context, key string, counted func(*int) bool, next func(*string) bool, emit func(TrainedModel), emitRanked func(string, RankedModel)) error {
	trainKeys.Inc(ctx, 1)
	method, set, err := parseModelKey(key)
	if err != nil {
		return err
	}
	// The slot is taken before the books are read, so that a model waiting
	// for a core holds its books encoded, not featurized.
	workers, release := trainingSlot()
	defer release()
	var books int
	if !counted(&books) {
		return fmt.Errorf("%s, %s has books but no statistics", method, setName(set))
	}
	var ids []string
	for id := ""; next(&id); {
		ids = append(ids, id)
	}
	// The set's collection is built while its books are read: each is a
	// pass of a core over data of its own.
	var ts *classify.TrainingSet
	built := make(chan error, 1)
	go func() {
		var err error
		ts, err = f.trainingSet(ctx, set)
		built <- err
	}()
	xs, readErr := f.readLabelled(ctx, method, set, ids, workers)
	if err := <-built; err != nil {
		return fmt.Errorf("%s, %s: %w", method, setName(set), err)
	}
	if readErr != nil {
		return readErr
	}
	for i := range xs {
		if err := ts.AddFeatures(&xs[i]); err != nil {
			return fmt.Errorf("%s, %s: %w", method, setName(set), err)
		}
	}
	xs = nil
	m, err := ts.Train(workers)
	if err != nil {
		return fmt.Errorf("%s, %s: %w", method, setName(set), err)
	}
	ts = nil
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		return err
	}
	if err := WriteFile(ctx, modelFile(f.Dir, set, method), buf.Bytes()); err != nil {
		return err
	}
	emit(TrainedModel{Method: method, Set: set})
	emitRanked(method, RankedModel{Set: set, Features: m.Features, Weights: m.Weights})
	modelsTrained.Inc(ctx, 1)
	progress.tick("train", "models")
	if m.LambdaNote != "" {
		lambdaFallbacks.Inc(ctx, 1)
		log.Warnf(ctx, "%s, %s: %s", method, setName(set), m.LambdaNote)
	}
	return nil
}

// trainingSet returns the empty training set of set, from its statistics
// in the work directory.
func (f *trainModelFn) trainingSet(ctx context.Context, set int) (*classify.TrainingSet, error) {
	data, err := readCounts(ctx, f.Dir, set)
	if err != nil {
		return nil, err
	}
	var counts classify.Counts
	if err := counts.UnmarshalBinary(data); err != nil {
		return nil, err
	}
	return f.Recipe.NewTrainingSet(&counts)
}

// readLabelled reads the features of the books ids of set, labelled with
// method's alignments, with workers goroutines; the first error in the
// order of ids is returned.
func (f *trainModelFn) readLabelled(ctx context.Context, method string, set int, ids []string, workers int) ([]classify.Features, error) {
	xs := make([]classify.Features, len(ids))
	errs := make([]error, len(ids))
	next := make(chan int, len(ids))
	for i := range ids {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Go(func() {
			for i := range next {
				xs[i], errs[i] = f.labelled(ctx, method, set, ids[i])
			}
		})
	}
	wg.Wait()
	return xs, firstError(errs)
}

// firstError returns the first non-nil error of errs, or nil.
func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// labelled reads book id's SetBook for set from the work directory and
// returns its features labelled with method's alignment.
func (f *trainModelFn) labelled(ctx context.Context, method string, set int, id string) (classify.Features, error) {
	file := setBookFile(f.Dir, set, id)
	data, err := ReadFile(ctx, file)
	if err != nil {
		return classify.Features{}, fmt.Errorf("%s: %w", setName(set), err)
	}
	var b classify.SetBook
	if err := b.UnmarshalBinary(data); err != nil {
		return classify.Features{}, fmt.Errorf("%s, book %q: %w", setName(set), id, err)
	}
	x := b.Features
	if x.ID != id {
		return classify.Features{}, fmt.Errorf("%s holds book %q", file, x.ID)
	}
	if x.Label, err = classify.RowLabels(b.Rows(method), x.Rows()); err != nil {
		return classify.Features{}, fmt.Errorf("%s, %s, book %q: %w", method, setName(set), id, err)
	}
	return x, nil
}

// setName names a training set in errors.
func setName(set int) string {
	if set == classify.AllBooks {
		return "all books"
	}
	return fmt.Sprintf("fold %d", set)
}

// trainingSlot lets one model train at a time in a worker process, its
// fits using every core (classify.Trainer.Workers: the objective is summed
// over fixed chunks of rows, in parallel, so the models do not depend on
// the number). A runner may hand a worker several models at once (prism
// splits a bundle that makes no progress, a Dataflow worker runs several
// bundles); a model holds its set's features and the fit's working copies,
// about 1.4 MB a training book at the peak (classify's
// BenchmarkTrainingSetMemory), so training them one after another on all
// cores takes about as long and needs a fraction of the memory
// (docs/benchmarks.md, "Distributed training").
var trainingSlots = make(chan struct{}, 1)

// trainingSlot waits for the worker's training slot and returns the number
// of goroutines the training may use and the function that frees the slot.
func trainingSlot() (workers int, release func()) {
	trainingSlots <- struct{}{}
	return runtime.GOMAXPROCS(0), func() { <-trainingSlots }
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
