package rundir

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bookalign/bookalign/internal/bounds"
	"github.com/bookalign/bookalign/layout"
)

// MarkerFile and LockFile are the run marker and the lock, relative to the
// output directory (layout.Out.Marker and Lock); resultsFile is the file
// every run that finished writes.
var (
	MarkerFile  = layout.Rel.Marker()
	LockFile    = layout.Rel.Lock()
	resultsFile = layout.Rel.Results()
)

// FormatVersion is the version of the run marker's layout.
const FormatVersion = 1

// Marker is the content of run.json. A run writes it before any output with
// Complete false, and again as its very last write with Complete true (or
// with Error set when it failed), so that a directory whose marker is not
// complete holds a run that was interrupted, failed or is still going.
type Marker struct {
	Format int `json:"format"`
	// Command is the bookalign command that wrote the directory ("run").
	Command string `json:"command"`
	// Settings are the run's configuration, as JSON; two runs have the same
	// settings when these are equal as JSON values.
	Settings json.RawMessage `json:"settings"`
	// Inputs is a fingerprint of the input files (Fingerprint).
	Inputs string `json:"inputs"`
	// InputFiles list the files the fingerprint was computed from, so that
	// a later check (bookalign report) can name the ones that changed; nil
	// in the markers of an older bookalign.
	InputFiles *Listing `json:"input_files,omitempty"`
	// Started and Finished are RFC 3339 times in UTC.
	Started  string `json:"started"`
	Finished string `json:"finished,omitempty"`
	// Error says why the run failed, when it did.
	Error string `json:"error,omitempty"`
	// Warnings are what the run found worth saying about its inputs or
	// settings (an index without rows, ...).
	Warnings []string `json:"warnings,omitempty"`
	// Complete is true once every output has been written.
	Complete bool `json:"complete"`
}

// ParseMarker reads run.json.
func ParseMarker(b []byte) (*Marker, error) {
	var m Marker
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("rundir: %s: %w", MarkerFile, err)
	}
	if m.Format != FormatVersion {
		return nil, fmt.Errorf("rundir: %s has format %d, not %d", MarkerFile, m.Format, FormatVersion)
	}
	return &m, nil
}

// JSON renders the marker, indented, with a final newline.
func (m *Marker) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// MarkerSlack is the room a marker that is not complete leaves at its end
// (Pad), so that the final one can be written over it in place when there
// is no room on the disk for a new file.
const MarkerSlack = 512

// Pad appends n spaces and a newline to a rendered marker: JSON readers
// skip them.
func Pad(b []byte, n int) []byte {
	return append(append(bytes.TrimRight(b, "\n"), bytes.Repeat([]byte(" "), n)...), '\n')
}

// shortened ends an error that JSONWithin cut.
const shortened = " […]"

// JSONWithin renders the marker in at most limit bytes when it can, by
// cutting its error short (at a character boundary, ending it with
// " […]"); otherwise it returns the shortest rendering it found.
func (m Marker) JSONWithin(limit int) ([]byte, error) {
	b, err := m.JSON()
	if err != nil || len(b) <= limit || m.Error == "" {
		return b, err
	}
	full := m.Error
	keep := len(full)
	for len(b) > limit && keep > 0 {
		keep -= len(b) - limit + len(shortened)
		for keep > 0 && !utf8.RuneStart(full[keep]) {
			keep--
		}
		m.Error = full[:max(keep, 0)] + shortened
		if b, err = m.JSON(); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// Unfinished says, for a marker that is not complete, how its run ended;
// running says whether a live run holds the directory's lock. A marker
// without an error whose run holds no lock counts as a failure: the run
// was killed, or its last write of the marker failed.
func (m *Marker) Unfinished(running bool) string {
	switch {
	case m.Error != "":
		return "failed: " + m.Error
	case running:
		return "is still running"
	}
	return "stopped without recording how it ended (it was killed, or its last write of " + MarkerFile + " failed), so it counts as failed"
}

// State is what an output directory holds when a run starts, the run
// holding its lock.
type State struct {
	// Entries are the names in the directory, a directory's with a final
	// '/' (for an object store, the object names relative to it), the
	// lock excluded.
	Entries []string
	// Marker is the parsed run.json, nil when there is none; MarkerErr says
	// why a run.json present could not be parsed.
	Marker    *Marker
	MarkerErr error
}

// Plan says what a run must do with its output directory before writing.
type Plan struct {
	// Clear asks to remove the entries of Remove first.
	Clear bool
	// Remove are the entries of State.Entries that an earlier run wrote
	// (layout.Entries, and their half-written ".tmp" files), sorted.
	Remove []string
	// Kept are the entries clearing leaves in place because bookalign did
	// not write them, by their name in the directory (a directory's with a
	// final '/'), sorted.
	Kept []string
	// Note, when set, is worth telling the user (a rerun, other inputs).
	Note string
}

// Decide applies the rules of --out to a run with the given settings and
// input fingerprint:
//   - an empty (or missing) directory is used as it is;
//   - a finished run of the same settings is rerun: its outputs are cleared
//     first, so that none of them survives into the new run; differ (nil:
//     TopLevel) says in which settings two runs differ;
//   - with overwrite, an earlier output of bookalign (one with run.json or
//     results.json, finished or not) is cleared;
//   - clearing removes only what a run writes (Written): the other entries
//     are kept, and listed in Plan.Kept;
//   - anything else is refused with the reason: a run that did not finish,
//     a finished run of other settings, a directory bookalign did not write.
func Decide(st State, settings json.RawMessage, inputs string, overwrite bool, differ Differ) (Plan, error) {
	if len(st.Entries) == 0 {
		return Plan{}, nil
	}
	ours := st.Marker != nil || slices.Contains(st.Entries, MarkerFile) || slices.Contains(st.Entries, resultsFile)
	if overwrite {
		if !ours {
			return Plan{}, fmt.Errorf("--overwrite replaces only the outputs of an earlier bookalign run, and this directory holds neither %s nor %s (%s): remove it yourself or choose another --out", MarkerFile, resultsFile, sample(st.Entries))
		}
		return clearPlan(st.Entries, "--overwrite: clearing the earlier outputs"), nil
	}
	m := st.Marker
	switch {
	case st.MarkerErr != nil:
		return Plan{}, fmt.Errorf("the directory is not empty and its run marker cannot be read (%v): rerun with --overwrite to replace it, or choose another --out", st.MarkerErr)
	case m == nil && ours:
		return Plan{}, fmt.Errorf("the directory holds outputs without a run marker (%s), made by an older bookalign or by hand, so they cannot be checked: rerun with --overwrite to replace them, or choose another --out", MarkerFile)
	case m == nil:
		return Plan{}, fmt.Errorf("the directory is not empty (%s) and is not the output of a bookalign run: choose an empty or new --out", sample(st.Entries))
	case !m.Complete:
		return Plan{}, fmt.Errorf("the directory holds a run started %s that did not finish (it %s): its files may mix two runs; rerun with --overwrite to clear it", m.Started, m.Unfinished(false))
	}
	if differ == nil {
		differ = TopLevel
	}
	diff, err := differ(m.Settings, settings)
	if err != nil {
		return Plan{}, err
	}
	if len(diff) > 0 {
		return Plan{}, fmt.Errorf("the directory holds a finished run of other settings (%s): rerun with --overwrite to replace it, or choose another --out", describe(diff))
	}
	note := "rerunning a finished run of the same settings: clearing its outputs first"
	if m.Inputs != inputs {
		note += " (the input files have changed since)"
	}
	return clearPlan(st.Entries, note), nil
}

// clearPlan is the plan that clears what a run wrote among entries.
func clearPlan(entries []string, note string) Plan {
	p := Plan{Clear: true, Note: note}
	for _, e := range entries {
		if Written(e) {
			p.Remove = append(p.Remove, e)
		} else if top := topEntry(e); !slices.Contains(p.Kept, top) {
			p.Kept = append(p.Kept, top)
		}
	}
	slices.Sort(p.Remove)
	slices.Sort(p.Kept)
	return p
}

// KeptNote says which entries clearing left in place, or nothing when it
// kept none.
func (p Plan) KeptNote() string {
	if len(p.Kept) == 0 {
		return ""
	}
	names := p.Kept
	more := ""
	if len(names) > maxNamed {
		names, more = names[:maxNamed], fmt.Sprintf(" and %d more", len(names)-maxNamed)
	}
	entries := "entries"
	if len(p.Kept) == 1 {
		entries = "entry"
	}
	return fmt.Sprintf("kept %d %s that bookalign did not write: %s%s", len(p.Kept), entries, strings.Join(names, ", "), more)
}

// maxNamed is how many entries a message names.
const maxNamed = 10

// Written reports whether an entry of an output directory is one a run
// writes: a file or directory of layout.Entries, a path below one of
// those directories (as an object store lists them), or a file of
// layout.Entries half written (its name and ".tmp"). A directory's entry
// ends in '/', as in layout.Entries.
func Written(entry string) bool {
	top := topEntry(entry)
	for _, e := range layout.Entries() {
		if top == e || !strings.HasSuffix(e, "/") && top == e+".tmp" {
			return true
		}
	}
	return false
}

// topEntry is the entry of the directory itself that holds entry: the
// entry, or its first directory with a final '/'.
func topEntry(entry string) string {
	if i := strings.IndexByte(entry, '/'); i >= 0 {
		return entry[:i+1]
	}
	return entry
}

// A Difference is one setting in which two runs differ: its name as the
// user gives it (a settings key such as align.iterations, a flag such as
// --corpus) and its value in each run, as text.
type Difference struct {
	Key, Earlier, Now string
}

// A Differ returns the settings in which a run of the settings now would
// differ from the finished run of the settings earlier (both as
// Options.Settings), sorted by key, their values shown by ValueText; none
// when the run would redo the finished one.
type Differ func(earlier, now json.RawMessage) ([]Difference, error)

// describe lists differences for a message: "words was 1000, now 500".
func describe(diff []Difference) string {
	parts := make([]string, len(diff))
	for i, d := range diff {
		parts[i] = fmt.Sprintf("%s was %s, now %s", d.Key, d.Earlier, d.Now)
	}
	return strings.Join(parts, "; ")
}

// setSettings are the top-level settings whose value is a set of names
// (config.Settings' json keys): the order they were given in and repeats
// do not make two runs differ, as a run does the same with them
// (--methods random,first1000 reruns --methods first1000,random or
// first1000,first1000,random).
var setSettings = []string{"methods"}

// TopLevel is the Differ of settings that are a JSON object: the
// top-level keys whose values are not equal JSON values, the setSettings
// compared as sets, a key absent from one run's settings shown as
// "(none)".
func TopLevel(earlier, now json.RawMessage) ([]Difference, error) {
	var ma, mb map[string]any
	if err := json.Unmarshal(earlier, &ma); err != nil {
		return nil, fmt.Errorf("rundir: settings in %s: %w", MarkerFile, err)
	}
	if err := json.Unmarshal(now, &mb); err != nil {
		return nil, fmt.Errorf("rundir: settings: %w", err)
	}
	for _, m := range []map[string]any{ma, mb} {
		for _, k := range setSettings {
			if v, ok := m[k]; ok {
				m[k] = asSet(v)
			}
		}
	}
	keys := slices.Sorted(maps.Keys(ma))
	for k := range mb {
		if _, ok := ma[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var diff []Difference
	for _, k := range keys {
		a, inA := ma[k]
		b, inB := mb[k]
		if inA && inB && reflect.DeepEqual(a, b) {
			continue
		}
		diff = append(diff, Difference{Key: k, Earlier: ValueText(a, inA), Now: ValueText(b, inB)})
	}
	return diff, nil
}

// ValueText shows a decoded JSON value for a Difference: a list of
// strings comma-separated ("[]" when empty; its first maxNamed names when
// it has more than maxNamed+1), a string quoted, anything else as JSON,
// each bounded (bounds.Short, bounds.Quote); "(none)" when the run has no
// such setting (present false).
func ValueText(v any, present bool) string {
	if !present {
		return "(none)"
	}
	switch x := v.(type) {
	case string:
		return bounds.Quote(x)
	case []string:
		if len(x) == 0 {
			return "[]"
		}
		names := make([]string, min(len(x), maxNamed+1))
		for i := range names {
			names[i] = bounds.Short(x[i])
		}
		if len(x) > len(names) {
			names[maxNamed] = fmt.Sprintf("… (%d names)", len(x))
		}
		return strings.Join(names, ",")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return bounds.Short(fmt.Sprint(v))
	}
	return bounds.Short(string(b))
}

// asSet returns a JSON list of strings sorted and without repeats, and
// any other value as it is.
func asSet(v any) any {
	list, ok := v.([]any)
	if !ok {
		return v
	}
	names := make([]string, len(list))
	for i, x := range list {
		if names[i], ok = x.(string); !ok {
			return v
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// sample names a few entries, for messages.
func sample(entries []string) string {
	e := slices.Clone(entries)
	slices.Sort(e)
	if len(e) > 3 {
		return strings.Join(e[:3], ", ") + fmt.Sprintf(" and %d more", len(e)-3)
	}
	return strings.Join(e, ", ")
}
