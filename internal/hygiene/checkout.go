package hygiene

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Untouched fails t when it ends if the paths under root (a checkout: bin,
// out, data) have changed since it was called: created, removed, or, for a
// file or a directory's direct entries, of another size, mode or
// modification time. A test that runs ./run.sh calls it, with run.sh's
// BOOKALIGN_BIN and BOOKALIGN_OUT in temporary directories, so that a
// test never rebuilds the bin/bookalign a user is running, nor writes
// into their out/.
func Untouched(t testing.TB, root string, paths ...string) {
	t.Helper()
	if abs, err := filepath.Abs(root); err == nil {
		root = abs
	}
	before, err := Snapshot(root, paths...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		after, err := Snapshot(root, paths...)
		if err != nil {
			t.Error(err)
			return
		}
		for _, c := range Changes(before, after) {
			t.Errorf("the test wrote into the checkout %s: %s", root, c)
		}
	})
}

// Snapshot records the paths under root, and the direct entries of those
// that are directories, by their size, mode and modification time; a path
// that does not exist is recorded as absent.
func Snapshot(root string, paths ...string) (map[string]string, error) {
	snap := map[string]string{}
	for _, p := range paths {
		full := filepath.Join(root, p)
		fi, err := os.Lstat(full)
		if errors.Is(err, fs.ErrNotExist) {
			snap[p] = "absent"
			continue
		}
		if err != nil {
			return nil, err
		}
		snap[p] = stamp(fi)
		if !fi.IsDir() {
			continue
		}
		entries, err := os.ReadDir(full)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			info, err := e.Info()
			if err != nil {
				return nil, err
			}
			snap[filepath.Join(p, e.Name())] = stamp(info)
		}
	}
	return snap, nil
}

// stamp is what Snapshot records of a file.
func stamp(fi fs.FileInfo) string {
	return fmt.Sprintf("%v, %d bytes, modified %s", fi.Mode(), fi.Size(), fi.ModTime().Format("2006-01-02 15:04:05.000000000"))
}

// Changes lists what differs between two snapshots, sorted by path.
func Changes(before, after map[string]string) []string {
	var out []string
	for _, p := range slices.Sorted(maps.Keys(before)) {
		switch now, ok := after[p]; {
		case !ok:
			out = append(out, p+" removed")
		case now != before[p]:
			out = append(out, fmt.Sprintf("%s changed (%s, was %s)", p, now, before[p]))
		}
	}
	for _, p := range slices.Sorted(maps.Keys(after)) {
		if _, ok := before[p]; !ok {
			out = append(out, p+" created")
		}
	}
	slices.Sort(out)
	return out
}
