package transforms

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/internal/process"
	"github.com/bookalign/bookalign/internal/store"
)

var (
	modelsTrained = beam.NewCounter("bookalign", "models_trained")
	// trainKeys counts the elements that reach Train: one per training
	// set, each training its methods' models together, or, with
	// TrainOptions.ByMethod, one per (method, training set), however the
	// runner spreads them.
	trainKeys = beam.NewCounter("bookalign", "train_keys")
	// lambdaFallbacks counts models trained with a fixed lambda because
	// their training books were too few to choose it (Model.LambdaNote).
	lambdaFallbacks = beam.NewCounter("bookalign", "lambda_fallbacks")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*TrainedModel)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*RankedModel)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*trainFn)(nil)).Elem())
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
	// Stopwords are, with coverage extraction, its function words
	// (sorted; classify's Counts.Collection), read at run time beside the
	// settings (pipelines.ResolveContent).
	Stopwords []string `json:"stopwords,omitempty"`
	// Test says that the books to summarize are test books (a test corpus)
	// rather than the training books under cross-validation: one model is
	// trained on all training books, even when no test book is left to
	// summarize (every pair of the test corpus rejected).
	Test bool `json:"test,omitempty"`
	// ByMethod trains each model as an element of its own, one per
	// (method, training set), rather than the models of a training set
	// together: for a runner with more workers than training sets. The
	// models are the same either way, to the bit; together, their fits
	// share their passes over the set's rows and read its books once, for
	// about a fifth less CPU than one element per model.
	ByMethod bool `json:"by_method,omitempty"`
	// WorkDir is where the training stages pass books, features and
	// models by claim check (WorkDir(out)): reachable from every worker,
	// and removed by RemoveWork when the selections are rendered and the
	// models copied out of it (CrossValidate's artifacts).
	WorkDir string `json:"work_dir"`
}

// coverage reports whether the summarizers use coverage extraction, whose
// model needs the books' term statistics.
func (o TrainOptions) coverage() bool { return o.Settings.Summarizer.Coverage }

// trainer is how every model is trained: its lambda, or how it is chosen.
func (o TrainOptions) trainer() logistic.Trainer {
	return logistic.Trainer{Lambda: o.Settings.Lambda, Seed: o.Settings.Seed, SelectTolerance: o.Settings.LambdaTolerance}
}

// TrainedModel names a model of one method trained on one training set.
// The model itself, the JSON of logistic.Model.WriteJSON (megabytes: its
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

// Train trains one model per (method, training set), every method of opts
// on every set of the split's plan, and summarizes each book with the
// models of the set it is keyed to (Split.Test). A training set's name
// (Split.SetSizes), book IDs (Split.Train) and books to summarize are keyed
// by the set, or, with opts.ByMethod, by each of its models (trainKey), and
// meet by that key (CoGroupByKey), so a runner with N workers trains
// min(N, sets) sets, or min(N, M·sets) models, at once, and a book travels
// only to its own fold's models. The element reads its set's statistics
// and its books' features from the work directory, labels them with each
// of its methods' alignments, trains the models, choosing lambda on an
// inner split of the set, and summarizes the set's books with them while
// the next set trains (process.TrainingSlot). The models do not depend on which
// element trains them, or with which others: the same trainer on the same
// books (classify sorts them by ID), each fit's sums made in the same order
// (logistic.Trainer.Train). The model of all books is written to the work
// directory, for savedModelFn.
//
// No stage here reads a side input (doc.go, "Runners"): a training takes
// seconds to minutes.
//
// Out: PCollection<TrainedModel>, PCollection<KV<string, RankedModel>> of
// every model's weights, keyed by method, for the feature table, and
// PCollection<Selection>.
func Train(s beam.Scope, opts TrainOptions, split Split) (models, ranked, selections beam.PCollection) {
	s = s.Scope("transforms.Train")
	byKey := &byTrainKeyFn{Methods: opts.Methods, ByMethod: opts.ByMethod}
	keyed := beam.CoGroupByKey(s, beam.ParDo(s, byKey, split.SetSizes), beam.ParDo(s, byKey, split.Train), beam.ParDo(s, byKey, split.Test))
	return beam.ParDo3(s, &trainFn{Summarizer: opts.Settings.Summarizer, Stopwords: opts.Stopwords, Trainer: opts.trainer(), Words: opts.Settings.Words, Test: opts.Test, Dir: opts.WorkDir}, keyed)
}

// trainFn trains the models of the methods of its key on one training set
// and summarizes the set's books with them.
type trainFn struct {
	// Summarizer configures the features of the set's collection.
	Summarizer features.Settings `json:"summarizer"`
	// Stopwords are the function words of coverage extraction
	// (TrainOptions.Stopwords).
	Stopwords []string `json:"stopwords,omitempty"`
	// Trainer is how models are trained; its Workers are set where they
	// train.
	Trainer logistic.Trainer `json:"trainer"`
	// Words is the summary budget.
	Words int `json:"words"`
	// Test says that the books to summarize are test books
	// (TrainOptions.Test), spilled apart from the training books (bookFile).
	Test bool `json:"test,omitempty"`
	// Dir is the work directory the set's books are read from.
	Dir string `json:"dir"`
}

func (f *trainFn) ProcessElement(ctx context.Context, key string, counted func(*int) bool, next, tests func(*string) bool, emit func(TrainedModel), emitRanked func(string, RankedModel), emitSelection func(Selection)) error {
	trainKeys.Inc(ctx, 1)
	methods, set, err := parseTrainKey(key)
	if err != nil {
		return err
	}
	var books int
	if !counted(&books) {
		return fmt.Errorf("%s has books but no statistics", setName(set))
	}
	var ids []string
	for id := ""; next(&id); {
		ids = append(ids, id)
	}
	models, err := f.train(ctx, methods, set, ids)
	if err != nil {
		return err
	}
	for i, m := range models {
		if set == cv.AllBooks {
			if err := saveModel(ctx, f.Dir, methods[i], m); err != nil {
				return err
			}
		}
		emit(TrainedModel{Method: methods[i], Set: set})
		emitRanked(methods[i], RankedModel{Set: set, Features: m.Features, Weights: m.Weights})
		modelsTrained.Inc(ctx, 1)
		tick(StageTrain, "models")
		if m.LambdaNote != "" {
			lambdaFallbacks.Inc(ctx, 1)
			log.Warnf(ctx, "%s, %s: %s", methods[i], setName(set), m.LambdaNote)
		}
	}
	return f.summarize(ctx, set, methods, models, tests, emitSelection)
}

// train trains the models of methods on the books ids of set, in the
// process's training slot (process.TrainingSlot), on every core. The slot
// is taken before the books are read, so that a set waiting for a core
// holds its books encoded, not featurized, and let go once the models are
// trained: summarizing is one core's work.
func (f *trainFn) train(ctx context.Context, methods []string, set int, ids []string) ([]*logistic.Model, error) {
	workers, release := process.TrainingSlot()
	defer release()
	// The set's collection is built while its books are read.
	var col *features.Collection
	var labelled [][]features.Features
	buildErr, readErr := process.Alongside(
		func() (err error) { col, err = f.collection(ctx, set); return err },
		func() (err error) { labelled, err = f.readLabelled(ctx, methods, set, ids); return err })
	if buildErr != nil {
		return nil, fmt.Errorf("%s: %w", setName(set), buildErr)
	}
	if readErr != nil {
		return nil, readErr
	}
	sets := make([][]*features.Features, len(methods))
	for m := range methods {
		sets[m] = make([]*features.Features, len(labelled[m]))
		for i := range labelled[m] {
			sets[m][i] = &labelled[m][i]
		}
	}
	labelled = nil
	tr := f.Trainer
	tr.Workers = workers
	// Nothing may read sets or labelled after this call: Train drops the
	// books' coverage cells once its coverage model is fitted, and they are
	// garbage only while no caller holds them.
	models, err := tr.Train(col, sets...)
	if err != nil {
		return nil, fmt.Errorf("%s, %s: %w", strings.Join(methods, ", "), setName(set), err)
	}
	return models, nil
}

// saveModel writes the model of method trained on all books to the work
// directory dir, for savedModelFn.
func saveModel(ctx context.Context, dir, method string, m *logistic.Model) error {
	data, err := savedModelJSON(m)
	if err != nil {
		return err
	}
	return store.WriteFile(ctx, modelFile(dir, cv.AllBooks, method), data)
}

// collection returns the collection of set, from its statistics in the
// work directory.
func (f *trainFn) collection(ctx context.Context, set int) (*features.Collection, error) {
	data, err := readSetSums(ctx, f.Dir, set)
	if err != nil {
		return nil, err
	}
	return features.DecodeCollection(data, f.Summarizer, f.Stopwords)
}

// readLabelled reads the features of the books ids of set, once each, and
// returns them labelled with each of methods' alignments (by method, then
// in the order of ids; the labelled copies of a book share its features),
// on every core; the first error in the order of ids is returned.
func (f *trainFn) readLabelled(ctx context.Context, methods []string, set int, ids []string) ([][]features.Features, error) {
	out := make([][]features.Features, len(methods))
	for m := range out {
		out[m] = make([]features.Features, len(ids))
	}
	err := process.OnCores(len(ids), func(i int) error {
		file := setBookFile(f.Dir, set, ids[i])
		data, err := store.ReadWritten(ctx, file)
		if err != nil {
			return fmt.Errorf("%s: %w", setName(set), err)
		}
		var b features.SetBook
		if err := b.UnmarshalBinary(data); err != nil {
			return fmt.Errorf("%s, book %q: %w", setName(set), ids[i], err)
		}
		if b.Features.ID != ids[i] {
			return fmt.Errorf("%s holds book %q", file, b.Features.ID)
		}
		for m, method := range methods {
			x := b.Features
			if x.Label, err = features.RowLabels(b.Rows(method), x.Rows()); err != nil {
				return fmt.Errorf("%s, %s, book %q: %w", method, setName(set), ids[i], err)
			}
			out[m][i] = x
		}
		return nil
	})
	return out, err
}
