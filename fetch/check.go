package fetch

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/match"
	"github.com/bookalign/bookalign/wiki"
)

// headSize is how much of a file the checks look at to tell text from an
// HTML page or binary data.
const headSize = 64 << 10

// Check returns the check of a downloaded file of kind k: nil if the file
// is usable as that kind, else why not. Each refuses an HTML page (what a
// server or a captive portal answers with 200 where the file should be);
// besides,
//
//   - a catalog must read as Project Gutenberg's CSV catalog, with its
//     header, and list an ebook;
//   - an archive must be a gzip-compressed tar holding booksummaries.txt,
//     no larger than l's cap for summaries;
//   - a summaries TSV must have a readable row;
//   - a book must be a non-empty text without NUL bytes;
//   - a thesaurus must give a synonym set.
//
// A kind it does not know has no check (nil).
func Check(k Kind, l Limits) func(name string) error {
	switch k {
	case KindCatalog:
		return checkCatalog
	case KindArchive:
		return func(name string) error { return checkArchive(name, l.Max(KindSummaries)) }
	case KindSummaries:
		return checkSummaries
	case KindBook:
		return checkBook
	case KindThesaurus:
		return checkThesaurus
	}
	return nil
}

// openChecked opens name and refuses it if it starts like an HTML page,
// saying what it should have been.
func openChecked(name, want string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	head := make([]byte, 1024)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		f.Close()
		return nil, err
	}
	if looksHTML(head[:n]) {
		f.Close()
		return nil, fmt.Errorf("an HTML page, not %s", want)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// htmlStarts are how an HTML page starts, in lower case.
var htmlStarts = [][]byte{[]byte("<!doctype html"), []byte("<html"), []byte("<head"), []byte("<body"), []byte("<title")}

// looksHTML reports whether head, the start of a file, starts (after a
// byte order mark and white space) like an HTML page.
func looksHTML(head []byte) bool {
	head = bytes.ToLower(bytes.TrimSpace(bytes.TrimPrefix(head, []byte("\uFEFF"))))
	for _, p := range htmlStarts {
		if bytes.HasPrefix(head, p) {
			return true
		}
	}
	return false
}

func checkCatalog(name string) error {
	f, err := openChecked(name, "Project Gutenberg's catalog")
	if err != nil {
		return err
	}
	defer f.Close()
	books, _, err := match.ReadCatalog(f)
	if err != nil {
		return fmt.Errorf("not Project Gutenberg's catalog: %w", err)
	}
	if len(books) == 0 {
		return errors.New("a header of Project Gutenberg's catalog, but no ebook in it")
	}
	return nil
}

func checkArchive(name string, max int64) error {
	f, err := openChecked(name, "a gzip-compressed tar archive")
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = ExtractMember(f, SummariesMember, &capWriter{max: max, what: SummariesMember + " in the archive", kind: KindSummaries})
	return err
}

func checkSummaries(name string) error {
	f, err := openChecked(name, "a summaries TSV")
	if err != nil {
		return err
	}
	defer f.Close()
	r := wiki.NewSummaryReader(f)
	for {
		_, err := r.Read()
		switch {
		case err == io.EOF:
			return errors.New("no readable summary row in it")
		case badRow(err):
			continue
		case err != nil:
			return fmt.Errorf("not a summaries TSV: %w", err)
		}
		return nil
	}
}

func checkBook(name string) error {
	f, err := openChecked(name, "a plain text")
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, headSize)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return err
	}
	switch {
	case n == 0:
		return errors.New("empty, not a plain text")
	case bytes.IndexByte(head[:n], 0) >= 0:
		return errors.New("binary data (NUL bytes), not a plain text")
	}
	return nil
}

func checkThesaurus(name string) error {
	f, err := openChecked(name, "Roget's Thesaurus")
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := align.ParseThesaurus(f); err != nil {
		return fmt.Errorf("not Roget's Thesaurus: %w", err)
	}
	return nil
}

// A capWriter takes up to max bytes (any number if max is 0 or less) and
// fails, with an error wrapping ErrTooLarge, on more.
type capWriter struct {
	w    io.Writer // nil: the bytes are dropped
	max  int64
	n    int64
	what string
	kind Kind
}

func (c *capWriter) Write(p []byte) (int, error) {
	if c.max > 0 && c.n+int64(len(p)) > c.max {
		return 0, fmt.Errorf("%s is %w of %s for %s", c.what, ErrTooLarge, Bytes(c.max), c.kind)
	}
	c.n += int64(len(p))
	if c.w == nil {
		return len(p), nil
	}
	return c.w.Write(p)
}
