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
	"strconv"
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
	// DatedBy says how the date of a dump named "latest" was found from
	// its content (Dump.DatedBy); "" when its name gives the date.
	DatedBy string `json:"dated_by,omitempty"`
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
	// Warnings are what a reader of the results should know, as a run's
	// marker has them: too few books for the table's intervals and
	// p-values to mean anything (evaluate.FewBooks).
	Warnings []string `json:"warnings,omitempty"`
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

// Progress is how far the processing of one dump got: for each stage
// done, what it read and what it wrote. A rerun reuses a stage whose
// inputs and settings are the same and whose files are intact, and redoes
// the others (see Job).
type Progress struct {
	// Version is ProgressVersion; the progress.json of an older
	// bookalign has none, and nothing of it is reused.
	Version int           `json:"version"`
	Stages  []StageRecord `json:"stages"`
}

// ProgressVersion is the version of the progress files this package
// writes. Version 1, which had one fingerprint for all the stages, had no
// version field.
const ProgressVersion = 2

// A StageRecord is one stage done.
type StageRecord struct {
	Stage string `json:"stage"`
	// Inputs are the stage's inputs and settings by name ("dump",
	// "catalog", "settings", …), each as a Fingerprint of its value: a
	// file's path and ContentKey, or the digest of the files an earlier
	// stage wrote.
	Inputs map[string]string `json:"inputs"`
	// Files are the files the stage wrote, by path relative to the work
	// directory.
	Files map[string]FileSum `json:"files,omitempty"`
}

// A FileSum is the size and SHA-256 (hex) of a file.
type FileSum struct {
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Digest is a Fingerprint of the files the stage wrote: the input of the
// stages after it.
func (r StageRecord) Digest() string {
	names := keys(r.Files)
	parts := make([]string, 0, 3*len(names))
	for _, n := range names {
		parts = append(parts, n, strconv.FormatInt(r.Files[n].Size, 10), r.Files[n].SHA256)
	}
	return Fingerprint(parts...)
}

// ChangedInputs returns the names of the inputs whose fingerprints differ
// between r and inputs, or that only one of them has, sorted.
func (r StageRecord) ChangedInputs(inputs map[string]string) []string {
	var changed []string
	for _, n := range keys(r.Inputs) {
		if v, ok := inputs[n]; !ok || v != r.Inputs[n] {
			changed = append(changed, n)
		}
	}
	for _, n := range keys(inputs) {
		if _, ok := r.Inputs[n]; !ok {
			changed = append(changed, n)
		}
	}
	sort.Strings(changed)
	return changed
}

func keys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// ParseProgress reads a progress file. Empty, malformed or older input is
// no progress, and note says which (""for a current file or none): the
// work is then redone, which is always safe.
func ParseProgress(b []byte) (p Progress, note string) {
	if len(bytes.TrimSpace(b)) == 0 {
		return Progress{}, ""
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return Progress{}, "it cannot be read (" + err.Error() + ")"
	}
	switch {
	case p.Version == 0:
		return Progress{}, "it was written by an older bookalign, which kept no record of each stage's inputs and files"
	case p.Version != ProgressVersion:
		return Progress{}, fmt.Sprintf("it has version %d, which this bookalign (version %d) does not read", p.Version, ProgressVersion)
	}
	for _, r := range p.Stages {
		if r.Stage == "" || r.Inputs == nil {
			return Progress{}, "it has a stage with no name or no inputs"
		}
	}
	return p, ""
}

// Marshal returns the progress file.
func (p Progress) Marshal() []byte {
	p.Version = ProgressVersion
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		panic("reprocess: " + err.Error())
	}
	return append(b, '\n')
}

// Lookup returns the record of stage.
func (p Progress) Lookup(stage string) (StageRecord, bool) {
	for _, r := range p.Stages {
		if r.Stage == stage {
			return r, true
		}
	}
	return StageRecord{}, false
}

// Has reports whether stage is done.
func (p Progress) Has(stage string) bool {
	_, ok := p.Lookup(stage)
	return ok
}

// Record records r, replacing any record of its stage.
func (p *Progress) Record(r StageRecord) {
	p.Drop(r.Stage)
	p.Stages = append(p.Stages, r)
}

// Drop forgets stage.
func (p *Progress) Drop(stage string) {
	p.Stages = slices.DeleteFunc(p.Stages, func(r StageRecord) bool { return r.Stage == stage })
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
