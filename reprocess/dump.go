package reprocess

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
)

// A Dump is a pages-articles dump found in a directory.
type Dump struct {
	// Date is the dump's date, YYYYMMDD: from its name, or, for a name
	// with "latest" in place of a date, from its content (DatedBy says
	// how); "" until then.
	Date string `json:"date"`
	// Name is the file name of the dump.
	Name string `json:"name"`
	// Multistream reports a multistream dump.
	Multistream bool `json:"multistream,omitempty"`
	// Index is the file name of its multistream index, or "" when the
	// directory has none.
	Index string `json:"index,omitempty"`
	// Part is the part of a split dump, as its name gives it
	// ("1.xml-p1p41242" of pages-articles1.xml-p1p41242.bz2), or "" for a
	// whole dump.
	Part string `json:"part,omitempty"`
	// Latest reports a name with "latest" in place of the date.
	Latest bool `json:"latest,omitempty"`
	// DatedBy says how the date of a Latest dump was found, in words;
	// "" when the name gives it.
	DatedBy string `json:"dated_by,omitempty"`
}

// The names of Wikimedia's pages-articles dumps and indexes, whole or a
// part of a split dump, dated or "latest": enwiki-20240601-pages-articles.xml.bz2,
// enwiki-latest-pages-articles-multistream.xml.bz2,
// enwiki-20240601-pages-articles1.xml-p1p41242.bz2 and
// enwiki-20240601-pages-articles-multistream-index1.txt-p1p41242.bz2. A
// part's page range may carry a tag of letters, as a shortened test
// fixture's -p10p30302-shortened does.
var (
	dumpRE  = regexp.MustCompile(`^enwiki-(\d{8}|latest)-pages-articles(-multistream)?(\d*)\.xml((?:-p\d+p\d+)?(?:-[A-Za-z]+)?)(\.bz2)?$`)
	indexRE = regexp.MustCompile(`^enwiki-(\d{8}|latest)-pages-articles-multistream-index(\d*)\.txt((?:-p\d+p\d+)?(?:-[A-Za-z]+)?)(\.bz2)?$`)
	// nearRE is a name that starts as a dump's does; numberRE and
	// datedRE read its date.
	nearRE   = regexp.MustCompile(`^enwiki-.*pages-articles`)
	numberRE = regexp.MustCompile(`^enwiki-(\d+)-`)
	datedRE  = regexp.MustCompile(`^enwiki-(\d{8}|latest)-`)
)

// ErrSplitDump: the newest dump is split in parts, several of them
// present, and no whole dump of that date is.
var ErrSplitDump = errors.New("refusing a dump split in parts")

// errNoDump: Newest was given no dump.
var errNoDump = errors.New("no dump")

// ParseDump reads a dump's file name: "enwiki-20240601-pages-articles.xml.bz2"
// is a dump of 1 June 2024, "enwiki-latest-pages-articles1.xml-p10p30302.bz2"
// the first part of a dump whose date only its content tells (Latest, no
// Date). ok is false for any other name, including an impossible date and
// an index.
func ParseDump(name string) (d Dump, ok bool) {
	m := dumpRE.FindStringSubmatch(name)
	if m == nil {
		return Dump{}, false
	}
	d = Dump{Name: name, Multistream: m[2] != ""}
	if m[3] != "" || m[4] != "" {
		d.Part = m[3] + ".xml" + m[4]
	}
	if m[1] == "latest" {
		d.Latest = true
	} else if validDate(m[1]) {
		d.Date = m[1]
	} else {
		return Dump{}, false
	}
	return d, true
}

func validDate(s string) bool {
	_, err := time.Parse("20060102", s)
	return err == nil
}

// dateToken is the date of the dump's name: YYYYMMDD or "latest".
func (d Dump) dateToken() string {
	if d.Latest {
		return "latest"
	}
	return d.Date
}

// Candidates returns the dumps among the file names of a directory, each
// with its multistream index when the directory has it, and, for the
// report of a directory with no dump, the names that begin as a dump's
// do but are not one, each with why.
func Candidates(names []string) (dumps []Dump, near []string) {
	have := map[string]bool{}
	for _, n := range names {
		have[n] = true
	}
	for _, n := range names {
		if indexRE.MatchString(n) {
			continue
		}
		d, ok := ParseDump(n)
		if !ok {
			if nearRE.MatchString(n) {
				near = append(near, n+" ("+whyNotDump(n)+")")
			}
			continue
		}
		if d.Multistream {
			// The index's name is the dump's with -index after
			// -multistream and .txt for .xml; the .txt before the
			// .txt.bz2, as either reads.
			base := strings.TrimSuffix(n, ".bz2")
			idx := strings.Replace(strings.Replace(base, "-multistream", "-multistream-index", 1), ".xml", ".txt", 1)
			for _, x := range []string{idx + ".bz2", idx} {
				if have[x] {
					d.Index = x
					break
				}
			}
		}
		dumps = append(dumps, d)
	}
	sort.Strings(near)
	return dumps, near
}

// whyNotDump says why a name that begins as a dump's is not one.
func whyNotDump(n string) string {
	if m := numberRE.FindStringSubmatch(n); m != nil && !validDate(m[1]) {
		return fmt.Sprintf("%q is not a date YYYYMMDD", m[1])
	}
	if !datedRE.MatchString(n) {
		return "no YYYYMMDD or \"latest\" after enwiki-"
	}
	return "not pages-articles[-multistream][N].xml[-pApB][.bz2]"
}

// Newest returns, of dumps whose dates are known, the one with the latest
// date. Of several of that date it prefers a whole dump to a part of a
// split one, then a multistream dump with an index, then any multistream
// dump, then a compressed one, then one dated by its name, then the name
// that sorts first. ok is false when there is no dump. A split dump's
// parts are refused when the newest date has no whole dump and several
// parts of the same name (date or "latest"): a reprocess reads one file,
// and one part of several is not the dump.
func Newest(dumps []Dump) (d Dump, err error) {
	if len(dumps) == 0 {
		return Dump{}, errNoDump
	}
	rank := func(x Dump) int {
		r := 0
		if x.Part == "" {
			r += 16
		}
		if x.Index != "" {
			r += 8
		}
		if x.Multistream {
			r += 4
		}
		if strings.HasSuffix(x.Name, ".bz2") {
			r += 2
		}
		if !x.Latest {
			r++
		}
		return r
	}
	sorted := append([]Dump(nil), dumps...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if a.Date != b.Date {
			return a.Date > b.Date
		}
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra > rb
		}
		return a.Name < b.Name
	})
	d = sorted[0]
	if d.Part == "" {
		return d, nil
	}
	var parts, names []string
	for _, x := range dumps {
		if x.Part != "" && x.dateToken() == d.dateToken() && x.Multistream == d.Multistream && !slices.Contains(parts, x.Part) {
			parts = append(parts, x.Part)
			names = append(names, x.Name)
		}
	}
	if len(parts) > 1 {
		sort.Strings(names)
		return Dump{}, fmt.Errorf("%w: %d parts of enwiki-%s are here (%s), and reprocess reads one file: put the whole dump enwiki-%s-pages-articles.xml.bz2 here, or only one part",
			ErrSplitDump, len(parts), d.dateToken(), strings.Join(names, ", "), d.dateToken())
	}
	return d, nil
}
