// Package sharedtest finds the read-only shared material (corpus, ROUGE data,
// thesaurus, Wikipedia fixture) that lives beside the repository in ../shared.
//
// A test that needs it calls Dir or Path. Where the directory is absent (a
// user's clone) the test is skipped with a message saying so; when the
// environment variable CI is "true" a missing directory fails the test
// instead, so that a wrong path can never pass silently in CI. Skip does
// the same for any other part a machine may lack (Chromium), and records
// the skip for the summary that test.sh prints after go test (SkipLog).
package sharedtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// EnvVar names the environment variable that overrides the location of the
// shared directory.
const EnvVar = "BOOKALIGN_SHARED"

// SkipLog names the environment variable that test.sh sets to a directory
// of its own, new for each run of go test: Skip adds to a file there a
// line for each test it skips, "NEED\tPACKAGE\tTEST", which test.sh sums
// up after go test's output. Unset, nothing is recorded. A package that
// skips a test reads it, so go test's cache does not serve that package
// to test.sh.
const SkipLog = "BOOKALIGN_SKIP_LOG"

// NeedShared is what Dir and Path skip a test for, as test.sh's summary
// says it.
const NeedShared = "need ../shared (set " + EnvVar + ")"

// Locate returns the shared directory: $BOOKALIGN_SHARED when set, otherwise
// the directory "shared" beside the root of the module that contains the
// working directory. ok is false when no such directory exists.
func Locate() (dir string, ok bool) {
	if d := os.Getenv(EnvVar); d != "" {
		return d, isDir(d)
	}
	root, err := moduleRoot()
	if err != nil {
		return "", false
	}
	s := filepath.Join(filepath.Dir(root), "shared")
	return s, isDir(s)
}

// moduleRoot is the directory holding the go.mod of the working
// directory.
func moduleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no go.mod in %s or above", wd)
		}
	}
}

// Dir returns the shared directory, skipping the test when it is absent, or
// failing it when CI=true.
func Dir(tb testing.TB) string {
	tb.Helper()
	d, ok := Locate()
	if !ok {
		Skip(tb, NeedShared, fmt.Sprintf("shared directory not found (looked at %q; set %s): the test needs ../shared", d, EnvVar))
	}
	return d
}

// Path returns filepath.Join(Dir(tb), elem...), with the same skip or failure
// when the shared directory or the named path is absent.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{Dir(tb)}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		Skip(tb, NeedShared, fmt.Sprintf("shared path missing: %v", err))
	}
	return p
}

// Skip skips tb, which needs what need says and this machine lacks (a
// line of test.sh's summary: "need Chromium (apt-get install chromium)"),
// saying why in msg; when CI=true it fails tb instead, as CI must have
// everything. With SkipLog set it records the skip there first, and fails
// tb when it cannot.
func Skip(tb testing.TB, need, msg string) {
	tb.Helper()
	if os.Getenv("CI") == "true" {
		tb.Fatalf("%s (CI=true: CI must have it)", msg)
	}
	if dir := os.Getenv(SkipLog); dir != "" {
		if err := record(dir, need, tb.Name()); err != nil {
			tb.Fatalf("%s: cannot record the skip for test.sh: %v (%s)", SkipLog, err, msg)
		}
	}
	tb.Skip(msg)
}

// recordMu keeps the lines of parallel tests whole.
var recordMu sync.Mutex

// record appends the line of a skipped test to this process's file in dir.
func record(dir, need, test string) error {
	pkg := "."
	if root, err := moduleRoot(); err == nil {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(root, wd); err == nil {
				pkg = filepath.ToSlash(rel)
			}
		}
	}
	clean := strings.NewReplacer("\t", " ", "\n", " ")
	line := clean.Replace(need) + "\t" + clean.Replace(pkg) + "\t" + clean.Replace(test) + "\n"
	recordMu.Lock()
	defer recordMu.Unlock()
	f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("skips-%d.tsv", os.Getpid())), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(line); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
