package align

// neighbourReach is the gap, in counted tokens, below which a sentence
// placed by its neighbours spans the whole stretch between them: the Token
// HMM's default τ, the longest jump inside a summary sentence.
const neighbourReach = 1000

// neighbourSpan returns the span at which PassageHMM.Neighbours places
// sentence k, which has no state: the stretch from the end of the passage of
// the nearest earlier sentence with a state to the start of the nearest
// later one's when they lie less than neighbourReach apart, else the last
// token of the earlier one's passage, or the first of the later one's when
// there is no earlier one. ok is false when no sentence has a state.
func (fit *PassageFit) neighbourSpan(k int) (iv Interval, ok bool) {
	x, y := -1, -1 // the last token before, the first after
	for l := k - 1; l >= 0; l-- {
		if s := fit.State[l]; s >= 0 {
			x = fit.Passages[s].End - 1
			break
		}
	}
	for l := k + 1; l < len(fit.State); l++ {
		if s := fit.State[l]; s >= 0 {
			y = fit.Passages[s].Start
			break
		}
	}
	return between(x, y, neighbourReach)
}

// between returns the span of a sentence placed by its neighbours, given
// the last token x placed before it and the first y placed after it (-1 for
// none): the stretch from x to y when both exist and lie less than reach
// apart, else the token x, else the token y; ok is false when neither
// exists.
func between(x, y, reach int) (iv Interval, ok bool) {
	switch {
	case x >= 0 && y >= 0 && abs(y-x) < reach:
		return Interval{min(x, y), max(x, y) + 1}, true
	case x >= 0:
		return Interval{x, x + 1}, true
	case y >= 0:
		return Interval{y, y + 1}, true
	}
	return Interval{}, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
