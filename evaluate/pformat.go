package evaluate

import (
	"math"
	"strconv"
)

// FormatP prints a p-value of PairedPermutation run for the given rounds
// (<= 0: DefaultPermutations). The test's p is (1 + hits) / (1 + rounds), so
// its smallest value, 1 / (1 + rounds), says only that no round reached the
// observed difference; it is printed as "< b", b the smallest power of ten
// above it: "< 0.0001" for 10,000 rounds (1/10,001 = 0.0000999...). Other
// p-values print to three decimals, or, below 0.001, to their first
// significant digit ("0.0003"), never as "0.000".
func FormatP(p float64, r int) string {
	if math.IsNaN(p) {
		return "NaN"
	}
	floor := 1 / float64(1+rounds(r))
	if p <= floor*(1+1e-9) {
		b := math.Pow(10, math.Floor(math.Log10(floor))+1)
		return "< " + strconv.FormatFloat(b, 'f', -1, 64)
	}
	if p >= 0.001 {
		return strconv.FormatFloat(p, 'f', 3, 64)
	}
	return strconv.FormatFloat(p, 'f', int(math.Ceil(-math.Log10(p))), 64)
}
