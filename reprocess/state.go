package reprocess

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
)

// StateFile and ProgressFile are the file names of the State (in the
// state directory) and of the Progress (in the work directory).
const (
	StateFile    = "state.json"
	ProgressFile = "progress.json"
)

// A Run is one processed dump.
type Run struct {
	// Date is the dump's date, YYYYMMDD; Dump its file name.
	Date string `json:"date"`
	Dump string `json:"dump"`
	// Out is the directory that holds the run's outputs: OUT/YYYYMMDD.
	Out string `json:"out"`
	// Content is the dump file's ContentKey when it was processed, so that
	// a dump replaced under the same name is processed again; Verified says
	// how the dump was checked before it was processed.
	Content  string `json:"content,omitempty"`
	Verified string `json:"verified,omitempty"`
	// Finished is when the run was recorded, in RFC 3339.
	Finished string `json:"finished"`
	// Summaries, Pairs and Books count the summaries extracted, the pairs
	// of the corpus and the books with results.
	Summaries int `json:"summaries"`
	Pairs     int `json:"pairs"`
	Books     int `json:"books"`
}

// State is the record of processed dumps, in order of date.
type State struct {
	Runs []Run `json:"runs"`
}

// ErrState: the state file is not a state.
var ErrState = errors.New("reprocess: malformed state file")

// ParseState reads a state file. Empty input is the empty state.
func ParseState(b []byte) (*State, error) {
	s := &State{}
	if len(bytes.TrimSpace(b)) == 0 {
		return s, nil
	}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrState, err)
	}
	for _, r := range s.Runs {
		if !validDate(r.Date) {
			return nil, fmt.Errorf("%w: run with date %q", ErrState, r.Date)
		}
	}
	s.sort()
	return s, nil
}

// Marshal returns the state file: indented JSON with a trailing newline.
func (s *State) Marshal() []byte {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic("reprocess: " + err.Error()) // plain data always marshals
	}
	return append(b, '\n')
}

// Lookup returns the run of the dump of date, if it was processed.
func (s *State) Lookup(date string) (Run, bool) {
	for _, r := range s.Runs {
		if r.Date == date {
			return r, true
		}
	}
	return Run{}, false
}

// Previous returns the latest run of a dump older than date.
func (s *State) Previous(date string) (Run, bool) {
	for i := len(s.Runs) - 1; i >= 0; i-- {
		if s.Runs[i].Date < date {
			return s.Runs[i], true
		}
	}
	return Run{}, false
}

// Record adds r, replacing any run of the same date.
func (s *State) Record(r Run) {
	s.Runs = slices.DeleteFunc(s.Runs, func(x Run) bool { return x.Date == r.Date })
	s.Runs = append(s.Runs, r)
	s.sort()
}

func (s *State) sort() {
	sort.SliceStable(s.Runs, func(i, j int) bool { return s.Runs[i].Date < s.Runs[j].Date })
}

// Progress is how far the processing of one dump got: the stages done, in
// order, under the fingerprint of its inputs and settings.
type Progress struct {
	Fingerprint string   `json:"fingerprint"`
	Done        []string `json:"done"`
}

// ParseProgress reads a progress file. Empty or malformed input is no
// progress: the work is then redone, which is always safe.
func ParseProgress(b []byte) Progress {
	var p Progress
	if json.Unmarshal(b, &p) != nil {
		return Progress{}
	}
	return p
}

// Marshal returns the progress file.
func (p Progress) Marshal() []byte {
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		panic("reprocess: " + err.Error())
	}
	return append(b, '\n')
}

// Has reports whether stage is done.
func (p Progress) Has(stage string) bool { return slices.Contains(p.Done, stage) }

// Mark records stage as done.
func (p *Progress) Mark(stage string) {
	if !p.Has(stage) {
		p.Done = append(p.Done, stage)
	}
}

// Fingerprint returns a digest of the inputs and settings of a run, given
// as strings in a fixed order (paths, sizes, flags). Two runs with the same
// fingerprint would compute the same outputs.
func Fingerprint(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s\n", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
