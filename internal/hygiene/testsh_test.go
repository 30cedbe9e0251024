package hygiene

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// root is the checkout, from this package's directory.
var root = filepath.Join("..", "..")

// TestCIRunsReadmeTestCommand checks that the README's "Two commands"
// show the test command .ci/run runs, and that it is ./test.sh, which
// runs go test -timeout 30m ./... when given no arguments.
func TestCIRunsReadmeTestCommand(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	_, block, _ := strings.Cut(read("README.md"), "## Two commands\n\n```sh\n")
	block, _, _ = strings.Cut(block, "```")
	var readme []string
	for _, line := range strings.Split(block, "\n") {
		if cmd, _, _ := strings.Cut(line, "#"); strings.TrimSpace(cmd) != "" && !strings.HasPrefix(cmd, "./run.sh") {
			readme = append(readme, strings.TrimSpace(cmd))
		}
	}
	ci := read(".ci/run")
	if len(readme) != 1 || readme[0] != "./test.sh" {
		t.Fatalf("the README's two commands show the test command %q, want [./test.sh]", readme)
	}
	if !strings.Contains("\n"+ci, "\n./test.sh\n") {
		t.Errorf(".ci/run does not run %s on a line of its own:\n%s", readme[0], ci)
	}
	if !strings.Contains(read("test.sh"), "set -- -timeout 30m ./...\n") {
		t.Error("test.sh no longer defaults to go test -timeout 30m ./...")
	}
}

// TestSkipSummary runs ./test.sh on one package with a test that needs
// ../shared, without it: go test's output and exit code, then the closing
// line naming the skip; under CI=true the test fails and so does test.sh.
func TestSkipSummary(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	for _, tc := range []struct {
		name, ci string
		code     int
		stdout   string
		stderr   string
	}{
		{"skipped", "", 0, "ok  \tgithub.com/bookalign/bookalign/internal/sharedtest",
			"test.sh:   1 need ../shared (set BOOKALIGN_SHARED): internal/sharedtest 1\ntest.sh: 1 test skipped: 1 need ../shared (set BOOKALIGN_SHARED)\n"},
		{"CI", "true", 1, "FAIL\tgithub.com/bookalign/bookalign/internal/sharedtest",
			"test.sh: no test skipped for something this machine lacks\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("bash", filepath.Join(root, "test.sh"), "./internal/sharedtest", "-run", "^TestDir$", "-count=1")
			cmd.Env = append(os.Environ(), "BOOKALIGN_SHARED=/nonexistent", "CI="+tc.ci)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.code || !strings.Contains(stdout.String(), tc.stdout) || !strings.HasSuffix(stderr.String(), tc.stderr) {
				t.Errorf("exit %d, want %d; stdout:\n%s\nwant it to hold %q; stderr:\n%s\nwant it to end %q", code, tc.code, stdout.String(), tc.stdout, stderr.String(), tc.stderr)
			}
		})
	}
}
