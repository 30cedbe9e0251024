package transforms

import "github.com/apache/beam/sdks/v2/go/pkg/beam"

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
// written: savedModelFn reads the models from it.
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
