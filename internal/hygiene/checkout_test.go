package hygiene

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestChanges checks that a snapshot sees what ./run.sh would do to a
// checkout: a binary rebuilt, an output directory made or written into, a
// file removed; and nothing when nothing happened.
func TestChanges(t *testing.T) {
	later := time.Now().Add(time.Hour)
	for _, tc := range []struct {
		name string
		act  func(root string) error
		want []string
	}{
		{"nothing", func(string) error { return nil }, nil},
		{"a binary rebuilt, same size", func(root string) error {
			return os.Chtimes(filepath.Join(root, "bin", "bookalign"), later, later)
		}, []string{"bin/bookalign changed"}},
		{"out made", func(root string) error { return os.Mkdir(filepath.Join(root, "out"), 0o755) }, []string{"out changed"}},
		{"a file in bin", func(root string) error {
			return os.WriteFile(filepath.Join(root, "bin", "new"), nil, 0o644)
		}, []string{"bin changed", "bin/new created"}},
		{"bin removed", func(root string) error { return os.RemoveAll(filepath.Join(root, "bin")) }, []string{"bin changed", "bin/bookalign removed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			if err := os.Mkdir(filepath.Join(root, "bin"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, "bin", "bookalign"), []byte("old"), 0o755); err != nil {
				t.Fatal(err)
			}
			// The directory's own time must move when an entry is added.
			if err := os.Chtimes(filepath.Join(root, "bin"), time.Unix(1, 0), time.Unix(1, 0)); err != nil {
				t.Fatal(err)
			}
			before, err := Snapshot(root, "bin", "out")
			if err != nil {
				t.Fatal(err)
			}
			if err := tc.act(root); err != nil {
				t.Fatal(err)
			}
			after, err := Snapshot(root, "bin", "out")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range Changes(before, after) {
				got = append(got, firstWords(c))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("changes %q, want %q (%q)", got, tc.want, Changes(before, after))
			}
		})
	}
}

// firstWords is a change without the stamps that follow its verb.
func firstWords(c string) string {
	for i, r := range c {
		if r == '(' {
			return c[:i-1]
		}
	}
	return c
}
