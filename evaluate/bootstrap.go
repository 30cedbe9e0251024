package evaluate

import (
	"math/rand/v2"
	"sort"
)

// DefaultResamples is the number of bootstrap samples used when
// Bootstrap.Resamples is zero.
const DefaultResamples = 10000

// Bootstrap draws bootstrap samples of a collection of books.
type Bootstrap struct {
	// Resamples is the number of samples; zero means DefaultResamples.
	Resamples int
	// Seed seeds the generator; equal seeds give equal samples.
	Seed uint64
}

// Samples returns Resamples samples of n items drawn with replacement: sample
// r holds, for each item i, how many times it was drawn. The samples depend
// only on Resamples, Seed and n.
func (b Bootstrap) Samples(n int) [][]int32 {
	reps := b.Resamples
	if reps == 0 {
		reps = DefaultResamples
	}
	rng := rand.New(rand.NewPCG(b.Seed, 0x626f6f6b616c6e))
	out := make([][]int32, reps)
	for r := range out {
		counts := make([]int32, n)
		for range n {
			counts[rng.IntN(n)]++
		}
		out[r] = counts
	}
	return out
}

// MeanCI returns the mean of x and the percentile interval of the mean over
// the given bootstrap samples at the given level (0.95 for a 95% interval):
//
//	lo, hi = quantile_{(1-level)/2}, quantile_{1-(1-level)/2} of {sum_i c_ri x_i / n}_r
//
// where c_ri is how often sample r drew item i. With no samples or no items,
// lo and hi equal the mean.
func MeanCI(x []float64, samples [][]int32, level float64) (mean, lo, hi float64) {
	n := len(x)
	if n == 0 {
		return 0, 0, 0
	}
	for _, v := range x {
		mean += v
	}
	mean /= float64(n)
	if len(samples) == 0 {
		return mean, mean, mean
	}
	means := make([]float64, len(samples))
	for r, c := range samples {
		if len(c) != n {
			panic("evaluate: sample size does not match the data")
		}
		var s float64
		for i, v := range x {
			s += float64(c[i]) * v
		}
		means[r] = s / float64(n)
	}
	sort.Float64s(means)
	alpha := (1 - level) / 2
	return mean, quantile(means, alpha), quantile(means, 1-alpha)
}

// quantile returns the p-quantile of sorted x, interpolating linearly between
// order statistics (type 7 of Hyndman and Fan, the default of R and numpy).
func quantile(x []float64, p float64) float64 {
	if len(x) == 1 {
		return x[0]
	}
	h := p * float64(len(x)-1)
	i := int(h)
	if i >= len(x)-1 {
		return x[len(x)-1]
	}
	return x[i] + (h-float64(i))*(x[i+1]-x[i])
}
