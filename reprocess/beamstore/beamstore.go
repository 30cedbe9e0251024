// Package beamstore is the reprocess.Store of `bookalign reprocess`: the
// file layer of internal/store, through which every path may be local or
// a gs:// URL.
//
// It is the one part of reprocess that imports Beam, and only Beam's
// filesystem registry (through internal/store): no pipeline is built here.
package beamstore

import (
	"context"
	"io"
	"strings"
	"time"

	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/reprocess"
)

// Store is a reprocess.Store over internal/store.
type Store struct{}

var _ reprocess.Store = Store{}

// ReadFile reads a whole input file (store.ReadFile).
func (Store) ReadFile(ctx context.Context, path string) ([]byte, error) {
	return store.ReadFile(ctx, path)
}

// WriteFile writes a whole file under a temporary name, then renames it
// into place (store.WriteFile).
func (Store) WriteFile(ctx context.Context, path string, data []byte) error {
	return store.WriteFile(ctx, path, data)
}

// Open opens a whole file for streaming (store.Open).
func (Store) Open(ctx context.Context, path string) (io.ReadCloser, error) {
	return store.Open(ctx, path)
}

// ReadRange reads a byte range: a seek locally, a ranged request on GCS
// (store.ReadRange).
func (Store) ReadRange(ctx context.Context, path string, start, length int64) ([]byte, error) {
	return store.ReadRange(ctx, path, start, length)
}

// Size returns the size of a file (store.Size).
func (Store) Size(ctx context.Context, path string) (int64, error) {
	return store.Size(ctx, path)
}

// ReadOptional reads a file that may not exist (store.ReadOptional).
func (Store) ReadOptional(ctx context.Context, path string) ([]byte, bool, error) {
	return store.ReadOptional(ctx, path)
}

// LastModified returns when the file at path was last changed, or the
// zero time where its filesystem does not say (store.LastModified).
func (Store) LastModified(ctx context.Context, path string) (time.Time, error) {
	return store.LastModified(ctx, path)
}

// Names returns the names of the files directly in dir (store.Names).
func (Store) Names(ctx context.Context, dir string) ([]string, error) {
	return store.Names(ctx, dir)
}

// Files returns the paths, relative to dir, of all the files under dir,
// none when it does not exist (store.Entries, a level at a time locally).
func (Store) Files(ctx context.Context, dir string) ([]string, error) {
	entries, err := store.Entries(ctx, dir)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		sub, isDir := strings.CutSuffix(e, "/")
		if !isDir {
			files = append(files, e)
			continue
		}
		under, err := Store{}.Files(ctx, dir+"/"+sub)
		if err != nil {
			return nil, err
		}
		for _, f := range under {
			files = append(files, sub+"/"+f)
		}
	}
	return files, nil
}

// RemoveTree removes dir and everything under it, if it exists
// (store.RemoveAll).
func (Store) RemoveTree(ctx context.Context, dir string) error {
	return store.RemoveAll(ctx, dir)
}

// MoveTree moves the directory from to to, the file named last at the end
// (store.MoveTree).
func (Store) MoveTree(ctx context.Context, from, to, last string) error {
	return store.MoveTree(ctx, from, to, last)
}
