// Package sharedtest finds the read-only shared material (corpus, ROUGE data,
// thesaurus, Wikipedia fixture) that lives beside the repository in ../shared.
//
// A test that needs it calls Dir or Path. Where the directory is absent (a
// user's clone) the test is skipped with a message saying so; when the
// environment variable CI is "true" a missing directory fails the test
// instead, so that a wrong path can never pass silently in CI.
package sharedtest

import (
	"os"
	"path/filepath"
	"testing"
)

// EnvVar names the environment variable that overrides the location of the
// shared directory.
const EnvVar = "BOOKALIGN_SHARED"

// Locate returns the shared directory: $BOOKALIGN_SHARED when set, otherwise
// the directory "shared" beside the root of the module that contains the
// working directory. ok is false when no such directory exists.
func Locate() (dir string, ok bool) {
	if d := os.Getenv(EnvVar); d != "" {
		return d, isDir(d)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			s := filepath.Join(filepath.Dir(d), "shared")
			return s, isDir(s)
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// Dir returns the shared directory, skipping the test when it is absent, or
// failing it when CI=true.
func Dir(tb testing.TB) string {
	tb.Helper()
	d, ok := Locate()
	if !ok {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("shared directory not found (looked at %q; set %s): CI must have it", d, EnvVar)
		}
		tb.Skipf("shared directory not found (looked at %q; set %s): skipping a test that needs ../shared", d, EnvVar)
	}
	return d
}

// Path returns filepath.Join(Dir(tb), elem...), with the same skip or failure
// when the shared directory or the named path is absent.
func Path(tb testing.TB, elem ...string) string {
	tb.Helper()
	p := filepath.Join(append([]string{Dir(tb)}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("shared path missing: %v", err)
		}
		tb.Skipf("shared path missing, skipping: %v", err)
	}
	return p
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
