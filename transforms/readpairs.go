package transforms

import (
	"bytes"
	"context"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/outcome"
)

var (
	pairsRead    = beam.NewCounter("bookalign", "pairs_read")
	pairsBadRows = beam.NewCounter("bookalign", "pairs_bad_rows")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*readPairsFn)(nil)).Elem())
	register.Emitter1[corpus.Pair]()
	register.Emitter1[Reject]()
	register.Emitter1[int]()
}

// ReadPairs reads the pairs.tsv index of the corpus at dir (a local path or a
// gs:// URL). It returns the usable rows as a PCollection<corpus.Pair>, the
// unusable ones (wrong column count, unsafe or duplicate id, invalid UTF-8)
// as a PCollection<Reject>, and a PCollection<int> holding the number of data
// rows read, which the write step reconciles with the results and rejects.
// A missing or unreadable pairs.tsv, or one that is not a regular file,
// fails the pipeline: there is nothing to account for. One with a header
// and no rows is logged as a warning.
func ReadPairs(s beam.Scope, dir string) (pairs, rejects, rows beam.PCollection) {
	s = s.Scope("transforms.ReadPairs")
	pairs, rejects, rows = beam.ParDo3(s, &readPairsFn{Dir: dir}, beam.Impulse(s))
	// All pairs come out of one element; a reshuffle lets the runner spread
	// the per-book work that follows over its workers instead of running it
	// in the one bundle that read the index.
	return beam.Reshuffle(s, pairs), rejects, rows
}

// readPairsFn parses pairs.tsv.
type readPairsFn struct {
	// Dir is the corpus directory.
	Dir string `json:"dir"`
}

func (f *readPairsFn) ProcessElement(ctx context.Context, _ []byte, emit func(corpus.Pair), reject func(Reject), rows func(int)) error {
	path := corpus.Layout{Dir: f.Dir}.Pairs()
	if err := store.CheckInput(path, "", true); err != nil {
		return fmt.Errorf("reading the corpus index: %w", err)
	}
	b, err := store.ReadFile(ctx, path)
	if err != nil {
		return fmt.Errorf("reading the corpus index: %w", err)
	}
	pairs, bad, err := corpus.ParsePairs(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	for _, p := range pairs {
		pairsRead.Inc(ctx, 1)
		emit(p)
	}
	for _, e := range bad {
		pairsRead.Inc(ctx, 1)
		pairsBadRows.Inc(ctx, 1)
		reject(Reject{ID: e.ID, Row: e.Row, Stage: outcome.StageReadPairs, Reason: e.Reason})
	}
	if len(pairs)+len(bad) == 0 {
		log.Warnf(ctx, "%s has a header but no rows: there is no pair to process", path)
	}
	rows(len(pairs) + len(bad))
	return nil
}
