package evaluate

import (
	"fmt"
	"math"
)

// MinBooks is the fewest evaluated books whose intervals and p-values
// mean anything. A paired test of n books can flip the signs of its n
// differences in 2^n ways, two of which (none and all) give the observed
// |mean difference|, so its smallest two-sided p-value is
//
//	p_min = 2 / 2^n = 2^(1-n),
//
// which is under 0.05 from n = 6 (0.031) and not before (0.0625 at n = 5):
// with fewer books no difference can be significant. The bootstrap
// intervals of so few books are as empty: one book's interval is its
// score, [40.2, 40.2], and five books have only 126 distinct resamples.
const MinBooks = 6

// FewBooks returns the warning for results of n books when n is under
// MinBooks, and "" otherwise, or when there is no book (and so no table).
func FewBooks(n int) string {
	if n >= MinBooks || n < 1 {
		return ""
	}
	books := fmt.Sprintf("%d books were", n)
	if n == 1 {
		books = "1 book was"
	}
	return fmt.Sprintf("only %s evaluated, fewer than %d: the table's 95%% intervals and p-values mean nothing "+
		"(with n books the smallest p-value a paired test can give is 2^(1-n), here %.3g; one under 0.05 needs %d books)",
		books, MinBooks, minP(n), MinBooks)
}

// minP is 2^(1-n), the smallest p-value of a paired sign-flip test of
// n >= 1 differences.
func minP(n int) float64 { return math.Ldexp(1, 1-n) }
