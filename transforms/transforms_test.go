package transforms

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/bookalign/bookalign/corpus"
)

func init() {
	register.Function1x1[Reject, bool](isLengthReject)
}

func isLengthReject(r Reject) bool {
	return r.Stage == "filter-by-length" && strings.Contains(r.Reason, "below the minimum")
}

func TestMain(m *testing.M) {
	log.SetupLogging("warn", "text") // prism's INFO lines drown test output
	ptest.Main(m)
}

func TestFilterByLength(t *testing.T) {
	pt := func(id string, book, summary int) PairText {
		return PairText{Pair: corpus.Pair{ID: id, Row: 2}, BookWords: book, SummaryWords: summary}
	}
	tests := []struct {
		name          string
		in            []PairText
		kept, rejects int
	}{
		{name: "all kept", in: []PairText{pt("a", 10000, 100), pt("b", 20000, 500)}, kept: 2},
		{name: "book too short", in: []PairText{pt("a", 9999, 100), pt("b", 10000, 100)}, kept: 1, rejects: 1},
		{name: "summary too short", in: []PairText{pt("a", 10000, 99)}, rejects: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, s, in := ptest.CreateList(tt.in)
			kept, rejects := FilterByLength(s, in, 10000, 100)
			passert.Count(s, kept, "kept", tt.kept)
			passert.Count(s, rejects, "rejects", tt.rejects)
			passert.True(s, rejects, isLengthReject)
			ptest.RunAndValidate(t, p)
		})
	}
}

func TestReadPairsCountsRows(t *testing.T) {
	dir := t.TempDir()
	index := "id\ttitle\na\tA\nb\tB\nb\tB again\nbad row\n\n"
	if err := os.WriteFile(filepath.Join(dir, "pairs.tsv"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	pairs, rejects, rows := ReadPairs(s, dir)
	passert.Count(s, pairs, "pairs", 2)
	passert.Count(s, rejects, "rejects", 2)
	passert.Equals(s, rows, 4)
	ptest.RunAndValidate(t, p)
}
