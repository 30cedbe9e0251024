package classify

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/rouge"
)

// benchBooks are a book of median size (tarzan-of-the-apes, 480 kB) and a
// short one (heart-of-darkness, 230 kB).
var benchBooks = []string{"tarzan-of-the-apes", "heart-of-darkness"}

func benchPair(b *testing.B, id string) *corpusPair {
	b.Helper()
	p, err := loadPair(sharedtest.Path(b, "corpus"), id)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkNewBook measures preparing a parsed book.
func BenchmarkNewBook(b *testing.B) {
	for _, id := range benchBooks {
		p := benchPair(b, id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				NewBook(id, p.doc)
			}
		})
	}
}

// BenchmarkFeaturize measures featurizing a book against a collection of
// 20 books with the paper's settings.
func BenchmarkFeaturize(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := loadCorpus(b, dir, smallCorpus(b, dir, 20))
	var c Counts
	for _, p := range pairs {
		c.Add(p.book.Stats())
	}
	col, err := c.Collection(Settings{})
	if err != nil {
		b.Fatal(err)
	}
	for _, id := range benchBooks {
		p := benchPair(b, id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				col.Featurize(p.book)
			}
		})
	}
}

// BenchmarkTrain measures training on the books of one fold of ten of the
// whole corpus (about 220 books, 1.2 million sentences, 20,000 features),
// at one lambda and with lambda chosen among DefaultLambdas. Loading the
// corpus takes a while before the timing starts.
//
//	go test ./classify/ -run XXX -bench Train -benchtime 1x
func BenchmarkTrain(b *testing.B) {
	dir := sharedtest.Path(b, "corpus")
	pairs := loadCorpus(b, dir, corpusIDs(b, dir))
	ids := make([]string, len(pairs))
	for i, p := range pairs {
		ids[i] = p.id
	}
	folds, _ := Folds(1, 10, ids)
	var c Counts
	var train []*corpusPair
	for _, p := range pairs {
		if folds[p.id] != 0 {
			train = append(train, p)
			c.Add(p.book.Stats())
		}
	}
	col, err := c.Collection(Settings{})
	if err != nil {
		b.Fatal(err)
	}
	feats := make([]*Features, len(train))
	for i, p := range train {
		feats[i] = col.Featurize(p.book)
		feats[i].Label = p.labels
	}
	for _, bc := range []struct {
		name string
		tr   Trainer
	}{
		{"lambda=1e-4", Trainer{Lambda: 1e-4}},
		{"chosen", Trainer{}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var m *Model
			for b.Loop() {
				if m, err = bc.tr.Train(col, feats); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(m.Training.Sentences), "sentences")
			b.ReportMetric(float64(m.Training.Iterations), "iterations")
		})
	}
}

// BenchmarkOracle measures the greedy oracle summary of a book.
func BenchmarkOracle(b *testing.B) {
	for _, id := range benchBooks {
		p := benchPair(b, id)
		b.Run(id, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Oracle(p.doc, p.book, p.summary, &rouge.Scorer{Stem: true}, DefaultBudget); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkObjective measures one evaluation of the objective and its
// gradient on synthetic data of the size of a fold's training set: 1.2
// million rows of 12 features on average out of 20,000, drawn with a
// skew toward low indices, as words are.
func BenchmarkObjective(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const rows, dim = 1200000, 20114
	d := &dataset{dim: dim, start: []int{0}}
	for range rows {
		n := 8 + rng.IntN(9)
		at := len(d.index)
		for range n {
			d.index = append(d.index, int32(float64(dim)*rng.Float64()*rng.Float64()*rng.Float64()))
		}
		slices.Sort(d.index[at:])
		d.start = append(d.start, len(d.index))
		d.y = append(d.y, rng.IntN(200) == 0)
	}
	x := make([]float64, dim+1)
	for j := range x {
		x[j] = 0.1 * rng.NormFloat64()
	}
	x[dim] = -5
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			o := newObjective(d, 1e-5, workers)
			for i := 0; b.Loop(); i++ {
				x[0] = float64(i) // a new point each time
				o.Func(x)
			}
		})
	}
}
