package wiki

import (
	"strings"
)

// BookTemplates are the names, as normalised by TemplateName, of the
// templates that mark a book article: Template:Infobox book and the
// redirects to it that articles use ("Infobox Book" and "Infobox_book"
// normalise to "infobox book" already). Infobox book series, Infobox poem,
// Infobox play, Infobox publication, Infobox journal and Infobox comic are
// left out on purpose: they are not single books with a plot to align.
var BookTemplates = []string{
	"infobox book",
	"infobox books",
	"infobox novel",
	"infobox novella",
	"infobox short story",
	"book infobox",
	"novel infobox",
}

// An Infobox holds the fields of a book infobox that the CMU Book Summary
// Dataset has, as plain text.
type Infobox struct {
	// Template is the normalised template name, e.g. "infobox book".
	Template string `json:"template"`
	// Title is the name (or title) field. title_orig, the title in the
	// original language, is not used.
	Title string `json:"title,omitempty"`
	// Author is the author (or authors, writer, editor) field; several
	// authors are joined with ", ".
	Author string `json:"author,omitempty"`
	// PubDate is the first of pub_date, published, release_date and
	// similar fields, normalised by NormaliseDate.
	PubDate string `json:"pub_date,omitempty"`
	// Genres is the genre field split into one item per genre.
	Genres []string `json:"genres,omitempty"`
}

// Field names read by ParseInfobox, in order of preference.
var (
	titleFields  = []string{"name", "title"}
	authorFields = []string{"author", "authors", "writer", "author(s)", "editor", "editors"}
	dateFields   = []string{"pub_date", "published", "release_date", "pub date",
		"publication_date", "publication date", "release date", "first_published",
		"date", "english_pub_date"}
	genreFields = []string{"genre", "genres"}
)

// ParseInfobox reads the fields of a book infobox template.
func ParseInfobox(t *Template) Infobox {
	ib := Infobox{Template: t.Name}
	ib.Title = strings.Join(strings.Fields(PlainText(t.Arg(titleFields...))), " ")
	ib.Author = strings.Join(ListItems(t.Arg(authorFields...)), ", ")
	ib.PubDate = NormaliseDate(t.Arg(dateFields...))
	ib.Genres = splitGenres(ListItems(t.Arg(genreFields...)))
	return ib
}

// listTemplates are templates whose arguments are list items.
var listTemplates = map[string]bool{
	"hlist": true, "flatlist": true, "plainlist": true, "ubl": true,
	"unbulleted list": true, "bulleted list": true, "ordered list": true,
	"hlist-comma": true, "plain list": true, "flat list": true, "ubil": true,
	"unbulleted indent list": true, "collapsible list": true,
}

// ListItems splits an infobox value into its items, each as plain text:
// items are separated by line breaks, <br> tags and list bullets, or are
// the arguments of a list template ({{hlist|a|b}}, {{ubl|a|b}},
// {{plainlist|* a * b}}). Empty items are dropped.
func ListItems(value string) []string {
	s := stripComments(value)
	s = expandLists(s)
	// <br> and </li> at the top level separate items.
	var b strings.Builder
	last := 0
	walkTop(s, func(i int) {
		if s[i] != '<' || i < last {
			return
		}
		if name, end, _, _, ok := parseTag(s, i); ok && (name == "br" || name == "li" || name == "p" || name == "div") {
			b.WriteString(s[last:i])
			b.WriteByte('\n')
			last = end
		}
	})
	b.WriteString(s[last:])
	var items []string
	for _, part := range splitTop(b.String(), '\n') {
		part = strings.TrimLeft(strings.TrimSpace(part), "*#:; ")
		if t := strings.Join(strings.Fields(PlainText(part)), " "); t != "" {
			items = append(items, t)
		}
	}
	return items
}

// expandLists replaces top-level list templates with their items, one per
// line, recursively.
func expandLists(s string) string {
	ts, _ := ParseTemplates(s)
	if len(ts) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, t := range ts {
		if !listTemplates[t.Name] {
			continue
		}
		b.WriteString(s[last:t.Start])
		b.WriteByte('\n')
		for _, p := range t.Params {
			if isDigits(p.Name) {
				b.WriteString(expandLists(p.Value))
				b.WriteByte('\n')
			}
		}
		last = t.End
	}
	b.WriteString(s[last:])
	return b.String()
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// splitGenres splits genre items further at commas and semicolons, trims
// them and drops empty and repeated ones (ignoring case).
func splitGenres(items []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, it := range items {
		for _, g := range strings.FieldsFunc(it, func(r rune) bool { return r == ',' || r == ';' }) {
			g = strings.TrimRight(strings.TrimSpace(g), ".")
			k := strings.ToLower(g)
			if g == "" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, g)
		}
	}
	return out
}
