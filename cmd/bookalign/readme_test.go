package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// readmeSections are the README sections whose commands TestReadmeCommands
// runs, in the order the README has them. Only the first one's inline code
// that runs ./run.sh is run too; the others name ./run.sh in passing.
var readmeSections = []string{"## Two commands", "## Running it yourself", "## Summarize your own book"}

// readmeCommands returns the shell commands that the section of the README
// readme titled section shows, in the order it shows them: the lines of its
// sh code blocks, without their comments (a block without a language is a
// synopsis, not commands), and, with inline, its inline code that runs
// ./run.sh, each once (the prose names again a command shown).
func readmeCommands(readme, section string, inline bool) []string {
	_, text, _ := strings.Cut(readme, "\n"+section+"\n")
	if i := strings.Index(text, "\n## "); i >= 0 {
		text = text[:i]
	}
	var cmds []string
	inBlock, shell := false, false
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock = !inBlock
			shell = inBlock && strings.TrimPrefix(line, "```") == "sh"
		case inBlock:
			if cmd, _, _ := strings.Cut(line, "#"); shell && strings.TrimSpace(cmd) != "" {
				cmds = append(cmds, strings.TrimSpace(cmd))
			}
		case inline:
			for _, m := range inlineCode.FindAllStringSubmatch(line, -1) {
				if strings.Contains(m[1], "./run.sh") && !slices.Contains(cmds, m[1]) {
					cmds = append(cmds, m[1])
				}
			}
		}
	}
	return cmds
}

// inlineCode is a code span of markdown, on one line: the README wraps no
// command.
var inlineCode = regexp.MustCompile("`([^`]+)`")

// outSetting is an output directory that a README command sets.
var outSetting = regexp.MustCompile(`\bBOOKALIGN_OUT=(\S+)`)

// binOutput is the README build command's output file.
var binOutput = regexp.MustCompile(`-o bin/bookalign\b`)

// inCheckout reports whether a README command runs in the checkout (run.sh
// and the go tool), not in a directory of the user's: its words after the
// environment it sets.
func inCheckout(cmd string) bool {
	for _, w := range strings.Fields(cmd) {
		if !strings.Contains(w, "=") {
			return w == "./run.sh" || w == "go"
		}
	}
	return false
}

// TestReadmeCommands runs the commands of the README's readmeSections in
// the order it shows them, on the sample corpus, as a user with a fresh
// clone would: every one must succeed. The test suite (./test.sh, go test) is left out (this is it),
// and so is ./run.sh --fetch, which downloads (TestRunShOffline tests it
// offline). Everything they write goes to a temporary directory work, which
// stands for the checkout: sample is a link to the checkout's, run.sh
// builds work/bin/bookalign (BOOKALIGN_BIN) and writes work/out
// (BOOKALIGN_OUT), the README's go build and go install write into
// work/bin, which is first on PATH as `bookalign`, and the other commands
// run in work. The checkout's files, bin/bookalign among them, are left
// as they were. The builds run with GOFLAGS=-buildvcs=false, and
// `bookalign version` must still name the checkout's commit.
func TestReadmeCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds bookalign three times and runs the sample job four times (about 2 minutes)")
	}
	checkout := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(checkout, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for i, section := range readmeSections {
		n := 0
		for _, c := range readmeCommands(string(readme), section, i == 0) {
			if !strings.HasPrefix(c, "go test") && c != "./test.sh" && !strings.Contains(c, "--fetch") && !slices.Contains(cmds, c) {
				cmds = append(cmds, c)
				n++
			}
		}
		if n == 0 {
			t.Fatalf("the README's %q section shows no command to run", section)
		}
	}
	before := checkoutState(t, checkout)
	tmp := t.TempDir()
	work := filepath.Join(tmp, "work")
	bin := filepath.Join(work, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	sample, err := filepath.Abs(filepath.Join(checkout, "sample"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(sample, filepath.Join(work, "sample")); err != nil {
		t.Fatal(err)
	}
	env := append(environWithout("BOOKALIGN_ROUGE_DATA", "BOOKALIGN_OUT", "BOOKALIGN_FETCH", "BOOKALIGN_FETCH_FLAGS", "BOOKALIGN_THESAURUS", "BOOKALIGN_BIN", "GOBIN", "GOFLAGS", "PATH"),
		"BOOKALIGN_CORPUS=sample", "BOOKALIGN_OUT="+filepath.Join(work, "out"), "BOOKALIGN_BIN="+filepath.Join(bin, "bookalign"),
		"GOBIN="+bin, "GOFLAGS=-buildvcs=false", "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	start := time.Now()
	for _, c := range cmds {
		run := outSetting.ReplaceAllString(c, "BOOKALIGN_OUT="+tmp+"/$1")
		run = binOutput.ReplaceAllString(run, "-o "+filepath.Join(bin, "bookalign"))
		stderr, err := runIn(checkoutOr(checkout, work, c), env, run)
		if err != nil {
			t.Fatalf("the README's command %q (run as %q) failed: %v\n%s", c, run, err, stderr)
		}
		t.Logf("%s: %.1fs", c, time.Since(start).Seconds())
		start = time.Now()
	}
	if head, err := exec.Command("git", "-C", checkout, "rev-parse", "HEAD").Output(); err != nil {
		t.Logf("no git checkout (%v): the commit bookalign version names is not checked", err)
	} else {
		version, err := exec.Command(filepath.Join(bin, "bookalign"), "version").Output()
		if want := strings.TrimSpace(string(head)); err != nil || !strings.Contains(string(version), "commit "+want) {
			t.Errorf("bookalign version of the README's build under GOFLAGS=-buildvcs=false: %q (%v), want it to name commit %s", version, err, want)
		}
	}
	if after := checkoutState(t, checkout); after != before {
		t.Errorf("the README's commands changed the checkout:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// checkoutOr is the directory the README command cmd runs in: the
// checkout for run.sh and the go tool, work for the others.
func checkoutOr(checkout, work, cmd string) string {
	if inCheckout(cmd) {
		return checkout
	}
	return work
}

// runIn runs the shell command line in dir with the environment env, and
// returns its stderr.
func runIn(dir string, env []string, line string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), commandLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", line)
	cmd.Dir, cmd.Env = dir, env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	return stderr.String(), err
}

// checkoutState describes what the README's commands must not change in
// the checkout: git's view of its files, the ignored ones by directory
// (bin/, out/), and the size and time of the files run.sh writes there,
// bin/bookalign and out/run.json. Without git it is those files alone.
func checkoutState(t *testing.T, checkout string) string {
	t.Helper()
	var b strings.Builder
	if out, err := exec.Command("git", "-C", checkout, "status", "--porcelain", "--ignored").Output(); err == nil {
		b.Write(out)
	}
	for _, f := range []string{"bin/bookalign", "out/run.json"} {
		if fi, err := os.Stat(filepath.Join(checkout, filepath.FromSlash(f))); err == nil {
			fmt.Fprintf(&b, "%s: %d bytes, %s\n", f, fi.Size(), fi.ModTime())
		}
	}
	return b.String()
}

// TestReadmeCommandsParse checks which lines of a README section
// readmeCommands takes for commands, and where each runs.
func TestReadmeCommandsParse(t *testing.T) {
	const readme = "# x\n\n## One\n\nRun `./run.sh --fast` or `make`, then `./run.sh --fast` again.\n\n" +
		"```sh\n./run.sh          # the job\n\n# a comment line\nbookalign compare a b\n```\n\n" +
		"```\nbookalign run --corpus DIR   # a synopsis\n```\n\n```json\n{\"a\": 1}\n```\n\n" +
		"## Two\n\nSee `./run.sh`.\n\n```sh\nGOFLAGS=x go build ./cmd/bookalign\n```\n"
	for _, tt := range []struct {
		section string
		inline  bool
		want    []string
	}{
		{"## One", true, []string{"./run.sh --fast", "./run.sh", "bookalign compare a b"}},
		{"## One", false, []string{"./run.sh", "bookalign compare a b"}},
		{"## Two", false, []string{"GOFLAGS=x go build ./cmd/bookalign"}},
		{"## Three", true, nil},
	} {
		if got := readmeCommands(readme, tt.section, tt.inline); !slices.Equal(got, tt.want) {
			t.Errorf("%s (inline %v): %q, want %q", tt.section, tt.inline, got, tt.want)
		}
	}
	for cmd, want := range map[string]bool{
		"./run.sh": true, "BOOKALIGN_OUT=o ./run.sh --methods first1000": true, "go install ./cmd/bookalign": true,
		"bookalign run --corpus sample": false, "X=go bookalign version": false, "": false,
	} {
		if got := inCheckout(cmd); got != want {
			t.Errorf("inCheckout(%q) = %v, want %v", cmd, got, want)
		}
	}
}
