package transforms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"sort"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
)

var (
	modelsTrained   = beam.NewCounter("bookalign", "models_trained")
	booksSummarized = beam.NewCounter("bookalign", "books_summarized")
	// lambdaFallbacks counts models trained with a fixed lambda because
	// their training books were too few to choose it (Model.LambdaNote).
	lambdaFallbacks = beam.NewCounter("bookalign", "lambda_fallbacks")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*Selection)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Artifact)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*crossValidateFn)(nil)).Elem())
	register.Iter1[BookData]()
	register.Emitter1[Selection]()
	register.Emitter1[Artifact]()
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

// Selection is the sentences a method picked as the summary of one book.
type Selection struct {
	ID     string
	Row    int
	Method string
	// Fold is the cross-validation fold the book was tested in (0 when a
	// separate test corpus is used).
	Fold int
	// Sentences index the book's sentences (text.ParseBook), in book order.
	Sentences []int
}

// Artifact is a file the pipeline writes: a model, a feature table, a figure.
type Artifact struct {
	// Path is relative to the output directory.
	Path string
	Data []byte
}

// CrossValidate trains and applies the summarizers. Without test books it
// runs Folds-fold cross-validation over books: for every method and fold it
// builds the vocabulary and IDF from the training books, featurizes them,
// fits an L2 logistic regression on their alignment labels and summarizes
// the held-out books. With test books (those marked Test) it trains once on
// all other books and summarizes the test books. Every book is aligned and
// prepared once, upstream; only what depends on the training books is
// computed per fold. It also emits, per method, the model trained on all
// training books (models/<method>.json) and the strongest features
// rank-averaged over the folds (features/<method>.md).
//
// The books meet in one group: they are compact (BookData holds no text).
//
// In: PCollection<BookData>. Out: PCollection<Selection>, PCollection<Artifact>.
func CrossValidate(s beam.Scope, opts TrainOptions, books beam.PCollection) (selections, artifacts beam.PCollection) {
	s = s.Scope("transforms.CrossValidate")
	grouped := beam.GroupByKey(s, beam.AddFixedKey(s, books))
	return beam.ParDo2(s, &crossValidateFn{Options: opts}, grouped)
}

// crossValidateFn trains every method on every fold.
type crossValidateFn struct {
	// Options configure training.
	Options TrainOptions `json:"options"`
}

// split is one training set and the books it summarizes.
type split struct {
	fold        int
	train, test []*BookData
}

func (f *crossValidateFn) ProcessElement(ctx context.Context, _ int, iter func(*BookData) bool, emit func(Selection), emitArtifact func(Artifact)) error {
	var all []*BookData
	for {
		bd := new(BookData)
		if !iter(bd) {
			break
		}
		all = append(all, bd)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	splits, err := f.splits(all)
	if err != nil {
		return err
	}
	models, err := f.trainAll(ctx, splits, all)
	if err != nil {
		return err
	}
	for mi, method := range f.Options.Methods {
		foldModels := models[mi][:len(splits)]
		for k, sp := range splits {
			for _, b := range sp.test {
				emit(Selection{ID: b.ID, Row: b.Row, Method: method, Fold: sp.fold, Sentences: foldModels[k].Summarize(&b.Book, f.Options.Words)})
				booksSummarized.Inc(ctx, 1)
			}
		}
		full := models[mi][len(models[mi])-1]
		var buf bytes.Buffer
		if err := full.WriteJSON(&buf); err != nil {
			return err
		}
		emitArtifact(Artifact{Path: "models/" + method + ".json", Data: buf.Bytes()})
		top := classify.TopFeatures(foldModels, 25)
		table := fmt.Sprintf("# Strongest features: %s\n\nThe 25 features with the largest weights, rank-averaged over %d training splits (the paper's Table 3).\n\n%s",
			method, len(foldModels), classify.FeatureTable(top))
		emitArtifact(Artifact{Path: "features/" + method + ".md", Data: []byte(table)})
		js, err := json.MarshalIndent(top, "", "  ")
		if err != nil {
			return err
		}
		emitArtifact(Artifact{Path: "features/" + method + ".json", Data: append(js, '\n')})
	}
	return nil
}

// trainAll trains every method on every split and, when there are several
// splits, on all training books, running up to GOMAXPROCS trainings at
// once: models[m] holds method m's split models in split order, then its
// model of all training books (the split model when there is one split).
// The models do not depend on the order the trainings finish in.
func (f *crossValidateFn) trainAll(ctx context.Context, splits []split, all []*BookData) ([][]*classify.Model, error) {
	type job struct{ method, split int } // split == len(splits): all books
	var jobs []job
	models := make([][]*classify.Model, len(f.Options.Methods))
	for m := range f.Options.Methods {
		n := len(splits)
		if n > 1 {
			n++
		}
		models[m] = make([]*classify.Model, n)
		for k := range n {
			jobs = append(jobs, job{m, k})
		}
	}
	training := trainingBooks(all)
	errs := make([]error, len(jobs))
	next, done := make(chan int), make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for i := range next {
				j := jobs[i]
				books := training
				if j.split < len(splits) {
					books = splits[j.split].train
				}
				models[j.method][j.split], errs[i] = f.train(f.Options.Methods[j.method], books)
				done <- i
			}
		})
	}
	go func() {
		for i := range jobs {
			next <- i
		}
		close(next)
		wg.Wait()
		close(done)
	}()
	// Counters and the progress line are updated here, on the bundle's
	// goroutine.
	for i := range done {
		if errs[i] == nil {
			modelsTrained.Inc(ctx, 1)
			progress.tick("train", "models")
			j := jobs[i]
			if note := models[j.method][j.split].LambdaNote; note != "" {
				lambdaFallbacks.Inc(ctx, 1)
				log.Warnf(ctx, "%s: %s", f.describe(j.method, j.split, splits), note)
			}
		}
	}
	for i, err := range errs {
		if err != nil {
			j := jobs[i]
			return nil, fmt.Errorf("%s: %w", f.describe(j.method, j.split, splits), err)
		}
	}
	return models, nil
}

// describe names a training of trainAll: the method and the split, or all
// training books.
func (f *crossValidateFn) describe(method, split int, splits []split) string {
	if split == len(splits) {
		return f.Options.Methods[method] + ", all books"
	}
	return fmt.Sprintf("%s, fold %d", f.Options.Methods[method], splits[split].fold)
}

// splits returns the cross-validation folds, or the one train/test split
// when some books are test books.
func (f *crossValidateFn) splits(all []*BookData) ([]split, error) {
	var train, test []*BookData
	for _, b := range all {
		if b.Test {
			test = append(test, b)
		} else {
			train = append(train, b)
		}
	}
	if len(train) == 0 {
		return nil, fmt.Errorf("no training books")
	}
	if len(test) > 0 {
		return []split{{fold: 0, train: train, test: test}}, nil
	}
	ids := make([]string, len(train))
	for i, b := range train {
		ids[i] = b.ID
	}
	folds, err := classify.Folds(f.Options.Seed, f.Options.Folds, ids)
	if err != nil {
		return nil, err
	}
	out := make([]split, f.Options.Folds)
	for k := range out {
		out[k].fold = k
	}
	for _, b := range train {
		k := folds[b.ID]
		out[k].test = append(out[k].test, b)
		for j := range out {
			if j != k {
				out[j].train = append(out[j].train, b)
			}
		}
	}
	return out, nil
}

// trainingBooks returns the books that are not test books.
func trainingBooks(all []*BookData) []*BookData {
	var out []*BookData
	for _, b := range all {
		if !b.Test {
			out = append(out, b)
		}
	}
	return out
}

// train fits method's summarizer on books: collection statistics, features
// and labels from the training books only.
func (f *crossValidateFn) train(method string, books []*BookData) (*classify.Model, error) {
	var counts classify.Counts
	for _, b := range books {
		if err := counts.Add(b.Book.Stats()); err != nil {
			return nil, err
		}
	}
	col, err := counts.Collection(f.Options.Features)
	if err != nil {
		return nil, err
	}
	feats := make([]*classify.Features, 0, len(books))
	for _, b := range books {
		x := col.Featurize(&b.Book)
		x.Label = b.Book.Labels(b.labels(method))
		feats = append(feats, x)
	}
	// A fallback to a fixed lambda is logged and counted by trainAll, on
	// the bundle's goroutine, from the model's note.
	trainer := &classify.Trainer{Lambda: f.Options.Lambda, Seed: f.Options.Seed, Budget: f.Options.Words, Warn: func(string) {}}
	return trainer.Train(col, feats)
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
