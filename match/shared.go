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
		names := sharerNames(ms, idx)
		for n, i := range idx {
			if i == winner {
				continue
			}
			drop[i] = true
			detail := fmt.Sprintf("#%d is also matched by %s", ebook, othersList(names, n))
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

// maxSharersShown is how many of the other summaries sharing an ebook a
// refusal names; the rest are counted. Naming them all made the details
// of k summaries of one ebook k² names long (a summaries file of the same
// title repeated took gigabytes to match).
const maxSharersShown = 10

// A sharerName is how a refusal names a summary sharing an ebook, and its
// place in the matches sharing it.
type sharerName struct {
	name string
	at   int
}

// sharerNames names the matches ms[idx] (`key "title"`), sorted.
func sharerNames(ms []Match, idx []int) []sharerName {
	names := make([]sharerName, len(idx))
	for n, i := range idx {
		names[n] = sharerName{fmt.Sprintf("%s %q", ms[i].Key, ms[i].Title), n}
	}
	slices.SortFunc(names, func(a, b sharerName) int { return strings.Compare(a.name, b.name) })
	return names
}

// othersList lists, in order, the first maxSharersShown of names other
// than the one at place self, and how many more there are.
func othersList(names []sharerName, self int) string {
	var shown []string
	for _, s := range names {
		if s.at == self {
			continue
		}
		if len(shown) == maxSharersShown {
			return fmt.Sprintf("%s and %d more", strings.Join(shown, ", "), len(names)-1-len(shown))
		}
		shown = append(shown, s.name)
	}
	return strings.Join(shown, ", ")
}
