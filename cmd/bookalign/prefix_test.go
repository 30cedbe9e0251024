package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestErrorPrefixNamesCommand checks that an error names its subcommand,
// also for the commands that parse Beam's global flags.
func TestErrorPrefixNamesCommand(t *testing.T) {
	empty := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--corpus", empty, "--out", filepath.Join(empty, "out")}, "bookalign run: no corpus index"},
		{[]string{"report", "--out", empty}, "bookalign report: "},
		{[]string{"wiki-extract", "--dump", filepath.Join(empty, "nope.xml"), "--out", filepath.Join(empty, "w")}, "bookalign wiki-extract: "},
	} {
		_, stderr, code := bookalign(t, tt.args...)
		if code != 1 || !strings.HasPrefix(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want it to start with %q", tt.args[0], code, stderr, tt.want)
		}
	}
}
