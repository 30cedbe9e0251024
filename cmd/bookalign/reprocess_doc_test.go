package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// reprocessExample is the section of docs/running.md whose commands
// TestRunningReprocessExample runs.
const reprocessExample = "### An example on the shipped fixture"

// A docCommand is a command of a document's code block, and the exit
// status its comment promises ("exits 1"; 0 when it says none).
type docCommand struct {
	line string
	exit int
}

// sectionCommands returns the commands of the code blocks of the section
// of doc headed heading (up to the next heading of its level or above):
// each line without its comment, with the exit status its comment gives.
func sectionCommands(doc, heading string) []docCommand {
	_, section, ok := strings.Cut(doc, "\n"+heading+"\n")
	if !ok {
		return nil
	}
	level := len(heading) - len(strings.TrimLeft(heading, "#"))
	var cmds []docCommand
	inBlock := false
	for _, line := range strings.Split(section, "\n") {
		if h := len(line) - len(strings.TrimLeft(line, "#")); !inBlock && h > 0 && h <= level && strings.HasPrefix(line[h:], " ") {
			break
		}
		if strings.HasPrefix(line, "```") {
			inBlock = !inBlock
			continue
		}
		if !inBlock {
			continue
		}
		cmd, comment, _ := strings.Cut(line, "#")
		if strings.TrimSpace(cmd) == "" {
			continue
		}
		c := docCommand{line: strings.TrimSpace(cmd)}
		if _, after, ok := strings.Cut(comment, "exits "); ok {
			fmt.Sscanf(after, "%d", &c.exit)
		}
		cmds = append(cmds, c)
	}
	return cmds
}

func TestSectionCommands(t *testing.T) {
	doc := "# T\n\n## A\n\n### B\n\n```sh\nX=1   # set\n  # only a comment\nfalse   # exits 1: on purpose\necho $X\n```\n\n#### B.1\n\n```sh\nalso this\n```\n\n## C\n\n```sh\nnot this\n```\n"
	got := fmt.Sprint(sectionCommands(doc, "### B"))
	if want := "[{X=1 0} {false 1} {echo $X 0} {also this 0}]"; got != want {
		t.Errorf("sectionCommands = %s, want %s", got, want)
	}
	if got := sectionCommands(doc, "### D"); got != nil {
		t.Errorf("a missing section gave %v", got)
	}
}

// TestRunningReprocessExample runs the commands of docs/running.md's
// example of reprocess on the shipped Wikipedia fixture, as written, in
// one shell from the repository's root: bin/bookalign is this test's
// binary, ../shared the shared directory, and mktemp makes its
// directories in a temporary one. Each must exit as its comment says, and
// the second run must reuse the first's extraction and matching and warn
// of too few books.
func TestRunningReprocessExample(t *testing.T) {
	shared := sharedtest.Path(t, "wikidump")
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "running.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmds := sectionCommands(string(doc), reprocessExample)
	var runs int
	for _, c := range cmds {
		if strings.HasPrefix(c.line, "bin/bookalign reprocess") {
			runs++
		}
	}
	if runs != 2 {
		t.Fatalf("docs/running.md's %q shows %d reprocess commands, want 2: %v", reprocessExample, runs, cmds)
	}
	tmp := t.TempDir()
	wrapper := filepath.Join(tmp, "bookalign")
	script := fmt.Sprintf("#!/bin/sh\nBOOKALIGN_AS_MAIN=1 exec %q -test.run='^$' -- \"$@\"\n", os.Args[0])
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var sh strings.Builder
	sh.WriteString("set -u\n")
	for i, c := range cmds {
		line := strings.ReplaceAll(c.line, "bin/bookalign", wrapper)
		line = strings.ReplaceAll(line, "../shared/", filepath.Dir(shared)+"/")
		fmt.Fprintf(&sh, "%s\nrc=$?; if [ $rc -ne %d ]; then echo \"command %d exited $rc, not %d\" >&2; exit 100; fi\n", line, c.exit, i+1, c.exit)
	}
	sh.WriteString("echo \"EX=$EX\"\n")
	ctx, cancel := context.WithTimeout(context.Background(), commandLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", sh.String())
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(environWithout("BOOKALIGN_ROUGE_DATA", "BOOKALIGN_OUT", "BOOKALIGN_CORPUS", "TMPDIR"), "TMPDIR="+tmp)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("the example failed: %v\nscript:\n%s\nstderr:\n%s", err, sh.String(), stderr.String())
	}
	_, ex, _ := strings.Cut(stdout.String(), "EX=")
	ex = strings.TrimSpace(ex)
	if !strings.HasPrefix(ex, tmp) {
		t.Fatalf("the example's directory %q is not under TMPDIR %s", ex, tmp)
	}
	for _, want := range []string{
		"has no date in its name: dated 20160429 by its newest revision, 2016-04-29T22:48:26Z, in its last bzip2 block",
		"too few books for cross-validation",
		"reusing extract of an earlier try", "reusing match of an earlier try",
		"warning: only 1 book was evaluated, fewer than 6",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	if !strings.Contains(stdout.String(), "| First 1000 |") {
		t.Errorf("no results table on stdout:\n%s", stdout.String())
	}
	for _, name := range []string{"out/20160429/extract/summaries.tsv", "out/20160429/corpus/pairs.tsv", "out/20160429/results/results.json", "out/20160429/changes.md"} {
		if _, err := os.Stat(filepath.Join(ex, name)); err != nil {
			t.Error(err)
		}
	}
	state := readString(t, filepath.Join(ex, "state", "state.json"))
	for _, want := range []string{`"date": "20160429"`, `"dated_by": "its newest revision`, `"warnings": [`} {
		if !strings.Contains(state, want) {
			t.Errorf("state.json lacks %s:\n%s", want, state)
		}
	}
}
