package rouge

import "strconv"

// Result holds the three ROUGE scores of a candidate against a reference.
type Result struct {
	ROUGE1 Measure // unigrams
	ROUGE2 Measure // bigrams
	ROUGEL Measure // summary-level union longest common subsequence
}

// A Measure is one ROUGE score with the counts it comes from. Recall,
// Precision and F are rounded to five decimals, as ROUGE-1.5.5 prints them.
type Measure struct {
	Recall    float64 // Hits / Reference, or 0 when Reference is 0
	Precision float64 // Hits / Candidate, or 0 when Candidate is 0
	F         float64 // P*R / (0.5*P + 0.5*R) of the rounded P and R, or 0

	Hits      int // n-grams (ROUGE-L: tokens) matched
	Reference int // n-grams (ROUGE-L: tokens) in the reference
	Candidate int // n-grams (ROUGE-L: tokens) in the candidate
}

// measure computes a Measure from its counts, rounding as ROUGE-1.5.5 does.
func measure(hits, ref, cand int) Measure {
	m := Measure{Hits: hits, Reference: ref, Candidate: cand}
	if ref > 0 {
		m.Recall = round5(float64(hits) / float64(ref))
	}
	if cand > 0 {
		m.Precision = round5(float64(hits) / float64(cand))
	}
	if d := 0.5*m.Precision + 0.5*m.Recall; d > 0 {
		m.F = round5(m.Precision * m.Recall / d)
	}
	return m
}

// round5 rounds x to five decimals as Perl's sprintf("%7.5f", x) does: the
// exact binary value of x, halves to even.
func round5(x float64) float64 {
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], x, 'f', 5, 64)
	r, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		panic("rouge: cannot parse a formatted float: " + err.Error())
	}
	return r
}
