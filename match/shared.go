package match

import (
	"fmt"
	"slices"
	"strings"
)

// OnePerEbook makes sure that no ebook is paired with two summaries, which
// would put one book in a corpus twice. Of the matches that share an
// ebook, the one made by the decision list is kept when there is exactly
// one such; otherwise none is. Each match left out becomes a *NoMatch
// wrapping ErrSharedEbook whose detail names the other summaries, with the
// ebook as its only candidate, so that a decision list can settle it.
// kept is in the order of ms; refused is sorted by key. The result does
// not depend on the order of ms.
func OnePerEbook(ms []Match) (kept []Match, refused []*NoMatch) {
	byEbook := map[int][]int{}
	for i, m := range ms {
		byEbook[m.Ebook] = append(byEbook[m.Ebook], i)
	}
	drop := map[int]bool{}
	for ebook, idx := range byEbook {
		if len(idx) < 2 {
			continue
		}
		winner, decided := -1, 0
		for _, i := range idx {
			if ms[i].Decided {
				winner, decided = i, decided+1
			}
		}
		if decided != 1 {
			winner = -1
		}
		for _, i := range idx {
			if i == winner {
				continue
			}
			drop[i] = true
			var others []string
			for _, j := range idx {
				if j != i {
					others = append(others, fmt.Sprintf("%s %q", ms[j].Key, ms[j].Title))
				}
			}
			slices.Sort(others)
			detail := fmt.Sprintf("#%d is also matched by %s", ebook, strings.Join(others, ", "))
			if winner >= 0 {
				detail += fmt.Sprintf("; the decision list gives it to %s", ms[winner].Key)
			}
			refused = append(refused, &NoMatch{Query: ms[i].Query, Reason: ErrSharedEbook.Error(), Detail: detail, Candidates: []int{ebook}})
		}
	}
	for i, m := range ms {
		if !drop[i] {
			kept = append(kept, m)
		}
	}
	slices.SortFunc(refused, func(a, b *NoMatch) int {
		if c := strings.Compare(a.Key, b.Key); c != 0 {
			return c
		}
		return strings.Compare(a.Title, b.Title)
	})
	return kept, refused
}
