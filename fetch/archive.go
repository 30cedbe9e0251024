package fetch

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"path"
)

// SummariesMember is the name of the summaries file in the CMU Book
// Summary Dataset's archive, booksummaries.tar.gz (as the member
// booksummaries/booksummaries.txt).
const SummariesMember = "booksummaries.txt"

// ErrNoMember: the archive has no member of the name asked for.
var ErrNoMember = errors.New("fetch: archive has no such member")

// ExtractMember copies to w the first regular file of the gzip-compressed
// tar archive r whose base name is name (at any depth: the CMU archive
// keeps it as booksummaries/booksummaries.txt), and returns its size. An
// archive that is not gzip or tar, or is cut short, is an error; so is one
// without the member (ErrNoMember).
func ExtractMember(r io.Reader, name string, w io.Writer) (int64, error) {
	gz, err := gzip.NewReader(r)
	if err != nil {
		return 0, fmt.Errorf("fetch: not a gzip archive: %w", err)
	}
	defer gz.Close()
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return 0, fmt.Errorf("%w: %s", ErrNoMember, name)
		}
		if err != nil {
			return 0, fmt.Errorf("fetch: reading the archive: %w", err)
		}
		if h.Typeflag != tar.TypeReg || path.Base(path.Clean("/"+h.Name)) != name {
			continue
		}
		n, err := io.Copy(w, tr)
		if err != nil {
			return n, fmt.Errorf("fetch: reading %s from the archive: %w", h.Name, err)
		}
		return n, nil
	}
}
