package classify

import "math"

// expNegTable[j] is 2^(-j/64).
var expNegTable = func() (t [64]float64) {
	for j := range t {
		t[j] = math.Exp2(-float64(j) / 64)
	}
	return t
}()

// expNeg returns exp(-a) for a >= 0 with a relative error below
// 4e-16 + 2e-16 a (the reduction to t - k below loses the low bits of a:
// 1.4e-15 at a = 5, 1.4e-13 at a = 708), calling math.Exp beyond 708.
//
// With t = 64 a / ln 2 = 64 m + j + f (m, j integers, 0 <= j < 64,
// 0 <= f < 1),
//
//	exp(-a) = 2^(-m) * 2^(-j/64) * exp(-r),  r = f ln 2 / 64 < 0.0109,
//
// and exp(-r) is its Taylor polynomial of degree 6, whose error is below
// r^7/5040 < 4e-18.
func expNeg(a float64) float64 {
	if !(a <= 708) { // also NaN
		return math.Exp(-a)
	}
	t := a * (64 / math.Ln2)
	k := int(t)
	r := (t - float64(k)) * (math.Ln2 / 64)
	p := 1 - r*(1-r*(1.0/2-r*(1.0/6-r*(1.0/24-r*(1.0/120-r*(1.0/720))))))
	// Dividing by 2^m is subtracting m from the exponent; p*2^(-j/64) lies
	// in (0.49, 1] and m <= 1021, so the result stays a normal number.
	return math.Float64frombits(math.Float64bits(p*expNegTable[k&63]) - uint64(k>>6)<<52)
}

// log1pTable[j] is log(1 + j/256), and log1pInv[j] is 1/(1 + j/256).
var log1pTable, log1pInv = func() (t, inv [257]float64) {
	for j := range t {
		t[j] = math.Log1p(float64(j) / 256)
		inv[j] = 1 / (1 + float64(j)/256)
	}
	return t, inv
}()

// log1pSmall returns log(1 + e) for 0 <= e <= 1, faster than math.Log1p.
// Below 1e-3 it sums the series e - e^2/2 + e^3/3 - e^4/4 + e^5/5, whose error
// is below e^6/6 (a relative error below 2e-16). From 1e-3 to 1, with
// c = j/256 the multiple of 1/256 at or below e,
//
//	log(1 + e) = log(1 + c) + log(1 + r),  r = (e - c) / (1 + c) < 1/256,
//
// log(1 + c) from a table and log(1 + r) by its series to r^6, whose error
// is below r^7/7 < 3e-18; e - c is exact (c <= e < 2c, or c = 0), and the
// result has a relative error below 7e-16. Beyond 1, and for NaN,
// math.Log1p.
func log1pSmall(e float64) float64 {
	if e < 1e-3 {
		return e * (1 - e*(1.0/2-e*(1.0/3-e*(1.0/4-e*(1.0/5)))))
	}
	if !(e <= 1) {
		return math.Log1p(e)
	}
	j := int(e * 256)
	r := (e - float64(j)/256) * log1pInv[j]
	p := r * (1 - r*(1.0/2-r*(1.0/3-r*(1.0/4-r*(1.0/5-r*(1.0/6))))))
	return log1pTable[j] + p
}
