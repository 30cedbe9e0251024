package match

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/corpus"
)

// maxSlug bounds the length of a slug, in bytes, so that ids with a
// suffix stay well under corpus.MaxIDLen.
const maxSlug = 80

// Slug returns a corpus id made from a title, in the style of the shared
// corpus: lower-case ASCII words joined with '-', diacritics folded and
// apostrophes dropped ("Alice's Adventures in Wonderland" is
// "alices-adventures-in-wonderland", "Les Misérables" "les-miserables"),
// cut at a word boundary to at most 80 bytes. A title with no ASCII letter
// or digit gives "". Leading articles are kept: "a-christmas-carol".
func Slug(title string) string {
	var w []string
	for _, x := range words(title) {
		var b strings.Builder
		for i := 0; i < len(x); i++ {
			if c := x[i]; c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
				b.WriteByte(c)
			}
		}
		if b.Len() > 0 {
			w = append(w, b.String())
		}
	}
	s := strings.Join(w, "-")
	for len(s) > maxSlug {
		i := strings.LastIndexByte(s[:maxSlug+1], '-')
		if i <= 0 {
			s = s[:maxSlug]
			break
		}
		s = s[:i]
	}
	return s
}

// AssignIDs sets the ID of each match to a unique corpus id that passes
// corpus.ValidID, and returns an error only if it cannot (which would be a
// bug). The id is the Slug of the summary's title; when several matches
// share a slug they are put in order of ebook number and then key, and
// all but the first get the author's surname added
// ("emma-austen"), then the ebook number ("emma-158"), then a counter.
// Ids already in taken (for example those of an existing corpus) are
// avoided too; taken may be nil. The result does not depend on the order
// of ms, so a distributed pipeline can collect the matches and call this
// once.
func AssignIDs(ms []Match, taken map[string]bool) error {
	used := map[string]bool{}
	for id := range taken {
		used[id] = true
	}
	order := make([]int, len(ms))
	for i := range order {
		order[i] = i
	}
	base := make([]string, len(ms))
	for i := range ms {
		base[i] = Slug(ms[i].Title)
		if base[i] == "" {
			base[i] = "ebook-" + strconv.Itoa(ms[i].Ebook)
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := strings.Compare(base[a], base[b]); c != 0 {
			return c
		}
		if c := ms[a].Ebook - ms[b].Ebook; c != 0 {
			return c
		}
		return strings.Compare(ms[a].Key, ms[b].Key)
	})
	for _, i := range order {
		cands := []string{base[i]}
		if names := SplitAuthors(ms[i].Author); len(names) > 0 {
			if w := nameWords(names[0]); len(w) > 0 {
				cands = append(cands, base[i]+"-"+Slug(w[len(w)-1]))
			}
		}
		cands = append(cands, base[i]+"-"+strconv.Itoa(ms[i].Ebook))
		id := ""
		for _, c := range cands {
			if c != "" && !used[c] && !strings.HasSuffix(c, "-") {
				id = c
				break
			}
		}
		for n := 2; id == ""; n++ {
			if c := fmt.Sprintf("%s-%d-%d", base[i], ms[i].Ebook, n); !used[c] {
				id = c
			}
		}
		if err := corpus.ValidID(id); err != nil {
			return fmt.Errorf("match: id %q for %q: %v", id, ms[i].Title, err)
		}
		used[id] = true
		ms[i].ID = id
	}
	return nil
}
