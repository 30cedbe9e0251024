package transforms

import (
	"bytes"
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*Artifact)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*featureTableFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*savedModelFn)(nil)).Elem())
	register.Iter1[TrainedModel]()
	register.Iter1[RankedModel]()
	register.Emitter1[Artifact]()
}

// Artifact is a file the pipeline writes: a model, a feature table, a figure.
type Artifact struct {
	// Path is relative to the output directory.
	Path string
	Data []byte
}

// savedModelJSON is the file of m as models/<method>.json holds it: its
// coverage statistics bounded (coverage.SavedBigrams), so that the file
// does not grow with the books; m, which summarizes the test books, is not
// changed.
func savedModelJSON(m *logistic.Model) ([]byte, error) {
	var buf bytes.Buffer
	if err := m.Bounded(coverage.SavedBigrams).WriteJSON(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// savedModelFn emits the model of all training books as
// models/<method>.json.
type savedModelFn struct {
	// Dir is the work directory the models are read from.
	Dir string `json:"dir"`
}

func (f *savedModelFn) ProcessElement(ctx context.Context, m TrainedModel, emit func(Artifact)) error {
	if m.Set != cv.AllBooks {
		return nil
	}
	data, err := store.ReadWritten(ctx, modelFile(f.Dir, m.Set, m.Method))
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
	var models []*logistic.Model
	var r RankedModel
	for iter(&r) {
		sets = append(sets, r.Set)
		models = append(models, &logistic.Model{Features: r.Features, Weights: r.Weights})
		r = RankedModel{}
	}
	md, js, err := logistic.FeatureReport(method, sets, models, 25)
	if err != nil {
		return err
	}
	emit(Artifact{Path: layout.Rel.FeatureTable(method), Data: md})
	emit(Artifact{Path: layout.Rel.Features(method), Data: js})
	return nil
}
