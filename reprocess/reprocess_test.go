package reprocess

import (
	"errors"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/wiki"
)

func TestParseDump(t *testing.T) {
	tests := []struct {
		name  string
		ok    bool
		date  string
		multi bool
	}{
		{"enwiki-20240601-pages-articles.xml.bz2", true, "20240601", false},
		{"enwiki-20240601-pages-articles-multistream.xml.bz2", true, "20240601", true},
		{"enwiki-20240601-pages-articles.xml", true, "20240601", false},
		{"enwiki-20240601-pages-articles-multistream-index.txt.bz2", false, "", false},
		{"enwiki-20240601-pages-articles1.xml-p1p41242.bz2", false, "", false},
		{"enwiki-20241301-pages-articles.xml.bz2", false, "", false},
		{"dewiki-20240601-pages-articles.xml.bz2", false, "", false},
		{"enwiki-latest-pages-articles.xml.bz2", false, "", false},
		{"enwiki-20240601-pages-articles.xml.bz2.tmp", false, "", false},
	}
	for _, tt := range tests {
		d, ok := ParseDump(tt.name)
		if ok != tt.ok || d.Date != tt.date || d.Multistream != tt.multi {
			t.Errorf("ParseDump(%q) = %+v, %v; want date %q, multistream %v, ok %v", tt.name, d, ok, tt.date, tt.multi, tt.ok)
		}
	}
}

func TestNewest(t *testing.T) {
	tests := []struct {
		name        string
		names       []string
		want, index string
	}{
		{"none", []string{"README", "enwiki-latest-pages-articles.xml.bz2"}, "", ""},
		{"latest date wins", []string{"enwiki-20240501-pages-articles-multistream.xml.bz2", "enwiki-20240501-pages-articles-multistream-index.txt.bz2",
			"enwiki-20240601-pages-articles.xml.bz2"}, "enwiki-20240601-pages-articles.xml.bz2", ""},
		{"multistream with index preferred", []string{"enwiki-20240601-pages-articles.xml.bz2", "enwiki-20240601-pages-articles-multistream.xml.bz2",
			"enwiki-20240601-pages-articles-multistream-index.txt.bz2"}, "enwiki-20240601-pages-articles-multistream.xml.bz2", "enwiki-20240601-pages-articles-multistream-index.txt.bz2"},
		{"index of another date is not used", []string{"enwiki-20240601-pages-articles-multistream.xml.bz2",
			"enwiki-20240501-pages-articles-multistream-index.txt.bz2"}, "enwiki-20240601-pages-articles-multistream.xml.bz2", ""},
		{"bz2 before plain xml", []string{"enwiki-20240601-pages-articles.xml", "enwiki-20240601-pages-articles.xml.bz2"}, "enwiki-20240601-pages-articles.xml.bz2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, ok := Newest(tt.names)
			if ok != (tt.want != "") || d.Name != tt.want || d.Index != tt.index {
				t.Errorf("Newest = %+v, %v; want %q with index %q", d, ok, tt.want, tt.index)
			}
		})
	}
}

func TestState(t *testing.T) {
	s, err := ParseState(nil)
	if err != nil || len(s.Runs) != 0 {
		t.Fatalf("empty state: %+v, %v", s, err)
	}
	s.Record(Run{Date: "20240601", Dump: "b"})
	s.Record(Run{Date: "20240401", Dump: "a"})
	s.Record(Run{Date: "20240601", Dump: "b2"})
	back, err := ParseState(s.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Runs) != 2 || back.Runs[0].Date != "20240401" || back.Runs[1].Dump != "b2" {
		t.Errorf("runs %+v", back.Runs)
	}
	if _, ok := back.Lookup("20240501"); ok {
		t.Error("Lookup found a dump never processed")
	}
	if r, ok := back.Previous("20240601"); !ok || r.Date != "20240401" {
		t.Errorf("Previous(20240601) = %+v, %v", r, ok)
	}
	if _, ok := back.Previous("20240401"); ok {
		t.Error("Previous of the first run")
	}
	for _, bad := range []string{"{", `{"runs":[{"date":"June"}]}`} {
		if _, err := ParseState([]byte(bad)); !errors.Is(err, ErrState) {
			t.Errorf("ParseState(%q) = %v, want ErrState", bad, err)
		}
	}
}

func TestProgress(t *testing.T) {
	p := Progress{Fingerprint: Fingerprint("a", "b")}
	p.Mark("extract")
	p.Mark("extract")
	q := ParseProgress(p.Marshal())
	if !q.Has("extract") || q.Has("match") || len(q.Done) != 1 || q.Fingerprint != p.Fingerprint {
		t.Errorf("progress %+v", q)
	}
	if ParseProgress([]byte("garbage")).Fingerprint != "" {
		t.Error("garbage progress has a fingerprint")
	}
	if Fingerprint("ab", "c") == Fingerprint("a", "bc") {
		t.Error("fingerprint ignores where parts end")
	}
}

func TestDiffAndMarkdown(t *testing.T) {
	res := func(books int, r1, r2 float64) *evaluate.Results {
		return &evaluate.Results{Books: books, Methods: []evaluate.MethodResult{{Name: "first1000", Books: books, Rouge1Recall: r1, Rouge2Recall: r2}}}
	}
	prev := &Snapshot{Date: "20240401", Dump: "enwiki-20240401-pages-articles.xml.bz2",
		Summaries: []wiki.Summary{{WikipediaID: 1, Title: "A", Text: "one two"}, {WikipediaID: 2, Title: "B|C", Text: "x"}, {WikipediaID: 3, Title: "D", Text: "same"}},
		Pairs:     []string{"a", "b"}, Results: res(2, 0.40, 0.08)}
	cur := Snapshot{Date: "20240601", Dump: "enwiki-20240601-pages-articles.xml.bz2",
		Summaries: []wiki.Summary{{WikipediaID: 1, Title: "A", Text: "one two three"}, {WikipediaID: 3, Title: "D", Text: "same"}, {WikipediaID: 4, Title: "E", Text: "new"}},
		Pairs:     []string{"a", "e"}, Results: res(2, 0.4125, 0.075)}
	c := Diff(prev, cur)
	if len(c.Added) != 1 || c.Added[0].WikipediaID != 4 || len(c.Removed) != 1 || c.Removed[0].WikipediaID != 2 ||
		len(c.Changed) != 1 || c.Changed[0].WikipediaID != 1 || c.Changed[0].Fields[0] != "text" || c.Changed[0].NewWords != 3 {
		t.Errorf("summaries: added %+v removed %+v changed %+v", c.Added, c.Removed, c.Changed)
	}
	if strings.Join(c.PairsAdded, ",") != "e" || strings.Join(c.PairsRemoved, ",") != "b" {
		t.Errorf("pairs added %v, removed %v", c.PairsAdded, c.PairsRemoved)
	}
	md := string(c.Markdown())
	for _, want := range []string{
		"# Changes in the dump of 2024-06-01 since 2024-04-01",
		"| summaries extracted | 3 | 3 | +0 |",
		"1 added, 1 removed, 1 changed.",
		`| 2 | B\|C | 1 |`,
		"| 1 | A | text | 2 → 3 |",
		"Pairs added (1): `e`.",
		"| First 1000 | 2 → 2 | 40.00 → 41.25 | +1.25 | 8.00 → 7.50 | -0.50 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("changes.md lacks %q:\n%s", want, md)
		}
	}

	lost := Diff(nil, cur)
	lost.Note = "The outputs of the previous processed dump could not be read."
	if md := string(lost.Markdown()); strings.Contains(md, "first processed dump") || !strings.Contains(md, lost.Note) {
		t.Errorf("changes.md with a note:\n%s", md)
	}

	first := string(Diff(nil, cur).Markdown())
	for _, want := range []string{"first processed dump", "| corpus pairs | – | 2 | |", "| First 1000 | 2 | 41.25 | new | 7.50 | new |"} {
		if !strings.Contains(first, want) {
			t.Errorf("first changes.md lacks %q:\n%s", want, first)
		}
	}
}
