package align

import "slices"

// boundarySamples records, round by round, the left and right boundary of
// every passage state: 2·K int32 per round, so 500 rounds of 100 states take
// 400 kB whatever the book's length.
type boundarySamples struct {
	k           int
	left, right []int32 // [round*k + s]
}

func newBoundarySamples(k, rounds int) *boundarySamples {
	return &boundarySamples{k: k, left: make([]int32, 0, k*rounds), right: make([]int32, 0, k*rounds)}
}

// record appends one round: state s spans the counted tokens
// [start[s], end[s]), so its right boundary j is end[s]-1.
func (b *boundarySamples) record(start, end []int) {
	for s := range b.k {
		b.left = append(b.left, int32(start[s]))
		b.right = append(b.right, int32(end[s]-1))
	}
}

// histograms returns each state's left and right boundary histograms.
func (b *boundarySamples) histograms() (left, right []Histogram) {
	left, right = make([]Histogram, b.k), make([]Histogram, b.k)
	if b.k == 0 {
		return left, right
	}
	rounds := len(b.left) / b.k
	buf := make([]int32, rounds)
	for s := range b.k {
		left[s] = histogramOf(buf, b.left, s, b.k)
		right[s] = histogramOf(buf, b.right, s, b.k)
	}
	return left, right
}

// histogramOf sorts the samples of state s (every k-th entry of all, from
// s) in buf and run-length encodes them.
func histogramOf(buf, all []int32, s, k int) Histogram {
	buf = buf[:0]
	for i := s; i < len(all); i += k {
		buf = append(buf, all[i])
	}
	slices.Sort(buf)
	var h Histogram
	for i := 0; i < len(buf); {
		j := i
		for j < len(buf) && buf[j] == buf[i] {
			j++
		}
		h = append(h, Bin{Pos: int(buf[i]), Count: j - i})
		i = j
	}
	return h
}

// finalPassages returns the final span of every state: the (left, right)
// pair recorded most often for it (the smallest on ties), clipped in state
// order so that the passages are disjoint, in order (§3.1) and each keeps
// at least one of the n tokens. At least one round must have been recorded.
func (b *boundarySamples) finalPassages(n int) []Interval {
	out := make([]Interval, b.k)
	rounds := len(b.left) / max(1, b.k)
	buf := make([]int64, rounds)
	for s := range b.k {
		for r := range rounds {
			buf[r] = int64(b.left[r*b.k+s])<<32 | int64(b.right[r*b.k+s])
		}
		slices.Sort(buf)
		best, count := buf[0], 0
		for i := 0; i < len(buf); {
			j := i
			for j < len(buf) && buf[j] == buf[i] {
				j++
			}
			if j-i > count {
				best, count = buf[i], j-i
			}
			i = j
		}
		out[s] = Interval{int(best >> 32), int(best&(1<<32-1)) + 1}
	}
	lo := 0
	for s := range out {
		room := n - (b.k - s) // the last start that leaves a token for each later state
		out[s].Start = min(max(out[s].Start, lo), room)
		out[s].End = min(max(out[s].End, out[s].Start+1), room+1)
		lo = out[s].End
	}
	return out
}
