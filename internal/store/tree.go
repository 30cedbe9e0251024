package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

// Exists reports whether path names a readable file.
func Exists(ctx context.Context, path string) (bool, error) {
	matches, err := List(ctx, path)
	return len(matches) > 0, err
}

// List returns the files that match the glob pattern, which names its
// filesystem (a local path, or gs://bucket/…; "**" matches across '/'
// on an object store).
func List(ctx context.Context, pattern string) ([]string, error) {
	fsys, err := filesystem.New(ctx, pattern)
	if err != nil {
		return nil, err
	}
	defer fsys.Close()
	return fsys.List(ctx, pattern)
}

// Size returns the size of a file. A local file is not opened, only
// looked at: Beam's local Size opens it, which blocks forever on a FIFO.
func Size(ctx context.Context, path string) (int64, error) {
	if !IsRemote(path) {
		info, err := os.Stat(path)
		if err != nil {
			return 0, err
		}
		return info.Size(), nil
	}
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return 0, err
	}
	defer fsys.Close()
	return fsys.Size(ctx, path)
}

// LastModified returns when the file at path was last changed, or the
// zero time where its filesystem does not say.
func LastModified(ctx context.Context, path string) (time.Time, error) {
	if !IsRemote(path) {
		st, err := os.Stat(path)
		if err != nil {
			return time.Time{}, err
		}
		return st.ModTime(), nil
	}
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return time.Time{}, err
	}
	defer fsys.Close()
	if lm, ok := fsys.(filesystem.LastModifiedGetter); ok {
		t, err := lm.LastModified(ctx, path)
		if err != nil {
			return time.Time{}, fmt.Errorf("%s: %w", path, err)
		}
		return t, nil
	}
	return time.Time{}, nil
}

// Names returns the names of the files directly in dir (not of its
// subdirectories).
func Names(ctx context.Context, dir string) ([]string, error) {
	if !IsRemote(dir) {
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
	files, err := List(ctx, dir+"/*")
	for i, f := range files {
		files[i] = path.Base(f)
	}
	return files, err
}

// Entries returns what dir holds, relative to it: a local directory's
// names, a subdirectory's with a final '/', or every object under a
// remote dir. A local dir that does not exist holds nothing.
func Entries(ctx context.Context, dir string) ([]string, error) {
	var names []string
	if !IsRemote(dir) {
		entries, err := os.ReadDir(dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() {
				name += "/"
			}
			names = append(names, name)
		}
		return names, nil
	}
	files, err := List(ctx, dir+"/**")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		names = append(names, strings.TrimPrefix(f, dir+"/"))
	}
	return names, nil
}

// Files returns the paths, relative to dir, of all the files under dir,
// in its subdirectories too; none when dir does not exist. Locally it
// reads a directory at a time (Entries).
func Files(ctx context.Context, dir string) ([]string, error) {
	entries, err := Entries(ctx, dir)
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
		under, err := Files(ctx, dir+"/"+sub)
		if err != nil {
			return nil, err
		}
		for _, f := range under {
			files = append(files, sub+"/"+f)
		}
	}
	return files, nil
}

// Remove removes one file.
func Remove(ctx context.Context, path string) error {
	if !IsRemote(path) {
		return os.Remove(path)
	}
	fsys, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fsys.Close()
	rm, ok := fsys.(filesystem.Remover)
	if !ok {
		return fmt.Errorf("cannot remove %s: the filesystem has no remove", path)
	}
	return rm.Remove(ctx, path)
}

// RemoveAll removes p and everything under it, if it exists: a local
// file or directory, or on an object store the object p and every object
// under p/.
func RemoveAll(ctx context.Context, p string) error {
	if !IsRemote(p) {
		return os.RemoveAll(p)
	}
	p = strings.TrimSuffix(p, "/")
	files, err := List(ctx, p+"/**")
	if err != nil {
		return err
	}
	if ok, err := Exists(ctx, p); err != nil {
		return err
	} else if ok {
		files = append(files, p)
	}
	for _, f := range files {
		if err := Remove(ctx, f); err != nil {
			return err
		}
	}
	return nil
}

// MoveTree moves the directory from to to. Locally it is one rename,
// replacing to; elsewhere each object is moved, the one named last (under
// from; "" for none) at the end, so that an interrupted move is taken up
// again by the next call.
func MoveTree(ctx context.Context, from, to, last string) error {
	if !IsRemote(from) {
		if err := os.RemoveAll(to); err != nil {
			return err
		}
		return os.Rename(filepath.FromSlash(from), filepath.FromSlash(to))
	}
	fsys, err := filesystem.New(ctx, from)
	if err != nil {
		return err
	}
	defer fsys.Close()
	files, err := fsys.List(ctx, from+"/**")
	if err != nil {
		return err
	}
	var final string
	for _, f := range files {
		if last != "" && f == from+"/"+last {
			final = f
			continue
		}
		if err := filesystem.Rename(ctx, fsys, f, to+strings.TrimPrefix(f, from)); err != nil {
			return err
		}
	}
	if final != "" {
		return filesystem.Rename(ctx, fsys, final, to+strings.TrimPrefix(final, from))
	}
	return nil
}
