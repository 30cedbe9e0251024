package fetch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/internal/store"
)

// A Store is a fetch directory: the files downloaded into it and their
// manifest, DIR/manifest.tsv. Fetching a file that the manifest lists, that
// is still whole (same size and SHA-256) and that passes its kind's Check
// downloads nothing, so a run that was stopped resumes where it stopped.
// A download is kept, and listed, only if it is within its kind's cap and
// passes that check. Every file is written under Dir; nothing else is. A
// store that lists no file when it is closed leaves nothing behind: no
// manifest, and not the empty directories of a fetch, nor Dir if opening
// made it.
type Store struct {
	// Dir is the fetch directory.
	Dir string
	// Limits caps the size of each kind of file; nil means DefaultLimits.
	Limits Limits
	// Log, if not nil, is told why a file listed in the manifest is
	// downloaded again.
	Log    func(format string, args ...any)
	client *Client
	m      *Manifest
	// journal is the manifest file, to which a row is appended as each
	// file is completed.
	journal *os.File
	// made is whether OpenStore made Dir.
	made bool
}

// OpenStore opens (creating it if need be) the fetch directory dir, reading
// its manifest if it has one, and downloads with c.
func OpenStore(ctx context.Context, dir string, c *Client) (*Store, error) {
	_, statErr := os.Stat(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	s := &Store{Dir: dir, client: c, m: NewManifest(), made: errors.Is(statErr, os.ErrNotExist)}
	name := filepath.Join(dir, ManifestFile)
	if f, err := os.Open(name); err == nil {
		m, _, err := ParseManifest(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		s.m = m
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	// The journal is rewritten whole, so that it starts with the header
	// and holds one row per file.
	if err := s.writeManifest(ctx); err != nil {
		return nil, err
	}
	j, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	s.journal = j
	return s, nil
}

// Manifest returns the store's manifest.
func (s *Store) Manifest() *Manifest { return s.m }

// Path returns the local file of rel, a '/'-separated path in the store.
func (s *Store) Path(rel string) string { return filepath.Join(s.Dir, filepath.FromSlash(rel)) }

// Fetch makes sure that rel holds the file of kind k found at the first of
// urls that the server has. If the manifest lists rel as downloaded from
// one of urls, the file is whole and it passes k's Check, nothing is
// downloaded and skipped is true; a whole file that fails the check is
// downloaded again, and Log told why. A URL that answers 404 or 410 is
// passed over for the next; when every one does, the error wraps
// ErrNotFound and names them all. Any other error stops at once.
func (s *Store) Fetch(ctx context.Context, k Kind, rel string, urls ...string) (e Entry, skipped bool, err error) {
	if !ValidPath(rel) {
		return Entry{}, false, fmt.Errorf("fetch: %q is not a path inside the fetch directory", rel)
	}
	if len(urls) == 0 {
		return Entry{}, false, fmt.Errorf("fetch: no URL for %s", rel)
	}
	old, ok, bad := s.cached(k, rel, urls)
	if ok && bad == nil {
		return old, true, nil
	}
	if bad != nil && s.Log != nil {
		s.Log("%s: the copy here is not usable (%v); fetching it again\n", rel, bad)
	}
	var missing []string
	for _, u := range urls {
		e, err := s.client.DownloadAs(ctx, u, s.Path(rel), s.expect(k))
		if errors.Is(err, ErrNotFound) {
			missing = append(missing, u)
			continue
		}
		if err != nil {
			return Entry{}, false, err
		}
		e.Path = rel
		s.m.Put(e)
		if _, err := s.journal.WriteString(e.Row()); err != nil {
			return Entry{}, false, err
		}
		return e, false, nil
	}
	return Entry{}, false, fmt.Errorf("%w: HTTP 404 or 410 at %s", ErrNotFound, strings.Join(missing, ", "))
}

// expect returns what a download of kind k must be.
func (s *Store) expect(k Kind) Expect {
	return Expect{Kind: k, Max: s.Limits.Max(k), Check: Check(k, s.Limits)}
}

// Have reports whether the manifest lists rel as downloaded from one of
// urls, the file is whole (same size and SHA-256) and it passes kind k's
// Check, and returns its entry.
func (s *Store) Have(k Kind, rel string, urls ...string) (Entry, bool) {
	e, ok, bad := s.cached(k, rel, urls)
	return e, ok && bad == nil
}

// cached returns the entry of rel and whether the manifest lists it as
// downloaded from one of urls and the file is whole; bad, for such a
// file, is why it fails kind k's Check.
func (s *Store) cached(k Kind, rel string, urls []string) (e Entry, ok bool, bad error) {
	e, ok = s.m.Get(rel)
	if !ok || !slices.Contains(urls, e.URL) || !whole(s.Path(rel), e) {
		return e, false, nil
	}
	if check := Check(k, s.Limits); check != nil {
		bad = check(s.Path(rel))
	}
	return e, true, bad
}

// DropUnusable removes rel, file and manifest entry, unless the manifest
// lists it (from any URL) and it is whole and passes kind k's Check: what
// a failed download leaves in place must not be taken for the file.
func (s *Store) DropUnusable(k Kind, rel string) error {
	if e, ok := s.m.Get(rel); ok {
		if _, whole, bad := s.cached(k, rel, []string{e.URL}); whole && bad == nil {
			return nil
		}
	}
	s.m.Delete(rel)
	if err := os.Remove(s.Path(rel)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// Record adds to the manifest a file that the caller made in the store
// from downloaded ones (an archive member), with where it came from.
func (s *Store) Record(rel, from string) (Entry, error) {
	e, err := digestFile(s.Path(rel))
	if err != nil {
		return Entry{}, err
	}
	e.Path, e.URL = rel, from
	s.m.Put(e)
	_, err = s.journal.WriteString(e.Row())
	return e, err
}

// Close writes the manifest sorted by path and closes it; a manifest that
// lists no file is removed instead, with what else the store left empty
// (removeEmpty).
func (s *Store) Close(ctx context.Context) error {
	err := s.journal.Close()
	werr := s.removeEmpty()
	if len(s.m.entries) > 0 {
		werr = s.writeManifest(ctx)
	}
	if err == nil {
		err = werr
	}
	return err
}

// removeEmpty removes, when the manifest lists no file, the manifest, the
// directories of a fetch that are empty, and Dir if OpenStore made it and
// it is empty: a fetch that fetched nothing leaves nothing, not a fetch
// directory that looks like one that did not finish.
func (s *Store) removeEmpty() error {
	if len(s.m.entries) > 0 {
		return nil
	}
	if err := os.Remove(filepath.Join(s.Dir, ManifestFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	dirs := []string{BooksDir, SourcesDir, ThesaurusDir, RougeDir}
	if s.made {
		dirs = append(dirs, ".")
	}
	for _, d := range dirs {
		if st, err := os.Lstat(s.Path(d)); err == nil && st.IsDir() {
			os.Remove(s.Path(d)) // fails, and keeps it, unless it is empty
		}
	}
	return nil
}

// writeManifest replaces the manifest file with the manifest, atomically
// (store.WriteFile).
func (s *Store) writeManifest(ctx context.Context) error {
	return store.WriteFile(ctx, filepath.Join(s.Dir, ManifestFile), s.m.Marshal())
}

// whole reports whether the file name has e's size and digest.
func whole(name string, e Entry) bool {
	st, err := os.Stat(name)
	if err != nil || st.Size() != e.Size {
		return false
	}
	d, err := digestFile(name)
	return err == nil && d.SHA256 == e.SHA256
}

// digestFile returns the size and SHA-256 of a file.
func digestFile(name string) (Entry, error) {
	f, err := os.Open(name)
	if err != nil {
		return Entry{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return Entry{}, err
	}
	return Entry{Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}
