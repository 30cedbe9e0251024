package fetch_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/store"
)

// TestRunOfflineLeavesNothing: a fetch whose sources cannot be reached
// (nothing listens at the address) fetches nothing and leaves nothing: no
// manifest, no empty directory it made; a fetch directory that was there
// stays, and one that holds an earlier fetch's files keeps them.
func TestRunOfflineLeavesNothing(t *testing.T) {
	const down = "http://127.0.0.1:1"
	src := fetch.Sources{CMU: down + "/booksummaries.tar.gz", Catalog: down + "/pg_catalog.csv", Gutenberg: down,
		Thesaurus: down + "/pg10681.txt"}
	earlier := fetch.NewManifest()
	earlier.Put(fetch.Entry{Path: "sources/pg_catalog.csv", URL: down + "/pg_catalog.csv", Size: 1, SHA256: sha([]byte("x"))})
	tests := []struct {
		name     string
		setup    func(dir string) error
		wantDir  bool   // the fetch directory is there afterwards
		manifest []byte // what its manifest holds afterwards; nil: none
	}{
		{"new directory", func(string) error { return nil }, false, nil},
		{"empty directory", func(dir string) error { return os.Mkdir(dir, 0o755) }, true, nil},
		{"header-only manifest of an older fetch", func(dir string) error {
			return store.WriteFile(context.Background(), filepath.Join(dir, fetch.ManifestFile), fetch.NewManifest().Marshal())
		}, true, nil},
		{"an earlier fetch's files", func(dir string) error {
			if err := store.WriteFile(context.Background(), filepath.Join(dir, "sources", "pg_catalog.csv"), []byte("x")); err != nil {
				return err
			}
			return store.WriteFile(context.Background(), filepath.Join(dir, fetch.ManifestFile), earlier.Marshal())
		}, true, earlier.Marshal()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "corpus")
			if err := tc.setup(dir); err != nil {
				t.Fatal(err)
			}
			_, err := fetch.Run(context.Background(), config(src, dir))
			if !errors.Is(err, fetch.ErrUnreachable) {
				t.Fatalf("err = %v, want ErrUnreachable", err)
			}
			_, statErr := os.Stat(dir)
			if got := statErr == nil; got != tc.wantDir {
				t.Fatalf("the fetch directory is there: %v, want %v", got, tc.wantDir)
			}
			if !tc.wantDir {
				return
			}
			got, err := os.ReadFile(filepath.Join(dir, fetch.ManifestFile))
			switch {
			case tc.manifest == nil && !errors.Is(err, os.ErrNotExist):
				t.Errorf("a manifest is left: %q (%v)", got, err)
			case tc.manifest != nil && string(got) != string(tc.manifest):
				t.Errorf("manifest %q, want %q", got, tc.manifest)
			}
			if tc.manifest == nil {
				if entries, _ := os.ReadDir(dir); len(entries) != 0 {
					t.Errorf("left in the fetch directory: %v", entries)
				}
			}
		})
	}
}
