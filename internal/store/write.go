package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

// TmpSuffix ends the name of the temporary file that WriteFile writes
// before renaming it into place.
const TmpSuffix = ".tmp"

// WriteFile writes a whole file. It writes to a temporary name first
// (path+TmpSuffix) and renames it into place, so that a reader never sees
// a half-written file and a retried write replaces the earlier one.
func WriteFile(ctx context.Context, path string, data []byte) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	tmp := path + TmpSuffix
	w, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, bytes.NewReader(data)); err != nil {
		w.Close()
		return fmt.Errorf("writing %s: %w", tmp, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", tmp, err)
	}
	return filesystem.Rename(ctx, fs, tmp, path)
}

// CreateNew writes data to a new file at path unless a file is there
// already, and reports whether it did. Locally the file is created
// exclusively (its directory made first), and a file that could not be
// written whole is removed; on an object store, which has no
// create-if-absent, path is checked, then written (two callers at the
// same moment can both create it).
func CreateNew(ctx context.Context, path string, data []byte) (created bool, err error) {
	if IsRemote(path) {
		if ok, err := Exists(ctx, path); err != nil || ok {
			return false, err
		}
		return true, WriteFile(ctx, path, data)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	_, err = f.Write(data)
	if err = errors.Join(err, f.Close()); err != nil {
		_ = os.Remove(path)
		return false, err
	}
	return true, nil
}
