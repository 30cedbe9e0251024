package rundir

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDecide(t *testing.T) {
	set := json.RawMessage(`{"Words":1000,"Seed":1}`)
	finished := &Marker{Format: FormatVersion, Settings: set, Inputs: "a", Complete: true}
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
		{"other settings", State{Entries: []string{"run.json"}, Marker: finished}, `{"Words":500,"Seed":1}`, false, false, "Words differ"},
		{"other settings, overwrite", State{Entries: []string{"run.json"}, Marker: finished}, `{"Words":500,"Seed":1}`, true, true, ""},
		{"unfinished", State{Entries: []string{"run.json", "summaries"}, Marker: &Marker{Format: 1, Settings: set, Started: "T"}}, `{"Words":1000,"Seed":1}`, false, false, "did not finish"},
		{"failed", State{Entries: []string{"run.json"}, Marker: &Marker{Format: 1, Settings: set, Error: "boom"}}, `{"Words":1000,"Seed":1}`, false, false, "failed: boom"},
		{"older output", State{Entries: []string{"results.json", "summaries"}}, `{}`, false, false, "--overwrite"},
		{"older output, overwrite", State{Entries: []string{"results.json", "summaries"}}, `{}`, true, true, ""},
		{"foreign", State{Entries: []string{"thesis.tex"}}, `{}`, false, false, "not the output"},
		{"foreign, overwrite", State{Entries: []string{"thesis.tex"}}, `{}`, true, false, "remove it yourself"},
		{"unreadable marker", State{Entries: []string{"run.json"}, MarkerErr: errString("bad")}, `{}`, false, false, "cannot be read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			plan, err := Decide(tt.st, json.RawMessage(tt.settings), "a", tt.overwrite)
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
