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
		name   string
		ok     bool
		date   string
		multi  bool
		part   string
		latest bool
	}{
		{"enwiki-20240601-pages-articles.xml.bz2", true, "20240601", false, "", false},
		{"enwiki-20240601-pages-articles-multistream.xml.bz2", true, "20240601", true, "", false},
		{"enwiki-20240601-pages-articles.xml", true, "20240601", false, "", false},
		{"enwiki-20240601-pages-articles-multistream-index.txt.bz2", false, "", false, "", false},
		{"enwiki-20240601-pages-articles1.xml-p1p41242.bz2", true, "20240601", false, "1.xml-p1p41242", false},
		{"enwiki-20240601-pages-articles-multistream1.xml-p1p41242.bz2", true, "20240601", true, "1.xml-p1p41242", false},
		{"enwiki-20240601-pages-articles27.xml.bz2", true, "20240601", false, "27.xml", false},
		{"enwiki-20240601-pages-articles1.xml-p1p41242", true, "20240601", false, "1.xml-p1p41242", false},
		// the shipped fixture's name
		{"enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2", true, "", false, "1.xml-p000000010p000030302-shortened", true},
		{"enwiki-latest-pages-articles.xml.bz2", true, "", false, "", true},
		{"enwiki-latest-pages-articles-multistream.xml.bz2", true, "", true, "", true},
		// dates that are not dates
		{"enwiki-20241301-pages-articles.xml.bz2", false, "", false, "", false},
		{"enwiki-20240230-pages-articles.xml.bz2", false, "", false, "", false},
		{"enwiki-2024060-pages-articles.xml.bz2", false, "", false, "", false},
		{"enwiki-202406011-pages-articles.xml.bz2", false, "", false, "", false},
		{"enwiki-00000000-pages-articles.xml.bz2", false, "", false, "", false},
		{"enwiki-Latest-pages-articles.xml.bz2", false, "", false, "", false},
		{"dewiki-20240601-pages-articles.xml.bz2", false, "", false, "", false},
		{"enwiki-20240601-pages-articles.xml.bz2.tmp", false, "", false, "", false},
		{"enwiki-20240601-pages-articles.xml-copy 2.bz2", false, "", false, "", false},
		{"enwiki-20240601-pages-meta-history.xml.bz2", false, "", false, "", false},
		{"", false, "", false, "", false},
	}
	for _, tt := range tests {
		d, ok := ParseDump(tt.name)
		if ok != tt.ok || d.Date != tt.date || d.Multistream != tt.multi || d.Part != tt.part || d.Latest != tt.latest {
			t.Errorf("ParseDump(%q) = %+v, %v; want date %q, multistream %v, part %q, latest %v, ok %v", tt.name, d, ok, tt.date, tt.multi, tt.part, tt.latest, tt.ok)
		}
	}
}

func TestCandidatesNear(t *testing.T) {
	_, near := Candidates([]string{"README", "enwiki-20241301-pages-articles.xml.bz2", "enwiki-2024061-pages-articles.xml.bz2",
		"enwiki-yesterday-pages-articles.xml.bz2", "enwiki-20240601-pages-articles.xml.gz"})
	want := []string{
		`enwiki-20240601-pages-articles.xml.gz (not pages-articles[-multistream][N].xml[-pApB][.bz2])`,
		`enwiki-2024061-pages-articles.xml.bz2 ("2024061" is not a date YYYYMMDD)`,
		`enwiki-20241301-pages-articles.xml.bz2 ("20241301" is not a date YYYYMMDD)`,
		`enwiki-yesterday-pages-articles.xml.bz2 (no YYYYMMDD or "latest" after enwiki-)`,
	}
	if strings.Join(near, "\n") != strings.Join(want, "\n") {
		t.Errorf("near misses:\n%s\nwant\n%s", strings.Join(near, "\n"), strings.Join(want, "\n"))
	}
}

func TestNewest(t *testing.T) {
	tests := []struct {
		name        string
		names       []string
		want, index string
		err         error
	}{
		{"none", []string{"README", "enwiki-20241301-pages-articles.xml.bz2"}, "", "", errNoDump},
		{"latest date wins", []string{"enwiki-20240501-pages-articles-multistream.xml.bz2", "enwiki-20240501-pages-articles-multistream-index.txt.bz2",
			"enwiki-20240601-pages-articles.xml.bz2"}, "enwiki-20240601-pages-articles.xml.bz2", "", nil},
		{"multistream with index preferred", []string{"enwiki-20240601-pages-articles.xml.bz2", "enwiki-20240601-pages-articles-multistream.xml.bz2",
			"enwiki-20240601-pages-articles-multistream-index.txt.bz2"}, "enwiki-20240601-pages-articles-multistream.xml.bz2", "enwiki-20240601-pages-articles-multistream-index.txt.bz2", nil},
		{"index of another date is not used", []string{"enwiki-20240601-pages-articles-multistream.xml.bz2",
			"enwiki-20240501-pages-articles-multistream-index.txt.bz2"}, "enwiki-20240601-pages-articles-multistream.xml.bz2", "", nil},
		{"bz2 before plain xml", []string{"enwiki-20240601-pages-articles.xml", "enwiki-20240601-pages-articles.xml.bz2"}, "enwiki-20240601-pages-articles.xml.bz2", "", nil},
		{"whole dump before its parts", []string{"enwiki-20240601-pages-articles1.xml-p1p41242.bz2", "enwiki-20240601-pages-articles2.xml-p41243p151573.bz2",
			"enwiki-20240601-pages-articles.xml.bz2"}, "enwiki-20240601-pages-articles.xml.bz2", "", nil},
		{"one part alone", []string{"enwiki-20240601-pages-articles1.xml-p1p41242.bz2"}, "enwiki-20240601-pages-articles1.xml-p1p41242.bz2", "", nil},
		{"a part's own index", []string{"enwiki-20240601-pages-articles-multistream1.xml-p1p41242.bz2", "enwiki-20240601-pages-articles-multistream-index1.txt-p1p41242.bz2",
			"enwiki-20240601-pages-articles-multistream-index2.txt-p41243p151573.bz2"},
			"enwiki-20240601-pages-articles-multistream1.xml-p1p41242.bz2", "enwiki-20240601-pages-articles-multistream-index1.txt-p1p41242.bz2", nil},
		{"several parts refused", []string{"enwiki-20240601-pages-articles1.xml-p1p41242.bz2", "enwiki-20240601-pages-articles2.xml-p41243p151573.bz2"}, "", "", ErrSplitDump},
		{"the same part twice is one part", []string{"enwiki-20240601-pages-articles1.xml-p1p41242", "enwiki-20240601-pages-articles1.xml-p1p41242.bz2"},
			"enwiki-20240601-pages-articles1.xml-p1p41242.bz2", "", nil},
		{"parts of an older dump do not matter", []string{"enwiki-20240501-pages-articles1.xml-p1p41242.bz2", "enwiki-20240501-pages-articles2.xml-p41243p151573.bz2",
			"enwiki-20240601-pages-articles.xml.bz2"}, "enwiki-20240601-pages-articles.xml.bz2", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dumps, _ := Candidates(tt.names)
			d, err := Newest(dumps)
			if !errors.Is(err, tt.err) || d.Name != tt.want || d.Index != tt.index {
				t.Errorf("Newest = %+v, %v; want %q with index %q, error %v", d, err, tt.want, tt.index, tt.err)
			}
		})
	}
	// Of one date, a dump dated by its name before one dated by its content.
	d, err := Newest([]Dump{{Date: "20160501", Name: "enwiki-latest-pages-articles.xml.bz2", Latest: true}, {Date: "20160501", Name: "enwiki-20160501-pages-articles.xml.bz2"}})
	if err != nil || d.Name != "enwiki-20160501-pages-articles.xml.bz2" {
		t.Errorf("same date: %+v, %v", d, err)
	}
}

func TestNewestRevision(t *testing.T) {
	tests := []struct {
		name, text, stamp, date string
	}{
		{"none", "<page><title>x</title></page>", "", ""},
		{"the latest of several", "<timestamp>2016-04-29T16:31:10Z</timestamp> <timestamp>2016-05-01T07:08:29Z</timestamp><timestamp>2012-12-20T16:37:51Z</timestamp>",
			"2016-05-01T07:08:29Z", "20160501"},
		{"an impossible date is skipped", "<timestamp>2016-13-40T00:00:00Z</timestamp><timestamp>2015-01-02T00:00:00Z</timestamp>", "2015-01-02T00:00:00Z", "20150102"},
		{"not a timestamp", "<timestamp>yesterday</timestamp> 2016-05-01T07:08:29Z", "", ""},
	}
	for _, tt := range tests {
		stamp, date, ok := NewestRevision([]byte(tt.text))
		if stamp != tt.stamp || date != tt.date || ok != (tt.stamp != "") {
			t.Errorf("%s: NewestRevision = %q, %q, %v; want %q, %q", tt.name, stamp, date, ok, tt.stamp, tt.date)
		}
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
	var p Progress
	p.Record(StageRecord{Stage: "extract", Inputs: map[string]string{"dump": "a"}, Files: map[string]FileSum{"extract/summaries.tsv": {Size: 3, SHA256: "ab"}}})
	p.Record(StageRecord{Stage: "extract", Inputs: map[string]string{"dump": "b"}})
	p.Record(StageRecord{Stage: "match", Inputs: map[string]string{"extract": "c"}})
	q, note := ParseProgress(p.Marshal())
	if r, ok := q.Lookup("extract"); note != "" || !ok || r.Inputs["dump"] != "b" || len(q.Stages) != 2 || q.Version != ProgressVersion {
		t.Errorf("progress %+v, note %q", q, note)
	}
	q.Drop("extract")
	if q.Has("extract") || !q.Has("match") {
		t.Errorf("after Drop: %+v", q)
	}
	for _, tt := range []struct{ name, file, note string }{
		{"empty", "", ""},
		{"garbage", "garbage", "it cannot be read"},
		{"version 1", `{"fingerprint": "0123456789abcdef", "done": ["extract", "match"]}`, "older bookalign"},
		{"a later version", `{"version": 3, "stages": []}`, "version 3"},
		{"a stage with no inputs", `{"version": 2, "stages": [{"stage": "extract"}]}`, "no name or no inputs"},
		{"wrong types", `{"version": "2", "stages": {}}`, "cannot be read"},
	} {
		p, note := ParseProgress([]byte(tt.file))
		if len(p.Stages) != 0 || (tt.note == "") != (note == "") || !strings.Contains(note, tt.note) {
			t.Errorf("%s: %+v, note %q; want none and a note with %q", tt.name, p, note, tt.note)
		}
	}
	if Fingerprint("ab", "c") == Fingerprint("a", "bc") {
		t.Error("fingerprint ignores where parts end")
	}
	r := StageRecord{Inputs: map[string]string{"a": "1", "b": "2"}}
	if got := r.ChangedInputs(map[string]string{"a": "1", "b": "3", "c": "4"}); strings.Join(got, ",") != "b,c" {
		t.Errorf("ChangedInputs = %q", got)
	}
	if (StageRecord{Files: map[string]FileSum{"x": {1, "a"}}}).Digest() == (StageRecord{Files: map[string]FileSum{"x": {1, "b"}}}).Digest() {
		t.Error("Digest ignores a file's SHA-256")
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
