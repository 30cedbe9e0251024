package transforms

import (
	"context"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
)

// The training stages pass their large values (a book featurized for a
// training set, a book to summarize) by claim check: the value is written
// once to a file of the run's work directory, and only its key and book ID
// cross the shuffle. A shuffle of every training book under each of its
// ten training sets would move ten times the corpus through the runner,
// and a runner may hold every shuffled element in memory, several copies
// of a bundle's input on its way to the worker (prism does). The work
// directory must be reachable from every worker, as the output directory
// is (it lies inside it), and it is removed when the stages that read it
// are done.

func init() {
	beam.RegisterType(reflect.TypeOf((*removeWorkFn)(nil)).Elem())
	register.Function1x1[beam.T, int](one)
	register.Function1x1[[]byte, int](zero)
	register.Emitter2[int, string]()
	register.Iter1[string]()
}

// WorkDir is the work directory of a run whose output directory is out
// (layout.Out.Work).
func WorkDir(out string) string { return layout.Out{Dir: out}.Work().Dir }

// bookFile is the file of a book's BookData, which FoldSplit writes once
// for the featurization of its training sets and for the training element
// that summarizes it (Train).
func bookFile(dir, id string, test bool) string {
	if test {
		return layout.Work{Dir: dir}.TestBook(id)
	}
	return layout.Work{Dir: dir}.Book(id)
}

// setBookFile is the file of a book's SetBook for training set set.
func setBookFile(dir string, set int, id string) string {
	return layout.Work{Dir: dir}.SetBook(set, id)
}

// modelFile is the file of the model of method trained on set, as the JSON
// of logistic.Model.WriteJSON.
func modelFile(dir string, set int, method string) string {
	return layout.Work{Dir: dir}.Model(set, method)
}

// statsFile is the file of a training book's Stats (classify.Stats, in
// their binary form), which spillBookFn writes for setSumsFn.
func statsFile(dir, id string) string { return layout.Work{Dir: dir}.Stats(id) }

// setSumsFile is the file of a training set's statistics (features.Counts,
// in its binary form).
func setSumsFile(dir string, set int) string { return layout.Work{Dir: dir}.Counts(set) }

// textFile is the file of a pair (PairText, as encodePairText writes it), which
// SpillTexts writes for Render.
func textFile(dir, id string) string { return layout.Work{Dir: dir}.Text(id) }

// readBook reads the BookData of a book from the work directory.
func readBook(ctx context.Context, dir, id string, test bool) (BookData, error) {
	data, err := store.ReadWritten(ctx, bookFile(dir, id, test))
	if err != nil {
		return BookData{}, err
	}
	b, err := decodeBookData(data)
	if err == nil && b.ID != id {
		err = fmt.Errorf("%s holds book %q", bookFile(dir, id, test), b.ID)
	}
	return b, err
}

// RemoveWork removes the work directory dir once every collection of
// after is complete: their element count is a side input of the removal,
// which a runner computes in full before the removal runs. The count
// starts from a zero of its own, so that it has its one value when the
// collections are empty (every pair rejected): a sum of nothing is no
// value at all, and a singleton side input without one fails the run.
func RemoveWork(s beam.Scope, dir string, after ...beam.PCollection) {
	s = s.Scope("transforms.RemoveWork")
	ones := []beam.PCollection{beam.ParDo(s, zero, beam.Impulse(s))}
	for _, c := range after {
		ones = append(ones, beam.ParDo(s, one, c))
	}
	done := stats.Sum(s, beam.Flatten(s, ones...))
	beam.ParDo0(s, &removeWorkFn{Dir: dir}, beam.Impulse(s), beam.SideInput{Input: done})
}

// one counts an element.
func one(beam.T) int { return 1 }

// zero starts a count.
func zero([]byte) int { return 0 }

// removeWorkFn removes the work directory.
type removeWorkFn struct {
	// Dir is the work directory.
	Dir string `json:"dir"`
}

func (f *removeWorkFn) ProcessElement(ctx context.Context, _ []byte, _ int) error {
	return store.RemoveAll(ctx, f.Dir)
}
