package hygiene

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// staticcheckVersion is the staticcheck .ci/run installs (go install
// honnef.co/go/tools/cmd/staticcheck@VERSION): the newest served for this
// Go.
const staticcheckVersion = "v0.8.2"

// TestStaticcheck runs staticcheck over the module and fails on any
// finding. A finding kept on purpose carries a //lint:ignore directive
// with its reason beside the code.
func TestStaticcheck(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: staticcheck takes about a minute")
	}
	bin, err := staticcheckBinary()
	if err != nil {
		sharedtest.Skip(t, "need staticcheck (go install honnef.co/go/tools/cmd/staticcheck@"+staticcheckVersion+")", err.Error())
	}
	cmd := exec.Command(bin, "./...")
	cmd.Dir = moduleRoot(t)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("staticcheck ./...: %v\n%s", err, out)
	}
}

// staticcheckBinary finds staticcheck on PATH or where go install puts it.
func staticcheckBinary() (string, error) {
	if p, err := exec.LookPath("staticcheck"); err == nil {
		return p, nil
	}
	gobin, err := exec.Command("go", "env", "GOBIN", "GOPATH").Output()
	if err != nil {
		return "", err
	}
	lines := strings.Split(strings.TrimSpace(string(gobin)), "\n")
	dirs := []string{lines[0]}
	if len(lines) > 1 {
		dirs = append(dirs, filepath.Join(lines[1], "bin"))
	}
	for _, d := range dirs {
		p := filepath.Join(d, "staticcheck")
		if d != "" {
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
		}
	}
	return "", exec.ErrNotFound
}

// moduleRoot is the directory of the module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || strings.TrimSpace(string(gomod)) == "" {
		t.Fatalf("go env GOMOD: %v", err)
	}
	return filepath.Dir(strings.TrimSpace(string(gomod)))
}
