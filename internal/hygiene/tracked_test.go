package hygiene

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// maxTracked is the largest file the repository may track; build outputs and
// corpora are far larger, source and documentation far smaller.
const maxTracked = 5 << 20

// binaryMagic are the first bytes of compiled executables and object files:
// ELF (Linux), Mach-O (32/64-bit, both byte orders, and universal) and PE.
var binaryMagic = [][]byte{
	[]byte("\x7fELF"),
	{0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf},
	{0xce, 0xfa, 0xed, 0xfe}, {0xcf, 0xfa, 0xed, 0xfe},
	{0xca, 0xfe, 0xba, 0xbe},
	[]byte("MZ"),
}

// isCompiled reports whether head, the first bytes of a file, starts like a
// compiled binary.
func isCompiled(head []byte) bool {
	for _, m := range binaryMagic {
		if bytes.HasPrefix(head, m) {
			return true
		}
	}
	return false
}

func TestIsCompiled(t *testing.T) {
	for _, tc := range []struct {
		head []byte
		want bool
	}{
		{[]byte("\x7fELF\x02\x01\x01"), true},
		{[]byte{0xcf, 0xfa, 0xed, 0xfe, 7}, true},
		{[]byte("MZ\x90\x00"), true},
		{[]byte("package main\n"), false},
		{[]byte("\x89PNG\r\n"), false},
		{nil, false},
	} {
		if got := isCompiled(tc.head); got != tc.want {
			t.Errorf("isCompiled(%q) = %v, want %v", tc.head, got, tc.want)
		}
	}
}

// TestNoCompiledFiles fails when git tracks a compiled binary or a file over
// maxTracked: a `go build` at the root writes ./bookalign, which .gitignore
// keeps out, and this catches a `git add -f` or a new binary name.
func TestNoCompiledFiles(t *testing.T) {
	root, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("git rev-parse: %v: CI must run in a git checkout", err)
		}
		t.Skipf("not in a git checkout (%v): nothing to check", err)
	}
	dir := strings.TrimSpace(string(root))
	out, err := exec.Command("git", "-C", dir, "ls-files", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	files := strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
	if len(files) < 10 {
		t.Fatalf("git ls-files listed %d files: expected the whole repository", len(files))
	}
	for _, f := range files {
		path := filepath.Join(dir, f)
		fi, err := os.Lstat(path)
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted in the work tree, or a symlink
		}
		if fi.Size() > maxTracked {
			t.Errorf("%s is tracked and holds %d bytes (limit %d): build outputs and data do not belong in git", f, fi.Size(), maxTracked)
		}
		fh, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		head := make([]byte, 4)
		n, _ := fh.Read(head)
		fh.Close()
		if isCompiled(head[:n]) {
			t.Errorf("%s is tracked and is a compiled binary: remove it (git rm --cached) and ignore it", f)
		}
	}
}
