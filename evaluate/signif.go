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
	ps, err := PairedPermutations([][]float64{a}, [][]float64{b}, rounds, seed)
	if err != nil {
		return 0, err
	}
	return ps[0], nil
}

// PairedPermutations is PairedPermutation of a[k] against b[k] for every
// k, the tests of several measures of the same books: each p[k] is the one
// PairedPermutation(a[k], b[k], rounds, seed) returns, to the bit (the
// same rounds, each test's sum made in the same order). The rounds are
// drawn once for all the tests, and a round's sums are made side by side,
// which keeps the cores' adders busy where one test's sum is a chain of
// dependent additions. Every a[k] and b[k] must have the same length.
func PairedPermutations(a, b [][]float64, rounds int, seed uint64) (p []float64, err error) {
	if len(a) != len(b) {
		return nil, errors.New("evaluate: paired scores of different lengths")
	}
	n := -1
	for k := range a {
		if len(a[k]) != len(b[k]) || (n >= 0 && len(a[k]) != n) {
			return nil, errors.New("evaluate: paired scores of different lengths")
		}
		n = len(a[k])
	}
	if n <= 0 {
		return nil, errors.New("evaluate: no paired scores")
	}
	if rounds <= 0 {
		rounds = DefaultPermutations
	}
	m := len(a)
	p = make([]float64, m)
	// d[j*m+k] is book j's difference under test k, and t[k] the test's
	// statistic; the tests whose every difference is zero have p = 1 and
	// are left out of the rounds.
	var tests []int
	t := make([]float64, 0, m)
	for k := range m {
		var sum float64
		for i := range n {
			sum += a[k][i] - b[k][i]
		}
		if sum == 0 {
			p[k] = 1
			continue
		}
		tests = append(tests, k)
		t = append(t, math.Abs(sum))
	}
	if len(tests) == 0 {
		return p, nil
	}
	m = len(tests)
	d := make([]float64, n*m)
	tol := make([]float64, m)
	for x, k := range tests {
		for i := range n {
			d[i*m+x] = a[k][i] - b[k][i]
		}
		// Sums that differ from t by rounding alone count as reaching it.
		tol[x] = t[x] - 1e-9*t[x]
	}
	rng := permutationRNG(seed)
	hits := make([]int, m)
	s := make([]float64, m)
	for range rounds {
		clear(s)
		for i := 0; i < n; i += 64 {
			bits := rng.Uint64()
			for j := i; j < min(i+64, n); j++ {
				// Swapping the pair flips the sign of its difference:
				// adding the difference with its sign bit flipped is
				// subtracting it, to the bit, without a branch.
				sign := (bits & 1) << 63
				row := d[j*m : j*m+m]
				for x, v := range row {
					s[x] += math.Float64frombits(math.Float64bits(v) ^ sign)
				}
				bits >>= 1
			}
		}
		for x := range s {
			if math.Abs(s[x]) >= tol[x] {
				hits[x]++
			}
		}
	}
	for x, k := range tests {
		p[k] = float64(1+hits[x]) / float64(1+rounds)
	}
	return p, nil
}

// permutationRNG is the generator of the rounds of PairedPermutations
// seeded by seed. Each round draws ceil(n/64) words, and bit j%64 of word
// j/64 says whether book j's pair is swapped.
func permutationRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x7065726d)) }

// PFloor returns the smallest p-value PairedPermutations can return for n
// books, rounds (<= 0: DefaultPermutations) and seed:
//
//	floor = (1 + k) / (1 + R),
//
// where k counts the rounds that swap no pair or every pair. Those two
// relabellings give t itself, whatever the scores, so every test of n
// books with a nonzero difference counts them; a test no other round
// reaches has p = floor. There are 2^n relabellings, so k is about
// 2R / 2^n: 0 for a few dozen books or more, where the floor is
// 1 / (1 + R), but about 5 for 12 books and 10,000 rounds. n <= 0 gives 1.
func PFloor(n, rounds int, seed uint64) (floor float64, k int) {
	if n <= 0 {
		return 1, 0
	}
	if rounds <= 0 {
		rounds = DefaultPermutations
	}
	rng := permutationRNG(seed)
	for range rounds {
		none, all := true, true
		for i := 0; i < n; i += 64 {
			// The low n-i bits, all 64 when n-i >= 64 (1<<64 is 0 in Go).
			used := uint64(1)<<min(64, n-i) - 1
			bits := rng.Uint64() & used
			none, all = none && bits == 0, all && bits == used
		}
		if none || all {
			k++
		}
	}
	return float64(1+k) / float64(1+rounds), k
}
