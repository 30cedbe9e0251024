package align

// occurrences lists, for every word id, the sorted positions of its counted
// book tokens, all in one slice (a counting sort of the book).
type occurrences struct {
	off []int32 // positions of word w are pos[off[w]:off[w+1]]
	pos []int32
}

func newOccurrences(p *Pair) *occurrences {
	o := &occurrences{off: make([]int32, len(p.Vocab)+1), pos: make([]int32, len(p.Book.Words))}
	for _, w := range p.Book.Words {
		o.off[w+1]++
	}
	for w := 1; w < len(o.off); w++ {
		o.off[w] += o.off[w-1]
	}
	next := append([]int32(nil), o.off[:len(p.Vocab)]...)
	for i, w := range p.Book.Words {
		o.pos[next[w]] = int32(i)
		next[w]++
	}
	return o
}

// of returns the positions of word w; the caller must not modify them.
func (o *occurrences) of(w int32) []int32 {
	return o.pos[o.off[w]:o.off[w+1]]
}

// count returns the number of occurrences of word w.
func (o *occurrences) count(w int32) int {
	return int(o.off[w+1] - o.off[w])
}

// observation is one kept summary token: its word and its summary sentence.
type observation struct {
	word, sentence int32
}

// keptObservations returns the summary tokens, in order, for which keep is
// true.
func keptObservations(p *Pair, keep func(w int32) bool) []observation {
	var obs []observation
	for k, ws := range p.Summary.Words {
		for _, w := range ws {
			if keep(w) {
				obs = append(obs, observation{word: w, sentence: int32(k)})
			}
		}
	}
	return obs
}
