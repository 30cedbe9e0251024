package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// helpCommands are the commands of bookalign, each with its -h.
var helpCommands = []string{"run", "config", "compare", "align", "summarize", "report", "rouge", "wiki-extract", "match", "reprocess", "fetch", "version"}

// TestHelp checks every command's help: lines under 120 characters, no
// dates, Beam's flags kept out but for the three a user needs, named in
// the usage text; run shows at most 20 of its own flags, in groups, and
// --help-beam lists Beam's.
func TestHelp(t *testing.T) {
	date := regexp.MustCompile(`20\d\d-\d\d-\d\d|issue \d`)
	flagLine := regexp.MustCompile(`^  --[a-z]`)
	for _, cmd := range helpCommands {
		_, stderr, _ := bookalign(t, cmd, "-h")
		if !strings.HasPrefix(stderr, "usage: bookalign "+cmd) {
			t.Errorf("%s -h:\n%s", cmd, stderr)
			continue
		}
		flags := 0
		for _, line := range strings.Split(stderr, "\n") {
			if len([]rune(line)) >= 120 {
				t.Errorf("%s -h: a line of %d characters: %s", cmd, len([]rune(line)), line)
			}
			if date.MatchString(line) {
				t.Errorf("%s -h: a date or issue number: %s", cmd, line)
			}
			if flagLine.MatchString(line) {
				flags++
			}
			if strings.Contains(line, "--disk_provisioned_iops") || strings.HasPrefix(line, "  --runner") {
				t.Errorf("%s -h shows Beam's flags: %s", cmd, line)
			}
		}
		if cmd == "run" {
			if flags > 20 {
				t.Errorf("run -h: %d flags, want at most 20", flags)
			}
			for _, want := range []string{"Input and output:", "What to run:", "Reproducibility:", "--runner", "--endpoint", "--environment_type", "--help-beam"} {
				if !strings.Contains(stderr, want) {
					t.Errorf("run -h lacks %q", want)
				}
			}
		}
	}
	stdout, _, code := bookalign(t, "run", "--help-beam")
	if code != 0 || !strings.Contains(stdout, "--runner") || !strings.Contains(stdout, "--environment_type") {
		t.Errorf("run --help-beam: exit %d\n%s", code, stdout)
	}
}

// commandColumns returns the commands that the "Commands:" list of a usage
// names, and an error when their descriptions do not all start in one
// column, two spaces or more after the longest name.
func commandColumns(usage string) (names []string, err error) {
	_, list, ok := strings.Cut(usage, "\nCommands:\n")
	if !ok {
		return nil, fmt.Errorf("no Commands: list")
	}
	col := -1
	for _, line := range strings.Split(strings.TrimRight(list, "\n"), "\n") {
		fields := strings.Fields(line)
		if !strings.HasPrefix(line, "  ") || len(fields) < 2 {
			return names, fmt.Errorf("not a command and its description: %q", line)
		}
		name := fields[0]
		at := strings.Index(line[2+len(name):], fields[1]) + 2 + len(name)
		if at-2-len(name) < 2 {
			return names, fmt.Errorf("%s: its description is %d space(s) after it, want 2 or more: %q", name, at-2-len(name), line)
		}
		if col >= 0 && at != col {
			return names, fmt.Errorf("%s: its description starts at column %d, the first command's at %d: %q", name, at, col, line)
		}
		col = at
		names = append(names, name)
	}
	return names, nil
}

// TestUsageColumns checks that bookalign --help lists every command, one
// a line, with the descriptions in one column; and that the check finds
// the usages it must refuse.
func TestUsageColumns(t *testing.T) {
	stdout, _, code := bookalign(t, "--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	names, err := commandColumns(stdout)
	if err != nil {
		t.Errorf("bookalign --help: %v\n%s", err, stdout)
	}
	if !slices.Equal(names, helpCommands) {
		t.Errorf("bookalign --help lists %q, want %q", names, helpCommands)
	}
	for _, tt := range []struct {
		name, usage string
		ok          bool
	}{
		{"commandsUsage, names of every length", commandsUsage("t", [][2]string{{"a", "x y"}, {"a-much-longer-name", "z"}, {"mid", "w"}}), true},
		{"commandsUsage, one command", commandsUsage("t", [][2]string{{"run", "r"}}), true},
		{"a description out of line", "t\n\nCommands:\n  run     r\n  summarize  s\n", false},
		{"a description right after its name", "t\n\nCommands:\n  run r\n  fix x\n", false},
		{"a command without a description", "t\n\nCommands:\n  run     r\n  fix\n", false},
		{"no list", "t\n", false},
	} {
		if _, err := commandColumns(tt.usage); (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want an error: %v", tt.name, err, !tt.ok)
		}
	}
}
