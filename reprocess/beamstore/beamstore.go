// Package beamstore is the reprocess.Store of `bookalign reprocess`: files
// read and written through Beam's filesystems, so that every path may be
// local or a gs:// URL. Local directories are moved with one rename; on an
// object store a tree is moved and removed object by object.
//
// It is the one part of reprocess that imports Beam, and only Beam's
// filesystem registry (through transforms' file helpers): no pipeline is
// built here.
package beamstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/bookalign/bookalign/reprocess"
	"github.com/bookalign/bookalign/transforms"
)

// Store is a reprocess.Store over Beam's filesystems.
type Store struct{}

var _ reprocess.Store = Store{}

// ReadFile reads a whole file (transforms.ReadFile).
func (Store) ReadFile(ctx context.Context, path string) ([]byte, error) {
	return transforms.ReadFile(ctx, path)
}

// WriteFile writes a whole file under a temporary name, then renames it
// into place (transforms.WriteFile).
func (Store) WriteFile(ctx context.Context, path string, data []byte) error {
	return transforms.WriteFile(ctx, path, data)
}

// Open opens a whole file for streaming (transforms.OpenFile).
func (Store) Open(ctx context.Context, path string) (io.ReadCloser, error) {
	return transforms.OpenFile(ctx, path)
}

// ReadRange reads a byte range: a seek locally, a ranged request on GCS
// (transforms.ReadRange).
func (Store) ReadRange(ctx context.Context, path string, start, length int64) ([]byte, error) {
	return transforms.ReadRange(ctx, path, start, length)
}

// Size returns the size of a file (transforms.FileSize).
func (Store) Size(ctx context.Context, path string) (int64, error) {
	return transforms.FileSize(ctx, path)
}

// ReadOptional reads a file that may not exist.
func (Store) ReadOptional(ctx context.Context, path string) ([]byte, bool, error) {
	if isLocal(path) {
		b, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			return nil, false, nil
		}
		return b, err == nil, err
	}
	ok, err := transforms.Exists(ctx, path)
	if err != nil || !ok {
		return nil, false, err
	}
	b, err := transforms.ReadFile(ctx, path)
	return b, err == nil, err
}

// LastModified returns when the file at path was last changed, or the
// zero time where its filesystem does not say.
func (Store) LastModified(ctx context.Context, path string) (time.Time, error) {
	if isLocal(path) {
		st, err := os.Stat(path)
		if err != nil {
			return time.Time{}, err
		}
		return st.ModTime(), nil
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return time.Time{}, err
	}
	defer fs.Close()
	if lm, ok := fs.(filesystem.LastModifiedGetter); ok {
		t, err := lm.LastModified(ctx, path)
		if err != nil {
			return time.Time{}, fmt.Errorf("%s: %w", path, err)
		}
		return t, nil
	}
	return time.Time{}, nil
}

// Names returns the names of the files directly in dir.
func (Store) Names(ctx context.Context, dir string) ([]string, error) {
	if isLocal(dir) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		var names []string
		for _, e := range entries {
			if !e.IsDir() {
				names = append(names, e.Name())
			}
		}
		return names, nil
	}
	fs, files, err := openTree(ctx, dir, "*")
	if err != nil {
		return nil, err
	}
	fs.Close()
	for i, f := range files {
		files[i] = path.Base(f)
	}
	return files, nil
}

// RemoveTree removes dir and everything under it, if it exists.
func (Store) RemoveTree(ctx context.Context, dir string) error {
	if isLocal(dir) {
		return os.RemoveAll(dir)
	}
	fs, files, err := openTree(ctx, dir, "**")
	if err != nil {
		return err
	}
	defer fs.Close()
	rm, ok := fs.(filesystem.Remover)
	if !ok && len(files) > 0 {
		return fmt.Errorf("cannot remove files from %s", dir)
	}
	for _, f := range files {
		if err := rm.Remove(ctx, f); err != nil {
			return err
		}
	}
	return nil
}

// MoveTree moves the directory from to to. Locally it is one rename,
// replacing to; elsewhere each object is moved, the one named last (under
// from) at the end, so that an interrupted move is taken up again by the
// next call.
func (Store) MoveTree(ctx context.Context, from, to, last string) error {
	if isLocal(from) {
		if err := os.RemoveAll(to); err != nil {
			return err
		}
		return os.Rename(filepath.FromSlash(from), filepath.FromSlash(to))
	}
	fs, files, err := openTree(ctx, from, "**")
	if err != nil {
		return err
	}
	defer fs.Close()
	var final string
	for _, f := range files {
		if f == from+"/"+last {
			final = f
			continue
		}
		if err := filesystem.Rename(ctx, fs, f, to+strings.TrimPrefix(f, from)); err != nil {
			return err
		}
	}
	if final != "" {
		return filesystem.Rename(ctx, fs, final, to+strings.TrimPrefix(final, from))
	}
	return nil
}

// isLocal reports a path of the local filesystem rather than a URL.
func isLocal(p string) bool { return !strings.Contains(p, "://") }

// openTree opens the filesystem of dir (not local) and lists the objects
// under dir matching pattern: "*" those directly in it, "**" all. The
// caller closes fs.
func openTree(ctx context.Context, dir, pattern string) (fs filesystem.Interface, files []string, err error) {
	if fs, err = filesystem.New(ctx, dir); err != nil {
		return nil, nil, err
	}
	if files, err = fs.List(ctx, dir+"/"+pattern); err != nil {
		fs.Close()
		return nil, nil, err
	}
	return fs, files, nil
}
