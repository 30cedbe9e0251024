package coverage

import (
	"errors"
	"fmt"
	"math"

	"github.com/bookalign/bookalign/classify/internal/fitting"
	"gonum.org/v1/gonum/optimize"
)

// fineLambda is the L2 strength of the second stage, on its mean loss per
// n-gram.
const fineLambda = 1e-4

// FineRows are the second stage's training data: training books' n-grams,
// each with its fine features, the first stage's expected count (the
// offset), its count in the summary and its weight. The n-grams that the
// summary does not hold are sampled (AddFineRows), and weigh the inverse
// of the sampling rate.
type FineRows struct {
	x     []fineVec
	class []uint8 // fineClass
	mu, y []float64
	w     []float32
}

// Len returns the number of rows.
func (r *FineRows) Len() int { return len(r.x) }

// AddFineRows adds the rows of a training book, whose terms are t, n-grams
// g, keys uni and bi and fine features ff, under m's first stage: every
// n-gram its summary holds and, of the others, those whose hash under seed
// falls below sample (0 < sample <= 1).
func (m *Model) AddFineRows(r *FineRows, t *Terms, g *Grams, uni, bi []Key, ff *FineFeatures, sample float64, seed uint64) {
	refUni := make([]int32, len(t.Vocab))
	for _, id := range t.Reference {
		if id >= 0 {
			refUni[id]++
		}
	}
	cut := uint64(sample * (1 << 32))
	var buf []int32
	add := func(x *fineVec, k Key, y int32, h uint64) {
		w := float32(1)
		if y == 0 {
			if splitmix(h^seed)>>32 >= cut {
				return
			}
			w = float32(1 / sample)
		}
		r.x = append(r.x, *x)
		r.class = append(r.class, fineClass(k))
		r.mu = append(r.mu, m.mean(k, buf))
		r.y = append(r.y, float64(y))
		r.w = append(r.w, w)
	}
	for id, k := range uni {
		add(&ff.Uni[id], k, refUni[id], uint64(id)<<1)
	}
	for x, k := range bi {
		add(&ff.Bi[x], k, g.biRef[x], g.biHash[x]|1)
	}
}

// splitmix is SplitMix64's finaliser: a hash of x whose bits are all
// alike.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// FitFine fits m's second stage on the rows r under the groups f: the
// Poisson regression E[y] = mu exp(v . x) of each row, mu the first
// stage's expected count, v one weight vector for each class of n-gram
// (fineClass), from v = 0.
func (m *Model) FitFine(f Fine, r *FineRows) error {
	if !f.Valid() || f == 0 {
		return fmt.Errorf("classify: coverage fine groups %v", f)
	}
	if r.Len() == 0 {
		return errors.New("classify: no n-grams to fit the coverage model's second stage to")
	}
	var total float64
	for _, w := range r.w {
		total += float64(w)
	}
	memo := fitting.NewMemo(fineClasses*fineDim, func(v, g []float64) float64 { return fineLoss(r, total, v, g) })
	problem := optimize.Problem{Func: memo.Func, Grad: memo.Grad}
	res, err := optimize.Minimize(problem, make([]float64, fineClasses*fineDim), &optimize.Settings{GradientThreshold: 1e-7, MajorIterations: 1000}, &optimize.LBFGS{})
	if err := fitting.Error(res, err); err != nil {
		return fmt.Errorf("classify: coverage model's second stage: %w", err)
	}
	for _, v := range res.X {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("classify: coverage model's second stage: weight %v", v)
		}
	}
	m.Fine, m.FineWeights = f, res.X
	return nil
}

// fineLoss is the mean weighted Poisson loss of the rows at v (less its
// constant), with the L2 penalty fineLambda, and its gradient into g.
func fineLoss(r *FineRows, total float64, v, g []float64) float64 {
	clear(g)
	var f float64
	for i := range r.x {
		off := int(r.class[i]) * fineDim
		x, w := &r.x[i], float64(r.w[i])
		var z float64
		for j, xj := range x {
			z += v[off+j] * float64(xj)
		}
		e := r.mu[i] * math.Exp(min(z, 30))
		f += w * (e - r.y[i]*z)
		d := w * (e - r.y[i]) / total
		for j, xj := range x {
			g[off+j] += d * float64(xj)
		}
	}
	f /= total
	for j, vj := range v {
		f += fineLambda / 2 * vj * vj
		g[j] += fineLambda * vj
	}
	return f
}

// fineClasses is the number of classes of n-grams that the second stage
// weighs apart: content and stopword unigrams, content bigrams and
// bigrams that hold a stopword. The counts of the summaries' stopword
// n-grams run to tens, and would otherwise set the weights of the content
// n-grams that coverage extraction weighs most.
const fineClasses = 4

// fineClass returns the class of an n-gram of key k.
func fineClass(k Key) uint8 {
	c := uint8(btoi(keyStop.get(k) != 0))
	if k&bigramFlag != 0 {
		c += 2
	}
	return c
}

// fineScale returns exp(v . x) of an n-gram of key k and fine features x
// under m's second stage, 1 without one.
func (m *Model) fineScale(k Key, x *fineVec) float64 {
	if m.Fine == 0 {
		return 1
	}
	at := int(fineClass(k)) * fineDim
	v := m.FineWeights[at : at+fineDim]
	var z float64
	for j, xj := range x {
		z += v[j] * float64(xj)
	}
	return math.Exp(min(z, 30))
}

// Append adds the rows of o to r.
func (r *FineRows) Append(o *FineRows) {
	r.x = append(r.x, o.x...)
	r.class = append(r.class, o.class...)
	r.mu = append(r.mu, o.mu...)
	r.y = append(r.y, o.y...)
	r.w = append(r.w, o.w...)
}
