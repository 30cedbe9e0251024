// Package golden compares what a test wrote with a golden file under
// testdata/. It has no -update flag on purpose: its golden files were
// written by the code that the tested code replaced, and they stand for
// the promise that an output stays byte for byte the same.
package golden

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Check fails t unless got is the content of testdata/name.
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s:\n got %q\nwant %q", path, got, want)
	}
}
