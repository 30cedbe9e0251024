package outcome

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// ReasonCount is a group of rejects with one reason: rejected at the same
// stage, for the same reason once the numbers in it and the input's own
// id are set aside ("book has 812 words, below the minimum of 10000" and
// "book has 97 words, …" are one reason).
type ReasonCount struct {
	Stage string
	// Count is the number of rejects in the group.
	Count int
	// Example is the reason of the group's first reject (in the order of
	// SortRejects), as written.
	Example string
	// IDs are the ids of the group's rejects, sorted.
	IDs []string
}

// digits are the numbers of a reason, set aside when rejects are grouped.
var digits = regexp.MustCompile(`[0-9]+`)

// CommonReasons groups rejects by stage and reason and returns the top
// commonest groups (all when top <= 0), the commonest first; ties keep the
// order of their first rejects (SortRejects).
func CommonReasons(rejects []Reject, top int) []ReasonCount {
	rejects = slices.Clone(rejects)
	SortRejects(rejects)
	var groups []ReasonCount
	index := map[string]int{}
	for _, r := range rejects {
		key := r.Stage + "\x00" + reasonShape(r)
		i, ok := index[key]
		if !ok {
			i = len(groups)
			index[key] = i
			groups = append(groups, ReasonCount{Stage: r.Stage, Example: r.Reason})
		}
		groups[i].Count++
		groups[i].IDs = append(groups[i].IDs, r.ID)
	}
	slices.SortStableFunc(groups, func(a, b ReasonCount) int { return cmp.Compare(b.Count, a.Count) })
	for i := range groups {
		slices.Sort(groups[i].IDs)
	}
	if top > 0 && len(groups) > top {
		groups = groups[:top]
	}
	return groups
}

// reasonShape is r's reason with its id (where it stands as a word of
// its own, as in a path) and its numbers set aside.
func reasonShape(r Reject) string {
	reason := r.Reason
	if r.ID != "" {
		var b strings.Builder
		for {
			i := strings.Index(reason, r.ID)
			if i < 0 {
				break
			}
			end := i + len(r.ID)
			b.WriteString(reason[:i])
			if idChar(reason[:i], true) || idChar(reason[end:], false) {
				b.WriteString(r.ID)
			} else {
				b.WriteByte(1)
			}
			reason = reason[end:]
		}
		b.WriteString(reason)
		reason = b.String()
	}
	return digits.ReplaceAllString(reason, "#")
}

// idChar reports whether the byte next to an id found in a reason (the
// last of before, or the first of after) continues a word, so that the id
// found is part of another.
func idChar(s string, before bool) bool {
	if s == "" {
		return false
	}
	c := s[0]
	if before {
		c = s[len(s)-1]
	}
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80
}

// DescribeRejects says in one line what the top commonest reasons of
// rejects are (CommonReasons): `3 at filter-by-length: "book has 812
// words, …" (a, b, c); 1 at load: "…" (d); and 2 more`. It is empty when
// there are no rejects.
func DescribeRejects(rejects []Reject, top int) string {
	all := CommonReasons(rejects, 0)
	shown := all
	if top > 0 && len(shown) > top {
		shown = shown[:top]
	}
	parts := make([]string, 0, len(shown)+1)
	for _, g := range shown {
		ids := g.IDs
		more := ""
		if len(ids) > 5 {
			ids, more = ids[:5], fmt.Sprintf(", … %d in all", len(g.IDs))
		}
		parts = append(parts, fmt.Sprintf("%d at %s: %q (%s%s)", g.Count, g.Stage, g.Example, strings.Join(ids, ", "), more))
	}
	if rest := len(all) - len(shown); rest > 0 {
		n := 0
		for _, g := range all[len(shown):] {
			n += g.Count
		}
		parts = append(parts, fmt.Sprintf("and %d more for %s", n, plural(rest, "other reason")))
	}
	return strings.Join(parts, "; ")
}

// plural is n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
