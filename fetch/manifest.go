package fetch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ManifestFile is the name of the manifest in a fetch directory.
const ManifestFile = "manifest.tsv"

// ManifestHeader is the first line of a manifest.
const ManifestHeader = "path\turl\tbytes\tsha256"

// ErrManifest: a manifest does not start with ManifestHeader.
var ErrManifest = errors.New("fetch: manifest does not start with the header " + strconv.Quote(ManifestHeader))

// An Entry is one downloaded file: where it is, where it came from, and
// what it holds.
type Entry struct {
	// Path is the file's path in the fetch directory, '/'-separated.
	Path string `json:"path"`
	// URL is the address it was downloaded from.
	URL string `json:"url"`
	// Size is its length in bytes; SHA256 its digest, in lower-case hex.
	Size   int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// A Manifest lists the files of a fetch directory, one Entry per path.
// Written, it is a tab-separated file with the header ManifestHeader and
// one row per file, sorted by path:
//
//	path	url	bytes	sha256
//	sources/pg_catalog.csv	https://www.gutenberg.org/cache/epub/feeds/pg_catalog.csv	14623034	3f1c…
//
// A fetch appends a row as each file is completed, so a later row for a
// path replaces an earlier one, and a run killed while appending may leave
// a last row cut short: ParseManifest skips such rows.
type Manifest struct {
	entries map[string]Entry
}

// NewManifest returns an empty manifest.
func NewManifest() *Manifest { return &Manifest{entries: map[string]Entry{}} }

// ParseManifest reads a manifest. Rows that are not well formed (a wrong
// number of fields, a path that is not a clean relative one, a bad size or
// digest, invalid UTF-8) are skipped and counted in bad; err is non-nil for
// a missing header or a read error.
func ParseManifest(r io.Reader) (m *Manifest, bad int, err error) {
	m = NewManifest()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return nil, 0, err
		}
		return nil, 0, ErrManifest
	}
	if strings.TrimRight(sc.Text(), "\r") != ManifestHeader {
		return nil, 0, ErrManifest
	}
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" {
			continue
		}
		e, ok := parseEntry(line)
		if !ok {
			bad++
			continue
		}
		m.entries[e.Path] = e
	}
	return m, bad, sc.Err()
}

// parseEntry reads one row.
func parseEntry(line string) (Entry, bool) {
	f := strings.Split(line, "\t")
	if len(f) != 4 || !utf8.ValidString(line) || !ValidPath(f[0]) || f[1] == "" {
		return Entry{}, false
	}
	size, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil || size < 0 || strconv.FormatInt(size, 10) != f[2] || !isDigest(f[3]) {
		return Entry{}, false
	}
	return Entry{Path: f[0], URL: f[1], Size: size, SHA256: f[3]}, true
}

// ValidPath reports whether p is a clean, relative, '/'-separated path
// that stays inside its directory and has no tab or line break.
func ValidPath(p string) bool {
	return p != "" && path.Clean(p) == p && !path.IsAbs(p) && p != "." && p != ".." &&
		!strings.HasPrefix(p, "../") && !strings.ContainsAny(p, "\t\r\n\\")
}

func isDigest(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range []byte(s) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Get returns the entry of path.
func (m *Manifest) Get(path string) (Entry, bool) {
	e, ok := m.entries[path]
	return e, ok
}

// Put adds or replaces the entry of e.Path.
func (m *Manifest) Put(e Entry) { m.entries[e.Path] = e }

// Delete removes the entry of path.
func (m *Manifest) Delete(path string) { delete(m.entries, path) }

// Entries returns the entries sorted by path.
func (m *Manifest) Entries() []Entry {
	out := make([]Entry, 0, len(m.entries))
	for _, e := range m.entries {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Row returns e as one manifest row, with its line break. Tabs and line
// breaks in the URL are escaped, so that the row stays one row.
func (e Entry) Row() string {
	return fmt.Sprintf("%s\t%s\t%d\t%s\n", e.Path, escapeURL(e.URL), e.Size, e.SHA256)
}

// Marshal returns the manifest as a file: the header and the rows sorted
// by path.
func (m *Manifest) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString(ManifestHeader + "\n")
	for _, e := range m.Entries() {
		b.WriteString(e.Row())
	}
	return b.Bytes()
}

// Compare lists how m differs from pinned, a manifest kept from an earlier
// fetch: files whose content differs, and files of one that the other
// lacks, but for the copies from bookalign's binary (RougeSource) that a
// manifest from before them lacks. The URL is not compared: a mirror may
// serve the same bytes. Each difference is one line of text; none means
// the same files.
func (m *Manifest) Compare(pinned *Manifest) []string {
	var diffs []string
	for _, p := range pinned.Entries() {
		e, ok := m.Get(p.Path)
		switch {
		case !ok:
			diffs = append(diffs, fmt.Sprintf("%s: in the pinned manifest, not fetched", p.Path))
		case e.SHA256 != p.SHA256 || e.Size != p.Size:
			diffs = append(diffs, fmt.Sprintf("%s: %d bytes sha256 %s, pinned %d bytes sha256 %s", p.Path, e.Size, e.SHA256, p.Size, p.SHA256))
		}
	}
	for _, e := range m.Entries() {
		if _, ok := pinned.Get(e.Path); !ok && !strings.HasPrefix(e.URL, fromBinary) {
			diffs = append(diffs, fmt.Sprintf("%s: fetched, not in the pinned manifest", e.Path))
		}
	}
	return diffs
}
