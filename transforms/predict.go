package transforms

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/layout"
)

var booksSummarized = beam.NewCounter("bookalign", "books_summarized")

func init() {
	beam.RegisterType(reflect.TypeOf((*Selection)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Artifact)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*featureTableFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*savedModelFn)(nil)).Elem())
	register.Iter1[BookData]()
	register.Iter1[TrainedModel]()
	register.Iter1[RankedModel]()
	register.Emitter1[Selection]()
	register.Emitter1[Artifact]()
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
// computed per training set. It also emits, per method, the model trained
// on all training books (models/<method>.json) and the strongest features
// rank-averaged over the folds (features/<method>.md and .json).
//
// The stages are FoldSplit (each training set's statistics combined, and
// each book featurized for the sets that hold it) and Train (one element
// per training set, or per method and training set, which also summarizes
// the books keyed to its set), so that no worker holds every book. The
// books travel by claim check through opts.WorkDir, which the caller
// removes (RemoveWork) once the selections are used and the artifacts
// written: savedModelFn reads the models from it. See docs/running.md for
// how each stage scales.
//
// In: PCollection<BookData>. Out: PCollection<Selection>, PCollection<Artifact>.
func CrossValidate(s beam.Scope, opts TrainOptions, books, test beam.PCollection) (selections, artifacts beam.PCollection) {
	s = s.Scope("transforms.CrossValidate")
	if opts.WorkDir == "" {
		panic("transforms.CrossValidate: no work directory") // a bug of the caller
	}
	split := FoldSplit(s, opts, books, test)
	models, ranked, selections := Train(s, opts, split)
	artifacts = beam.Flatten(s,
		beam.ParDo(s, &savedModelFn{Dir: opts.WorkDir}, models),
		beam.ParDo(s, &featureTableFn{}, beam.GroupByKey(s, ranked)))
	return selections, artifacts
}

// summarize summarizes the books ids of set, read from the work
// directory, with the models of methods trained on it, one after another:
// each book is prepared once for every model of the same collection.
func (f *trainFn) summarize(ctx context.Context, set int, methods []string, models []*classify.Model, ids func(*string) bool, emit func(Selection)) error {
	for id := ""; ids(&id); {
		b, err := readBook(ctx, f.Dir, id, f.Test)
		if err != nil {
			return err
		}
		prepared := map[*classify.Collection]*classify.Prepared{}
		for i, m := range models {
			p := prepared[m.Collection]
			if p == nil {
				p = m.Collection.Prepare(&b.Book, nil)
				prepared[m.Collection] = p
			}
			emit(Selection{ID: b.ID, Row: b.Row, Method: methods[i], Fold: classify.SelectionFold(set), Sentences: m.Summarize(p, f.Words)})
			booksSummarized.Inc(ctx, 1)
		}
	}
	return nil
}

// savedModelFn emits the model of all training books as
// models/<method>.json.
type savedModelFn struct {
	// Dir is the work directory the models are read from.
	Dir string `json:"dir"`
}

func (f *savedModelFn) ProcessElement(ctx context.Context, m TrainedModel, emit func(Artifact)) error {
	if m.Set != classify.AllBooks {
		return nil
	}
	data, err := ReadWritten(ctx, modelFile(f.Dir, m.Set, m.Method))
	if err != nil {
		return err
	}
	emit(Artifact{Path: layout.Rel.Model(m.Method), Data: data})
	return nil
}

// featureTableFn writes the strongest features of one method, rank-averaged
// over its fold models in fold order (the paper's Table 3), as
// features/<method>.md and features/<method>.json.
type featureTableFn struct{}

func (f *featureTableFn) ProcessElement(method string, iter func(*RankedModel) bool, emit func(Artifact)) error {
	var sets []int
	var models []*classify.Model
	var r RankedModel
	for iter(&r) {
		sets = append(sets, r.Set)
		models = append(models, &classify.Model{Features: r.Features, Weights: r.Weights})
		r = RankedModel{}
	}
	md, js, err := classify.FeatureReport(method, sets, models, 25)
	if err != nil {
		return err
	}
	emit(Artifact{Path: layout.Rel.FeatureTable(method), Data: md})
	emit(Artifact{Path: layout.Rel.Features(method), Data: js})
	return nil
}
