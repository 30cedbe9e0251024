package store

import (
	"path/filepath"
	"strings"
)

// IsRemote reports whether p is a URL (gs://bucket/…) rather than a path
// of the local filesystem.
func IsRemote(p string) bool { return strings.Contains(p, "://") }

// Resolve is a local path made absolute, with the symbolic links of its
// longest part that exists followed, so that two names of one directory
// compare equal; a URL is returned as it is.
func Resolve(p string) string {
	if IsRemote(p) {
		return p
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		if filepath.Dir(dir) == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// SameDir reports whether the directories a and b are one: the same path
// once cleaned (a URL without its final '/'), or, on the local
// filesystem, once made absolute with every symbolic link followed.
func SameDir(a, b string) bool {
	if IsRemote(a) || IsRemote(b) {
		return strings.TrimRight(a, "/") == strings.TrimRight(b, "/")
	}
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	if errA != nil || errB != nil {
		return false
	}
	ra, errA = filepath.Abs(ra)
	rb, errB = filepath.Abs(rb)
	return errA == nil && errB == nil && ra == rb
}
