package match_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bookalign/bookalign/match"
)

// Matching two summaries against a catalog, with a decision list for the
// ambiguous one, then giving the matches corpus ids and locating the texts
// in a mirror.
func Example() {
	catalog := `Text#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves
84,Text,1993-10-01,"Frankenstein; Or, The Modern Prometheus",en,"Shelley, Mary Wollstonecraft, 1797-1851",,PR,
41445,Text,2013-01-13,"Frankenstein; Or, The Modern Prometheus",en,"Shelley, Mary Wollstonecraft, 1797-1851",,PR,
219,Text,1995-01-01,Heart of Darkness,en,"Conrad, Joseph, 1857-1924",,PR,
`
	books, _, err := match.ReadCatalog(strings.NewReader(catalog))
	if err != nil {
		panic(err)
	}
	m := match.NewMatcher(books)
	queries := []match.Query{
		{Key: "4245", Title: "Heart of Darkness", Author: "Joseph Conrad"},
		{Key: "18617", Title: "Frankenstein", Author: "Mary Shelley"},
	}
	var ms []match.Match
	for _, q := range queries {
		got, err := m.Match(q)
		var nm *match.NoMatch
		if errors.As(err, &nm) {
			fmt.Println("no match:", nm.Reason, nm.Candidates)
			continue
		}
		ms = append(ms, got)
	}

	m.Decisions, _ = match.ParseDecisions(strings.NewReader("18617\t84\tthe 1818 text\n"))
	got, _ := m.Match(queries[1])
	ms = append(ms, got)

	match.AssignIDs(ms, nil)
	mirror := map[string]bool{"84/84-0.txt": true, "219.txt": true}
	for _, x := range ms {
		path, _ := match.LocateBook(x.Ebook, func(rel string) bool { return mirror[rel] })
		fmt.Printf("%s #%d %s (%s)\n", x.ID, x.Ebook, path, x.Reason)
	}
	// Output:
	// no match: several Gutenberg texts match [84 41445]
	// heart-of-darkness #219 219.txt (title "heart of darkness" = full title of #219 "Heart of Darkness"; author "Joseph Conrad" has surname "Conrad" of "Conrad, Joseph")
	// frankenstein #84 84/84-0.txt (decision list line 1: the 1818 text)
}
