package classify

import (
	"fmt"
	"math"
	"slices"

	"github.com/bookalign/bookalign/text"
)

// Spread says how extraction departs from the paper's rule (Extract, rows
// by decreasing score) to cover the book and avoid repeating itself. Its
// zero value is the paper's rule.
type Spread struct {
	// Quota, when not empty, splits the rows into len(Quota) equal parts
	// (row i of n is in part len(Quota)*i/n) and gives part s the share
	// Quota[s] of the budget: a row is taken in a first pass only while
	// its part has some of its share left (it may overrun it by that one
	// row), and a second pass fills what is left of the budget by score
	// alone. See LearnQuota.
	Quota []float64
	// Redundancy > 0 chooses rows one at a time by their score minus
	// Redundancy times their greatest similarity to a row already chosen
	// (maximal marginal relevance, Carbonell and Goldstein 1998); the
	// similarity of two rows is the cosine of their sets of distinct
	// non-stopword words, in [0, 1]. The scores are log-odds, so 1 costs a
	// row that repeats one already chosen word for word a factor e in odds.
	Redundancy float64
}

// redundancyPool is how many of the best rows Redundancy re-ranks; a
// 1,000-word summary takes some 20 to 60 rows, and the rest of the budget,
// if any, is filled from the rows after them by score.
const redundancyPool = 400

// Spread returns the extraction options of s (Settings.Segments,
// Settings.Redundancy) with the quota given.
func (s Settings) spread(quota []float64) Spread {
	if s.Segments == 0 {
		quota = nil
	}
	return Spread{Quota: quota, Redundancy: s.Redundancy}
}

// LearnQuota returns the share of the budget each of segments equal parts
// of a book should get: the mean over books of the share of the book's
// labelled words (Features.Label, Length) that lies in each part, mixed
// with one part in ten of the uniform share so that no part gets nothing.
// Books without labelled rows are left out; with none, the shares are
// uniform.
func LearnQuota(books []*Features, segments int) ([]float64, error) {
	if segments <= 0 {
		return nil, fmt.Errorf("classify: %d segments", segments)
	}
	q := make([]float64, segments)
	used := 0
	share := make([]float64, segments)
	for _, f := range books {
		clear(share)
		var total float64
		n := f.Rows()
		for i, y := range f.Label {
			if y && i < n {
				share[segments*i/n] += float64(f.Length[i])
				total += float64(f.Length[i])
			}
		}
		if total == 0 {
			continue
		}
		used++
		for s := range q {
			q[s] += share[s] / total
		}
	}
	for s := range q {
		mean := 1 / float64(segments)
		if used > 0 {
			mean = q[s] / float64(used)
		}
		q[s] = 0.9*mean + 0.1/float64(segments)
	}
	return q, nil
}

// ExtractSpread is Extract with the options sp: it returns the document
// sentence indices of the rows chosen, in book order. With the zero Spread
// it returns what Extract does.
func (b *Book) ExtractSpread(scores []float64, budget int, sp Spread) []int {
	if len(scores) != b.Rows() {
		panic("classify: one score per row needed")
	}
	if len(sp.Quota) == 0 && sp.Redundancy <= 0 {
		return rowsToSentences(b, extractRows(b.Length, scores, budget))
	}
	order := rankRows(scores)
	sel := &selection{b: b, scores: scores, left: budget, taken: make([]bool, b.Rows()), sp: sp}
	if sp.Redundancy > 0 {
		sel.pool = order[:min(len(order), redundancyPool)]
		sel.sim = newSimilarity(b, sel.pool)
	}
	if len(sp.Quota) > 0 {
		sel.quotaLeft = make([]float64, len(sp.Quota))
		for s, q := range sp.Quota {
			sel.quotaLeft[s] = q * float64(budget)
		}
		sel.run(order, true)
	}
	sel.run(order, false)
	slices.Sort(sel.out)
	return rowsToSentences(b, sel.out)
}

// selection is the state of one ExtractSpread.
type selection struct {
	b         *Book
	scores    []float64
	sp        Spread
	left      int       // budget words left
	taken     []bool    // rows chosen
	out       []int     // rows chosen, in order of choice
	quotaLeft []float64 // budget words left to each part
	pool      []int     // the rows Redundancy re-ranks
	sim       *similarity
}

// fits reports whether row r can be added, under the quotas when
// withQuota.
func (s *selection) fits(r int, withQuota bool) bool {
	l := int(s.b.Length[r])
	if s.taken[r] || l == 0 || l > s.left {
		return false
	}
	return !withQuota || s.quotaLeft[s.part(r)] > 0
}

func (s *selection) part(r int) int { return len(s.quotaLeft) * r / s.b.Rows() }

func (s *selection) take(r int) {
	s.taken[r] = true
	s.out = append(s.out, r)
	s.left -= int(s.b.Length[r])
	if s.quotaLeft != nil {
		s.quotaLeft[s.part(r)] -= float64(s.b.Length[r])
	}
	if s.sim != nil {
		s.sim.add(r)
	}
}

// run adds rows until nothing more fits: from the pool by score less
// redundancy when Redundancy is set, then from order by score.
func (s *selection) run(order []int, withQuota bool) {
	if s.sim != nil {
		for {
			best, bestScore := -1, math.Inf(-1)
			for k, r := range s.pool {
				if !s.fits(r, withQuota) {
					continue
				}
				v := s.scores[r]
				if math.IsNaN(v) {
					v = math.Inf(-1)
				}
				v -= s.sp.Redundancy * s.sim.max[k]
				if best < 0 || v > bestScore {
					best, bestScore = r, v
				}
			}
			if best < 0 {
				break
			}
			s.take(best)
		}
	}
	for _, r := range order {
		if s.fits(r, withQuota) {
			s.take(r)
		}
	}
}

// similarity keeps, for each row of a pool, its greatest similarity to the
// rows chosen so far.
type similarity struct {
	b     *Book
	words [][]int32 // distinct non-stopword local ids of each pool row
	index map[int]int
	max   []float64
}

func newSimilarity(b *Book, pool []int) *similarity {
	stop := make(map[int32]bool)
	s := &similarity{b: b, words: make([][]int32, len(pool)), index: make(map[int]int, len(pool)), max: make([]float64, len(pool))}
	for k, r := range pool {
		s.index[r] = k
		ws, _ := b.Row(r)
		for _, w := range ws {
			st, ok := stop[w]
			if !ok {
				st = text.IsStopword(b.Words[w])
				stop[w] = st
			}
			if !st {
				s.words[k] = append(s.words[k], w)
			}
		}
	}
	return s
}

// add updates the similarities with row r chosen.
func (s *similarity) add(r int) {
	var chosen []int32
	if k, ok := s.index[r]; ok {
		chosen = s.words[k]
	} else {
		return // a row from outside the pool: chosen after the pool is spent
	}
	for k, ws := range s.words {
		if v := cosine(ws, chosen); v > s.max[k] {
			s.max[k] = v
		}
	}
}

// cosine returns |a ∩ b| / sqrt(|a| |b|) for sorted sets a and b, 0 when
// either is empty.
func cosine(a, b []int32) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return float64(n) / math.Sqrt(float64(len(a))*float64(len(b)))
}
