package rundir

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// File is an input file as the fingerprint sees it.
type File struct {
	// Path is the file's path as the run was given it, which the
	// fingerprint hashes.
	Path string
	// Name is its path inside its corpus ("books/emma.txt"), behind
	// TestCorpusPrefix for a file of the test corpus, which a Listing
	// records.
	Name string
	Size int64
	// Content, when not nil, is hashed too (small index files such as
	// pairs.tsv); other files count by path and size.
	Content []byte
}

// Fingerprint hashes the input files (in any order) into a short hex
// string: the same files give the same fingerprint. Files other than those
// with Content count by path and size only, so that fingerprinting a corpus
// of books costs one listing, not a read of every book.
func Fingerprint(files []File) string {
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Path, b.Path) })
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%s\t%d\t", f.Path, f.Size)
		if f.Content != nil {
			c := sha256.Sum256(f.Content)
			h.Write(c[:])
		}
		h.Write([]byte{'\n'})
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))[:32]
}

// TestCorpusPrefix precedes the Names of the test corpus's files
// (--test-corpus), which a listing holds beside the corpus's.
const TestCorpusPrefix = "test-corpus/"

// Listing records input files by name, so that a later look at the
// inputs can say which files changed: every file's size, and the content
// hash of the files hashed whole (the corpus index).
type Listing struct {
	Sizes  map[string]int64  `json:"sizes"`
	SHA256 map[string]string `json:"sha256,omitempty"`
}

// NewListing records files by their Name.
func NewListing(files []File) *Listing {
	l := &Listing{Sizes: map[string]int64{}, SHA256: map[string]string{}}
	for _, f := range files {
		l.Sizes[f.Name] = f.Size
		if f.Content != nil {
			c := sha256.Sum256(f.Content)
			l.SHA256[f.Name] = hex.EncodeToString(c[:])
		}
	}
	return l
}

// Corpus is the part of the listing of one corpus, the test corpus's
// (test) or the other's, with names inside that corpus.
func (l *Listing) Corpus(test bool) *Listing {
	part := &Listing{Sizes: map[string]int64{}, SHA256: map[string]string{}}
	for name, size := range l.Sizes {
		if rest, ok := strings.CutPrefix(name, TestCorpusPrefix); ok == test {
			part.Sizes[rest] = size
		}
	}
	for name, sum := range l.SHA256 {
		if rest, ok := strings.CutPrefix(name, TestCorpusPrefix); ok == test {
			part.SHA256[rest] = sum
		}
	}
	return part
}

// Changes says, one line a file sorted by name, how the files of now
// differ from those of l: added, removed, of another size or content.
func (l *Listing) Changes(now *Listing) []string {
	names := slices.Sorted(maps.Keys(l.Sizes))
	for name := range now.Sizes {
		if _, ok := l.Sizes[name]; !ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var changes []string
	for _, name := range names {
		was, had := l.Sizes[name]
		size, has := now.Sizes[name]
		switch {
		case !has:
			changes = append(changes, name+": removed")
		case !had:
			changes = append(changes, name+": added")
		case was != size:
			changes = append(changes, fmt.Sprintf("%s: %d bytes, now %d", name, was, size))
		case l.SHA256[name] != now.SHA256[name]:
			changes = append(changes, name+": content changed")
		}
	}
	return changes
}
