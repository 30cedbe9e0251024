package transforms

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	// Every path may be local or on Google Cloud Storage.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
)

// MaxFileSize bounds any one input file (a book, a summary, pairs.tsv, a
// thesaurus or ROUGE data file): ReadFile's cap. The files a run writes
// and reads back (ReadWritten) are not bounded by it: their size follows
// from the corpus, which may be any number of books.
const MaxFileSize = 64 << 20

// maxFileSize is ReadFile's cap: MaxFileSize, which a test may lower.
var maxFileSize int64 = MaxFileSize

// ErrTooLarge is what ReadFileMax's error for a file over its cap wraps.
var ErrTooLarge = errors.New("larger than")

// ReadFile reads a whole input file through Beam's filesystem. Files larger
// than 64 MiB are refused.
func ReadFile(ctx context.Context, path string) ([]byte, error) {
	return ReadFileMax(ctx, path, maxFileSize)
}

// ReadFileMax reads a whole file through Beam's filesystem, at most max+1
// bytes of it: a file (or a device such as /dev/zero) with more than max
// bytes is refused with an error wrapping ErrTooLarge.
func ReadFileMax(ctx context.Context, path string, max int64) ([]byte, error) {
	b, err := readAll(ctx, path, max)
	if err == nil && int64(len(b)) > max {
		return nil, fmt.Errorf("%s is %w %d bytes", path, ErrTooLarge, max)
	}
	return b, err
}

// ReadWritten reads a whole file that a run wrote itself (WriteFile): a
// file of its work directory, or one of its outputs (results.json,
// rejects.jsonl, table.md), whatever its size: the process that wrote it
// held it in memory whole, so its size is that of what was written, and a
// cap here would fail a run at its end for a file it had already made (a
// model of thousands of books, a training set's statistics, the results
// of many books).
func ReadWritten(ctx context.Context, path string) ([]byte, error) {
	return readAll(ctx, path, -1)
}

// readAll reads path through Beam's filesystem: all of it with a negative
// limit, else at most limit+1 bytes, so that a caller can tell a file
// over the limit.
func readAll(ctx context.Context, path string, limit int64) ([]byte, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var src io.Reader = r
	if limit >= 0 {
		src = io.LimitReader(r, limit+1)
	}
	b, err := io.ReadAll(src)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return b, nil
}

// WriteFile writes a whole file through Beam's filesystem. It writes to a
// temporary name first and renames it into place, so that a reader never
// sees a half-written file and a retried write replaces the earlier one.
func WriteFile(ctx context.Context, path string, data []byte) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	tmp := path + ".tmp"
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

// Exists reports whether path names a readable file.
func Exists(ctx context.Context, path string) (bool, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return false, err
	}
	defer fs.Close()
	matches, err := fs.List(ctx, path)
	if err != nil {
		return false, err
	}
	return len(matches) > 0, nil
}

// CheckInput checks an input file of the local filesystem before it is
// opened: it must be a regular file, after any symbolic links (a FIFO
// would block the read forever, a device may never end), and, unless
// allowOutside, the file it resolves to must lie inside root, itself
// resolved through symbolic links. Paths with a scheme (gs://) pass: an
// object store has neither links nor special files.
func CheckInput(path, root string, allowOutside bool) error {
	if strings.Contains(path, "://") {
		return nil
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file but %s", path, fileKind(info.Mode()))
	}
	if allowOutside || root == "" {
		return nil
	}
	target, err := resolve(path)
	if err != nil {
		return err
	}
	base, err := resolve(root)
	if err != nil {
		return err
	}
	if rel, err := filepath.Rel(base, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s is a symbolic link to %s, outside the corpus %s (the setting allow_outside_symlinks, --set allow_outside_symlinks=true, follows such links)", path, target, base)
	}
	return nil
}

// resolve returns the absolute path of path with every symbolic link
// followed: a relative corpus root and an absolute link target compare.
func resolve(path string) (string, error) {
	p, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	return filepath.Abs(p)
}

// fileKind names the kind of a file that is not regular.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file (" + m.Type().String() + ")"
}
