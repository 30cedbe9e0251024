package transforms

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestRemoveWorkFn checks that the work directory goes, whatever it holds,
// and that a missing one is no error.
func TestRemoveWorkFn(t *testing.T) {
	tests := []struct {
		name  string
		files []string // relative to the work directory; nil: no directory
	}{
		{"missing", nil},
		{"empty", []string{}},
		{"files", []string{"book.a.bin", "stats.a.bin"}},
		{"a subdirectory", []string{"book.a.bin", "sub/model.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "work")
			if tt.files != nil {
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, f := range tt.files {
				p := filepath.Join(dir, f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := (&removeWorkFn{Dir: dir}).ProcessElement(context.Background(), nil, 0); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(dir); !os.IsNotExist(err) {
				t.Errorf("the work directory is still there (%v)", err)
			}
		})
	}
}
