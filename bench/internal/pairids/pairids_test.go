package pairids

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	for _, c := range []struct {
		name, tsv string
		want      []string
		err       string
	}{
		{"ok", "id\ttitle\nalex\tA\nbeta\tB\n", []string{"alex", "beta"}, ""},
		{"bad row", "id\ttitle\nalex\tA\n../x\tB\n", nil, "bad rows"},
		{"no header", "alex\tA\n", nil, "header"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "pairs.tsv"), []byte(c.tsv), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := Read(dir)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s: Read = %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	if _, err := Read(t.TempDir()); err == nil {
		t.Error("Read of a directory without pairs.tsv: no error")
	}
}
