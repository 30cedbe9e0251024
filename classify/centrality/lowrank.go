package centrality

import (
	"errors"
	"fmt"
	"math"
)

// LowRankTolerance bounds the relative error of TextRank's length term:
// every 1 / (x_a + x_b) of the document's distinct log lengths is
// reproduced by the factors of lowRank within this fraction of itself.
const LowRankTolerance = 1e-12

// ErrLowRank is returned when lowRank cannot reach LowRankTolerance: the
// residual lost its positive definiteness to rounding first.
var ErrLowRank = errors.New("centrality: length term not factored within tolerance")

// lowRank factors the matrix M_ab = 1 / (x_a + x_b) of positive values x
// by Cholesky with complete (diagonal) pivoting, stopping at the first
// rank k where every entry of M − G Gᵀ is within LowRankTolerance of the
// entry of M: M_ab ≈ Σ_q G[a*k+q] G[b*k+q]. M is positive definite (the
// Gram matrix of the functions e^{−x t} on t > 0: a Cauchy matrix), so the
// pivots are positive and the rank small: its eigenvalues fall
// geometrically. It returns G, k and the largest relative error of any
// entry, which it checks over all pairs.
func lowRank(x []float64) (g []float64, k int, maxErr float64, err error) {
	l := len(x)
	r := make([]float64, l*l) // the residual M − G Gᵀ
	for a, xa := range x {
		if !(xa > 0) || math.IsInf(xa, 0) {
			return nil, 0, 0, fmt.Errorf("centrality: length term of %g: want a positive finite log length", xa)
		}
		for b, xb := range x {
			r[a*l+b] = 1 / (xa + xb)
		}
	}
	var cols [][]float64
	for {
		maxErr = 0
		for a, xa := range x {
			for b, xb := range x {
				maxErr = max(maxErr, math.Abs(r[a*l+b])*(xa+xb))
			}
		}
		if maxErr <= LowRankTolerance || len(cols) == l {
			break
		}
		p := 0
		for a := range x {
			if r[a*l+a] > r[p*l+p] {
				p = a
			}
		}
		if !(r[p*l+p] > 0) {
			return nil, 0, maxErr, fmt.Errorf("%w: pivot %g at rank %d, relative error %.3g", ErrLowRank, r[p*l+p], len(cols), maxErr)
		}
		scale := 1 / math.Sqrt(r[p*l+p])
		c := make([]float64, l)
		for a := range x {
			c[a] = r[a*l+p] * scale
		}
		for a, ca := range c {
			row := r[a*l : (a+1)*l]
			for b, cb := range c {
				row[b] -= ca * cb
			}
		}
		cols = append(cols, c)
	}
	if maxErr > LowRankTolerance {
		return nil, 0, maxErr, fmt.Errorf("%w: relative error %.3g at full rank %d", ErrLowRank, maxErr, l)
	}
	k = len(cols)
	g = make([]float64, l*k)
	for q, c := range cols {
		for a, v := range c {
			g[a*k+q] = v
		}
	}
	return g, k, maxErr, nil
}
