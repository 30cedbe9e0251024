package transforms

import (
	"bytes"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/funcx"
	beamcoder "github.com/apache/beam/sdks/v2/go/pkg/beam/core/graph/coder"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/util/reflectx"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/match"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/wiki"
)

// Every struct that crosses a stage of a pipeline, by the package that
// defines it. pipelines.TestNoRowCodersReachTheRunner fails on one
// missing here.
func init() {
	registerOpaque[cv.Plan]()
	registerOpaque[corpus.Pair]()
	registerOpaque[evaluate.BookScore]()
	registerOpaque[match.Record]()
	registerOpaque[outcome.Reject]()
	registerOpaque[wiki.Page]()
	registerOpaque[wiki.Summary]()

	registerOpaque[AlignmentFiles]()
	registerOpaque[Artifact]()
	registerOpaque[BookRef]()
	registerOpaque[BoundaryFit]()
	registerOpaque[Candidate]()
	registerOpaque[MatchedSummary]()
	registerOpaque[Outcome]()
	registerOpaque[RankedModel]()
	registerOpaque[Selection]()
	registerOpaque[SetTask]()
	registerOpaque[SummaryRow]()
	registerOpaque[TrainedModel]()
	registerOpaque[WikiChunk]()
}

// registerOpaque gives the struct type T a Go custom coder whose bytes are
// T's own Beam schema row encoding. The elements keep exactly the bytes the
// default row coder gives them (so grouping and every output stay the
// same), but the pipeline now declares them as opaque, length-prefixed
// bytes instead of beam:coder:row:v1.
//
// Why: a runner written in Java decodes every standard coder it sees
// between its operators, and Flink's (Beam 2.62) row decoder does not read
// the Go SDK's rows: the first batch job on the sample hung inside the
// TaskManager's RowCoder.decode, reading past the end of a record.
// Reading the Go encoder suggests why (it marks nil slices and maps null in
// fields its schema declares non-nullable, and counts unexported fields in
// the row header); which of these it was was
// not isolated. Prism, being Go, never decodes them.
//
// T must also be registered as a type; registerOpaque does that. Call it in
// init(), before beam.Init.
func registerOpaque[T any]() {
	t := reflect.TypeOf((*T)(nil)).Elem()
	if t.Kind() != reflect.Struct {
		panic(fmt.Sprintf("registerOpaque: %v is not a struct type", t))
	}
	rowEnc, err := beamcoder.RowEncoderForStruct(t)
	if err != nil {
		panic(fmt.Sprintf("registerOpaque: %v: %v", t, err))
	}
	rowDec, err := beamcoder.RowDecoderForStruct(t)
	if err != nil {
		panic(fmt.Sprintf("registerOpaque: %v: %v", t, err))
	}
	enc := func(v T) ([]byte, error) {
		var buf bytes.Buffer
		err := rowEnc(v, &buf)
		return buf.Bytes(), err
	}
	dec := func(b []byte) (T, error) {
		v, err := rowDec(bytes.NewReader(b))
		if err != nil {
			var zero T
			return zero, err
		}
		return v.(T), nil
	}
	// The closures of one generic function share one symbol name for every
	// T; the workers find each coder's functions by a name of its own.
	encName := "transforms.encodeOpaque[" + t.String() + "]"
	decName := "transforms.decodeOpaque[" + t.String() + "]"
	runtime.RegisterFunctionWithName(encName, enc)
	runtime.RegisterFunctionWithName(decName, dec)
	encFn, err := funcx.New(reflectx.MakeFuncWithName(encName, enc))
	if err != nil {
		panic(fmt.Sprintf("registerOpaque: %v: %v", t, err))
	}
	decFn, err := funcx.New(reflectx.MakeFuncWithName(decName, dec))
	if err != nil {
		panic(fmt.Sprintf("registerOpaque: %v: %v", t, err))
	}
	beam.RegisterType(t)
	beamcoder.RegisterDeterministicCoderWithFuncs(t, encFn, decFn)
}
