package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareRefuses checks that compare refuses what is not two finished
// runs, with a message that says why, before it reads any result.
func TestCompareRefuses(t *testing.T) {
	unfinished := t.TempDir()
	if err := os.WriteFile(filepath.Join(unfinished, "run.json"), []byte(`{"format": 1, "command": "run", "settings": {}, "complete": false}`), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"compare", empty}, 2, "usage: bookalign compare"},
		{[]string{"compare", empty, unfinished}, 1, "is not a bookalign run"},
		{[]string{"compare", unfinished, empty}, 1, "is not a finished bookalign run"},
	} {
		_, stderr, code := bookalign(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, want %d with %q:\n%s", tc.args, code, tc.code, tc.want, stderr)
		}
	}
}
