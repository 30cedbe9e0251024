package reprocess

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/wiki"
)

// A Snapshot is what one processed dump produced: its summaries (as
// wiki-extract wrote them), the ids of its corpus pairs and its results.
// Results may be nil when they could not be read.
type Snapshot struct {
	Date, Dump string
	Summaries  []wiki.Summary
	Pairs      []string
	Results    *evaluate.Results
}

// A SummaryEntry names a summary added or removed.
type SummaryEntry struct {
	WikipediaID int64
	Title       string
	Words       int
}

// A SummaryChange is a summary present in both dumps that differs: Fields
// names what changed ("text", "title", "author", "date", "genres").
type SummaryChange struct {
	WikipediaID        int64
	Title              string
	Fields             []string
	OldWords, NewWords int
}

// A MethodChange is one method's line of the results table before and
// after. InOld and InNew say where the method ran.
type MethodChange struct {
	Name               string
	InOld, InNew       bool
	OldBooks, NewBooks int
	OldR1, NewR1       float64
	OldR2, NewR2       float64
}

// Changes are the differences between the previous processed dump and the
// current one.
type Changes struct {
	// Date and Dump name the current dump; PrevDate and PrevDump the
	// previous one, empty when there is none.
	Date, Dump         string
	PrevDate, PrevDump string
	// Summaries, Pairs and Books count the current summaries, pairs and
	// evaluated books; the Prev fields the previous ones.
	Summaries, PrevSummaries int
	Pairs, PrevPairs         int
	Books, PrevBooks         int
	// Added, Removed and Changed are the summaries that differ, by
	// Wikipedia id.
	Added, Removed []SummaryEntry
	Changed        []SummaryChange
	// PairsAdded and PairsRemoved are corpus ids.
	PairsAdded, PairsRemoved []string
	// Methods are the lines of the results table, in table order.
	Methods []MethodChange
	// Note, if not empty, is said under the heading: for example that the
	// previous run's outputs could not be read.
	Note string
}

// Diff compares the snapshot of the previous dump (nil when there is none)
// with the current one.
func Diff(prev *Snapshot, cur Snapshot) *Changes {
	c := &Changes{Date: cur.Date, Dump: cur.Dump, Summaries: len(cur.Summaries), Pairs: len(cur.Pairs)}
	if cur.Results != nil {
		c.Books = cur.Results.Books
	}
	var old Snapshot
	if prev != nil {
		old = *prev
		c.PrevDate, c.PrevDump = prev.Date, prev.Dump
		c.PrevSummaries, c.PrevPairs = len(prev.Summaries), len(prev.Pairs)
		if prev.Results != nil {
			c.PrevBooks = prev.Results.Books
		}
		c.Added, c.Removed, c.Changed = diffSummaries(prev.Summaries, cur.Summaries)
		c.PairsAdded, c.PairsRemoved = diffIDs(prev.Pairs, cur.Pairs)
	}
	c.Methods = diffResults(old.Results, cur.Results)
	return c
}

func diffSummaries(old, cur []wiki.Summary) (added, removed []SummaryEntry, changed []SummaryChange) {
	byID := func(list []wiki.Summary) map[int64]*wiki.Summary {
		m := make(map[int64]*wiki.Summary, len(list))
		for i := range list {
			m[list[i].WikipediaID] = &list[i]
		}
		return m
	}
	o, n := byID(old), byID(cur)
	for id, s := range n {
		p, ok := o[id]
		if !ok {
			added = append(added, SummaryEntry{id, s.Title, wiki.WordCount(s.Text)})
			continue
		}
		var fields []string
		for _, f := range []struct {
			name string
			a, b string
		}{
			{"text", p.Text, s.Text}, {"title", p.Title, s.Title}, {"author", p.Author, s.Author},
			{"date", p.PubDate, s.PubDate}, {"genres", strings.Join(p.Genres, "\x00"), strings.Join(s.Genres, "\x00")},
		} {
			if f.a != f.b {
				fields = append(fields, f.name)
			}
		}
		if len(fields) > 0 {
			changed = append(changed, SummaryChange{id, s.Title, fields, wiki.WordCount(p.Text), wiki.WordCount(s.Text)})
		}
	}
	for id, s := range o {
		if _, ok := n[id]; !ok {
			removed = append(removed, SummaryEntry{id, s.Title, wiki.WordCount(s.Text)})
		}
	}
	sort.Slice(added, func(i, j int) bool { return added[i].WikipediaID < added[j].WikipediaID })
	sort.Slice(removed, func(i, j int) bool { return removed[i].WikipediaID < removed[j].WikipediaID })
	sort.Slice(changed, func(i, j int) bool { return changed[i].WikipediaID < changed[j].WikipediaID })
	return added, removed, changed
}

func diffIDs(old, cur []string) (added, removed []string) {
	in := func(list []string) map[string]bool {
		m := make(map[string]bool, len(list))
		for _, id := range list {
			m[id] = true
		}
		return m
	}
	o, n := in(old), in(cur)
	for id := range n {
		if !o[id] {
			added = append(added, id)
		}
	}
	for id := range o {
		if !n[id] {
			removed = append(removed, id)
		}
	}
	slices.Sort(added)
	slices.Sort(removed)
	return added, removed
}

func diffResults(old, cur *evaluate.Results) []MethodChange {
	byName := map[string]*MethodChange{}
	var names []string
	get := func(name string) *MethodChange {
		if m, ok := byName[name]; ok {
			return m
		}
		m := &MethodChange{Name: name}
		byName[name] = m
		names = append(names, name)
		return m
	}
	if old != nil {
		for _, r := range old.Methods {
			m := get(r.Name)
			m.InOld, m.OldBooks, m.OldR1, m.OldR2 = true, r.Books, r.Rouge1Recall, r.Rouge2Recall
		}
	}
	if cur != nil {
		for _, r := range cur.Methods {
			m := get(r.Name)
			m.InNew, m.NewBooks, m.NewR1, m.NewR2 = true, r.Books, r.Rouge1Recall, r.Rouge2Recall
		}
	}
	var out []MethodChange
	for _, n := range evaluate.MethodOrder(names) {
		out = append(out, *byName[n])
	}
	return out
}

// MaxListed bounds the summaries listed in each section of changes.md; the
// rest are counted.
const MaxListed = 1000

// Markdown renders changes.md.
func (c *Changes) Markdown() []byte {
	var b strings.Builder
	first := c.PrevDate == ""
	if first {
		fmt.Fprintf(&b, "# Changes in the dump of %s\n\n", isoDate(c.Date))
		if c.Note == "" {
			fmt.Fprintf(&b, "Dump: `%s`. This is the first processed dump: there is nothing to compare it with.\n\n", c.Dump)
		} else {
			fmt.Fprintf(&b, "Dump: `%s`.\n\n", c.Dump)
		}
	} else {
		fmt.Fprintf(&b, "# Changes in the dump of %s since %s\n\n", isoDate(c.Date), isoDate(c.PrevDate))
		fmt.Fprintf(&b, "Dump: `%s`; previous: `%s`.\n\n", c.Dump, c.PrevDump)
	}
	if c.Note != "" {
		fmt.Fprintf(&b, "%s\n\n", c.Note)
	}
	b.WriteString("| | previous | now | change |\n|---|---:|---:|---:|\n")
	for _, row := range []struct {
		name     string
		old, cur int
	}{{"summaries extracted", c.PrevSummaries, c.Summaries}, {"corpus pairs", c.PrevPairs, c.Pairs}, {"books with results", c.PrevBooks, c.Books}} {
		if first {
			fmt.Fprintf(&b, "| %s | – | %d | |\n", row.name, row.cur)
		} else {
			fmt.Fprintf(&b, "| %s | %d | %d | %+d |\n", row.name, row.old, row.cur, row.cur-row.old)
		}
	}
	if !first {
		fmt.Fprintf(&b, "\n## Summaries\n\n%d added, %d removed, %d changed.\n", len(c.Added), len(c.Removed), len(c.Changed))
		entries := func(title string, list []SummaryEntry) {
			if len(list) == 0 {
				return
			}
			fmt.Fprintf(&b, "\n### %s\n\n| Wikipedia id | title | words |\n|---:|---|---:|\n", title)
			for i, e := range list {
				if i == MaxListed {
					fmt.Fprintf(&b, "\n… and %d more.\n", len(list)-MaxListed)
					break
				}
				fmt.Fprintf(&b, "| %d | %s | %d |\n", e.WikipediaID, cell(e.Title), e.Words)
			}
		}
		entries("Added", c.Added)
		entries("Removed", c.Removed)
		if len(c.Changed) > 0 {
			b.WriteString("\n### Changed\n\n| Wikipedia id | title | what changed | words before → after |\n|---:|---|---|---:|\n")
			for i, e := range c.Changed {
				if i == MaxListed {
					fmt.Fprintf(&b, "\n… and %d more.\n", len(c.Changed)-MaxListed)
					break
				}
				fmt.Fprintf(&b, "| %d | %s | %s | %d → %d |\n", e.WikipediaID, cell(e.Title), strings.Join(e.Fields, ", "), e.OldWords, e.NewWords)
			}
		}
		b.WriteString("\n## Corpus\n\n")
		fmt.Fprintf(&b, "Pairs added (%d): %s.\n\nPairs removed (%d): %s.\n", len(c.PairsAdded), idList(c.PairsAdded), len(c.PairsRemoved), idList(c.PairsRemoved))
	}
	b.WriteString("\n## Results\n\n")
	if len(c.Methods) == 0 {
		b.WriteString("No results to compare.\n")
		return []byte(b.String())
	}
	b.WriteString("ROUGE recall in percent, as in table.md.\n\n")
	b.WriteString("| Model | Books | ROUGE-1 | Δ ROUGE-1 | ROUGE-2 | Δ ROUGE-2 |\n|---|---:|---:|---:|---:|---:|\n")
	for _, m := range c.Methods {
		name := evaluate.DisplayName(m.Name)
		switch {
		case m.InOld && m.InNew && !first:
			fmt.Fprintf(&b, "| %s | %d → %d | %.2f → %.2f | %+.2f | %.2f → %.2f | %+.2f |\n", name, m.OldBooks, m.NewBooks,
				100*m.OldR1, 100*m.NewR1, 100*(m.NewR1-m.OldR1), 100*m.OldR2, 100*m.NewR2, 100*(m.NewR2-m.OldR2))
		case m.InNew:
			fmt.Fprintf(&b, "| %s | %d | %.2f | new | %.2f | new |\n", name, m.NewBooks, 100*m.NewR1, 100*m.NewR2)
		default:
			fmt.Fprintf(&b, "| %s | %d → – | %.2f → – | gone | %.2f → – | gone |\n", name, m.OldBooks, 100*m.OldR1, 100*m.OldR2)
		}
	}
	return []byte(b.String())
}

// isoDate writes YYYYMMDD as YYYY-MM-DD.
func isoDate(d string) string {
	if len(d) != 8 {
		return d
	}
	return d[:4] + "-" + d[4:6] + "-" + d[6:]
}

// cell makes text safe in a Markdown table cell.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

func idList(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	if len(ids) > MaxListed {
		return "`" + strings.Join(ids[:MaxListed], "`, `") + fmt.Sprintf("` and %d more", len(ids)-MaxListed)
	}
	return "`" + strings.Join(ids, "`, `") + "`"
}
