package reprocess

import (
	"context"
	"io"
	"time"
)

// Store is where a Job reads and writes: local paths and gs:// URLs alike.
// The command gives it reprocess/beamstore, which goes through Beam's
// filesystems; the Job itself never imports Beam.
type Store interface {
	// ReadFile reads a whole file.
	ReadFile(ctx context.Context, path string) ([]byte, error)
	// ReadOptional reads a file that may not exist: ok is false, with no
	// error, when it does not.
	ReadOptional(ctx context.Context, path string) (data []byte, ok bool, err error)
	// WriteFile writes a whole file so that no reader sees it half written.
	WriteFile(ctx context.Context, path string, data []byte) error
	// Open opens a whole file for streaming.
	Open(ctx context.Context, path string) (io.ReadCloser, error)
	// ReadRange returns length bytes of a file from byte start, fewer at
	// its end.
	ReadRange(ctx context.Context, path string, start, length int64) ([]byte, error)
	// Size returns the size of a file in bytes.
	Size(ctx context.Context, path string) (int64, error)
	// LastModified returns when a file last changed, or the zero time
	// where the filesystem does not say.
	LastModified(ctx context.Context, path string) (time.Time, error)
	// Names returns the names of the files directly in dir.
	Names(ctx context.Context, dir string) ([]string, error)
	// Files returns the paths, relative to dir, of all the files under
	// dir, in its subdirectories too; none when dir does not exist.
	Files(ctx context.Context, dir string) ([]string, error)
	// RemoveTree removes dir and everything under it, if it exists.
	RemoveTree(ctx context.Context, dir string) error
	// MoveTree moves the directory from to to. Where that is not one
	// rename (object stores), it moves file by file, and the file named
	// last (relative to from) after all the others, so that finding last
	// at to means the move is complete; an interrupted move is taken up
	// again by calling MoveTree again.
	MoveTree(ctx context.Context, from, to, last string) error
}

// storeReaderAt reads a file of a Store with ranged reads.
type storeReaderAt struct {
	ctx   context.Context
	store Store
	path  string
}

func (r *storeReaderAt) ReadAt(p []byte, off int64) (int, error) {
	b, err := r.store.ReadRange(r.ctx, r.path, off, int64(len(p)))
	n := copy(p, b)
	if err == nil && n < len(p) {
		err = io.EOF
	}
	return n, err
}
