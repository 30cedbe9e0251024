package classify

import (
	"os"
	"testing"
	"time"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

func TestDevTrain(t *testing.T) {
	if os.Getenv("BOOKALIGN_DEV") != "1" {
		t.Skip()
	}
	dir := sharedtest.Path(t, "corpus")
	pairs := loadCorpus(t, dir, corpusIDs(t, dir))
	var counts Counts
	var train []*corpusPair
	for i, p := range pairs {
		if i%10 == 0 {
			continue
		}
		train = append(train, p)
		counts.Add(p.book.Stats())
	}
	col, _ := counts.Collection(Settings{})
	start := time.Now()
	feats := make([]*Features, len(train))
	for i, p := range train {
		feats[i] = col.Featurize(p.book)
		feats[i].Label = p.labels
	}
	t.Logf("featurize %d books: %v", len(train), time.Since(start))
	data := newDataset(col.Dim(), feats)
	t.Logf("rows %d nnz %d dim %d", len(data.y), len(data.index), data.dim)
	for _, l := range []float64{1e-3, 1e-4, 1e-5, 1e-6} {
		for _, tol := range []float64{1e-5, 1e-6} {
			tr := &Trainer{Tolerance: tol}
			o := newObjective(data, l, 2)
			start = time.Now()
			x, it, err := tr.fit(o, initialPoint(data))
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("lambda %g tol %g: %d iterations %d evals %v f=%.6f bias %.3f", l, tol, it, o.evals, time.Since(start), o.Func(x), x[len(x)-1])
		}
	}
}
