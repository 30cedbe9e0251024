package reprocess

import (
	"bytes"
	"testing"
)

// FuzzParseState: any input parses or fails cleanly; a state that parses
// has only valid dates, in order, marshals to a state that parses back to
// the same bytes, and its file cut short of the closing brace fails.
func FuzzParseState(f *testing.F) {
	for _, s := range []string{
		`{
  "runs": [
    {
      "date": "20240601",
      "dump": "enwiki-20240601-pages-articles.xml.bz2",
      "out": "out/20240601",
      "content": "size=10;mtime=2024-06-01T00:00:00Z;sha256=ab",
      "verified": "sha1 of the dump's checksums file",
      "finished": "2024-06-02T03:04:05Z",
      "summaries": 16559,
      "pairs": 245,
      "books": 243
    },
    {
      "date": "20240501",
      "dump": "enwiki-latest-pages-articles1.xml-p10p30302.bz2",
      "dated_by": "newest revision",
      "out": "out/20240501",
      "finished": "2024-05-02T00:00:00Z",
      "summaries": 10,
      "pairs": 3,
      "books": 3,
      "warnings": ["3 books: too few"]
    }
  ]
}
`,
		"",
		`{"runs":null}`,
		`{"runs":[{"date":"20241301"}]}`,
		`{"runs":[{"date":"2024-06-01"}]}`,
		`{"runs":[{"date":"20240601","books":"x"}]}`,
		`{"runs":[{"date":"202406`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		s, err := ParseState(in)
		if err != nil {
			return
		}
		for i, r := range s.Runs {
			if !validDate(r.Date) || i > 0 && s.Runs[i-1].Date > r.Date {
				t.Fatalf("run %d: date %q accepted or out of order", i, r.Date)
			}
		}
		b := s.Marshal()
		back, err := ParseState(b)
		if err != nil {
			t.Fatalf("%q does not parse back: %v", b, err)
		}
		if again := back.Marshal(); !bytes.Equal(again, b) {
			t.Fatalf("round trip:\n%s\nthen\n%s", b, again)
		}
		end := bytes.LastIndexByte(b, '}')
		for _, cut := range []int{end, end / 2, 1} {
			if _, err := ParseState(b[:cut]); err == nil {
				t.Fatalf("the state cut to %d bytes parses: %q", cut, b[:cut])
			}
		}
	})
}

// FuzzParseProgress: any input is progress or no progress with a note,
// never a panic; progress that parses marshals to a file that parses back
// to the same bytes.
func FuzzParseProgress(f *testing.F) {
	for _, s := range []string{
		`{
  "version": 2,
  "stages": [
    {
      "stage": "extract",
      "inputs": {"dump": "a1", "settings": "b2"},
      "files": {"summaries.tsv": {"size": 120, "sha256": "cd"}}
    },
    {"stage": "match", "inputs": {}}
  ]
}
`,
		`{"stages":[{"stage":"extract","inputs":{"dump":"a"}}]}`,
		`{"version":3,"stages":[]}`,
		`{"version":2,"stages":[{"stage":"","inputs":{}}]}`,
		`{"version":2,"stages":[{"stage":"x"}]}`,
		`{"version":2,"stages":[{"stage":"x","inputs":{"dump":`,
		"  \n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		p, note := ParseProgress(in)
		if note != "" {
			if len(p.Stages) != 0 || p.Version != 0 {
				t.Fatalf("progress %+v with the note %q", p, note)
			}
			return
		}
		b := p.Marshal()
		back, note := ParseProgress(b)
		if note != "" {
			t.Fatalf("%q does not parse back: %s", b, note)
		}
		if again := back.Marshal(); !bytes.Equal(again, b) {
			t.Fatalf("round trip:\n%s\nthen\n%s", b, again)
		}
		if _, note := ParseProgress(b[:bytes.LastIndexByte(b, '}')]); note == "" {
			t.Fatalf("the progress file cut short parses: %q", b)
		}
	})
}

// FuzzParseDump: any name is a dump or not; an index is not, a dump keeps
// its name and has a valid date or is the latest, and the name inside a
// path or followed by another character is not a dump.
func FuzzParseDump(f *testing.F) {
	for _, s := range []string{
		"enwiki-20240601-pages-articles.xml.bz2",
		"enwiki-20240601-pages-articles-multistream.xml.bz2",
		"enwiki-latest-pages-articles1.xml-p10p30302.bz2",
		"enwiki-20240601-pages-articles-multistream-index.txt.bz2",
		"enwiki-20241301-pages-articles.xml.bz2",
		"enwiki-20240601-pages-articles.xml",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		d, ok := ParseDump(name)
		if ok && indexRE.MatchString(name) {
			t.Fatalf("the index %q is a dump", name)
		}
		if !ok {
			return
		}
		if d.Name != name || d.Latest == (d.Date != "") || d.Date != "" && !validDate(d.Date) {
			t.Fatalf("%q: %+v", name, d)
		}
		for _, other := range []string{"dumps/" + name, name + "/", name + "."} {
			if _, ok := ParseDump(other); ok {
				t.Fatalf("%q is a dump", other)
			}
		}
	})
}
