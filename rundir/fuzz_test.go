package rundir

import (
	"bytes"
	"testing"
)

// markerSeeds are run markers as runs write them (a run of the sample
// corpus, cut to a few settings; one that failed; one that is not done)
// and damaged ones.
var markerSeeds = []string{
	`{
  "format": 1,
  "command": "run",
  "settings": {
    "methods": ["passage", "first1000"],
    "words": 1000,
    "folds": 10,
    "align": {"extra": null, "iterations": 0}
  },
  "inputs": "sha256:9f2c",
  "input_files": {"sizes": {"pairs.tsv": 1204}, "sha256": {"pairs.tsv": "ab12"}},
  "started": "2026-11-29T10:00:00Z",
  "finished": "2026-11-29T10:00:15Z",
  "warnings": ["12 books: too few for the intervals"],
  "complete": true
}
`,
	`{"format":1,"command":"run","settings":{},"inputs":"x","started":"s","error":"align: out of memory","complete":false}` + "     \n",
	`{"format":1,"command":"run","settings":null,"inputs":"","started":"","complete":false}`,
	`{"format":2,"command":"run"}`,
	`{"format":1,"command":"run","settings":{"words":`,
	`{"format":1,"complete":"yes"}`,
	``,
	`[]`,
}

// FuzzParseMarker: any input parses or fails cleanly; a marker that parses
// renders to a marker that parses back to the same rendering, padded or
// not, and every cut of that rendering short of its closing brace fails.
func FuzzParseMarker(f *testing.F) {
	for _, s := range markerSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := ParseMarker(in)
		if err != nil {
			return
		}
		if m.Format != FormatVersion {
			t.Fatalf("format %d accepted", m.Format)
		}
		first, err := m.JSON()
		if err != nil {
			t.Fatalf("a parsed marker does not render: %v", err)
		}
		for _, b := range [][]byte{first, Pad(first, MarkerSlack)} {
			back, err := ParseMarker(b)
			if err != nil {
				t.Fatalf("rendering %q does not parse: %v", b, err)
			}
			again, err := back.JSON()
			if err != nil || !bytes.Equal(again, first) {
				t.Fatalf("round trip:\n%s\nthen\n%s (%v)", first, again, err)
			}
		}
		end := bytes.LastIndexByte(first, '}')
		for _, cut := range []int{end, end / 2, 1} {
			if _, err := ParseMarker(first[:cut]); err == nil {
				t.Fatalf("the marker cut to %d bytes parses: %q", cut, first[:cut])
			}
		}
	})
}

// FuzzParseLock: any input parses or fails cleanly; a lock that parses
// renders to one that parses back equal, and the rendering cut short
// fails.
func FuzzParseLock(f *testing.F) {
	for _, s := range []string{
		"{\"pid\":4242,\"host\":\"laptop\",\"started\":\"2026-11-29T10:00:00Z\"}\n",
		`{"pid":-1,"host":"","started":""}`,
		`{"pid":"4242"}`,
		`{"pid":1e3}`,
		`{"pid":4242,"host":"lap`,
		`null`,
		``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		l, err := ParseLock(in)
		if err != nil {
			return
		}
		b := l.JSON()
		back, err := ParseLock(b)
		if err != nil || *back != *l {
			t.Fatalf("round trip of %+v: %+v, %v", *l, back, err)
		}
		for _, cut := range []int{len(b) - 2, len(b) / 2, 1} {
			if _, err := ParseLock(b[:cut]); err == nil {
				t.Fatalf("the lock cut to %d bytes parses: %q", cut, b[:cut])
			}
		}
	})
}

// TestMarkerSeeds checks that the seeds are what they say: the first three
// parse, the others fail.
func TestMarkerSeeds(t *testing.T) {
	for i, s := range markerSeeds {
		_, err := ParseMarker([]byte(s))
		if want := i < 3; (err == nil) != want {
			t.Errorf("seed %d: err %v, want parsed %v", i, err, want)
		}
	}
}
