package fetch

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bookalign/bookalign/corpus"
)

// ErrNoLink: the file system refused a hard link, so the corpus keeps its
// own copies of the books.
var ErrNoLink = errors.New("fetch: cannot make a hard link")

// LinkBooks stores each book of the fetched corpus in dir once: the
// corpus's books/<id>.txt, which `bookalign match` copied from the
// download sources/gutenberg/<n>.txt, becomes a hard link to that download
// when the two hold the same bytes. The download stays the file the
// manifest lists, so resuming and pinning are as before. It returns how
// many books are links; an error wrapping ErrNoLink means the file system
// has none, and the copies stay.
func LinkBooks(dir string) (linked int, err error) {
	pairs, err := ReadMatches(dir)
	if err != nil {
		return 0, err
	}
	for _, p := range pairs {
		if corpus.ValidID(p.ID) != nil {
			continue
		}
		book := filepath.Join(dir, "books", p.ID+".txt")
		ok, err := linkBook(book, filepath.Join(dir, filepath.FromSlash(BookFile(p.Ebook))))
		if err != nil {
			return linked, err
		}
		if ok {
			linked++
		}
	}
	return linked, nil
}

// linkBook replaces book with a hard link to download if both are regular
// files with the same bytes, and reports whether book is now a link to it.
func linkBook(book, download string) (bool, error) {
	a, err := os.Lstat(book)
	if err != nil {
		return false, err
	}
	b, err := os.Lstat(download)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if os.SameFile(a, b) {
		return true, nil
	}
	if !a.Mode().IsRegular() || !b.Mode().IsRegular() || a.Size() != b.Size() {
		return false, nil
	}
	if same, err := sameContent(book, download); err != nil || !same {
		return false, err
	}
	tmp := book + ".link"
	os.Remove(tmp)
	if err := os.Link(download, tmp); err != nil {
		return false, fmt.Errorf("%w: %v", ErrNoLink, err)
	}
	if err := os.Rename(tmp, book); err != nil {
		os.Remove(tmp)
		return false, err
	}
	return true, nil
}

// sameContent reports whether two files have the same SHA-256.
func sameContent(a, b string) (bool, error) {
	da, err := digestFile(a)
	if err != nil {
		return false, err
	}
	db, err := digestFile(b)
	if err != nil {
		return false, err
	}
	return da == db, nil
}
