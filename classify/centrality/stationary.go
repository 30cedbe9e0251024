package centrality

import (
	"errors"
	"fmt"
	"math"
)

// The random walk of both methods.
const (
	// Jump is the probability that the walk jumps to a uniformly drawn
	// sentence instead of following an edge: Erkan and Radev's damping d,
	// which they set between 0.1 and 0.2 (2004, §3.3; 0.15 here, the
	// middle), and 1 − 0.85 for Mihalcea and Tarau's damping factor d =
	// 0.85 (2004, §2, after Brin and Page 1998).
	Jump = 0.15
	// Tolerance ends the power iteration: the first round whose L1 change
	// of the distribution is below it. The walk contracts by 1 − Jump a
	// round, so it takes about 130 rounds from the uniform start.
	Tolerance = 1e-9
	// MaxRounds bounds the power iteration; reaching it is an error
	// (ErrNotConverged), which a finite graph cannot cause.
	MaxRounds = 1000
)

// ErrNotConverged is returned when the power iteration has not met
// Tolerance after MaxRounds rounds, or met a NaN.
var ErrNotConverged = errors.New("centrality: power iteration did not converge")

// multiplier sets dst = W u for a graph's weight matrix W: symmetric,
// non-negative, zero on the diagonal. dst and u have one entry per
// sentence and do not overlap.
type multiplier func(dst, u []float64)

// stationary returns the stationary distribution of the walk on W that
// jumps with probability Jump and otherwise moves from sentence j to i
// with probability W_ij / deg_j, deg = W 1; a dangling sentence (deg_j =
// 0, no edge) always jumps. It is the solution of
//
//	p = Jump/n + (1 − Jump) (W D⁺ p + m(p)/n),  m(p) = Σ_{deg_j = 0} p_j,
//
// by power iteration from the uniform distribution, rescaled to sum to 1.
// The mass of dangling sentences is spread uniformly, so p is a scalar
// multiple of Mihalcea and Tarau's unnormalised scores (their
// WS = (1 − d) + d W D⁻¹ WS): the ranking is theirs. rounds is the number
// of rounds run.
func stationary(n int, mul multiplier) (p []float64, rounds int, err error) {
	if n == 0 {
		return []float64{}, 0, nil
	}
	deg := make([]float64, n)
	u := make([]float64, n)
	for i := range u {
		u[i] = 1
	}
	mul(deg, u)
	p = make([]float64, n)
	next := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	for rounds = 1; rounds <= MaxRounds; rounds++ {
		dangling := 0.0
		for j, d := range deg {
			if d > 0 {
				u[j] = p[j] / d
			} else {
				u[j] = 0
				dangling += p[j]
			}
		}
		mul(next, u)
		base := (Jump + (1-Jump)*dangling) / float64(n)
		change := 0.0
		for i := range next {
			next[i] = base + (1-Jump)*next[i]
			change += math.Abs(next[i] - p[i])
		}
		p, next = next, p
		if math.IsNaN(change) {
			break
		}
		if change < Tolerance {
			sum := 0.0
			for _, x := range p {
				sum += x
			}
			for i := range p {
				p[i] /= sum
			}
			return p, rounds, nil
		}
	}
	return nil, rounds, fmt.Errorf("%w: %d sentences, %d rounds", ErrNotConverged, n, min(rounds, MaxRounds))
}
