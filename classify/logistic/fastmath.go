package logistic

import "math"

// expNegTable[j] is 2^(-j/64).
var expNegTable = func() (t [64]float64) {
	for j := range t {
		t[j] = math.Exp2(-float64(j) / 64)
	}
	return t
}()

// expNegs sets e[i] = exp(-a[i]) for each a[i] >= 0 (e may be a), with a
// relative error below 4e-16 + 2e-16 a (the reduction to t - k below loses
// the low bits of a: 1.4e-15 at a = 5, 1.4e-13 at a = 708), calling math.Exp
// beyond 708.
//
// With t = 64 a / ln 2 = 64 m + j + f (m, j integers, 0 <= j < 64,
// 0 <= f < 1),
//
//	exp(-a) = 2^(-m) * 2^(-j/64) * exp(-r),  r = f ln 2 / 64 < 0.0109,
//
// and exp(-r) is its Taylor polynomial of degree 6, whose error is below
// r^7/5040 < 4e-18.
//
// It takes a slice, not one value, so that the loop has no call in it: the
// processor then overlaps the long chains of arithmetic of several values.
func expNegs(e, a []float64) {
	e = e[:len(a)]
	for i, ai := range a {
		if !(ai <= 708) { // also NaN
			e[i] = math.Exp(-ai)
			continue
		}
		t := ai * (64 / math.Ln2)
		k := int(t)
		r := (t - float64(k)) * (math.Ln2 / 64)
		p := 1 - r*(1-r*(1.0/2-r*(1.0/6-r*(1.0/24-r*(1.0/120-r*(1.0/720))))))
		// Dividing by 2^m is subtracting m from the exponent; p*2^(-j/64)
		// lies in (0.49, 1] and m <= 1021, so the result stays a normal
		// number.
		e[i] = math.Float64frombits(math.Float64bits(p*expNegTable[k&63]) - uint64(k>>6)<<52)
	}
}

// log1pTable[j] is log(1 + j/256), and log1pInv[j] is 1/(1 + j/256).
var log1pTable, log1pInv = func() (t, inv [257]float64) {
	for j := range t {
		t[j] = math.Log1p(float64(j) / 256)
		inv[j] = 1 / (1 + float64(j)/256)
	}
	return t, inv
}()

// log1pSmalls sets l[i] = log(1 + e[i]) for each 0 <= e[i] <= 1, faster
// than math.Log1p. Below 1e-3 it is the series e - e^2/2 + e^3/3 - e^4/4 +
// e^5/5, whose error is below e^6/6 (a relative error below 2e-16). From
// 1e-3 to 1, with c = j/256 the multiple of 1/256 at or below e,
//
//	log(1 + e) = log(1 + c) + log(1 + r),  r = (e - c) / (1 + c) < 1/256,
//
// log(1 + c) from a table and log(1 + r) by its series to r^6, whose error
// is below r^7/7 < 3e-18; e - c is exact (c <= e < 2c, or c = 0), and the
// result has a relative error below 7e-16. Beyond [0, 1], and for NaN,
// math.Log1p.
//
// It takes a slice, as expNegs does, and computes both ways for each value,
// keeping the one e asks for without a branch: the objective's arguments lie
// on both sides of 1e-3 (37% of the rows below it for a fitted model), and a
// mispredicted branch costs more than the way not taken.
func log1pSmalls(l, e []float64) {
	l = l[:len(e)]
	for i, ei := range e {
		if !(ei >= 0 && ei <= 1) {
			l[i] = math.Log1p(ei)
			continue
		}
		series := ei * (1 - ei*(1.0/2-ei*(1.0/3-ei*(1.0/4-ei*(1.0/5)))))
		j := int(ei * 256)
		r := (ei - float64(j)/256) * log1pInv[j]
		p := r * (1 - r*(1.0/2-r*(1.0/3-r*(1.0/4-r*(1.0/5-r*(1.0/6))))))
		// The series when e < 1e-3, by a mask: e's bits (the sign left out,
		// e may be -0) less those of 1e-3 are negative, as integers, just
		// then.
		less := uint64(int64(math.Float64bits(ei)&^(1<<63)-math.Float64bits(1e-3)) >> 63)
		l[i] = math.Float64frombits(math.Float64bits(series)&less | math.Float64bits(log1pTable[j]+p)&^less)
	}
}
