package rundir

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// File is an input file as the fingerprint sees it.
type File struct {
	Path string
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
