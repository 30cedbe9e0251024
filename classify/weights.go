package classify

// RowWeights returns the row weights (Features.Weight) of a book's labels
// for a weighted logistic loss (soft labels, issue 12): a positive row
// weighs its score (for example the share of its summary sentence's words
// it holds, or the aligner's confidence) divided by the mean score of the
// book's positives, so that the positives of a book weigh as much in total
// as without weights and only their shares among themselves change; a
// weight is at least floor. Negative rows weigh 1. score has one entry per
// row; entries of negative rows are not read. Scores that are not finite or
// not positive count as 0.
func RowWeights(label []bool, score []float64, floor float64) []float32 {
	out := make([]float32, len(label))
	var sum float64
	n := 0
	for i, y := range label {
		out[i] = 1
		if y {
			sum += cleanScore(score[i])
			n++
		}
	}
	if n == 0 {
		return out
	}
	mean := sum / float64(n)
	for i, y := range label {
		if !y {
			continue
		}
		u := 1.0
		if mean > 0 {
			u = cleanScore(score[i]) / mean
		}
		out[i] = float32(max(u, floor))
	}
	return out
}

func cleanScore(x float64) float64 {
	if !(x > 0) || x > 1e300 {
		return 0
	}
	return x
}
