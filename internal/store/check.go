package store

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CheckInput checks an input file of the local filesystem before it is
// opened: it must be a regular file, after any symbolic links (a FIFO
// would block the read forever, a device may never end), and, unless
// allowOutside, the file it resolves to must lie inside root, itself
// resolved through symbolic links. Paths with a scheme (gs://) pass: an
// object store has neither links nor special files.
func CheckInput(path, root string, allowOutside bool) error {
	if IsRemote(path) {
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
