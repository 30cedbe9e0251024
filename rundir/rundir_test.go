package rundir

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestDecide(t *testing.T) {
	set := json.RawMessage(`{"Words":1000,"Seed":1}`)
	finished := &Marker{Format: FormatVersion, Settings: set, Inputs: "a", Complete: true}
	withMethods := &Marker{Format: FormatVersion, Settings: json.RawMessage(`{"methods":["first1000","random"],"words":1000}`), Inputs: "a", Complete: true}
	tests := []struct {
		name      string
		st        State
		settings  string
		overwrite bool
		clear     bool
		err       string
	}{
		{"empty", State{}, `{"Words":1000,"Seed":1}`, false, false, ""},
		{"same settings finished", State{Entries: []string{"run.json", "results.json"}, Marker: finished}, `{"Seed":1,"Words":1000}`, false, true, ""},
		{"other settings", State{Entries: []string{"run.json"}, Marker: finished}, `{"Words":500,"Seed":1}`, false, false, "(Words was 1000, now 500)"},
		{"other settings, overwrite", State{Entries: []string{"run.json"}, Marker: finished}, `{"Words":500,"Seed":1}`, true, true, ""},
		{"unfinished", State{Entries: []string{"run.json", "summaries"}, Marker: &Marker{Format: 1, Settings: set, Started: "T"}}, `{"Words":1000,"Seed":1}`, false, false, "did not finish"},
		{"failed", State{Entries: []string{"run.json"}, Marker: &Marker{Format: 1, Settings: set, Error: "boom"}}, `{"Words":1000,"Seed":1}`, false, false, "failed: boom"},
		{"older output", State{Entries: []string{"results.json", "summaries"}}, `{}`, false, false, "--overwrite"},
		{"older output, overwrite", State{Entries: []string{"results.json", "summaries"}}, `{}`, true, true, ""},
		{"foreign", State{Entries: []string{"thesis.tex"}}, `{}`, false, false, "not the output"},
		{"foreign, overwrite", State{Entries: []string{"thesis.tex"}}, `{}`, true, false, "remove it yourself"},
		{"unreadable marker", State{Entries: []string{"run.json"}, MarkerErr: errString("bad")}, `{}`, false, false, "cannot be read"},
		{"methods in another order", State{Entries: []string{"run.json"}, Marker: withMethods}, `{"methods":["random","first1000"],"words":1000}`, false, true, ""},
		{"methods repeated", State{Entries: []string{"run.json"}, Marker: withMethods}, `{"methods":["first1000","random","first1000"],"words":1000}`, false, true, ""},
		{"other methods", State{Entries: []string{"run.json"}, Marker: withMethods}, `{"methods":["random"],"words":1000}`, false, false, "(methods was first1000,random, now random)"},
		{"more methods", State{Entries: []string{"run.json"}, Marker: withMethods}, `{"methods":["random","first1000","names"],"words":1000}`, false, false, "(methods was first1000,random, now first1000,names,random)"},
		{"methods not a list", State{Entries: []string{"run.json"}, Marker: withMethods}, `{"methods":"first1000,random","words":1000}`, false, false, `(methods was first1000,random, now "first1000,random")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan, err := Decide(tt.st, json.RawMessage(tt.settings), "a", tt.overwrite, nil)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one mentioning %q", err, tt.err)
				}
				return
			}
			if err != nil || plan.Clear != tt.clear {
				t.Fatalf("plan %+v, error %v; want clear %v", plan, err, tt.clear)
			}
		})
	}
}

type errString string

func (e errString) Error() string { return string(e) }

func TestMarkerRoundTrip(t *testing.T) {
	m := &Marker{Format: FormatVersion, Command: "run", Settings: json.RawMessage(`{"a":1}`), Started: "T", Complete: true}
	b, err := m.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(strings.TrimSpace(string(b)), "\"complete\": true\n}") {
		t.Errorf("complete is not the last field:\n%s", b)
	}
	got, err := ParseMarker(b)
	if err != nil || !got.Complete || string(got.Settings) != `{"a":1}` && !strings.Contains(string(got.Settings), `"a": 1`) {
		t.Errorf("round trip: %+v, %v", got, err)
	}
	if _, err := ParseMarker([]byte(`{"format": 99}`)); err == nil {
		t.Error("unknown format accepted")
	}
	if _, err := ParseMarker([]byte(`{"format": 1`)); err == nil {
		t.Error("truncated marker accepted")
	}
}

func TestLockStale(t *testing.T) {
	alive := func(pid int) bool { return pid == 7 }
	for _, tt := range []struct {
		lock  Lock
		stale bool
	}{
		{Lock{PID: 7, Host: "h"}, false},
		{Lock{PID: 8, Host: "h"}, true},
		{Lock{PID: 8, Host: "other"}, false},
		{Lock{PID: 0, Host: "h"}, false},
	} {
		if got := tt.lock.Stale("h", alive); got != tt.stale {
			t.Errorf("%+v: stale %v, want %v", tt.lock, got, tt.stale)
		}
	}
}

func TestFingerprint(t *testing.T) {
	a := []File{{Path: "pairs.tsv", Size: 3, Content: []byte("id\n")}, {Path: "books/x.txt", Size: 10}}
	b := []File{a[1], a[0]}
	if Fingerprint(a) != Fingerprint(b) {
		t.Error("fingerprint depends on order")
	}
	c := []File{{Path: "pairs.tsv", Size: 3, Content: []byte("ID\n")}, a[1]}
	d := []File{a[0], {Path: "books/x.txt", Size: 11}}
	if Fingerprint(a) == Fingerprint(c) || Fingerprint(a) == Fingerprint(d) {
		t.Error("fingerprint blind to a change of content or size")
	}
}

func TestDecideKeepsForeignEntries(t *testing.T) {
	set := json.RawMessage(`{"Seed":1}`)
	finished := &Marker{Format: FormatVersion, Settings: set, Complete: true}
	tests := []struct {
		name      string
		entries   []string
		overwrite bool
		remove    []string
		kept      []string
	}{
		{"local rerun", []string{"run.json", "results.json", "summaries/", "analysis-notes.txt", "my-figures/", "report/", "report.tmp/", "results.json.tmp"}, false,
			[]string{"report.tmp/", "report/", "results.json", "results.json.tmp", "run.json", "summaries/"}, []string{"analysis-notes.txt", "my-figures/"}},
		{"object store, overwrite", []string{"run.json", "summaries/first1000/a.txt", "my-figures/a.svg", "my-figures/b.svg", "notes.txt", "tmp-work/book.a.bin"}, true,
			[]string{"run.json", "summaries/first1000/a.txt", "tmp-work/book.a.bin"}, []string{"my-figures/", "notes.txt"}},
		{"a file named like a directory of the run", []string{"run.json", "figures", "summaries.tmp"}, false,
			[]string{"run.json"}, []string{"figures", "summaries.tmp"}},
		{"nothing foreign", []string{"run.json", "table.md"}, false, []string{"run.json", "table.md"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan, err := Decide(State{Entries: tt.entries, Marker: finished}, set, "", tt.overwrite, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !plan.Clear || strings.Join(plan.Remove, " ") != strings.Join(tt.remove, " ") || strings.Join(plan.Kept, " ") != strings.Join(tt.kept, " ") {
				t.Errorf("plan %+v; want remove %v, kept %v", plan, tt.remove, tt.kept)
			}
		})
	}
	plan := Plan{Kept: []string{"analysis-notes.txt", "my-figures/"}}
	if got, want := plan.KeptNote(), "kept 2 entries that bookalign did not write: analysis-notes.txt, my-figures/"; got != want {
		t.Errorf("KeptNote %q, want %q", got, want)
	}
	if got := (Plan{}).KeptNote(); got != "" {
		t.Errorf("KeptNote of nothing kept: %q", got)
	}
}

func TestUnfinished(t *testing.T) {
	for _, tt := range []struct {
		m       Marker
		running bool
		want    string
	}{
		{Marker{Error: "disk full"}, false, "failed: disk full"},
		{Marker{}, true, "is still running"},
		{Marker{}, false, "without recording how it ended"},
	} {
		if got := tt.m.Unfinished(tt.running); !strings.Contains(got, tt.want) {
			t.Errorf("%+v, running %v: %q, want it to say %q", tt.m, tt.running, got, tt.want)
		}
	}
}

func TestCheckOutside(t *testing.T) {
	tests := []struct {
		name   string
		out    string
		inputs []Input
		err    string
	}{
		{"apart", "/w/out", []Input{{Flag: "--corpus", Path: "/w/corpus"}}, ""},
		{"sibling with a common prefix", "/w/out", []Input{{Flag: "--corpus", Path: "/w/out2/corpus"}}, ""},
		{"inside", "/w/out", []Input{{Flag: "--corpus", Path: "/w/out/corpus"}}, "--corpus /w/out/corpus lies inside --out /w/out"},
		{"inside, unclean", "/w/out/", []Input{{Flag: "--rouge-data", Path: "/w/x/../out/./rouge"}}, "--rouge-data /w/x/../out/./rouge lies inside --out /w/out/"},
		{"equal", "/w/out", []Input{{Flag: "--corpus", Path: "/w/c"}, {Flag: "--test-corpus", Path: "/w/out"}}, "--test-corpus /w/out is --out /w/out"},
		{"containing", "/w/corpus/out", []Input{{Flag: "--thesaurus", Path: "/w/corpus"}}, "--out /w/corpus/out lies inside --thesaurus /w/corpus"},
		{"resolved inside", "/w/out", []Input{{Flag: "--corpus", Path: "link", Resolved: "/w/out/corpus"}}, "--corpus link (/w/out/corpus) lies inside --out /w/out"},
		{"object store inside", "gs://b/run", []Input{{Flag: "--corpus", Path: "gs://b/run/corpus/"}}, "lies inside"},
		{"object store apart", "gs://b/run", []Input{{Flag: "--corpus", Path: "gs://b/run-corpus"}, {Flag: "--test-corpus", Path: "gs://c/run"}}, ""},
		{"local and object store", "/b/run", []Input{{Flag: "--corpus", Path: "gs://b/run"}}, ""},
		{"no input", "/w/out", []Input{{Flag: "--thesaurus", Path: ""}}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckOutside(Input{Flag: "--out", Path: tt.out}, tt.inputs)
			if tt.err == "" {
				if err != nil {
					t.Errorf("error %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("error %v, want one saying %q", err, tt.err)
			}
		})
	}
}

func TestListingChanges(t *testing.T) {
	was := NewListing([]File{
		{Name: "pairs.tsv", Size: 3, Content: []byte("id\n")},
		{Name: "books/a.txt", Size: 10}, {Name: "books/b.txt", Size: 20},
		{Name: TestCorpusPrefix + "books/t.txt", Size: 5},
	})
	b, err := json.Marshal(was)
	if err != nil {
		t.Fatal(err)
	}
	var back Listing
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		test bool
		now  []File
		want string
	}{
		{"same", false, []File{{Name: "pairs.tsv", Size: 3, Content: []byte("id\n")}, {Name: "books/a.txt", Size: 10}, {Name: "books/b.txt", Size: 20}}, ""},
		{"changed", false, []File{{Name: "pairs.tsv", Size: 3, Content: []byte("ID\n")}, {Name: "books/b.txt", Size: 21}, {Name: "books/c.txt", Size: 1}},
			"books/a.txt: removed; books/b.txt: 20 bytes, now 21; books/c.txt: added; pairs.tsv: content changed"},
		{"test corpus", true, []File{{Name: "books/t.txt", Size: 6}}, "books/t.txt: 5 bytes, now 6"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(back.Corpus(tt.test).Changes(NewListing(tt.now)), "; ")
			if got != tt.want {
				t.Errorf("changes %q, want %q", got, tt.want)
			}
		})
	}
}

func TestMarkerWithin(t *testing.T) {
	m := Marker{Format: FormatVersion, Command: "run", Settings: json.RawMessage(`{}`), Started: "T"}
	started, err := m.JSON()
	if err != nil {
		t.Fatal(err)
	}
	padded := Pad(started, MarkerSlack)
	if back, err := ParseMarker(padded); err != nil || back.Started != "T" || len(padded) != len(started)+MarkerSlack {
		t.Fatalf("padded marker: %d bytes, %+v, %v", len(padded), back, err)
	}
	for _, tt := range []struct {
		name  string
		error string
		fits  bool
	}{
		{"short error", "disk full", true},
		{"long error", strings.Repeat("é \"quoted\" ", 400), true},
		{"no error", "", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m := m
			m.Finished, m.Error = "F", tt.error
			b, err := m.JSONWithin(len(padded))
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseMarker(b)
			if err != nil {
				t.Fatalf("%v\n%s", err, b)
			}
			if fits := len(b) <= len(padded); fits != tt.fits {
				t.Errorf("%d bytes within %d: %v, want %v", len(b), len(padded), fits, tt.fits)
			}
			if full, _ := m.JSON(); len(full) <= len(padded) && string(full) != string(b) {
				t.Errorf("a marker that fits was changed:\n%s", b)
			}
			if tt.error != "" && (!strings.HasPrefix(tt.error, strings.TrimSuffix(back.Error, shortened)) || back.Error == "") {
				t.Errorf("error %q is not a beginning of %q", back.Error, tt.error)
			}
		})
	}
}

// TestTopLevel checks the default Differ: the keys that differ, sorted,
// with both values shown, methods as a set.
func TestTopLevel(t *testing.T) {
	for _, tt := range []struct {
		name, earlier, now string
		want               []Difference
		err                string
	}{
		{"same", `{"words":1000,"methods":["a","b"]}`, `{"methods":["b","a","a"],"words":1000}`, nil, ""},
		{"a number", `{"words":1000}`, `{"words":500}`, []Difference{{"words", "1000", "500"}}, ""},
		{"a key on one side", `{"words":1000}`, `{"seed":1,"words":1000}`, []Difference{{"seed", "(none)", "1"}}, ""},
		{"two keys, sorted", `{"words":1,"align":{"x":1},"seed":2}`, `{"words":2,"align":{"x":2},"seed":2}`,
			[]Difference{{"align", `{"x":1}`, `{"x":2}`}, {"words", "1", "2"}}, ""},
		{"a string, quoted", `{"figure_book":"a"}`, `{"figure_book":""}`, []Difference{{"figure_book", `"a"`, `""`}}, ""},
		{"a huge value, bounded", `{"methods":["` + strings.Repeat("m", 10000) + `"]}`, `{"methods":["a"]}`,
			[]Difference{{"methods", `"` + strings.Repeat("m", 64) + `"… (10000 bytes)`, "a"}}, ""},
		{"a long list, its first names", `{"methods":["a","b","c","d","e","f","g","h","i","j","k","l"]}`, `{"methods":["a","b","c","d","e","f","g","h","i","j","k"]}`,
			[]Difference{{"methods", "a,b,c,d,e,f,g,h,i,j,… (12 names)", "a,b,c,d,e,f,g,h,i,j,k"}}, ""},
		{"earlier not an object", `[1]`, `{}`, nil, "settings in run.json"},
		{"now not JSON", `{}`, `{`, nil, "rundir: settings"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := TopLevel(json.RawMessage(tt.earlier), json.RawMessage(tt.now))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one saying %q", err, tt.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tt.want) {
				t.Errorf("TopLevel = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// TestDecideDiffer checks that Decide asks the Differ it is given, refuses
// naming what it returns, and reruns when it returns nothing.
func TestDecideDiffer(t *testing.T) {
	finished := State{Entries: []string{"run.json"}, Marker: &Marker{Format: FormatVersion, Settings: json.RawMessage(`{"a":1}`), Inputs: "x", Complete: true}}
	none := func(earlier, now json.RawMessage) ([]Difference, error) { return nil, nil }
	two := func(earlier, now json.RawMessage) ([]Difference, error) {
		return []Difference{{"methods", "a,b", "a"}, {"--corpus", `"x"`, `"y"`}}, nil
	}
	if plan, err := Decide(finished, json.RawMessage(`{"a":2}`), "x", false, none); err != nil || !plan.Clear {
		t.Errorf("a Differ that finds nothing: plan %+v, error %v; want a rerun", plan, err)
	}
	_, err := Decide(finished, json.RawMessage(`{"a":1}`), "x", false, two)
	if want := `the directory holds a finished run of other settings (methods was a,b, now a; --corpus was "x", now "y"): rerun with --overwrite to replace it, or choose another --out`; err == nil || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
}

// TestCheckOut checks that an --out naming the root directory, however
// written, or a URL without a bucket, is refused saying why, and that
// other values pass.
func TestCheckOut(t *testing.T) {
	link := filepath.Join(t.TempDir(), "root")
	if err := os.Symlink("/", link); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		value, err string
	}{
		{"/", "--out / is the root directory, which cannot hold a run's outputs"},
		{"//", "--out // is the root directory"},
		{"/tmp/..", "--out /tmp/.. is the root directory"},
		{link + "/", "is the root directory"},
		{"gs://", "--out gs:// names no bucket: give one such as --out gs://BUCKET/out"},
		{"gs:///", "names no bucket"},
		{"gs://bucket/run/", ""},
		{"out/", ""},
		{"/tmp/out//", ""},
		{"", ""},
	} {
		err := CheckOut(tc.value)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("CheckOut(%q) = %v, want an error saying %q", tc.value, err, tc.err)
		}
	}
}
