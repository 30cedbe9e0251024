package sharedtest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDir checks that the shared directory Dir returns exists: it is
// skipped, and recorded for test.sh, where it does not.
func TestDir(t *testing.T) {
	if d := Dir(t); !isDir(d) {
		t.Errorf("Dir returned %q, not a directory", d)
	}
}

// TestSkipRecords runs TestDir in a child process without ../shared: it
// skips and records the skip in BOOKALIGN_SKIP_LOG, fails under CI=true,
// and fails when the skip cannot be recorded.
func TestSkipRecords(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ci, log string // log "new": a new directory
		fail    bool
		output  string
		line    string
	}{
		{"skipped, recorded", "", "new", false, "shared directory not found", "need ../shared (set BOOKALIGN_SHARED)\tinternal/sharedtest\tTestDir\n"},
		{"skipped, not recorded without the log", "", "", false, "shared directory not found", ""},
		{"CI fails", "true", "new", true, "(CI=true: CI must have it)", ""},
		{"a log that is not a directory", "", "/nonexistent/log", true, "BOOKALIGN_SKIP_LOG: cannot record the skip for test.sh", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := tc.log
			if log == "new" {
				log = t.TempDir()
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestDir$", "-test.v")
			cmd.Env = append(os.Environ(), EnvVar+"=/nonexistent", "CI="+tc.ci, SkipLog+"="+log)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			if (err != nil) != tc.fail || !strings.Contains(out.String(), tc.output) {
				t.Fatalf("error %v, want failure %v saying %q:\n%s", err, tc.fail, tc.output, out.String())
			}
			if tc.log != "new" {
				return
			}
			files, _ := filepath.Glob(filepath.Join(log, "skips-*.tsv"))
			var got string
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				got += string(b)
			}
			if got != tc.line {
				t.Errorf("recorded %q, want %q", got, tc.line)
			}
		})
	}
}
