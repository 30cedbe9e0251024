package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// readmeSection is the README section whose commands TestReadmeCommands
// runs.
const readmeSection = "## Two commands"

// readmeCommands returns the shell commands that the section of the README
// readme titled readmeSection shows, in the order it shows them: the lines
// of its code blocks, without their comments, and its inline code that
// runs ./run.sh, each once (the prose names again a command shown).
func readmeCommands(readme string) []string {
	_, section, _ := strings.Cut(readme, "\n"+readmeSection+"\n")
	if i := strings.Index(section, "\n## "); i >= 0 {
		section = section[:i]
	}
	var cmds []string
	inBlock := false
	for _, line := range strings.Split(section, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			inBlock = !inBlock
		case inBlock:
			if cmd, _, _ := strings.Cut(line, "#"); strings.TrimSpace(cmd) != "" {
				cmds = append(cmds, strings.TrimSpace(cmd))
			}
		default:
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

// TestReadmeCommands runs the commands of the README's "Two commands"
// section in the order it shows them, on the sample corpus, each output
// directory and bookalign's binary in a temporary directory: every one
// must succeed. The test suite (./test.sh, go test) is left out (this is
// it), and so is ./run.sh --fetch, which downloads
// (TestRunShOffline tests it offline).
func TestReadmeCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds bin/bookalign and runs the sample job twice")
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, c := range readmeCommands(string(readme)) {
		if !strings.HasPrefix(c, "go test") && c != "./test.sh" && !strings.Contains(c, "--fetch") {
			cmds = append(cmds, c)
		}
	}
	if len(cmds) < 3 {
		t.Fatalf("the README's %q section shows %d commands to run: %q", readmeSection, len(cmds), cmds)
	}
	tmp := t.TempDir()
	env := append(environWithout("BOOKALIGN_ROUGE_DATA", "BOOKALIGN_OUT", "BOOKALIGN_FETCH"),
		"BOOKALIGN_CORPUS=sample", "BOOKALIGN_OUT="+filepath.Join(tmp, "out"), "BOOKALIGN_BIN="+filepath.Join(tmp, "bin", "bookalign"))
	for _, c := range cmds {
		run := outSetting.ReplaceAllString(c, "BOOKALIGN_OUT="+tmp+"/$1")
		ctx, cancel := context.WithTimeout(context.Background(), commandLimit)
		cmd := exec.CommandContext(ctx, "bash", "-c", run)
		cmd.Dir, cmd.Env = filepath.Join("..", ".."), env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		err := cmd.Run()
		cancel()
		if err != nil {
			t.Fatalf("the README's command %q (run as %q) failed: %v\n%s", c, run, err, stderr.String())
		}
		t.Logf("%s: %.1fs", c, time.Since(start).Seconds())
	}
}
