package evaluate

import (
	"errors"
	"math"
	"math/rand/v2"
)

// DefaultPermutations is the number of random relabellings of
// PairedPermutation when it is given zero.
const DefaultPermutations = 10000

// PairedPermutation tests whether two methods scored on the same books
// differ, by approximate randomization (Noreen 1989; Riezler and Maxwell
// 2005): a[i] and b[i] are the two methods' scores on book i. The statistic
// is the absolute mean difference
//
//	t = |sum_i {a_i - b_i}| / n,
//
// and under the null hypothesis that the methods are exchangeable each
// pair may be swapped, which flips the sign of its difference. Each of R
// rounds swaps every pair with probability 1/2, and the two-sided p-value
// is
//
//	p = (1 + #{rounds with t* >= t}) / (1 + R).
//
// The rounds are drawn from a generator seeded by seed, so the p-value
// depends only on the scores, R and seed. R <= 0 means
// DefaultPermutations. It returns an error when a and b differ in length
// or are empty, and p = 1 when every difference is zero.
func PairedPermutation(a, b []float64, rounds int, seed uint64) (p float64, err error) {
	if len(a) != len(b) {
		return 0, errors.New("evaluate: paired scores of different lengths")
	}
	if len(a) == 0 {
		return 0, errors.New("evaluate: no paired scores")
	}
	if rounds <= 0 {
		rounds = DefaultPermutations
	}
	d := make([]float64, len(a))
	var sum float64
	for i := range a {
		d[i] = a[i] - b[i]
		sum += d[i]
	}
	t := math.Abs(sum)
	if t == 0 {
		return 1, nil
	}
	// Sums that differ from t by rounding alone count as reaching it.
	tol := 1e-9 * t
	rng := rand.New(rand.NewPCG(seed, 0x7065726d))
	hits := 0
	for range rounds {
		var s float64
		for i := 0; i < len(d); i += 64 {
			bits := rng.Uint64()
			for j := i; j < min(i+64, len(d)); j++ {
				if bits&1 == 1 {
					s -= d[j]
				} else {
					s += d[j]
				}
				bits >>= 1
			}
		}
		if math.Abs(s) >= t-tol {
			hits++
		}
	}
	return float64(1+hits) / float64(1+rounds), nil
}
