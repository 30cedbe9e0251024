package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGCHeadroomValues is the hostile round of --gc-headroom's values.
func TestGCHeadroomValues(t *testing.T) {
	t.Setenv("GOGC", "")
	os.Unsetenv("GOGC")
	tests := []struct {
		value string
		want  string // the error's words; empty: accepted
	}{
		{"1GB", ""},
		{"1.5gb", ""},
		{" 512MB ", ""},
		{"off", ""},
		{"OFF", ""},
		{"4000000GB", ""}, // more than any heap: Go's default
		{"", "want a number of bytes"},
		{"0", "want a positive size"},
		{"0.1", "want a positive size"}, // less than a byte
		{"-1GB", "want a number of bytes"},
		{"1TB", "want a number of bytes"},
		{"lots", "want a number of bytes"},
		{"1e30", "want a number of bytes"},
		{"NaN", "want a number of bytes"}, // fetch.ParseSize refuses it
	}
	for _, tt := range tests {
		stop, err := startHeadroom(tt.value, true, nil)
		if err == nil {
			stop()
		}
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("--gc-headroom %q: %v", tt.value, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "--gc-headroom")):
			t.Errorf("--gc-headroom %q: error %v, want one naming the flag and saying %q", tt.value, err, tt.want)
		}
	}
}

// TestGCHeadroomGOGC checks that GOGC in the environment governs: the
// flag given beside it is not applied and the run says so; its default
// is silent.
func TestGCHeadroomGOGC(t *testing.T) {
	corpusDir, root := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(corpusDir, "pairs.tsv"), []byte("id\ttitle\tauthor\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"run", "--corpus", corpusDir, "--methods", "first1000", "--report=false"}
	_, stderr, code := bookalignEnv(t, "GOGC=50", append(args, "--out", filepath.Join(root, "a"), "--gc-headroom", "2GB")...)
	if code != 0 || !strings.Contains(stderr, "--gc-headroom 2GB is not applied: GOGC=50 in the environment governs the collector") {
		t.Errorf("GOGC=50 --gc-headroom 2GB: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = bookalignEnv(t, "GOGC=50", append(args, "--out", filepath.Join(root, "b"))...)
	if code != 0 || strings.Contains(stderr, "gc-headroom") {
		t.Errorf("GOGC=50 alone: exit %d, stderr %q", code, stderr)
	}
	// An empty GOGC is Go's default, not a setting: the flag applies.
	_, stderr, code = bookalignEnv(t, "GOGC=", append(args, "--out", filepath.Join(root, "e"), "--gc-headroom", "2GB")...)
	if code != 0 || strings.Contains(stderr, "not applied") {
		t.Errorf("GOGC= --gc-headroom 2GB: exit %d, stderr %q", code, stderr)
	}
	_, stderr, code = bookalign(t, append(args, "--out", filepath.Join(root, "c"), "--gc-headroom", "-3")...)
	if code != 1 || !strings.Contains(stderr, "--gc-headroom") {
		t.Errorf("--gc-headroom -3: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "c")); err == nil {
		t.Errorf("--gc-headroom -3 made the output directory")
	}
}
