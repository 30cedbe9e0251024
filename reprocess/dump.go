package reprocess

import (
	"regexp"
	"sort"
	"time"
)

// A Dump is a pages-articles dump found in a directory.
type Dump struct {
	// Date is the dump's date, YYYYMMDD.
	Date string `json:"date"`
	// Name is the file name of the dump.
	Name string `json:"name"`
	// Multistream reports a multistream dump.
	Multistream bool `json:"multistream,omitempty"`
	// Index is the file name of its multistream index, or "" when the
	// directory has none.
	Index string `json:"index,omitempty"`
}

var (
	dumpRE  = regexp.MustCompile(`^enwiki-(\d{8})-pages-articles(-multistream)?\.xml(\.bz2)?$`)
	indexRE = regexp.MustCompile(`^enwiki-(\d{8})-pages-articles-multistream-index\.txt(\.bz2)?$`)
)

// ParseDump reads a dump's file name: "enwiki-20240601-pages-articles.xml.bz2"
// is a dump of 1 June 2024. ok is false for any other name, including an
// impossible date, an index and the numbered parts of a split dump.
func ParseDump(name string) (d Dump, ok bool) {
	m := dumpRE.FindStringSubmatch(name)
	if m == nil || !validDate(m[1]) {
		return Dump{}, false
	}
	return Dump{Date: m[1], Name: name, Multistream: m[2] != ""}, true
}

func validDate(s string) bool {
	_, err := time.Parse("20060102", s)
	return err == nil
}

// Newest returns the dump with the latest date among the file names of a
// directory, with its index when the directory has one. Of several dumps of
// that date it prefers a multistream dump with an index, then any
// multistream dump, then a compressed one, then the name that sorts first.
// ok is false when there is no dump.
func Newest(names []string) (d Dump, ok bool) {
	indexes := map[string][]string{}
	var dumps []Dump
	for _, n := range names {
		if m := indexRE.FindStringSubmatch(n); m != nil {
			indexes[m[1]] = append(indexes[m[1]], n)
			continue
		}
		if x, ok := ParseDump(n); ok {
			dumps = append(dumps, x)
		}
	}
	if len(dumps) == 0 {
		return Dump{}, false
	}
	for i := range dumps {
		if dumps[i].Multistream {
			if idx := indexes[dumps[i].Date]; len(idx) > 0 {
				sort.Strings(idx) // the .txt before the .txt.bz2: either reads
				dumps[i].Index = idx[len(idx)-1]
			}
		}
	}
	rank := func(x Dump) int {
		r := 0
		if x.Index != "" {
			r += 4
		}
		if x.Multistream {
			r += 2
		}
		if len(x.Name) > 4 && x.Name[len(x.Name)-4:] == ".bz2" {
			r++
		}
		return r
	}
	sort.Slice(dumps, func(i, j int) bool {
		a, b := dumps[i], dumps[j]
		if a.Date != b.Date {
			return a.Date > b.Date
		}
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra > rb
		}
		return a.Name < b.Name
	})
	return dumps[0], true
}
